// Pieces shared by the home-visit screens: code names, dates as ux.md writes them, loading and refusal states.
import { Alert, Button, Group, Skeleton, Stack, Text } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link } from 'react-router';
import { desfechoVisita, motivoVisita, tipoGlicemiaCapilar, tipoImovel, turno } from '@saude/shared/codes';
import { msg } from '@saude/shared';
import { ApiError } from '../../../lib/http';

export const MODEL = 'Visita domiciliar';

type Tabela = readonly { codigo: number; descricao: string }[];
const nomeDe = (t: Tabela, id: number | null | undefined) => t.find((r) => r.codigo === id)?.descricao ?? '—';

export const turnoNome = (id: number | null | undefined) => nomeDe(turno, id);
export const desfechoNome = (id: number | null | undefined) => nomeDe(desfechoVisita, id);
export const tipoImovelNome = (id: number | null | undefined) => nomeDe(tipoImovel, id);
export const momentoGlicemiaNome = (id: number | null | undefined) => nomeDe(tipoGlicemiaCapilar, id);
/** Reason names in the e-SUS order (the groups' order), whatever order they were saved in. */
export const motivosNomes = (ids: readonly number[]) =>
  motivoVisita.filter((m) => ids.includes(m.codigo)).map((m) => m.descricao);

const p2 = (n: number) => String(n).padStart(2, '0');

function dataLocal(iso: string | null | undefined): Date | null {
  if (!iso) return null;
  // A bare date is a calendar day, not midnight UTC (which is the day before in Brasília).
  const d = /^\d{4}-\d{2}-\d{2}$/.test(iso) ? new Date(`${iso}T12:00:00`) : new Date(iso);
  return Number.isNaN(d.getTime()) ? null : d;
}

/** 'dd/MM/yyyy' of a date or timestamp, in the browser's time; '' when absent. */
export function dataBr(iso: string | null | undefined): string {
  const d = dataLocal(iso);
  return d ? `${p2(d.getDate())}/${p2(d.getMonth() + 1)}/${d.getFullYear()}` : '';
}

/** 'HH:mm' of a timestamp in the browser's time. */
export function horaBr(iso: string | null | undefined): string {
  const d = dataLocal(iso);
  return d ? `${p2(d.getHours())}:${p2(d.getMinutes())}` : '';
}

/** The last visit of a family or member: 'dd/MM/yyyy' or 'Sem visitas'. */
export const ultimaVisitaTexto = (iso: string | null | undefined) => dataBr(iso) || 'Sem visitas';

/** Numbers the pt-BR way with their unit: 36.5 → '36,5 °C'. */
export const medidaBr = (n: number, unidade: string) => `${String(n).replace('.', ',')} ${unidade}`;

export function Carregando({ label }: { label: string }) {
  return (
    <Stack gap="md" aria-busy="true" aria-label={label}>
      <Skeleton h={96} radius="md" />
      <Skeleton h={320} radius="md" />
    </Stack>
  );
}

/** A load that failed for a reason other than "not found": say so and offer to try again (ux.md). */
export function ErroAoCarregar({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  return (
    <Alert color="red" variant="light" role="alert" title={msg.algoDeuErrado}>
      <Group justify="space-between" gap="sm">
        <Text size="sm">{error instanceof ApiError && error.message ? error.message : msg.erroGenerico}</Text>
        <Button variant="light" mih={44} onClick={onRetry}>
          Tentar novamente
        </Button>
      </Group>
    </Alert>
  );
}

/** Why a visit cannot be launched (family moved away, not an agent), with the way back; the form never opens. */
export function Bloqueio({
  mensagem,
  voltar,
  voltarLabel = 'Voltar',
}: {
  mensagem: string;
  voltar: string;
  voltarLabel?: string;
}) {
  return (
    <Stack gap="md">
      <Alert color="yellow" variant="light" role="alert" title="Não é possível lançar a visita">
        <Text size="sm">{mensagem}</Text>
      </Alert>
      <Group>
        <Button
          component={Link}
          to={voltar}
          variant="default"
          mih={44}
          leftSection={<IconArrowLeft size={18} aria-hidden />}
        >
          {voltarLabel}
        </Button>
      </Group>
    </Stack>
  );
}
