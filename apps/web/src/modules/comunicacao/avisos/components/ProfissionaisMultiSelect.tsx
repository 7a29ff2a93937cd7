// Professionals chosen from a server search (GET /opcoes/profissionais: an active professional by part of the name or
// login, 20 at most): there may be thousands, so none is listed before something is typed. The chosen ones keep their
// names (from the record, or from the answer they were picked from) whatever the next search answers.
import { Loader, MultiSelect, type MultiSelectProps } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import type { Nomeado } from '@saude/shared/schemas/aviso';
import { touchInputStyles } from '../../../../lib/form';
import { useProfissionaisBusca, useProfissionaisPorIds } from '../api';

export interface ProfissionaisMultiSelectProps extends Omit<
  MultiSelectProps,
  'data' | 'value' | 'onChange' | 'searchValue' | 'onSearchChange'
> {
  value: string[];
  onChange: (ids: string[]) => void;
  /** Names of the chosen ids already known (the notice's `profissionais`); others are asked by id. */
  conhecidos?: Nomeado[];
}

const MIN = 2;

export function ProfissionaisMultiSelect({
  value,
  onChange,
  conhecidos = [],
  ...props
}: ProfissionaisMultiSelectProps) {
  const [busca, setBusca] = useState('');
  const [q] = useDebouncedValue(busca.trim(), 300);
  const termo = q.length >= MIN ? q : '';
  const resultados = useProfissionaisBusca(termo);
  const [nomes, setNomes] = useState<Map<string, string>>(() => new Map(conhecidos.map((p) => [p.id, p.nome])));
  // Ids from the URL (a shared link): their names from the server.
  const semNome = value.filter((id) => !nomes.has(id));
  const porIds = useProfissionaisPorIds(semNome);
  const rotulo = (id: string) =>
    nomes.get(id) ?? porIds.data?.find((p) => p.id === id)?.nome ?? resultados.data?.find((p) => p.id === id)?.nome;

  const opcoes = new Map<string, string>();
  for (const id of value) opcoes.set(id, rotulo(id) ?? 'Carregando…');
  if (termo) for (const p of resultados.data ?? []) if (!opcoes.has(p.id)) opcoes.set(p.id, `${p.nome} (${p.login})`);
  const data = [...opcoes].map(([v, label]) => ({ value: v, label }));

  return (
    <MultiSelect
      searchable
      clearable
      hidePickedOptions
      styles={touchInputStyles}
      placeholder={value.length === 0 ? 'Digite o nome ou o login' : undefined}
      comboboxProps={{ withinPortal: true }}
      {...props}
      data={data}
      value={value}
      searchValue={busca}
      onSearchChange={setBusca}
      // The server already searched by name and login.
      filter={({ options }) => options}
      nothingFoundMessage={
        termo === '' ? undefined : resultados.isFetching ? 'Buscando…' : 'Nenhum profissional encontrado'
      }
      rightSection={resultados.isFetching ? <Loader size="xs" aria-hidden /> : undefined}
      onChange={(ids) => {
        const novos = new Map(nomes);
        for (const p of resultados.data ?? []) if (ids.includes(p.id)) novos.set(p.id, p.nome);
        setNomes(novos);
        onChange(ids);
      }}
    />
  );
}
