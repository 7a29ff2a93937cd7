// Tab `condicao_situacao_saude` of /municipes/{id}/edit: the e-SUS self-reported health conditions and the street
// situation questions, editable (issue 5). Reading them is audited by the API.
import {
  condicaoSaudeInputSchema,
  normalizarCondicaoSaude,
  SEXO_MASCULINO,
  type CondicaoSaude,
  type CondicaoSaudeInput,
} from '@saude/shared/schemas/municipe';
import { FormSection, TextField } from '../../../lib/form';
import { useMunicipeTab } from '../context';
import { BlocoEditavel, BlocoForm, useBlocoForm, type BlocoFormProps } from './BlocoForm';
import { Perguntas, SecaoPerguntas, valoresDoBloco } from './partes';
import {
  OUTRAS_CONDICOES_MAX,
  SAUDE_MODEL,
  outraCondicaoLabel,
  saudeLabels as L,
  saudeQuestoes,
  saudeSecoes,
  saudeSummaryLabels,
} from './perguntas';
import { CondicaoSaudeLeitura } from './VisualizarCondicaoSaude';

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
  // Not asked of a male citizen (issue 12; the API refuses it too).
  const ocultas = useMunicipeTab().municipe.sexo_id === SEXO_MASCULINO ? (['gestante'] as const) : [];

  return (
    <BlocoForm record={record} model={SAUDE_MODEL} updatedAt={props.bloco.updated_at}>
      <SecaoPerguntas secao={saudeQuestoes.gerais} form={record.form} ocultas={ocultas} />
      <FormSection title={saudeSecoes.outras}>
        <Perguntas>
          {Array.from({ length: OUTRAS_CONDICOES_MAX }, (_, i) => (
            <TextField
              key={i}
              control={record.form.control}
              name={`outras_condicoes.${i}`}
              label={outraCondicaoLabel(i)}
              inputProps={{ maxLength: 100 }}
            />
          ))}
        </Perguntas>
      </FormSection>
      <SecaoPerguntas secao={saudeQuestoes.rua} form={record.form} />
    </BlocoForm>
  );
}
