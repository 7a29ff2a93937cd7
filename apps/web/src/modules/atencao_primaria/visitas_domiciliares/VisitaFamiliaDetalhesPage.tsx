// /atencao_primaria/visitas_domiciliares/{familiaId}/detalhes (spec §2, issue 8): the family, its members with age and
// last visit, and the visit history. Only agents launch visits (spec §5); others, and everyone for a family that moved
// away (spec §4), see the history with a notice saying why there is no "Visitar".
import { Alert, Badge, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconHome, IconUser } from '@tabler/icons-react';
import { useState } from 'react';
import { msg } from '@saude/shared';
import { parentescoFamilia } from '@saude/shared/schemas/familia';
import type {
  FamiliaVisitaDetalhe,
  VisitaDomiciliar,
  VisitaDomiciliarFilters,
} from '@saude/shared/schemas/visita_domiciliar';
import { usePode } from '../../../lib/access';
import { LinkButton } from '../../../lib/LinkButton';
import { BackButton } from '../../../lib/detail';
import { LoadError } from '../../../lib/feedback';
import { descricao } from '../../../lib/format';
import { ApiError } from '../../../lib/http';
import { RecordHeader } from '../../../lib/RecordHeader';
import { recordPage, type RecordPageProps } from '../../../lib/recordPage';
import { BASE_PATH, useContextoVisita, useFamiliaVisita, useHistoricoVisitas } from './api';
import { CancelarVisitaDialog } from './CancelarVisitaDialog';
import { ALERTA, ultimaVisitaTexto } from './comum';
import { HistoricoVisitas } from './HistoricoVisitas';
import { useFila } from './offline/fila';
import { useSincronizacao } from './offline/useSincronizacao';

const POR_PAGINA = 10;
const parentescoNome = (id: number) => descricao(parentescoFamilia, id, '');

export const VisitaFamiliaDetalhesPage = recordPage(
  { load: useFamiliaVisita, backTo: BASE_PATH, label: 'Carregando família', param: 'familiaId' },
  Detalhes,
);

/** The family's identity, on top of the detail and of the visit form. */
export function FamiliaCabecalho({
  familia: { responsavel_nome, numero_prontuario: prontuario, micro_area, mudou },
  endereco,
  children,
}: {
  familia: Pick<FamiliaVisitaDetalhe, 'responsavel_nome' | 'numero_prontuario' | 'micro_area' | 'mudou'>;
  endereco: string | null;
  children?: React.ReactNode;
}) {
  return (
    <RecordHeader
      title={`Família de ${responsavel_nome}`}
      badges={
        mudou && (
          <Badge color="gray" variant="filled">
            Mudou-se
          </Badge>
        )
      }
      actions={children}
    >
      <Text size="sm">{endereco ?? 'Sem domicílio vinculado'}</Text>
      <Text size="sm" c="dimmed">
        Micro-área {micro_area ?? '—'}
        {prontuario ? ` · Prontuário ${prontuario}` : ''}
      </Text>
    </RecordHeader>
  );
}

