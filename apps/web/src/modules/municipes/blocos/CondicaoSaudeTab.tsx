// Tab `condicao_situacao_saude` of /municipes/{id}/edit: the e-SUS self-reported health conditions and the street
// situation questions, editable (issue 5). Reading them is audited by the API.
import { Stack, Text } from '@mantine/core';
import {
  condicaoSaudeInputSchema,
  normalizarCondicaoSaude,
  type CondicaoSaude,
  type CondicaoSaudeInput,
  type Municipe,
  type PermissaoCadastro,
} from '@saude/shared/schemas/municipe';
import {
  CheckboxGroupField,
  codeOptions,
  FormSection,
  RadioField,
  RecordForm,
  TextField,
  useRecordForm,
  YesNoField,
} from '../../../lib/form';
import { useMunicipeTab } from '../context';
import { getBloco, useCondicaoSaude, useSaveBloco } from './api';
import { BlocoConforme, Pergunta, Perguntas, Proibido, SeSim, atualizadoEm } from './partes';
import {
  OUTRAS_CONDICOES_MAX,
  SAUDE_MODEL,
  outraCondicaoLabel,
  saudeLabels as L,
  saudeSecoes,
  saudeSummaryLabels,
  saudeTabelas as T,
} from './perguntas';
import { CondicaoSaudeLeitura } from './VisualizarCondicaoSaude';

type Acoes = PermissaoCadastro['condicoes_saude'];
type Campo = keyof CondicaoSaudeInput;
type Limpar = ReadonlyArray<readonly [Campo, unknown]>;

// "Não" empties the details, as the API's normaliser does (visits and hygiene details too: e-SUS asks them only after "Sim").
const LIMPAR_GESTANTE = [['maternidade_referencia', null]] as const satisfies Limpar;
const LIMPAR_CARDIACA = [['doencas_cardiacas', []]] as const satisfies Limpar;
const LIMPAR_RINS = [['doencas_rins', []]] as const satisfies Limpar;
const LIMPAR_RESPIRATORIA = [['doencas_respiratorias', []]] as const satisfies Limpar;
const LIMPAR_INTERNACAO = [['internacao_causa', null]] as const satisfies Limpar;
const LIMPAR_PLANTAS = [['plantas_medicinais_quais', null]] as const satisfies Limpar;
const LIMPAR_VISITA = [['grau_parentesco_familiar', null]] as const satisfies Limpar;
const LIMPAR_INSTITUICAO = [['outra_instituicao', null]] as const satisfies Limpar;
const LIMPAR_HIGIENE = [['acesso_higiene_ids', []]] as const satisfies Limpar;
const LIMPAR_RUA = [
  ['tempo_situacao_rua_id', null],
  ['recebe_beneficio', null],
  ['referencia_familiar', null],
  ['quantas_vezes_alimentacao_id', null],
  ['origem_alimentacao', []],
  ['acompanhado_outra_instituicao', null],
  ['outra_instituicao', null],
  ['visita_familiar', null],
  ['grau_parentesco_familiar', null],
  ['acesso_higiene', null],
  ['acesso_higiene_ids', []],
] as const satisfies Limpar;

export function CondicaoSaudeTab() {
  const { municipe, permissoes } = useMunicipeTab();
  const acoes = permissoes.condicoes_saude;
  // The tab is hidden without these, but the URL can be typed (spec §6).
  if (!acoes.includes('update') && !acoes.includes('create')) return <Proibido />;
  return <CondicaoSaudeCarregada municipe={municipe} acoes={acoes} />;
}

function CondicaoSaudeCarregada({ municipe, acoes }: { municipe: Municipe; acoes: Acoes }) {
  const bloco = useCondicaoSaude(municipe.id);
  return (
    <BlocoConforme
      consulta={bloco}
      acoes={acoes}
      leitura={(b) => <CondicaoSaudeLeitura bloco={b} />}
      // Keyed by version: after a save (or a reload after 409) the form starts again from what the API stored.
      formulario={(b) => (
        <CondicaoSaudeForm
          key={b.lock_version ?? 'novo'}
          municipe={municipe}
          bloco={b}
          podeAtualizar={acoes.includes('update')}
          recarregar={() => bloco.refetch()}
        />
      )}
    />
  );
}

