// Tab `visualizar_condicao_situacao_saude` of /municipes/{id}/edit: the health conditions, read-only (issue 5).
import { Stack, Text } from '@mantine/core';
import { SEXO_MASCULINO, type CondicaoSaude } from '@saude/shared/schemas/municipe';
import { useMunicipeTab } from '../context';
import {
  BlocoNaoPreenchido,
  NAO_INFORMADO,
  BlocoLeitura,
  Resposta,
  Respostas,
  atualizadoEm,
  textoResposta,
} from './partes';
import { FormSection } from '../../../lib/form';
import { saudeLabels as L, saudeSecoes, saudeTabelas as T, type SaudeCampo } from './perguntas';

export function VisualizarCondicaoSaude() {
  const { municipe, permissoes } = useMunicipeTab();
  return (
    <BlocoLeitura municipeId={municipe.id} bloco="condicao_saude" pode={permissoes.condicoes_saude.includes('show')}>
      {(b) => <CondicaoSaudeLeitura bloco={b} />}
    </BlocoLeitura>
  );
}

/** The answers as text, in the e-SUS order and sections; details only when their question was answered "Sim". */
export function CondicaoSaudeLeitura({ bloco: b }: { bloco: CondicaoSaude }) {
  // Nothing saved yet: the API's false/[] are not answers, so every question reads 'Não informado'.
  const novo = b.lock_version === null;
  const gestante = useMunicipeTab().municipe.sexo_id !== SEXO_MASCULINO;
  const item = (campo: SaudeCampo, mostrar = true) => {
    if (!mostrar) return null;
    const tabela = (T as Partial<Record<SaudeCampo, Parameters<typeof textoResposta>[1]>>)[campo];
    const texto = novo ? NAO_INFORMADO : textoResposta(b[campo] as Parameters<typeof textoResposta>[0], tabela);
    return (
      <Resposta key={campo} pergunta={L[campo]}>
        {texto}
      </Resposta>
    );
  };
  const atualizado = atualizadoEm(b.updated_at);
  return (
    <Stack gap="lg">
      {novo && <BlocoNaoPreenchido />}
      <FormSection title={saudeSecoes.gerais} readOnly>
        <Respostas>
          {item('gestante', gestante)}
          {item('maternidade_referencia', gestante && b.gestante)}
          {item('consideracao_peso_id')}
          {item('fumante')}
          {item('alcool')}
          {item('outras_drogas')}
          {item('hipertensao')}
          {item('diabetes')}
          {item('avc')}
          {item('infarto')}
          {item('doenca_cardiaca')}
          {item('doencas_cardiacas', b.doenca_cardiaca)}
          {item('doenca_rins')}
          {item('doencas_rins', b.doenca_rins)}
          {item('doenca_respiratoria')}
          {item('doencas_respiratorias', b.doenca_respiratoria)}
          {item('hanseniase')}
          {item('tuberculose')}
          {item('cancer')}
          {item('internacao_12_meses')}
          {item('internacao_causa', b.internacao_12_meses)}
          {item('saude_mental')}
          {item('acamado')}
          {item('domiciliado')}
          {item('plantas_medicinais')}
          {item('plantas_medicinais_quais', b.plantas_medicinais)}
          {item('praticas_integrativas')}
        </Respostas>
      </FormSection>
      <FormSection title={saudeSecoes.outras} readOnly>
        <Respostas>
          {/* The section already names the question. */}
          <Resposta pergunta="Condições informadas">
            {novo ? NAO_INFORMADO : textoResposta(b.outras_condicoes)}
          </Resposta>
        </Respostas>
      </FormSection>
      <FormSection title={saudeSecoes.rua} readOnly>
        <Respostas>
          {item('situacao_rua')}
          {item('tempo_situacao_rua_id', b.situacao_rua)}
          {item('recebe_beneficio', b.situacao_rua)}
          {item('referencia_familiar', b.situacao_rua)}
          {item('quantas_vezes_alimentacao_id', b.situacao_rua)}
          {item('origem_alimentacao', b.situacao_rua)}
          {item('acompanhado_outra_instituicao', b.situacao_rua)}
          {item('outra_instituicao', b.situacao_rua && b.acompanhado_outra_instituicao)}
          {item('visita_familiar', b.situacao_rua)}
          {item('grau_parentesco_familiar', b.situacao_rua && b.visita_familiar)}
          {item('acesso_higiene', b.situacao_rua)}
          {item('acesso_higiene_ids', b.situacao_rua && b.acesso_higiene)}
        </Respostas>
      </FormSection>
      {atualizado && (
        <Text size="sm" c="dimmed">
          {atualizado}
        </Text>
      )}
    </Stack>
  );
}
