// Pieces shared by one citizen's notification screens (issue 18): the status badge and names, the disease of the
// national list with its CID-10, and the "notify within 24 hours" warning of an immediate disease.
import { Alert, Badge, List, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import type { DoencaNotificacaoCompulsoriaRow } from '@saude/shared/codes/doenca_notificacao_compulsoria';
import {
  doencaDe,
  ROTULOS_SITUACAO_NOTIFICACAO,
  type SituacaoNotificacao,
} from '@saude/shared/schemas/notificacao_compulsoria';

export const MODEL = 'Notificação';

const CORES: Record<SituacaoNotificacao, string> = { suspeito: 'yellow', confirmado: 'red', descartado: 'gray' };

export function SituacaoBadge({ situacao }: { situacao: SituacaoNotificacao }) {
  return (
    // Dark text on the light badge: AA contrast for every colour (axe color-contrast); the word carries the meaning.
    <Badge color={CORES[situacao]} variant="light" size="md" styles={{ label: { color: 'var(--mantine-color-text)' } }}>
      {ROTULOS_SITUACAO_NOTIFICACAO[situacao]}
    </Badge>
  );
}

/** A light alert's title in the text colour: yellow or red on their light background fail WCAG contrast (axe). */
export const ALERTA = { title: { color: 'var(--mantine-color-text)' } };

/** The levels an immediate disease is notified to within 24 hours (the list's 'X' columns); empty when weekly. */
export function niveisImediatos(d: DoencaNotificacaoCompulsoriaRow | undefined): string[] {
  if (!d) return [];
  return [
    d.imediata_ms === 'X' && 'Ministério da Saúde',
    d.imediata_ses === 'X' && 'Secretaria Estadual de Saúde',
    d.imediata_sms === 'X' && 'Secretaria Municipal de Saúde',
  ].filter((n): n is string => Boolean(n));
}

export const AVISO_IMEDIATA = 'Notificação imediata: notifique em até 24 horas';

/** The immediate disease's warning (to whom, within 24 h); nothing for a weekly one. */
export function AvisoImediata({ codigo }: { codigo: string | null | undefined }) {
  const d = doencaDe(codigo);
  const niveis = niveisImediatos(d);
  if (niveis.length === 0) return null;
  return (
    <Alert
      color="red"
      variant="light"
      styles={ALERTA}
      title={AVISO_IMEDIATA}
      icon={<IconAlertTriangle size={20} aria-hidden />}
    >
      <Text size="sm">Comunique o caso, por telefone ou e-mail, além do registro, a:</Text>
      <List size="sm" mt={4}>
        {niveis.map((n) => (
          <List.Item key={n}>{n}</List.Item>
        ))}
      </List>
    </Alert>
  );
}
