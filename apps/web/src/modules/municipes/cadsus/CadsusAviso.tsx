// What a national registry lookup tells the user (issue 24, spec §8): filled (and which fields), not found (with the
// advanced search), the registry refused our credentials, or unavailable — the form stays usable in every case.
import { cadsusMsg } from '@saude/shared/schemas/municipe_cadsus';
import { Alert, Anchor, List, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { formatCns } from '@saude/shared/validation/cns';
import type { CadsusMunicipe } from '@saude/shared/schemas/municipe_cadsus';
import { msg } from '@saude/shared/messages';
import { ApiError } from '../../../lib/http';
import type { ConsultaCadsus } from './api';
import { rotulosDe } from './preencher';

/** Titles in the text colour: a yellow or teal title on its light background fails AA contrast (axe). */
const ESTILO = { title: { color: 'var(--mantine-color-text)' } };

export type Desfecho =
  | { tipo: 'preenchido'; resposta: CadsusMunicipe; campos: string[] }
  | { tipo: 'erro'; erro: unknown; consulta: ConsultaCadsus | null };

/** The advanced search, already holding the number that was asked. */
export const buscaAvancadaDe = (c: ConsultaCadsus | null) =>
  `/municipes?avancada=1${c ? `&${'cpf' in c ? `cpf_numero=${c.cpf}` : `codigo_cns=${c.cns}`}` : ''}`;

export function CadsusAviso({ desfecho }: { desfecho: Desfecho }) {
  if (desfecho.tipo === 'preenchido') {
    const { resposta, campos } = desfecho;
    const outros = resposta.cns.slice(1);
    return (
      <Alert color="teal" variant="light" styles={ESTILO} title="Dados encontrados no CADSUS" role="status">
        <Stack gap={6}>
          <Text size="sm">
            Preenchidos pelo CADSUS: {rotulosDe(campos).join(', ')}. Confira os dados e clique em Salvar para gravar.
          </Text>
          {outros.length > 0 && (
            <Text size="sm">
              Outros CNS no CADSUS:{' '}
              {outros.map((c) => `${formatCns(c.numero)}${c.definitivo ? '' : ' (provisório)'}`).join(', ')}
            </Text>
          )}
          <JaCadastrados resposta={resposta} />
        </Stack>
      </Alert>
    );
  }
  const { erro, consulta } = desfecho;
  const e = erro instanceof ApiError ? erro : null;
  if (e?.code === 'nao_encontrado') {
    return (
      <Alert color="yellow" variant="light" styles={ESTILO} title="Não encontrado no CADSUS" role="status">
        <Text size="sm">
          {msg.cadsusNaoEncontrado}{' '}
          <Anchor component={Link} to={buscaAvancadaDe(consulta)} size="sm" fw={600} c="saude.9" underline="always">
            Abrir a busca avançada
          </Anchor>
        </Text>
      </Alert>
    );
  }
  const autenticacao = e?.code === 'servico_autenticacao';
  return (
    <Alert
      color={autenticacao ? 'red' : 'yellow'}
      variant="light"
      styles={ESTILO}
      title={autenticacao ? 'Falha de autenticação no CADSUS' : 'Consulta ao CADSUS indisponível'}
      role="status"
    >
      <Text size="sm">{e?.message ?? cadsusMsg.cadsusIndisponivel}</Text>
      {autenticacao && (
        <Text size="sm">O cadastro pode continuar sem a consulta. Avise o gestor para renovar o acesso ao CADSUS.</Text>
      )}
    </Alert>
  );
}

/** Citizens of ours with the same CPF or CNS: open that record rather than registering the person twice. */
export function JaCadastrados({ resposta }: { resposta: CadsusMunicipe }) {
  if (resposta.ja_cadastrados.length === 0) return null;
  return (
    <Stack gap={2}>
      <Text size="sm" fw={600}>
        Já cadastrado neste município com este CPF ou CNS:
      </Text>
      <List size="sm">
        {resposta.ja_cadastrados.map((m) => (
          <List.Item key={m.id}>
            <Anchor
              component={Link}
              to={`/municipes/${m.id}/edit`}
              state={{ cadsus: resposta }}
              size="sm"
              c="saude.9"
              underline="always"
            >
              {m.nome}
            </Anchor>
          </List.Item>
        ))}
      </List>
    </Stack>
  );
}
