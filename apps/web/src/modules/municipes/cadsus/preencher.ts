// The registry's answer as the citizen form's values (issue 24): which field gets what, and the label to list it by.
import type { CadsusCampos } from '@saude/shared/schemas/municipe_cadsus';
import type { FieldPath } from 'react-hook-form';
import { ROTULOS, type MunicipeFormValues } from '../formValues';

type Campo = FieldPath<MunicipeFormValues>;
export type Preenchimento = Array<{ campo: Campo; valor: unknown }>;

/** The answer's names that are the form's names, and those that differ. */
const DESTINO: Partial<Record<keyof CadsusCampos, Campo>> = {
  telefone_residencial: 'telefones.residencial',
  telefone_celular: 'telefones.celular',
  telefone_contato: 'telefones.contato',
};

/** Never listed as filled: the display-only names beside a code. */
const SO_EXIBICAO = new Set(['residencia_municipio_nome', 'municipio_nascimento_nome']);
/** Listed only when the registry ticks them, not when a known name unticks them. */
const DESCONHECIDOS = new Set(['mae_desconhecida', 'pai_desconhecido']);

/** What to set: every field the registry answered (null: it says nothing, the form keeps what was typed). */
export function preenchimento(c: CadsusCampos): Preenchimento {
  const out: Preenchimento = [];
  for (const [k, valor] of Object.entries(c) as Array<[keyof CadsusCampos, unknown]>) {
    if (valor === null || valor === undefined || valor === '') continue;
    out.push({ campo: DESTINO[k] ?? (k as Campo), valor });
  }
  // A known parent's name unticks "desconhecido(a)", which would hide it.
  if (c.nome_mae) out.push({ campo: 'mae_desconhecida', valor: false });
  if (c.nome_pai) out.push({ campo: 'pai_desconhecido', valor: false });
  return out;
}

/** The fields a fill marks, for the marks on the fields and the summary ("Nome, Nome da mãe…"). */
export function camposMarcados(p: Preenchimento): string[] {
  return p
    .filter((x) => !(DESCONHECIDOS.has(x.campo) && x.valor === false))
    .map((x) => x.campo)
    .filter((c) => !SO_EXIBICAO.has(c) && ROTULOS[c] !== undefined);
}

export const rotulosDe = (campos: string[]) => campos.map((c) => ROTULOS[c] ?? c);
