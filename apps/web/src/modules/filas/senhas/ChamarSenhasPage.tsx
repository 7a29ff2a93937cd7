// /filas/chamadas "Chamar senhas" (issue 17): a desk or room. Choose the queue and the location (remembered on this
// device), call the next ticket (F2), then work the current one: call again once tempo_chamadas has passed, start,
// conclude, forward to another queue (confirmed), or mark absent. The queue's waiting tickets, in call order, each
// with its own "Chamar"; the list refreshes every 10 s and after each action. Every refusal is the API's message.
import { Alert, Button, Card, Group, Kbd, Modal, Select, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useDocumentTitle, useHotkeys, useLocalStorage } from '@mantine/hooks';
import { useEffect, useMemo, useState } from 'react';
import type { SenhaListItem } from '@saude/shared/schemas/senha';
import { usePode } from '../../../lib/access';
import { notifyError, notifySuccess } from '../../../lib/feedback';
import { horaBr } from '../../../lib/format';
import { httpComToken } from '../../../lib/http';
import { ConectarSenhaSimples } from '../senha_simples/ConectarSenhaSimples';
import { useSenhaSimples, type SenhaSimples } from '../senha_simples/useSenhaSimples';
import {
  senhasApiDe,
  SenhasApiContext,
  useChamarProxima,
  useContextoSenhas,
  usePassoSenha,
  useSenhas,
  useSenhasAbertasNoLocal,
  type Passo,
} from './api';
import { useSegundosRestantes } from '../../../lib/contagem';
import { CodigoSenha, corDoTexto, SituacaoSenhaBadge, useUmaAcaoPorVez } from './comum';
import { opcoesNomeadas } from '../../../lib/form';

const TITULO = 'Chamar senhas';
const ATUALIZAR_MS = 10_000;

type Escolha = { fila_id: string | null; local_id: string | null };

/**
 * The desk works through the ticket service (spec §4): connect to SenhaSimples first (the 600×700 popup), then every
 * ticket call carries its token; when that token ends, the desk asks to connect again.
 */
export function ChamarSenhasPage() {
  useDocumentTitle(TITULO);
  const senhaSimples = useSenhaSimples();
  const { estado, desconectar } = senhaSimples;
  const token = estado.situacao === 'conectado' ? estado.token : null;
  const api = useMemo(() => (token ? senhasApiDe(httpComToken(token, desconectar)) : null), [token, desconectar]);
  if (!api)
    return (
      <Stack gap="lg">
        <Title order={1}>{TITULO}</Title>
        <Card withBorder padding="lg">
          <Stack gap="md" align="flex-start">
            <Text>
              As chamadas de senhas passam pelo SenhaSimples, o serviço de senhas da unidade. Conecte-se para chamar
              senhas neste local de atendimento; uma janela pedirá a sua autorização.
            </Text>
            <ConectarSenhaSimples senhaSimples={senhaSimples} />
          </Stack>
        </Card>
      </Stack>
    );
  return (
    <SenhasApiContext.Provider value={api}>
      <Mesa senhaSimples={senhaSimples} />
    </SenhasApiContext.Provider>
  );
}

