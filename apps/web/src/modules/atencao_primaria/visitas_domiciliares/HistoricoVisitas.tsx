// The visit history of a family, newest first: cards rather than a wide table, read on a tablet at the door.
import { Badge, Button, Card, Group, Pagination, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconBan } from '@tabler/icons-react';
import { DESFECHO_REALIZADA, type VisitaDomiciliar } from '@saude/shared/schemas/visita_domiciliar';
import { FAIXAS_SINAIS_VITAIS } from '@saude/shared/schemas/comum';
import { paginationText } from '../../../lib/list';
import { paginationControlLabels } from '../../../lib/list/Paginacao';
import { dataBr, horaBr, medidaBr } from '../../../lib/format';
import type { ItemFila } from './offline/db';
import { ItemFilaCard } from './offline/FilaVisitas';
import { desfechoNome, momentoGlicemiaNome, motivosNomes, tipoImovelNome, turnoNome } from './comum';

export const HISTORICO_LABEL = 'Histórico de visitas';

export interface HistoricoVisitasProps {
  visitas: VisitaDomiciliar[] | undefined;
  total: number | undefined;
  page: number;
  perPage: number;
  onPageChange: (page: number) => void;
  /** Whether the user may cancel this visit (an active visit they made, with the cancel permission). */
  podeCancelar: (v: VisitaDomiciliar) => boolean;
  onCancelar: (v: VisitaDomiciliar) => void;
  /** Shows where each visit happened (the visits without a family: no family header says it). */
  comLocal?: boolean;
  vazio?: string;
  /** Issue 25: records made on this device not yet in the server's history, with their state, on top. */
  locais?: ItemFila[];
}

/** Measurements as one line: 'Altura 160 cm · Peso 62,5 kg · PA 120/80 mmHg'. */
export function medidasTexto(v: VisitaDomiciliar): string {
  const f = FAIXAS_SINAIS_VITAIS;
  const partes: string[] = [];
  if (v.altura !== null) partes.push(`Altura ${medidaBr(v.altura, f.altura.unidade)}`);
  if (v.peso !== null) partes.push(`Peso ${medidaBr(v.peso, f.peso.unidade)}`);
  if (v.temperatura !== null) partes.push(`Temperatura ${medidaBr(v.temperatura, f.temperatura.unidade)}`);
  if (v.glicemia !== null) {
    const momento =
      v.momento_coleta_glicemia_id !== null ? ` (${momentoGlicemiaNome(v.momento_coleta_glicemia_id)})` : '';
    partes.push(`Glicemia ${medidaBr(v.glicemia, f.glicemia.unidade)}${momento}`);
  }
  if (v.pressao_sistolica !== null && v.pressao_diastolica !== null) {
    partes.push(`PA ${v.pressao_sistolica}/${v.pressao_diastolica} ${f.pressao_sistolica.unidade}`);
  }
  return partes.join(' · ');
}

export function HistoricoVisitas({
  visitas,
  total,
  page,
  perPage,
  onPageChange,
  podeCancelar,
  onCancelar,
  comLocal = false,
  vazio = 'Nenhuma visita registrada para esta família.',
  locais = [],
}: HistoricoVisitasProps) {
  const paginas = Math.max(1, Math.ceil((total ?? 0) / perPage));
  return (
    <Stack gap="sm" component="section" aria-labelledby="historico-visitas-titulo">
      <Title order={2} size="h4" id="historico-visitas-titulo">
        {HISTORICO_LABEL}
      </Title>
      {visitas === undefined && locais.length === 0 ? (
        <Stack gap="sm" role="status" aria-busy="true" aria-label="Carregando histórico de visitas">
          <Skeleton h={96} radius="md" />
          <Skeleton h={96} radius="md" />
        </Stack>
      ) : (visitas ?? []).length === 0 && locais.length === 0 ? (
        <Text c="dimmed" size="sm">
          {vazio}
        </Text>
      ) : (
        <Stack
          gap="sm"
          component="ul"
          aria-label={HISTORICO_LABEL}
          style={{ listStyle: 'none', padding: 0, margin: 0 }}
        >
          {locais.map((i) => (
            <ItemFilaCard key={i.chave} item={i} />
          ))}
          {(visitas ?? []).map((v) => (
            <VisitaItem
              key={v.id}
              v={v}
              comLocal={comLocal}
              podeCancelar={podeCancelar(v)}
              onCancelar={() => onCancelar(v)}
            />
          ))}
        </Stack>
      )}
      {visitas !== undefined && (total ?? 0) > perPage && (
        <Group justify="space-between" gap="sm">
          <Text size="sm" c="dimmed">
            {paginationText({
              from: (page - 1) * perPage + 1,
              to: Math.min(page * perPage, total ?? 0),
              totalRecords: total ?? 0,
            })}
          </Text>
          <Pagination
            total={paginas}
            value={page}
            onChange={onPageChange}
            size="lg"
            getControlProps={(control) => ({ 'aria-label': paginationControlLabels[control] })}
          />
        </Group>
      )}
    </Stack>
  );
}

