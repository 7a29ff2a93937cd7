// The professional whose record it is, picked by a user without a team (a manager, a coordinator; issue 39). The API
// asks it of them (scope.ts resolveHeader); a team member records in their own name and never sees this field.
import { Select } from '@mantine/core';
import { useController, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import type { OpcaoLotacao } from '@saude/shared/schemas/opcoes_filtro';
import { touchInputStyles, useBound } from '../../../lib/form';
import { useOpcoesFiltro } from './api';

const DICA =
  'Você não tem equipe nesta unidade: escolha o profissional responsável pelo registro, entre os lotados na unidade.';

/** Whether the current user picks the professional (no team in the current unit). */
export function useEscolheProfissional(): boolean {
  return useOpcoesFiltro().data?.escolhe_profissional === true;
}

const chave = (l: Pick<OpcaoLotacao, 'profissional_id' | 'ocupacao_id' | 'equipe_id'>) =>
  `${l.profissional_id}|${l.ocupacao_id}|${l.equipe_id ?? ''}`;

/** "Name — team · occupation (CBO)": who, and under which assignment. */
export const rotuloLotacao = (l: OpcaoLotacao) =>
  `${l.profissional_nome} — ${l.equipe_nome ?? 'Sem equipe'} · ${l.ocupacao_nome ?? 'Ocupação'} (${l.ocupacao_id})`;

/**
 * One option per assignment of the unit (whose CBO the form accepts: `cbos`), so the choice also gives the record's
 * occupation and team. Writes `profissional_id` and, where the form has them, `ocupacao_id` and `equipe_id`
 * (`equipe`: 'always', or 'when-empty' for a form whose own team select the user may have set first).
 */
export function ProfissionalField<T extends FieldValues, TT = T>({
  control,
  cbos,
  ocupacao = true,
  equipe = 'always',
}: {
  control: Control<T, unknown, TT>;
  cbos?: ReadonlySet<string>;
  ocupacao?: boolean;
  equipe?: 'always' | 'when-empty' | 'never';
}) {
  const nome = (n: string) => n as FieldPath<T>;
  const { field, common } = useBound({ control, name: nome('profissional_id'), label: 'Profissional', required: true });
  const ocupacaoField = useController({ control, name: nome('ocupacao_id') }).field;
  const equipeField = useController({ control, name: nome('equipe_id') }).field;
  const lotacoes = (useOpcoesFiltro().data?.lotacoes ?? []).filter((l) => !cbos || cbos.has(l.ocupacao_id));
  const atual =
    lotacoes.find(
      (l) =>
        l.profissional_id === field.value &&
        (!ocupacao || l.ocupacao_id === ocupacaoField.value) &&
        (equipe !== 'always' || l.equipe_id === (equipeField.value ?? null)),
    ) ?? lotacoes.find((l) => l.profissional_id === field.value);
  return (
    <Select
      {...common}
      label={common.label}
      description={common.description ?? DICA}
      searchable
      // A refused save focuses the first field in error: the list opens on a click or a key, not over the message.
      openOnFocus={false}
      clearable={false}
      nothingFoundMessage="Nenhum profissional encontrado"
      placeholder="Escolha o profissional"
      comboboxProps={{ withinPortal: true }}
      styles={touchInputStyles}
      data={lotacoes.map((l) => ({ value: chave(l), label: rotuloLotacao(l) }))}
      ref={field.ref}
      value={atual ? chave(atual) : null}
      onChange={(v) => {
        const l = lotacoes.find((x) => chave(x) === v);
        field.onChange(l?.profissional_id ?? null);
        if (ocupacao) ocupacaoField.onChange(l?.ocupacao_id ?? null);
        if (equipe === 'always' || (equipe === 'when-empty' && !equipeField.value))
          equipeField.onChange(l?.equipe_id ?? null);
      }}
    />
  );
}
