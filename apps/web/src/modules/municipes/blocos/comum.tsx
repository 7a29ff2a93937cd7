// The occupation (CBO) table of the blocks, loaded on demand.
import { Loader } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { FieldValues } from 'react-hook-form';
import { SelectField, type BoundFieldProps, type Option } from '../../../lib/form';

/** CBO 2002 occupations (2,721 rows): a chunk of its own, fetched when an occupation is first shown or asked. */
export function useCbo() {
  return useQuery({
    queryKey: ['codes', 'cbo'],
    queryFn: async (): Promise<Option[]> => {
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
