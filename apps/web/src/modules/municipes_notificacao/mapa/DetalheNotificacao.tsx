// A notification's summary in a map's popup (issue 18): who, which disease, status and date, and the way to the
// citizen's notifications. The notifications map and the territory map's cases (issue 44) show the same.
import { Anchor, Group, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { doencaNotificacaoCompulsoria } from '@saude/shared/codes/doenca_notificacao_compulsoria';
import { isoToBr } from '@saude/shared';
import type { NotificacaoPonto } from '@saude/shared/schemas/notificacao_compulsoria';
import { BASE_PATH } from '../lista/api';
import { ESTILO_SITUACAO, SimboloSituacao } from '../lista/situacao';

export const doencaNome = new Map(doencaNotificacaoCompulsoria.map((d) => [d.codigo, d.descricao]));

/** A notification's summary in a popup (also the territory map's cases, issue 44). */
export function DetalheNotificacao({ p }: { p: NotificacaoPonto }) {
  return (
    <Stack gap={2}>
      <Text fw={700} size="sm">
        {p.nome}
      </Text>
      <Text size="sm">{doencaNome.get(p.doenca_agravo_id) ?? p.doenca_agravo_id}</Text>
      <Group gap={6} wrap="nowrap">
        <SimboloSituacao situacao={p.situacao} tamanho={20} />
        <Text size="sm">
          {ESTILO_SITUACAO[p.situacao].rotulo} · {isoToBr(p.data_notificacao)}
        </Text>
      </Group>
      <Anchor component={Link} to={`${BASE_PATH}/${p.municipe_id}/detalhes`} size="sm">
        Ver notificações de {p.nome}
      </Anchor>
    </Stack>
  );
}
