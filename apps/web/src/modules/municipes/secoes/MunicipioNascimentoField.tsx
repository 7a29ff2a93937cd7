// Birthplace of a Brazilian citizen: any municipality of Brazil, searched by name (5,570 are too many to list).

import { useQuery } from '@tanstack/react-query';
import { useController, useWatch } from 'react-hook-form';
import type { Municipe } from '@saude/shared/schemas/municipe';
import { useFieldLabel, SearchSelect, useServerSearch } from '../../../lib/form';
import { http } from '../../../lib/http';
import { useMunicipeForm } from './comum';

type Municipio = { codigo_ibge: string; nome: string; uf: string };

const opcaoMunicipio = (m: Municipio) => ({ value: m.codigo_ibge, label: `${m.nome} - ${m.uf}` });

export function MunicipioNascimentoField({ inicial }: { inicial?: Municipe }) {
  const { control, setValue } = useMunicipeForm();
  const { field, fieldState } = useController({ control, name: 'municipio_nascimento_ibge' });
  const nome = useWatch({ control, name: 'municipio_nascimento_nome' });
  const codigo = field.value;
  const label = useFieldLabel({ label: 'Município de nascimento' });
  const atual = (codigo as string | null | undefined) || null;
  const search = useServerSearch({
    chosen: atual
      ? { value: atual, label: (nome as string | null | undefined) || inicial?.municipio_nascimento_nome || atual }
      : null,
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
      {...label}
      {...search.selectProps(resultados, opcaoMunicipio, 'Nenhum município encontrado')}
      value={atual}
      placeholder="Digite para buscar"
      name={field.name}
      ref={field.ref}
      onBlur={field.onBlur}
      onChange={(v, option) => {
        field.onChange(v ?? null);
        setValue('municipio_nascimento_nome', option?.label ?? null, { shouldDirty: true });
      }}
      error={fieldState.error?.message}
    />
  );
}
