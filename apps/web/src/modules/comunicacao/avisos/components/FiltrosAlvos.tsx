// The list's filters by target (issue 19), for who sees every notice (`comunicacao/avisos:todos`): unit types, units
// (of the chosen types), profiles and professionals (searched on the server). A notice passes a filter when its own
// list names one of the chosen or is empty (aimed at all of that kind). Its own chunk: MultiSelect and the targets'
// options are fetched only for managers, after the rows.
import { MultiSelect } from '@mantine/core';
import { touchInputStyles } from '../../../../lib/form/touch';
import { useAvisoOpcoes } from '../api';
import { ProfissionaisMultiSelect } from './ProfissionaisMultiSelect';
import { opcoesNomeadas } from '../../../../lib/form';

/** The four id lists as the URL holds them: comma-separated. */
export interface ValoresAlvos {
  tipo_unidade_ids?: string;
  unidade_ids?: string;
  perfil_ids?: string;
  profissional_ids?: string;
}

const lista = (v?: string) => (v ? v.split(',') : []);
const texto = (ids: string[]) => (ids.length > 0 ? ids.join(',') : undefined);

export default function FiltrosAlvos({
  valores,
  onChange,
}: {
  valores: ValoresAlvos;
  onChange: (patch: ValoresAlvos) => void;
}) {
  const opcoes = useAvisoOpcoes().data;
  const tipos = lista(valores.tipo_unidade_ids);
  const comum = {
    searchable: true,
    clearable: true,
    hidePickedOptions: true,
    w: 240,
    styles: touchInputStyles,
    comboboxProps: { withinPortal: true },
    nothingFoundMessage: 'Nenhuma opção encontrada',
  };
  return (
    <>
      <MultiSelect
        {...comum}
        label="Tipos de unidade"
        data={opcoesNomeadas(opcoes?.tipos_unidade)}
        value={opcoes ? tipos : []}
        onChange={(ids) => {
          // Units of types no longer chosen leave the filter too.
          const validas = new Set(
            (opcoes?.unidades ?? []).filter((u) => ids.includes(u.tipo_unidade_id)).map((u) => u.id),
          );
          const unidades = ids.length > 0 ? lista(valores.unidade_ids).filter((id) => validas.has(id)) : undefined;
          onChange({
            tipo_unidade_ids: texto(ids),
            ...(unidades ? { unidade_ids: texto(unidades) } : {}),
          });
        }}
      />
      <MultiSelect
        {...comum}
        label="Unidades"
        data={opcoesNomeadas(
          (opcoes?.unidades ?? []).filter((u) => tipos.length === 0 || tipos.includes(u.tipo_unidade_id)),
        )}
        value={opcoes ? lista(valores.unidade_ids) : []}
        onChange={(ids) => onChange({ unidade_ids: texto(ids) })}
      />
      <MultiSelect
        {...comum}
        label="Perfis"
        data={opcoesNomeadas(opcoes?.perfis)}
        value={opcoes ? lista(valores.perfil_ids) : []}
        onChange={(ids) => onChange({ perfil_ids: texto(ids) })}
      />
      <ProfissionaisMultiSelect
        label="Profissionais"
        w={280}
        value={lista(valores.profissional_ids)}
        onChange={(ids) => onChange({ profissional_ids: texto(ids) })}
      />
    </>
  );
}
