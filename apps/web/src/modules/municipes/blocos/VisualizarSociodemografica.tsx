// Tab `visualizar_sociodemografica` of /municipes/{id}/edit: the sociodemographic answers, read-only (issue 5).
import { Stack, Text } from '@mantine/core';
import type { Municipe, Sociodemografica } from '@saude/shared/schemas/municipe';
import { useMunicipeTab } from '../context';
import { useOcupacaoNome } from './comum';
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
import { perguntaResponsavelCrianca, socioLabels as L, socioTabelas as T } from './perguntas';

export function VisualizarSociodemografica() {
  const { municipe, permissoes } = useMunicipeTab();
  return (
    <BlocoLeitura
      municipeId={municipe.id}
      bloco="sociodemografica"
      pode={permissoes.sociodemograficas.includes('show')}
    >
      {(b) => <SociodemograficaLeitura municipe={municipe} bloco={b} />}
    </BlocoLeitura>
  );
}

/** The answers as text, in the e-SUS order; details only when their question was answered "Sim". */
export function SociodemograficaLeitura({ municipe, bloco: b }: { municipe: Municipe; bloco: Sociodemografica }) {
  // Nothing saved yet: the API's false/[] are not answers, so every question reads 'Não informado'.
  const novo = b.lock_version === null;
  const r = (v: Parameters<typeof textoResposta>[0], tabela?: Parameters<typeof textoResposta>[1]) =>
    novo ? NAO_INFORMADO : textoResposta(v, tabela);
  const ocupacao = useOcupacaoNome(b.ocupacao_id);
  const atualizado = atualizadoEm(b.updated_at);
  return (
    <Stack gap="lg">
      {novo && <BlocoNaoPreenchido />}
      <FormSection title="Informações sociodemográficas" readOnly>
        <Respostas>
          <Resposta pergunta={L.responsavel_familiar}>{r(b.responsavel_familiar)}</Resposta>
          <Resposta pergunta={L.ocupacao_id}>{r(ocupacao)}</Resposta>
          <Resposta pergunta={L.frequenta_escola}>{r(b.frequenta_escola)}</Resposta>
          <Resposta pergunta={L.curso_mais_elevado_id}>{r(b.curso_mais_elevado_id, T.curso_mais_elevado_id)}</Resposta>
          <Resposta pergunta={L.situacao_mercado_trabalho_id}>
            {r(b.situacao_mercado_trabalho_id, T.situacao_mercado_trabalho_id)}
          </Resposta>
          {perguntaResponsavelCrianca(municipe) && (
            <Resposta pergunta={L.responsaveis_criancas}>
              {r(b.responsaveis_criancas, T.responsaveis_criancas)}
            </Resposta>
          )}
          <Resposta pergunta={L.frequenta_cuidador_tradicional}>{r(b.frequenta_cuidador_tradicional)}</Resposta>
          <Resposta pergunta={L.participa_grupo_comunitario}>{r(b.participa_grupo_comunitario)}</Resposta>
          <Resposta pergunta={L.plano_saude_privado}>{r(b.plano_saude_privado)}</Resposta>
          <Resposta pergunta={L.povo_comunidade_tradicional}>{r(b.povo_comunidade_tradicional)}</Resposta>
          {b.povo_comunidade_tradicional && (
            <Resposta pergunta={L.povo_comunidade_tradicional_id}>
              {r(b.povo_comunidade_tradicional_id, T.povo_comunidade_tradicional_id)}
            </Resposta>
          )}
          <Resposta pergunta={L.informa_orientacao_sexual}>{r(b.informa_orientacao_sexual)}</Resposta>
          {b.informa_orientacao_sexual && (
            <Resposta pergunta={L.orientacao_sexual_id}>{r(b.orientacao_sexual_id, T.orientacao_sexual_id)}</Resposta>
          )}
          <Resposta pergunta={L.informa_identidade_genero}>{r(b.informa_identidade_genero)}</Resposta>
          {b.informa_identidade_genero && (
            <Resposta pergunta={L.identidade_genero_id}>{r(b.identidade_genero_id, T.identidade_genero_id)}</Resposta>
          )}
          <Resposta pergunta={L.possui_deficiencia}>{r(b.possui_deficiencia)}</Resposta>
          {b.possui_deficiencia && <Resposta pergunta={L.deficiencias}>{r(b.deficiencias, T.deficiencias)}</Resposta>}
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