function Mesa({ senhaSimples }: { senhaSimples: SenhaSimples }) {
  const ctx = useContextoSenhas();
  const [escolha, setEscolha] = useLocalStorage<Escolha>({
    key: 'saude.filas.chamadas',
    defaultValue: { fila_id: null, local_id: null },
    getInitialValueInEffect: false,
  });
  const filas = ctx.data?.filas ?? [];
  const fila = filas.find((f) => f.id === escolha.fila_id) ?? null;
  const local = fila?.locais.find((l) => l.id === escolha.local_id) ?? null;
  const pronto = !!fila && !!local;
  const [atual, setAtual] = useState<SenhaListItem | null>(null);
  const proxima = useChamarProxima();
  const passo = usePassoSenha();
  const ocupado = proxima.isPending || passo.isPending;
  const pode = {
    chamar: usePode('filas/senhas:chamar'),
    atender: usePode('filas/senhas:atender'),
    concluir: usePode('filas/senhas:concluir'),
    encaminhar: usePode('filas/senhas:encaminhar'),
    ausente: usePode('filas/senhas:ausente'),
  };

  const filtro = { fila_id: fila?.id, per_page: 50 };
  const aguardando = useSenhas(
    { ...filtro, situacao: 'aguardando' },
    { enabled: !!fila, refetchInterval: ATUALIZAR_MS },
  );
  const ausentes = useSenhas({ ...filtro, situacao: 'ausente' }, { enabled: !!fila, refetchInterval: ATUALIZAR_MS });

  // One action at a time at the desk (issue 39): a double click or F2 held down calls one ticket.
  const umaPorVez = useUmaAcaoPorVez();
  const chamarProxima = () => {
    if (!pronto || ocupado || !pode.chamar) return;
    umaPorVez(() => proxima.mutateAsync({ fila_id: fila.id, local_id: local.id }).then(setAtual, notifyError));
  };
  // F2 also while the focus is in the queue or location select (the default ignores inputs; F2 types nothing).
  useHotkeys([['F2', chamarProxima]], []);

  // After a reload the desk finds the ticket it was serving (its last call still open at this location).
  const emAberto = useSenhasAbertasNoLocal(local?.id ?? null, atual === null);
  useEffect(() => {
    if (emAberto) setAtual(emAberto);
  }, [emAberto]);

  const executar = (s: SenhaListItem, p: Passo, body?: { local_id?: string; fila_id?: string }, aviso?: string) =>
    umaPorVez(() =>
      passo.mutateAsync({ senha: s, passo: p, body }).then((r) => {
        // A ticket that leaves the desk (concluded, forwarded, absent) is no longer the current one.
        setAtual(r.situacao === 'chamada' || r.situacao === 'em_atendimento' ? r : null);
        if (aviso) notifySuccess(aviso);
      }, notifyError),
    );

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="center" wrap="wrap">
        <Title order={1}>{TITULO}</Title>
        <ConectarSenhaSimples senhaSimples={senhaSimples} />
      </Group>
      <Card withBorder padding="md">
        <Group align="flex-end" gap="md" wrap="wrap">
          <Select
            label="Fila"
            placeholder="Escolha a fila"
            w={260}
            data={opcoesNomeadas(filas)}
            value={fila?.id ?? null}
            onChange={(v) => {
              const f = filas.find((x) => x.id === v);
              setEscolha({ fila_id: v, local_id: f?.locais.length === 1 ? f.locais[0]!.id : null });
              setAtual(null);
            }}
            allowDeselect={false}
          />
          <Select
            label="Local de atendimento"
            placeholder={fila ? 'Escolha o local' : 'Escolha a fila antes'}
            w={260}
            data={opcoesNomeadas(fila?.locais)}
            value={local?.id ?? null}
            onChange={(v) => setEscolha({ ...escolha, local_id: v })}
            disabled={!fila}
            allowDeselect={false}
          />
        </Group>
        {ctx.isSuccess && filas.length === 0 && (
          <Alert color="yellow" variant="light" mt="md">
            Esta unidade ainda não tem filas. Cadastre-as em Parametrização de filas.
          </Alert>
        )}
      </Card>

      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <Stack gap="xs">
          <Button
            size="xl"
            h={96}
            fz="1.6rem"
            onClick={chamarProxima}
            disabled={!pronto || !pode.chamar || passo.isPending}
            loading={proxima.isPending}
          >
            Chamar próxima
          </Button>
          <Text size="sm" c="dimmed">
            Atalho: <Kbd>F2</Kbd> chama a próxima senha{local ? ` para ${local.nome}` : ''}.
          </Text>
        </Stack>
        <SenhaAtual
          senha={atual}
          tempo={ctx.data?.tempo_chamadas}
          ocupado={ocupado}
          pode={pode}
          outrasFilas={filas.filter((f) => f.id !== atual?.fila.id)}
          executar={executar}
        />
      </SimpleGrid>

      <ListaDaFila
        titulo="Aguardando, na ordem de chamada"
        vazio={fila ? 'Nenhuma senha aguardando nesta fila.' : 'Escolha a fila para ver as senhas aguardando.'}
        senhas={aguardando.data?.rows ?? []}
        total={aguardando.data?.total}
        podeChamar={pronto && pode.chamar && !ocupado}
        chamar={(s) => executar(s, 'chamar', { local_id: local!.id })}
      />
      {(ausentes.data?.rows.length ?? 0) > 0 && (
        <ListaDaFila
          titulo="Ausentes"
          vazio=""
          senhas={ausentes.data!.rows}
          total={ausentes.data!.total}
          podeChamar={pronto && pode.chamar && !ocupado}
          chamar={(s) => executar(s, 'chamar', { local_id: local!.id })}
        />
      )}
    </Stack>
  );
}

