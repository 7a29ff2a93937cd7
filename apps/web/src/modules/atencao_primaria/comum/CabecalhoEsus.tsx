// The header of the e-SUS registration forms ("Responsável pelo cadastro"): unit, professional, team, and where the
// form asks them, the micro-area and the date and hour of the registration. On a new record the unit, the professional
// and (unless chosen) the team come from the user's assignment when saving; on edit they are the saved ones.
import { Group } from '@mantine/core';
import { useWatch, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import { todayIso, zonedDateTimeParts } from '@saude/shared';
import {
  CheckboxField,
  dataEHora,
  FieldGrid,
  FormSection,
  TextField,
  type FieldRow,
  opcoesNomeadas,
} from '../../../lib/form';
import { useUsuario } from '../../../lib/session';
import { useOpcoesFiltro } from './api';
import { ProfissionalField } from './ProfissionalField';

/** What the header shows of a saved record. */
export interface CabecalhoSalvo {
  unidade_saude_id: string | null;
  unidade_saude_nome: string | null;
  profissional_nome: string | null;
  ocupacao_nome?: string | null;
  equipe_id: string | null;
  equipe_nome: string | null;
}

/**
 * The registration's timestamp held as the header's date and hour (the date's label is the shared schema's 'Data do
 * cadastro'; the hour has no field of its own there).
 */
export const dataDoCadastro = dataEHora('data_cadastro_data', 'data_cadastro_hora', {
  data_cadastro_hora: 'Hora do cadastro',
});

/** The date and hour a new registration starts with: now, in São Paulo (spec §5: editable, never in the future). */
export function agoraParaCadastro(agora: Date | string = new Date()) {
  const { date, time } = zonedDateTimeParts(agora) ?? { date: todayIso(), time: '' };
  return { data_cadastro_data: date, data_cadastro_hora: time };
}

/** API field → form field: the registration's timestamp is the date field with its hour. */
const campoDoCabecalho = (apiPath: string) => (apiPath === 'data_cadastro' ? 'data_cadastro_data' : apiPath);

/**
 * What the e-SUS registration forms (household, individual) tell useRecordForm alike: "cadastro" is masculine, the
 * API's data_cadastro is the header's date field, and a save opens the record's detail page.
 */
export const opcoesCadastroEsus = (basePath: string) => ({
  genero: 'm' as const,
  fieldOf: campoDoCabecalho,
  onSaved: (saved: { id: string }) => `${basePath}/${saved.id}/detalhes`,
});

const DICA_DATA =
  'Preenchida com a data e a hora de agora; altere se o cadastro foi feito em outro momento (nunca no futuro).';
const DICA_PROFISSIONAL = 'Preenchido automaticamente com você, a partir da sua lotação na equipe desta unidade.';
const DICA_EQUIPE = 'Preenchida automaticamente com a sua equipe nesta unidade.';
const SUA_EQUIPE = 'Sua equipe (preenchida ao gravar)';

export function CabecalhoEsus<T extends FieldValues, TT = T>({
  control,
  atual,
  escolheEquipe,
  microArea,
  dataHora,
  cbos,
}: {
  control: Control<T, unknown, TT>;
  atual?: CabecalhoSalvo;
  /** The team as a select of the unit's teams (households, families); read-only otherwise. */
  escolheEquipe?: boolean;
  /** The micro-area field (with 'Fora de área' beside it). */
  microArea?: FieldPath<T>;
  /** Asks the registration's date and hour (data_cadastro_data, data_cadastro_hora). */
  dataHora?: boolean;
  /** The CBO codes the form accepts (LEDI's group): a coordinator picks among assignments with one of them. */
  cbos?: ReadonlySet<string>;
}) {
  const usuario = useUsuario();
  const opcoes = useOpcoesFiltro();
  const nome = (n: string) => n as FieldPath<T>;
  const [foraArea, equipeId] = useWatch({ control, name: [nome('fora_area'), nome('equipe_id')] }) as [
    boolean | null,
    string | null,
  ];
  const unidadeId = atual?.unidade_saude_id ?? usuario?.unidade_atual?.id;
  const unidadeAtual = usuario?.unidade_atual?.nome;
  const equipes = (opcoes.data?.equipes ?? []).filter((e) => !unidadeId || e.unidade_saude_id === unidadeId);
  const equipeOpcoes = opcoesNomeadas(equipes);
  // The record's team stays visible even if it is not among the options (another unit, or the list still loading).
  if (atual?.equipe_id && !equipeOpcoes.some((o) => o.value === atual.equipe_id))
    equipeOpcoes.unshift({ value: atual.equipe_id, label: atual.equipe_nome ?? 'Equipe' });
  const microAreas = equipes.find((e) => e.id === equipeId)?.micro_areas ?? [];
  // A user without a team picks whose record it is (issue 39); on edit the record keeps its professional.
  const escolhe = !atual && opcoes.data?.escolhe_profissional === true;
  const equipeEscolhida = escolhe
    ? (equipes.find((e) => e.id === equipeId)?.nome ?? 'A do profissional escolhido')
    : null;
  // The registration's date and hour, asked where the form has them.
  const quando = { required: true, tooltip: DICA_DATA, when: dataHora === true };
  const rows: FieldRow<FieldPath<T>>[] = [
    {
      kind: 'fixed',
      key: 'unidade',
      label: 'Unidade de saúde',
      value: atual?.unidade_saude_nome ?? unidadeAtual ?? '',
    },
    escolhe
      ? {
          kind: 'node',
          key: 'profissional',
          node: (
            <ProfissionalField
              control={control}
              cbos={cbos}
              ocupacao={cbos !== undefined}
              equipe={escolheEquipe ? 'when-empty' : 'always'}
            />
          ),
        }
      : {
          kind: 'fixed',
          key: 'profissional',
          label: 'Profissional',
          tooltip: DICA_PROFISSIONAL,
          value: atual
            ? [atual.profissional_nome, atual.ocupacao_nome].filter(Boolean).join(' · ')
            : 'Você (preenchido ao gravar)',
        },
    escolheEquipe
      ? {
          kind: 'select',
          name: nome('equipe_id'),
          label: 'Equipe',
          tooltip: DICA_EQUIPE,
          data: equipeOpcoes,
          placeholder: atual ? undefined : SUA_EQUIPE,
        }
      : {
          kind: 'fixed',
          key: 'equipe',
          label: 'Equipe',
          tooltip: DICA_EQUIPE,
          value: atual?.equipe_nome ?? equipeEscolhida ?? SUA_EQUIPE,
        },
    {
      kind: 'node',
      key: 'micro_area',
      when: microArea !== undefined,
      node: microArea && (
        <Group align="flex-start" gap="md" wrap="nowrap">
          <div style={{ flex: 1 }}>
            <TextField
              control={control}
              name={microArea}
              label="Micro-área"
              required={!foraArea}
              disabled={foraArea === true}
              placeholder="00"
              description={microAreas.length > 0 ? `Micro-áreas da equipe: ${microAreas.join(', ')}` : undefined}
              inputProps={{ inputMode: 'numeric', maxLength: 2 }}
            />
          </div>
          <Group mih={44} mt={28}>
            <CheckboxField control={control} name={nome('fora_area')} label="Fora de área" />
          </Group>
        </Group>
      ),
    },
    { kind: 'date', name: nome('data_cadastro_data'), label: 'Data do cadastro', maxDate: todayIso(), ...quando },
    { kind: 'time', name: nome('data_cadastro_hora'), label: 'Hora do cadastro', ...quando },
  ];
  return (
    <FormSection title="Responsável pelo cadastro">
      <FieldGrid control={control} rows={rows} span="half" gap="md" />
    </FormSection>
  );
}
