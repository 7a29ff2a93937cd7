// Tab `visualizar_condicao_situacao_saude` of /municipes/{id}/edit: the health conditions, read-only (issue 5).
import { SEXO_MASCULINO, type CondicaoSaude } from '@saude/shared/schemas/municipe';
import { useMunicipeTab } from '../context';
import {
  BlocoLeitura,
  BlocoRespondido,
  NAO_INFORMADO,
  Resposta,
  Respostas,
  RespostasSecao,
  textoResposta,
} from './partes';
import { FormSection } from '../../../lib/form';
import { saudeQuestoes, saudeSecoes } from './perguntas';

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
  const ocultas = useMunicipeTab().municipe.sexo_id === SEXO_MASCULINO ? (['gestante'] as const) : [];
  return (
    <BlocoRespondido bloco={b}>
      <RespostasSecao secao={saudeQuestoes.gerais} bloco={b} ocultas={ocultas} />
      <FormSection title={saudeSecoes.outras} readOnly>
        <Respostas>
          {/* The section already names the question. */}
          <Resposta pergunta="Condições informadas">
            {b.lock_version === null ? NAO_INFORMADO : textoResposta(b.outras_condicoes)}
          </Resposta>
        </Respostas>
      </FormSection>
      <RespostasSecao secao={saudeQuestoes.rua} bloco={b} />
    </BlocoRespondido>
  );
}