/** What the API answered, as form values. A block never saved starts with every yes/no question unanswered. */
function valoresIniciais(b: CondicaoSaude): CondicaoSaudeInput {
  const sn = (v: boolean) => (b.lock_version === null ? null : v);
  return {
    gestante: sn(b.gestante),
    maternidade_referencia: b.maternidade_referencia,
    consideracao_peso_id: b.consideracao_peso_id,
    fumante: sn(b.fumante),
    alcool: sn(b.alcool),
    outras_drogas: sn(b.outras_drogas),
    hipertensao: sn(b.hipertensao),
    diabetes: sn(b.diabetes),
    avc: sn(b.avc),
    infarto: sn(b.infarto),
    doenca_cardiaca: sn(b.doenca_cardiaca),
    doencas_cardiacas: b.doencas_cardiacas,
    doenca_rins: sn(b.doenca_rins),
    doencas_rins: b.doencas_rins,
    doenca_respiratoria: sn(b.doenca_respiratoria),
    doencas_respiratorias: b.doencas_respiratorias,
    hanseniase: sn(b.hanseniase),
    tuberculose: sn(b.tuberculose),
    cancer: sn(b.cancer),
    internacao_12_meses: sn(b.internacao_12_meses),
    internacao_causa: b.internacao_causa,
    saude_mental: sn(b.saude_mental),
    acamado: sn(b.acamado),
    domiciliado: sn(b.domiciliado),
    plantas_medicinais: sn(b.plantas_medicinais),
    plantas_medicinais_quais: b.plantas_medicinais_quais,
    praticas_integrativas: sn(b.praticas_integrativas),
    // Three lines, as on the paper form.
    outras_condicoes: Array.from({ length: OUTRAS_CONDICOES_MAX }, (_, i) => b.outras_condicoes[i] ?? ''),
    situacao_rua: sn(b.situacao_rua),
    tempo_situacao_rua_id: b.tempo_situacao_rua_id,
    recebe_beneficio: sn(b.recebe_beneficio),
    referencia_familiar: sn(b.referencia_familiar),
    visita_familiar: sn(b.visita_familiar),
    grau_parentesco_familiar: b.grau_parentesco_familiar,
    acompanhado_outra_instituicao: sn(b.acompanhado_outra_instituicao),
    outra_instituicao: b.outra_instituicao,
    quantas_vezes_alimentacao_id: b.quantas_vezes_alimentacao_id,
    origem_alimentacao: b.origem_alimentacao,
    acesso_higiene: sn(b.acesso_higiene),
    acesso_higiene_ids: b.acesso_higiene_ids,
    lock_version: b.lock_version,
  };
}

