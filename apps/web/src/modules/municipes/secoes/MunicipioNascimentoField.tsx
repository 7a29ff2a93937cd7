// Birthplace of a Brazilian citizen: any municipality of Brazil, searched by name (5,570 are too many to list).

import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useController, useWatch } from 'react-hook-form';
import type { Municipe } from '@saude/shared/schemas/municipe';
import { useFieldLabel, SearchSelect } from '../../../lib/form';
import { http } from '../../../lib/http';
import { useMunicipeForm } from './comum';

type Municipio = { codigo_ibge: string; nome: string; uf: string };

export function MunicipioNascimentoField({ inicial }: { inicial?: Municipe }) {
  const { control, setValue } = useMunicipeForm();
  const { field, fieldState } = useController({ control, name: 'municipio_nascimento_ibge' });
  const nome = useWatch({ control, name: 'municipio_nascimento_nome' });
  const codigo = field.value;
  const [busca, setBusca] = useState('');
  const [q] = useDebouncedValue(busca, 300);
  const label = useFieldLabel({ label: 'Município de nascimento' });
  const resultados = useQuery({
    queryKey: ['enderecos', 'municipios', 'busca', q],
    queryFn: ({ signal }) => http.get<Municipio[]>('/api/v1/enderecos/municipios', { q, limit: 30 }, signal),
    enabled: q.trim().length >= 2,
    staleTime: Infinity,
  });
  const data = (resultados.data ?? []).map((m) => ({ value: m.codigo_ibge, label: `${m.nome} - ${m.uf}` }));
  const atual = (codigo as string | null | undefined) || null;
  if (atual && !data.some((o) => o.value === atual)) {
    data.unshift({
      value: atual,
      label: (nome as string | null | undefined) || inicial?.municipio_nascimento_nome || atual,
    });
  }
  return (
    <SearchSelect
      {...label}
      data={data}
      value={atual}
      searchValue={busca}
      onSearchChange={setBusca}
      nothingFoundMessage={q.trim().length >= 2 ? 'Nenhum município encontrado' : 'Digite ao menos 2 letras'}
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
