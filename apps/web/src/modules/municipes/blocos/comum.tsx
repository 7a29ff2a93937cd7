// The occupation (CBO) of the blocks: searched on the server, never the whole table in the browser (issue 15).
import type { FieldValues } from 'react-hook-form';
import { CodeSearchField, useCodigoNome } from '../../../lib/form/CodeSearchField';
import type { BoundFieldProps } from '../../../lib/form';

/** A saved occupation as 'NAME (code)' for reading; the code until its name arrives. */
export const useOcupacaoNome = (codigo: string | null | undefined) => useCodigoNome('cbo', codigo);

/** The citizen's occupation: a combobox over the CBO 2002, searched by name or code on the server. */
export function OcupacaoField<T extends FieldValues, TT = T>(props: BoundFieldProps<T, TT>) {
  return (
    <CodeSearchField<T, TT>
      {...props}
      tabela="cbo"
      placeholder={props.placeholder ?? 'Digite o nome ou o código da ocupação'}
    />
  );
}
