// The "Situação" filter of the administration lists (active, inactive, all) and the row's "Inativo(a)" badge: one
// piece instead of the same options, mapping and badge in every list (issue 40). The word agrees with the record's
// gender ("Equipes ativas", "Temas ativos").
import { Badge } from '@mantine/core';
import type { ReactNode } from 'react';
import { FilterChoice } from './filters';
import { listParamsSchema, param, type Fields } from './listParams';
import { recordColumn } from './ListPage';

const PALAVRAS = {
  f: { todas: 'todas', ativas: 'ativas', inativas: 'inativas', inativo: 'Inativa' },
  m: { todas: 'todos', ativas: 'ativos', inativas: 'inativos', inativo: 'Inativo' },
} as const;

type Genero = keyof typeof PALAVRAS;
const rotulo = (v: string) => v[0]!.toUpperCase() + v.slice(1);

/**
 * The situation filter of a list whose records are `genero` ('f' or 'm'): `param` for the list's params, `toFilters`
 * to turn it into the API's `ativo`, `Filter` for the filters row, `badge` (or the whole `coluna`) for an inactive row. `padrao` is what the
 * list shows first: the active ones (work lists) or all (lists that are mostly looked up).
 */
export function situacaoAtivo(genero: Genero, padrao: 'ativas' | 'todas') {
  const p = PALAVRAS[genero];
  const valores: string[] = padrao === 'ativas' ? [p.ativas, p.inativas, p.todas] : [p.todas, p.ativas, p.inativas];
  const data = valores.map((v) => ({ value: v, label: rotulo(v) }));
  const situacao = param.oneOf<string, string>(valores, p[padrao]);
  const badge = (ativo: boolean) =>
    !ativo && (
      <Badge size="sm" color="gray" variant="light">
        {p.inativo}
      </Badge>
    );
  return {
    param: situacao,
    /** The list's params: the base ones, the list's own `filtros` and the situation. */
    params: <F extends Fields>(filtros: F) => listParamsSchema.extend({ ...filtros, situacao }),
    /** The record's cell, its name with the inactive badge beside it. */
    coluna: <T extends { ativo: boolean }>(accessor: keyof T & string, title: string, subtitle?: (r: T) => ReactNode) =>
      recordColumn<T>(accessor, title, { badges: (r) => badge(r.ativo), subtitle }),
    /** The list's params → the API's filters: `situacao` becomes `ativo` (absent for all). */
    toFilters: <F extends { situacao?: string }>({ situacao, ...filtros }: F) => ({
      ...filtros,
      ativo: situacao === p.todas ? undefined : situacao === p.ativas,
    }),
    /** The filter's select: `<situacao.Filter {...list.bind('situacao')} />`. */
    Filter: (props: { value?: string; onChange: (v: never) => void }) => (
      <FilterChoice label="Situação" w={160} allowDeselect={false} data={data} {...props} />
    ),
    /** The badge of an inactive record, nothing for an active one. */
    badge,
  };
}
