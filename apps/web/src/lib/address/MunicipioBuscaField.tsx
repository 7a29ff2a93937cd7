// A municipality of Brazil searched by name (5,570 are too many to list): the citizen's birthplace, on the citizen
// form and on the individual registration (issue 39). The code goes to `name`, "NAME - UF" to `nomeField` (display).
import { useQuery } from '@tanstack/react-query';
import { useController, useWatch, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import { useFieldLabel, SearchSelect, useServerSearch } from '../form';
import { http } from '../http';

type Municipio = { codigo_ibge: string; nome: string; uf: string };

const opcaoMunicipio = (m: Municipio) => ({ value: m.codigo_ibge, label: `${m.nome} - ${m.uf}` });

export function MunicipioBuscaField<T extends FieldValues, TT = T>({
  control,
  name,
  nomeField,
  label,
  required,
  nomeInicial,
}: {
  control: Control<T, unknown, TT>;
  name: FieldPath<T>;
  nomeField: FieldPath<T>;
  label: string;
  required?: boolean;
  /** The saved municipality's name, until the form holds one. */
  nomeInicial?: string | null;
}) {
  const { field, fieldState } = useController({ control, name });
  const nomeCtl = useController({ control, name: nomeField }).field;
  const nome = useWatch({ control, name: nomeField }) as string | null | undefined;
  const labelProps = useFieldLabel({ label, required });
  const atual = (field.value as string | null | undefined) || null;
  const search = useServerSearch({
    chosen: atual ? { value: atual, label: nome || nomeInicial || atual } : null,
    minLength: 2,
  });
  const resultados = useQuery({
    queryKey: ['enderecos', 'municipios', 'busca', search.termo],
    queryFn: ({ signal }) =>
      http.get<Municipio[]>('/api/v1/enderecos/municipios', { q: search.termo, limit: 30 }, signal),
    enabled: search.termo.length >= 2,
    staleTime: Infinity,
  });
  return (
    <SearchSelect
      {...labelProps}
      {...search.selectProps(resultados, opcaoMunicipio, 'Nenhum município encontrado')}
      value={atual}
      placeholder="Digite para buscar"
      name={field.name}
      ref={field.ref}
      onBlur={field.onBlur}
      onChange={(v, option) => {
        field.onChange(v ?? null);
        nomeCtl.onChange(option?.label ?? null);
      }}
      error={fieldState.error?.message}
    />
  );
}
