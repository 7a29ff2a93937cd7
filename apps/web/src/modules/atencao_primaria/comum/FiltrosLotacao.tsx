// The unit, team and professional filters every primary-care list offers (spec §3 list filters). Picking a unit
// narrows the teams and clears the team.
import { touchInputStyles } from '../../../lib/form/touch';
import { FilterSelect as Select } from '../../../lib/list/FilterSelect';
import { useOpcoesFiltro } from './api';
import { opcoesNomeadas } from '../../../lib/form';

export type FiltrosLotacaoValor = { unidade_saude_id?: string; equipe_id?: string; profissional_id?: string };

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
  const filtros = [
    {
      label: 'Unidade',
      w: 220,
      data: opcoes.data?.unidades,
      value: value.unidade_saude_id,
      set: (id?: string) => ({ unidade_saude_id: id, equipe_id: undefined }),
    },
    { label: 'Equipe', w: 200, data: equipes, value: value.equipe_id, set: (id?: string) => ({ equipe_id: id }) },
    {
      label: 'Profissional',
      w: 240,
      data: opcoes.data?.profissionais,
      value: value.profissional_id,
      set: (id?: string) => ({ profissional_id: id }),
    },
  ];
  return filtros.map((f) => (
    <Select
      key={f.label}
      label={f.label}
      w={f.w}
      clearable
      searchable
      data={opcoesNomeadas(f.data)}
      styles={touchInputStyles}
      value={f.value ?? null}
      onChange={(v) => onChange(f.set(v ?? undefined))}
    />
  ));
}
