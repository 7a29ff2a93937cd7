// The unit, team and professional filters every primary-care list offers (spec §3 list filters). Picking a unit
// narrows the teams and clears the team.
import { touchInputStyles } from '../../../lib/form/touch';
import { FilterSelect as Select } from '../../../lib/list/FilterSelect';
import { useOpcoesFiltro } from './api';

export type FiltrosLotacaoValor = { unidade_saude_id?: string; equipe_id?: string; profissional_id?: string };

const opcao = (l: Array<{ id: string; nome: string }>) => l.map((x) => ({ value: x.id, label: x.nome }));

export function FiltrosLotacao({
  value,
  onChange,
}: {
  value: FiltrosLotacaoValor;
  onChange: (v: FiltrosLotacaoValor) => void;
}) {
  const opcoes = useOpcoesFiltro();
  const equipes = (opcoes.data?.equipes ?? []).filter(
    (e) => !value.unidade_saude_id || e.unidade_saude_id === value.unidade_saude_id,
  );
  return (
    <>
      <Select
        label="Unidade"
        w={220}
        clearable
        searchable
        data={opcao(opcoes.data?.unidades ?? [])}
        styles={touchInputStyles}
        value={value.unidade_saude_id ?? null}
        onChange={(v) => onChange({ unidade_saude_id: v ?? undefined, equipe_id: undefined })}
      />
      <Select
        label="Equipe"
        w={200}
        clearable
        searchable
        data={opcao(equipes)}
        styles={touchInputStyles}
        value={value.equipe_id ?? null}
        onChange={(v) => onChange({ equipe_id: v ?? undefined })}
      />
      <Select
        label="Profissional"
        w={240}
        clearable
        searchable
        data={opcao(opcoes.data?.profissionais ?? [])}
        styles={touchInputStyles}
        value={value.profissional_id ?? null}
        onChange={(v) => onChange({ profissional_id: v ?? undefined })}
      />
    </>
  );
}
