// A citizen picker bound to a form field: the registry's search (name, CPF, CNS or dd/mm/aaaa), the form gets the id.

import { useState } from 'react';
import { useController, type FieldValues } from 'react-hook-form';
import type { MunicipeListItem } from '@saude/shared/schemas/municipe';
import {
  isoToBr,
  maskCns,
  maskCpf,
  ReadOnlyValue,
  SearchSelect,
  useFieldLabel,
  useReadOnlyView,
  useServerSearch,
  type BoundFieldProps,
} from '../../lib/form';
import { useBuscaMunicipes } from './api';
import { ObitoBadge } from './ObitoBadge';

export type MunicipeResumo = Pick<MunicipeListItem, 'id' | 'nome' | 'data_nascimento' | 'cpf_numero' | 'codigo_cns'> & {
  /** Has died: shown "Óbito", and not offered (a deceased citizen joins no family). */
  obito?: boolean;
};

/** 'Maria Souza · 15/03/1985 · CPF 123.456.789-09': enough to tell two namesakes apart. */
export function municipeRotulo(m: MunicipeResumo): string {
  const doc = m.cpf_numero ? ` · CPF ${maskCpf(m.cpf_numero)}` : m.codigo_cns ? ` · CNS ${maskCns(m.codigo_cns)}` : '';
  return `${m.nome} · ${isoToBr(m.data_nascimento)}${doc}`;
}

export interface MunicipePickerProps<T extends FieldValues, TT = T> extends Pick<
  BoundFieldProps<T, TT>,
  'control' | 'name' | 'label' | 'required' | 'tooltip' | 'disabled'
> {
  /** The citizen already in the field (edit), so the box shows their name before any search. */
  inicial?: MunicipeResumo;
  /** Called with the chosen citizen (undefined when cleared). */
  onEscolhido?: (m: MunicipeResumo | undefined) => void;
}

export function MunicipePicker<T extends FieldValues, TT = T>({
  control,
  name,
  label,
  required,
  tooltip,
  inicial,
  onEscolhido,
  disabled,
}: MunicipePickerProps<T, TT>) {
  const { field, fieldState } = useController({ control, name });
  const labelProps = useFieldLabel({ label, required, tooltip });
  // Citizens seen in this picker, so the chosen one keeps its label when a new search no longer lists them.
  const [vistos, setVistos] = useState<Record<string, MunicipeResumo>>(() =>
    inicial ? { [inicial.id]: inicial } : {},
  );
  const valor = (field.value as string | null | undefined) || null;
  const escolhido = valor ? vistos[valor] : undefined;
  // A deceased citizen is shown, disabled with the reason, unless already the field's value (history).
  const opcao = (r: MunicipeResumo) => ({
    value: r.id,
    label: r.obito ? `${municipeRotulo(r)} · Óbito` : municipeRotulo(r),
    disabled: !!r.obito && r.id !== valor,
  });
  const search = useServerSearch({ chosen: escolhido ? opcao(escolhido) : null });
  const resultados = useBuscaMunicipes(search.termo);
  const rows: MunicipeResumo[] = (resultados.data?.rows ?? []).map((r) => ({ ...r, obito: !!r.data_obito }));
  const view = useReadOnlyView();

  if (view) {
    return (
      <ReadOnlyValue label={label}>
        {escolhido && (
          <>
            {municipeRotulo(escolhido)} {escolhido.obito && <ObitoBadge />}
          </>
        )}
      </ReadOnlyValue>
    );
  }

  return (
    <SearchSelect
      {...labelProps}
      {...search.selectProps({ data: rows, isFetching: resultados.isFetching }, opcao, 'Nenhum munícipe encontrado.')}
      value={valor}
      error={fieldState.error?.message}
      disabled={disabled}
      placeholder="Digite ao menos 3 letras do nome, ou o CPF/CNS"
      name={field.name}
      ref={field.ref}
      onBlur={field.onBlur}
      onChange={(v) => {
        const m = v ? rows.find((r) => r.id === v) : undefined;
        if (m) setVistos((prev) => ({ ...prev, [m.id]: m }));
        field.onChange(v ?? '');
        onEscolhido?.(m);
      }}
    />
  );
}