function VisitaItem({
  v,
  comLocal,
  podeCancelar,
  onCancelar,
}: {
  v: VisitaDomiciliar;
  comLocal: boolean;
  podeCancelar: boolean;
  onCancelar: () => void;
}) {
  const cancelada = v.situacao === 'cancelada';
  const motivos = motivosNomes(v.motivo_visita_ids);
  const medidas = medidasTexto(v);
  return (
    <Card component="li" withBorder radius="md" p="md" bg={cancelada ? 'var(--mantine-color-gray-0)' : undefined}>
      <Stack gap={6}>
        <Group justify="space-between" align="flex-start" gap="sm" wrap="wrap">
          <Stack gap={2}>
            <Text fw={600} td={cancelada ? 'line-through' : undefined}>
              {dataBr(v.data_visita)} às {horaBr(v.data_visita)} · {turnoNome(v.turno_atendimentos)}
            </Text>
            <Text size="sm">{v.municipe_nome ?? (v.familia_id ? 'Família' : tipoImovelNome(v.tipo_imovel_id))}</Text>
            {comLocal && <Text size="sm">{v.endereco ?? 'Endereço não informado'}</Text>}
          </Stack>
          <Group gap="xs">
            {cancelada && (
              <Badge color="red" variant="filled">
                Cancelada
              </Badge>
            )}
            <Badge color={v.desfecho_id === DESFECHO_REALIZADA ? 'green' : 'gray'} variant="light">
              {desfechoNome(v.desfecho_id)}
            </Badge>
          </Group>
        </Group>
        <Group justify="space-between" align="flex-end" gap="sm" wrap="wrap">
          <Stack gap={4} style={{ flex: '1 1 320px' }}>
            <Text size="sm" c="dimmed">
              Por {v.profissional_nome ?? '—'}
              {v.ocupacao_nome ? ` (${v.ocupacao_nome.toLocaleLowerCase('pt-BR')})` : ''}
              {v.visita_compartilhada ? ' · visita compartilhada' : ''}
            </Text>
            {motivos.length > 0 && <Text size="sm">Motivos: {motivos.join(', ')}</Text>}
            {medidas && <Text size="sm">{medidas}</Text>}
            {cancelada && (
              <Text size="sm">
                Cancelada{v.cancelada_em ? ` em ${dataBr(v.cancelada_em)} às ${horaBr(v.cancelada_em)}` : ''}
                {v.cancelada_por_nome ? ` por ${v.cancelada_por_nome}` : ''}. Justificativa:{' '}
                {v.justificativa_cancelamento ?? '—'}
              </Text>
            )}
          </Stack>
          {podeCancelar && !cancelada && (
            <Button
              variant="outline"
              color="red"
              mih={44}
              leftSection={<IconBan size={18} aria-hidden />}
              onClick={onCancelar}
            >
              Cancelar visita
            </Button>
          )}
        </Group>
      </Stack>
    </Card>
  );
}