function Detalhes({ atual: f }: RecordPageProps<FamiliaVisitaDetalhe>) {
  useDocumentTitle(`Visitas domiciliares · Família de ${f.responsavel_nome}`);
  const podeCriar = usePode('atencao_primaria/visitas_domiciliares:create');
  const contexto = useContextoVisita({ familia_id: f.id }, !f.mudou);

  const bloqueio = f.mudou
    ? msg.familiaMudou
    : contexto.data && !contexto.data.pode_lancar
      ? (contexto.data.motivo_bloqueio ?? msg.visitaSomenteAgentes)
      : contexto.error instanceof ApiError
        ? contexto.error.message
        : null;
  const podeVisitar = !f.mudou && podeCriar && contexto.data?.pode_lancar === true;
  const base = `${BASE_PATH}/${f.id}`;

  return (
    <Stack gap="md">
      <FamiliaCabecalho familia={f} endereco={f.endereco}>
        <Stack gap={4} align="flex-end">
          <Text size="sm">Última visita: {ultimaVisitaTexto(f.ultima_visita)}</Text>
          {podeVisitar && (
            <LinkButton to={`${base}/visitar`} size="md" icon={IconHome}>
              Visitar família
            </LinkButton>
          )}
        </Stack>
      </FamiliaCabecalho>

      {bloqueio && (
        <Alert color="yellow" variant="light" role="status" styles={ALERTA} title="Lançamento de visitas indisponível">
          <Text size="sm">{bloqueio}</Text>
        </Alert>
      )}

      <Stack gap="sm" component="section" aria-labelledby="membros-titulo">
        <Title order={2} size="h4" id="membros-titulo">
          Membros
        </Title>
        <Stack
          gap="xs"
          component="ul"
          aria-label="Membros da família"
          style={{ listStyle: 'none', padding: 0, margin: 0 }}
        >
          {f.membros.map((m) => (
            <Card key={m.municipe_id} component="li" withBorder radius="md" p="sm">
              <Group justify="space-between" wrap="wrap" gap="sm">
                <Group gap="sm" wrap="nowrap" align="flex-start">
                  <IconUser size={20} aria-hidden style={{ marginTop: 2, flexShrink: 0 }} />
                  <Stack gap={2}>
                    <Group gap="xs" wrap="wrap">
                      <Text fw={600}>{m.nome_social ?? m.nome}</Text>
                      {m.obito && (
                        <Badge color="gray" variant="filled" size="sm">
                          Óbito
                        </Badge>
                      )}
                    </Group>
                    {m.nome_social && (
                      <Text size="xs" c="dimmed">
                        Nome civil: {m.nome}
                      </Text>
                    )}
                    <Text size="sm">{[m.idade, parentescoNome(m.parentesco_id)].filter(Boolean).join(' · ')}</Text>
                    <Text size="sm" c="dimmed">
                      Última visita: {ultimaVisitaTexto(m.ultima_visita)}
                    </Text>
                  </Stack>
                </Group>
                {/* A deceased member receives no visit (the API refuses it too). */}
                {podeVisitar && !m.obito && (
                  <LinkButton
                    to={`${base}/membro/${m.municipe_id}/visitar`}
                    variant="light"
                    size="md"
                    aria-label={`Visitar ${m.nome_social ?? m.nome}`}
                  >
                    Visitar
                  </LinkButton>
                )}
              </Group>
            </Card>
          ))}
        </Stack>
      </Stack>

      <HistoricoCancelavel filtro={{ familia_id: f.id }} />
    </Stack>
  );
}

/** The visit history a page at a time (or why it did not load), the way back to the list and the cancel dialog. */
export function HistoricoCancelavel({
  filtro,
  ...props
}: {
  filtro: Partial<VisitaDomiciliarFilters>;
  comLocal?: boolean;
  vazio?: string;
}) {
  const [page, setPage] = useState(1);
  const historico = useHistoricoVisitas({ ...filtro, page, per_page: POR_PAGINA });
  const [cancelando, setCancelando] = useState<VisitaDomiciliar | null>(null);
  // Issue 25: what this device recorded for the family and has not seen in the server's history yet, on top.
  const login = useSincronizacao();
  const fila = useFila(filtro.familia_id ? login : undefined, filtro.familia_id);
  const noServidor = new Set(historico.data?.rows.map((v) => v.id));
  const locais = fila?.filter((i) =>
    i.tipo === 'cancelamento' ? i.estado !== 'enviado' : !noServidor.has(i.visita_id),
  );
  return (
    <>
      {historico.error && !locais?.length ? (
        <LoadError error={historico.error} onRetry={() => void historico.refetch()} />
      ) : (
        <HistoricoVisitas
          visitas={historico.data?.rows}
          total={historico.data?.total}
          page={page}
          perPage={POR_PAGINA}
          onPageChange={setPage}
          // The API answers who may cancel each visit (the agent who made it, or a manager of the unit).
          podeCancelar={(v) => v.pode_cancelar}
          onCancelar={setCancelando}
          locais={locais}
          {...props}
        />
      )}
      <BackButton to={BASE_PATH} end>
        Voltar para a lista
      </BackButton>
      <CancelarVisitaDialog visita={cancelando} onClose={() => setCancelando(null)} />
    </>
  );
}