function SenhaAtual({
  senha,
  tempo,
  ocupado,
  pode,
  outrasFilas,
  executar,
}: {
  senha: SenhaListItem | null;
  tempo: number | undefined;
  ocupado: boolean;
  pode: Record<'chamar' | 'atender' | 'concluir' | 'encaminhar' | 'ausente', boolean>;
  outrasFilas: Array<{ id: string; nome: string }>;
  executar: (s: SenhaListItem, p: Passo, body?: { fila_id?: string }, aviso?: string) => void;
}) {
  const restantes = useSegundosRestantes(senha?.situacao === 'chamada' ? senha.chamada_em : null, tempo);
  const [encaminhando, setEncaminhando] = useState(false);
  const [destino, setDestino] = useState<string | null>(null);
  if (!senha)
    return (
      <Card withBorder padding="lg" aria-label="Senha atual" component="section">
        <Text c="dimmed">Nenhuma senha em atendimento neste local.</Text>
      </Card>
    );
  const chamada = senha.situacao === 'chamada';
  const destinoNome = outrasFilas.find((f) => f.id === destino)?.nome;
  return (
    <Card withBorder padding="lg" aria-label="Senha atual" component="section">
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start">
          <Stack gap={2}>
            <Text size="sm" c="dimmed">
              Senha atual
            </Text>
            <Text
              fz="3rem"
              fw={800}
              lh={1}
              px="sm"
              style={{
                background: senha.categoria.cor,
                color: corDoTexto(senha.categoria.cor),
                borderRadius: 6,
              }}
              w="fit-content"
              data-testid="senha-atual"
            >
              {senha.codigo}
            </Text>
            <Text fw={600}>{senha.categoria.nome}</Text>
            <Text size="sm">
              {senha.local?.nome} · chamada às {senha.chamada_em ? horaBr(senha.chamada_em) : '—'}
              {senha.chamadas > 1 ? ` (${senha.chamadas} chamadas)` : ''}
            </Text>
          </Stack>
          <SituacaoSenhaBadge situacao={senha.situacao} />
        </Group>
        <Group gap="sm" wrap="wrap">
          {pode.chamar && chamada && (
            <Button
              variant="light"
              mih={44}
              disabled={ocupado || restantes > 0}
              onClick={() => executar(senha, 'rechamar')}
            >
              {restantes > 0 ? `Chamar novamente (${restantes} s)` : 'Chamar novamente'}
            </Button>
          )}
          {pode.atender && chamada && (
            <Button mih={44} disabled={ocupado} onClick={() => executar(senha, 'iniciar')}>
              Iniciar atendimento
            </Button>
          )}
          {pode.concluir && (
            <Button
              mih={44}
              disabled={ocupado}
              onClick={() => executar(senha, 'concluir', undefined, `Senha ${senha.codigo} concluída.`)}
            >
              Concluir
            </Button>
          )}
          {pode.encaminhar && outrasFilas.length > 0 && (
            <Button mih={44} variant="default" disabled={ocupado} onClick={() => setEncaminhando(true)}>
              Encaminhar
            </Button>
          )}
          {pode.ausente && chamada && (
            <Button
              mih={44}
              variant="default"
              disabled={ocupado}
              onClick={() => executar(senha, 'ausente', undefined, `Senha ${senha.codigo} marcada como ausente.`)}
            >
              Ausente
            </Button>
          )}
        </Group>
      </Stack>
      <Modal
        opened={encaminhando}
        onClose={() => setEncaminhando(false)}
        title={`Encaminhar a senha ${senha.codigo}`}
        centered
      >
        <Stack>
          <Select
            label="Fila de destino"
            placeholder="Escolha a fila"
            data={opcoesNomeadas(outrasFilas)}
            value={destino}
            onChange={setDestino}
            data-autofocus
          />
          <Text size="sm">
            {destinoNome
              ? `A senha ${senha.codigo} sai deste local e passa a aguardar na fila ${destinoNome}.`
              : 'A senha sai deste local e passa a aguardar na fila escolhida.'}
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setEncaminhando(false)}>
              Cancelar
            </Button>
            <Button
              disabled={!destino}
              onClick={() => {
                setEncaminhando(false);
                executar(
                  senha,
                  'encaminhar',
                  { fila_id: destino! },
                  `Senha ${senha.codigo} encaminhada para ${destinoNome}.`,
                );
              }}
            >
              Encaminhar
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Card>
  );
}

function ListaDaFila({
  titulo,
  vazio,
  senhas,
  total,
  podeChamar,
  chamar,
}: {
  titulo: string;
  vazio: string;
  senhas: SenhaListItem[];
  total: number | undefined;
  podeChamar: boolean;
  chamar: (s: SenhaListItem) => void;
}) {
  return (
    <Stack gap="xs" component="section" aria-label={titulo}>
      <Title order={2} size="h4">
        {titulo}
        {total !== undefined && total > 0 ? ` (${total})` : ''}
      </Title>
      {senhas.length === 0 ? (
        <Text c="dimmed">{vazio}</Text>
      ) : (
        <Table striped highlightOnHover verticalSpacing="xs" aria-label={titulo}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Senha</Table.Th>
              <Table.Th>Categoria</Table.Th>
              <Table.Th>Na fila desde</Table.Th>
              <Table.Th>Origem</Table.Th>
              <Table.Th style={{ textAlign: 'right' }}>Ações</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {senhas.map((s) => (
              <Table.Tr key={s.id}>
                <Table.Td>
                  <CodigoSenha senha={s} />
                </Table.Td>
                <Table.Td>{s.categoria.nome}</Table.Td>
                <Table.Td>{horaBr(s.na_fila_desde)}</Table.Td>
                <Table.Td>{s.encaminhada_de ? `Encaminhada de ${s.encaminhada_de.nome}` : '—'}</Table.Td>
                <Table.Td style={{ textAlign: 'right' }}>
                  <Button
                    size="xs"
                    mih={36}
                    variant="light"
                    disabled={!podeChamar}
                    aria-label={`Chamar ${s.codigo}`}
                    onClick={() => chamar(s)}
                  >
                    Chamar
                  </Button>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}
