// The team filter of the coverage screens: the current unit's teams (the table itself lists every team in scope).
import { opcoesNomeadas } from '../../../lib/form';
import { touchInputStyles } from '../../../lib/form/touch';
import { FilterSelect } from '../../../lib/list/FilterSelect';
import { useOpcoesFiltro } from '../comum/api';

export function FiltroEquipe({ value, onChange }: { value?: string; onChange: (v: string | undefined) => void }) {
  const opcoes = useOpcoesFiltro();
  return (
    <FilterSelect
      label="Equipe"
      w={240}
      clearable
      searchable
      data={opcoesNomeadas(opcoes.data?.equipes)}
      styles={touchInputStyles}
      value={value ?? null}
      onChange={(v) => onChange(v ?? undefined)}
    />
  );
}