function CondicaoSaudeForm({
  municipe,
  bloco,
  podeAtualizar,
  recarregar,
}: {
  municipe: Municipe;
  bloco: CondicaoSaude;
  podeAtualizar: boolean;
  recarregar: () => unknown;
}) {
  const salvar = useSaveBloco(municipe.id, 'condicao_saude', { podeAtualizar });
  const record = useRecordForm({
    schema: condicaoSaudeInputSchema,
    defaultValues: valoresIniciais(bloco),
    model: SAUDE_MODEL,
    labels: saudeSummaryLabels,
    save: ({ lock_version: _lock, ...values }) => {
      const v = normalizarCondicaoSaude(values);
      const grau_parentesco_familiar = v.visita_familiar ? v.grau_parentesco_familiar : undefined;
      return salvar.mutateAsync({ ...v, grau_parentesco_familiar, lock_version: bloco.lock_version });
    },
    stale: { reload: recarregar, latest: () => getBloco(municipe.id, 'condicao_saude'), toValues: valoresIniciais },
  });
  const { form } = record;
  const { control, setValue, clearErrors } = form;
  const dep = { control, setValue, clearErrors };
  const sn = (name: Campo) => <YesNoField control={control} name={name} label={L[name as keyof typeof L]} />;
  const texto = (name: Campo, required = true) => (
    <TextField
      control={control}
      name={name}
      label={L[name as keyof typeof L]}
      required={required}
      inputProps={{ maxLength: 100 }}
    />
  );
  const atualizado = atualizadoEm(bloco.updated_at);

  return (
    <RecordForm
      record={record}
      label={SAUDE_MODEL}
      onCancel={form.formState.isDirty ? () => form.reset() : undefined}
      cancelLabel="Desfazer alterações"
    >
      <FormSection title={saudeSecoes.gerais}>
        <Perguntas>
          <Pergunta>
            {sn('gestante')}
            <SeSim {...dep} pergunta="gestante" limpar={LIMPAR_GESTANTE}>
              {texto('maternidade_referencia', false)}
            </SeSim>
          </Pergunta>
          <Pergunta>
            <RadioField
              control={control}
              name="consideracao_peso_id"
              label={L.consideracao_peso_id}
              data={codeOptions(T.consideracao_peso_id)}
            />
          </Pergunta>
          <Pergunta>{sn('fumante')}</Pergunta>
          <Pergunta>{sn('alcool')}</Pergunta>
          <Pergunta>{sn('outras_drogas')}</Pergunta>
          <Pergunta>{sn('hipertensao')}</Pergunta>
          <Pergunta>{sn('diabetes')}</Pergunta>
          <Pergunta>{sn('avc')}</Pergunta>
          <Pergunta>{sn('infarto')}</Pergunta>
          <Pergunta>
            {sn('doenca_cardiaca')}
            <SeSim {...dep} pergunta="doenca_cardiaca" limpar={LIMPAR_CARDIACA}>
              <CheckboxGroupField
                control={control}
                name="doencas_cardiacas"
                label={L.doencas_cardiacas}
                required
                data={codeOptions(T.doencas_cardiacas)}
              />
            </SeSim>
          </Pergunta>
          <Pergunta>
            {sn('doenca_rins')}
            <SeSim {...dep} pergunta="doenca_rins" limpar={LIMPAR_RINS}>
              <CheckboxGroupField
                control={control}
                name="doencas_rins"
                label={L.doencas_rins}
                required
                data={codeOptions(T.doencas_rins)}
              />
            </SeSim>
          </Pergunta>
          <Pergunta>
            {sn('doenca_respiratoria')}
            <SeSim {...dep} pergunta="doenca_respiratoria" limpar={LIMPAR_RESPIRATORIA}>
              <CheckboxGroupField
                control={control}
                name="doencas_respiratorias"
                label={L.doencas_respiratorias}
                required
                data={codeOptions(T.doencas_respiratorias)}
              />
            </SeSim>
          </Pergunta>
          <Pergunta>{sn('hanseniase')}</Pergunta>
          <Pergunta>{sn('tuberculose')}</Pergunta>
          <Pergunta>{sn('cancer')}</Pergunta>
          <Pergunta>
            {sn('internacao_12_meses')}
            <SeSim {...dep} pergunta="internacao_12_meses" limpar={LIMPAR_INTERNACAO}>
              {texto('internacao_causa')}
            </SeSim>
          </Pergunta>
          <Pergunta>{sn('saude_mental')}</Pergunta>
          <Pergunta>{sn('acamado')}</Pergunta>
          <Pergunta>{sn('domiciliado')}</Pergunta>
          <Pergunta>
            {sn('plantas_medicinais')}
            <SeSim {...dep} pergunta="plantas_medicinais" limpar={LIMPAR_PLANTAS}>
              {texto('plantas_medicinais_quais')}
            </SeSim>
          </Pergunta>
          <Pergunta>{sn('praticas_integrativas')}</Pergunta>
        </Perguntas>
      </FormSection>

      <FormSection title={saudeSecoes.outras}>
        <Perguntas>
          {Array.from({ length: OUTRAS_CONDICOES_MAX }, (_, i) => (
            <TextField
              key={i}
              control={control}
              name={`outras_condicoes.${i}`}
              label={outraCondicaoLabel(i)}
              inputProps={{ maxLength: 100 }}
            />
          ))}
        </Perguntas>
      </FormSection>

      <FormSection title={saudeSecoes.rua}>
        <Stack gap="lg">
          {sn('situacao_rua')}
          <SeSim {...dep} pergunta="situacao_rua" limpar={LIMPAR_RUA}>
            <Perguntas>
              <Pergunta>
                <RadioField
                  control={control}
                  name="tempo_situacao_rua_id"
                  label={L.tempo_situacao_rua_id}
                  required
                  data={codeOptions(T.tempo_situacao_rua_id)}
                />
              </Pergunta>
              <Pergunta>{sn('recebe_beneficio')}</Pergunta>
              <Pergunta>{sn('referencia_familiar')}</Pergunta>
              <Pergunta>
                <RadioField
                  control={control}
                  name="quantas_vezes_alimentacao_id"
                  label={L.quantas_vezes_alimentacao_id}
                  data={codeOptions(T.quantas_vezes_alimentacao_id)}
                />
              </Pergunta>
              <Pergunta>
                <CheckboxGroupField
                  control={control}
                  name="origem_alimentacao"
                  label={L.origem_alimentacao}
                  data={codeOptions(T.origem_alimentacao)}
                />
              </Pergunta>
              <Pergunta>
                {sn('acompanhado_outra_instituicao')}
                <SeSim {...dep} pergunta="acompanhado_outra_instituicao" limpar={LIMPAR_INSTITUICAO}>
                  {texto('outra_instituicao')}
                </SeSim>
              </Pergunta>
              <Pergunta>
                {sn('visita_familiar')}
                <SeSim {...dep} pergunta="visita_familiar" limpar={LIMPAR_VISITA}>
                  {texto('grau_parentesco_familiar', false)}
                </SeSim>
              </Pergunta>
              <Pergunta>
                {sn('acesso_higiene')}
                <SeSim {...dep} pergunta="acesso_higiene" limpar={LIMPAR_HIGIENE}>
                  <CheckboxGroupField
                    control={control}
                    name="acesso_higiene_ids"
                    label={L.acesso_higiene_ids}
                    required
                    data={codeOptions(T.acesso_higiene_ids)}
                  />
                </SeSim>
              </Pergunta>
            </Perguntas>
          </SeSim>
        </Stack>
      </FormSection>
      {atualizado && (
        <Text size="sm" c="dimmed">
          {atualizado}
        </Text>
      )}
    </RecordForm>
  );
}
