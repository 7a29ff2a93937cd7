// Tab `condicao_situacao_saude` of /municipes/{id}/edit: the e-SUS self-reported health conditions and the street
// situation questions, editable (issue 5). Reading them is audited by the API.
import { Stack } from '@mantine/core';
import {
  condicaoSaudeInputSchema,
  normalizarCondicaoSaude,
  SEXO_MASCULINO,
  type CondicaoSaude,
  type CondicaoSaudeInput,
} from '@saude/shared/schemas/municipe';
import { CheckboxGroupField, codeOptions, FormSection, RadioField, TextField, YesNoField } from '../../../lib/form';
import { useMunicipeTab } from '../context';
import { BlocoEditavel, BlocoForm, useBlocoForm, type BlocoFormProps } from './BlocoForm';
import { Pergunta, Perguntas, SeSim, valoresDoBloco } from './partes';
import {
  LIMPAR_GESTANTE,
  LIMPAR_CARDIACA,
  LIMPAR_RINS,
  LIMPAR_RESPIRATORIA,
  LIMPAR_INTERNACAO,
  LIMPAR_PLANTAS,
  LIMPAR_VISITA,
  LIMPAR_INSTITUICAO,
  LIMPAR_HIGIENE,
  LIMPAR_RUA,
  OUTRAS_CONDICOES_MAX,
  SAUDE_MODEL,
  outraCondicaoLabel,
  saudeLabels as L,
  saudeSecoes,
  saudeSummaryLabels,
  saudeTabelas as T,
} from './perguntas';
import { CondicaoSaudeLeitura } from './VisualizarCondicaoSaude';

type Campo = keyof CondicaoSaudeInput;
export function CondicaoSaudeTab() {
  const { permissoes } = useMunicipeTab();
  return (
    <BlocoEditavel
      bloco="condicao_saude"
      acoes={permissoes.condicoes_saude}
      leitura={(b) => <CondicaoSaudeLeitura bloco={b} />}
      formulario={(props) => <CondicaoSaudeForm {...props} />}
    />
  );
}

/** What the API answered, as form values; "Outras condições" as three lines, as on the paper form. */
const valoresIniciais = (b: CondicaoSaude): CondicaoSaudeInput => ({
  ...valoresDoBloco<CondicaoSaudeInput>(b, L),
  outras_condicoes: Array.from({ length: OUTRAS_CONDICOES_MAX }, (_, i) => b.outras_condicoes[i] ?? ''),
});

function CondicaoSaudeForm(props: BlocoFormProps<'condicao_saude'>) {
  const record = useBlocoForm({
    path: 'condicao_saude',
    props,
    schema: condicaoSaudeInputSchema,
    model: SAUDE_MODEL,
    labels: saudeSummaryLabels,
    valores: valoresIniciais,
    preparar: ({ lock_version: _lock, ...values }) => {
      const v = normalizarCondicaoSaude(values);
      return { ...v, grau_parentesco_familiar: v.visita_familiar ? v.grau_parentesco_familiar : undefined };
    },
  });
  const { control, setValue, clearErrors } = record.form;
  const dep = { control, setValue, clearErrors };
  // Not asked of a male citizen (issue 12; the API refuses it too).
  const perguntaGestante = useMunicipeTab().municipe.sexo_id !== SEXO_MASCULINO;
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

  return (
    <BlocoForm record={record} model={SAUDE_MODEL} updatedAt={props.bloco.updated_at}>
      <FormSection title={saudeSecoes.gerais}>
        <Perguntas>
          {perguntaGestante && (
            <Pergunta>
              {sn('gestante')}
              <SeSim {...dep} pergunta="gestante" limpar={LIMPAR_GESTANTE}>
                {texto('maternidade_referencia', false)}
              </SeSim>
            </Pergunta>
          )}
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
    </BlocoForm>
  );
}
