// Save behaviour shared by the two block forms, and the occupation (CBO) table loaded on demand.
import { Loader } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { notifyError, notifySaved } from '../../../lib/feedback';
import { SelectField, setServerErrors, type BoundFieldProps } from '../../../lib/form';
import { ApiError } from '../../../lib/http';

/**
 * Submits a block: the answers (normalised like the API does) with the lock_version read. 422 puts the API's messages
 * on the fields (the summary lists them); 409 (someone saved first) offers 'Recarregar'; anything else is a toast.
 */
export function useEnviarBloco<TIn extends FieldValues, TOut extends FieldValues, B>({
  form,
  salvar,
  lockVersion,
  model,
  preparar,
  recarregar,
}: {
  form: UseFormReturn<TIn, unknown, TOut>;
  salvar: (body: B) => Promise<unknown>;
  lockVersion: number | null;
  /** What is saved, for 'X foi salva com sucesso' and the error summary. */
  model: string;
  preparar: (values: TOut) => Omit<B, 'lock_version'>;
  recarregar: () => unknown;
}) {
  return form.handleSubmit(async (values) => {
    try {
      await salvar({ ...preparar(values), lock_version: lockVersion } as B);
      notifySaved(model);
    } catch (err) {
      if (err instanceof ApiError && err.status === 422 && setServerErrors(form, err.errors) > 0) return;
      notifyError(err, { onReload: () => void recarregar() });
    }
  });
}

export type CboOpcao = { value: string; label: string };

/** CBO 2002 occupations (2,721 rows): a chunk of its own, fetched when an occupation is first shown or asked. */
export function useCbo() {
  return useQuery({
    queryKey: ['codes', 'cbo'],
    queryFn: async (): Promise<CboOpcao[]> => {
      const { cbo } = await import('@saude/shared/codes/cbo');
      return cbo.map((r) => ({ value: r.codigo, label: `${r.descricao} (${r.codigo})` }));
    },
    staleTime: Infinity,
    gcTime: Infinity,
  });
}

/** The citizen's occupation: a searchable select over the CBO, by name or code. */
export function OcupacaoField<T extends FieldValues, TT = T>(props: BoundFieldProps<T, TT>) {
  const cbo = useCbo();
  return (
    <SelectField<T, string, TT>
      {...props}
      data={cbo.data ?? []}
      // Rendering 2,721 options would freeze a tablet: show the first matches, the search narrows them.
      inputProps={{
        limit: 50,
        rightSection: cbo.isPending ? <Loader size="xs" aria-label="Carregando ocupações" /> : undefined,
      }}
      placeholder={props.placeholder ?? 'Digite o nome ou o código da ocupação'}
    />
  );
}
