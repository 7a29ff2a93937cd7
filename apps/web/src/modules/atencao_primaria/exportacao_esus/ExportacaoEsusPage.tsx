// /atencao_primaria/exportacao_esus (issue 26): the manager picks units and a period, downloads a .zip of LEDI files
// (only new and changed records), and sees each export's report with a link to fix every refused record.
import { msg } from '@saude/shared';
import {
  linkCorrecao,
  NOME_FICHA_ESUS,
  type ExportacaoEsus,
  type UnidadeExportavel,
} from '@saude/shared/schemas/exportacao_esus';
import { Alert, Anchor, Button, Group, List, MultiSelect, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { isoToBr, todayIso } from '@saude/shared/validation/dates';
import { usePode } from '../../../lib/access';
import { dataHoraBr } from '../../../lib/format';
import { notifyError, notifySuccess } from '../../../lib/feedback/notify';
import { DateInput } from '../../../lib/form/DateInput';
import { ApiError, saveFile } from '../../../lib/http';
import { useLotacoes, useSelecionarUnidade, useUsuario } from '../../../lib/session';
import { RowsTable } from '../../../lib/RowsTable';
import { useExportar, useHistoricoExportacoes, useUnidadesExportaveis } from './api';

const hoje = () => todayIso();
const inicioDoMes = () => `${todayIso().slice(0, 8)}01`;
const br = (iso: string) => isoToBr(iso) ?? iso;

/** Report lines shown on screen; relatorio.csv in the zip has them all. */
const NA_TELA = 100;

type Problema = ExportacaoEsus['problemas'][number];

/**
 * A record is opened in its own unit's screens (issue 39: from another unit it read "Cadastro não encontrado"). When
 * the user works there too, one press switches the current unit and opens it; otherwise the unit is named.
 */
function Corrigir({ problema }: { problema: Problema }) {
  const atual = useUsuario()?.unidade_atual?.id;
  const lotacoes = useLotacoes();
  const selecionar = useSelecionarUnidade();
  const navigate = useNavigate();
  const destino = linkCorrecao(problema);
  const outra = problema.unidade_saude_id && problema.unidade_saude_id !== atual ? problema.unidade_saude_id : null;
  if (!outra)
    return (
      <Anchor component={Link} to={destino} c="saude.9" underline="always">
        Corrigir
      </Anchor>
    );
  const nome = problema.unidade_nome ?? 'outra unidade';
  if (!lotacoes.data?.some((l) => l.unidade_saude_id === outra))
    return <Text size="sm">Corrigir em {nome} (você não está lotado nesta unidade)</Text>;
  const trocarEAbrir = async () => {
    try {
      await selecionar.mutateAsync(outra);
      await navigate(destino);
    } catch (err) {
      notifyError(err);
    }
  };
  return (
    <Button variant="subtle" size="compact-sm" loading={selecionar.isPending} onClick={() => void trocarEAbrir()}>
      Corrigir em {nome}
    </Button>
  );
}

function Relatorio({ exportacao }: { exportacao: ExportacaoEsus }) {
  if (exportacao.problemas.length === 0) return <Text size="sm">Nenhuma ficha com problema.</Text>;
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table withTableBorder aria-label="Fichas não exportadas">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Ficha</Table.Th>
            <Table.Th>Munícipe ou imóvel</Table.Th>
            <Table.Th>Campo</Table.Th>
            <Table.Th>Motivo</Table.Th>
            <Table.Th>Corrigir</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {exportacao.problemas.slice(0, NA_TELA).map((p, i) => (
            <Table.Tr key={`${p.registro_id}-${i}`}>
              <Table.Td>{NOME_FICHA_ESUS[p.tipo]}</Table.Td>
              <Table.Td>{p.descricao}</Table.Td>
              <Table.Td>{p.campo}</Table.Td>
              <Table.Td>{p.motivo}</Table.Td>
              <Table.Td>
                <Corrigir problema={p} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {exportacao.problemas.length > NA_TELA && (
        <Text size="sm" mt="xs">
          Mostrando {NA_TELA} de {exportacao.problemas.length} linhas; a lista completa está no relatorio.csv do arquivo
          exportado.
        </Text>
      )}
    </Table.ScrollContainer>
  );
}

/** Open by default while short: a town's import may bring dozens of units that never export. */
const FORA_ABERTA_ATE = 5;

/** The active units whose exportacao_esus flag is off (issue 39): nothing of theirs goes, and why. */
function UnidadesFora({ fora }: { fora: UnidadeExportavel[] }) {
  const podeParametros = usePode('parametros/unidades_saude:update');
  if (fora.length === 0) return null;
  return (
    <Paper withBorder p="sm" component="section" aria-labelledby="unidades-fora">
      <details open={fora.length <= FORA_ABERTA_ATE}>
        <summary>
          <Text component="span" fw={600} id="unidades-fora">
            {fora.length === 1 ? '1 unidade fora da exportação' : `${fora.length} unidades fora da exportação`}
          </Text>
        </summary>
        <Stack gap="xs" mt="xs">
          <Text size="sm">
            Com “Exportação e-SUS” desligada nos Parâmetros das unidades: não aparecem em “Unidades” e nenhum cadastro
            ou visita delas é exportado.
          </Text>
          <List size="sm" aria-labelledby="unidades-fora">
            {fora.map((u) => (
              <List.Item key={u.id}>
                {u.nome} (CNES {u.cnes})
              </List.Item>
            ))}
          </List>
          {podeParametros && (
            <Anchor component={Link} to="/parametros/unidades_saude" size="sm" c="saude.9" underline="always">
              Abrir Parâmetros das unidades
            </Anchor>
          )}
        </Stack>
      </details>
    </Paper>
  );
}

export function ExportacaoEsusPage() {
  useDocumentTitle('Exportação para o e-SUS APS');
  const unidades = useUnidadesExportaveis();
  const historico = useHistoricoExportacoes();
  const exportar = useExportar();
  const [escolhidas, setEscolhidas] = useState<string[]>([]);
  const [inicio, setInicio] = useState<string | null>(inicioDoMes());
  const [fim, setFim] = useState<string | null>(hoje());
  const [erros, setErros] = useState<Record<string, string[]>>({});

  const enviar = async () => {
    setErros({});
    try {
      const arquivo = await exportar.mutateAsync({ unidades: escolhidas, inicio: inicio ?? '', fim: fim ?? '' });
      saveFile(arquivo);
      notifySuccess('Exportação concluída. Confira abaixo as fichas que não foram exportadas.');
    } catch (err) {
      if (err instanceof ApiError && err.status === 422) setErros(err.errors);
      else notifyError(err);
    }
  };
  const ultima = historico.data?.[0];
  const exportaveis = (unidades.data ?? []).filter((u) => u.exporta);
  const fora = (unidades.data ?? []).filter((u) => !u.exporta);

  return (
    <Stack gap="md">
      <Stack gap={2}>
        <Title order={1} fz="h2">
          Exportação para o e-SUS APS
        </Title>
        <Text size="sm" c="dimmed">
          Gera um arquivo .zip no layout LEDI APS com os cadastros individuais, cadastros domiciliares e visitas
          domiciliares novos ou alterados desde a última exportação, para importar no PEC.
        </Text>
      </Stack>
      {unidades.data && exportaveis.length === 0 && (
        <Alert color="yellow">Nenhuma unidade está marcada para exportar ao e-SUS APS (Parâmetros das unidades).</Alert>
      )}
      <UnidadesFora fora={fora} />
      <Group align="flex-start" wrap="wrap" gap="md">
        <MultiSelect
          label="Unidades"
          required
          miw={280}
          data={exportaveis.map((u) => ({ value: u.id, label: `${u.nome} (CNES ${u.cnes})` }))}
          value={escolhidas}
          onChange={setEscolhidas}
          error={erros.unidades?.[0] ?? (erros['unidades.0'] ? msg.naoEValido : undefined)}
          searchable
        />
        <DateInput label="Início" required value={inicio} onChange={setInicio} error={erros.inicio?.[0]} w={160} />
        <DateInput label="Fim" required value={fim} onChange={setFim} error={erros.fim?.[0]} w={160} />
        <Button
          mt={25}
          mih={44}
          leftSection={<IconDownload size={18} aria-hidden />}
          loading={exportar.isPending}
          onClick={() => void enviar()}
        >
          Exportar
        </Button>
      </Group>

      {ultima && (
        <Stack gap="xs">
          <Title order={2} fz="h3">
            Relatório da última exportação
          </Title>
          <Text size="sm">
            {ultima.exportadas} ficha(s) exportada(s), {ultima.com_problema} com problema (não exportadas).
          </Text>
          <Relatorio exportacao={ultima} />
        </Stack>
      )}

      <Stack gap="xs">
        <Title order={2} fz="h3">
          Histórico
        </Title>
        {historico.data && historico.data.length === 0 && <Text size="sm">Nenhuma exportação feita.</Text>}
        {historico.data && historico.data.length > 0 && (
          <RowsTable
            minWidth={560}
            label="Exportações feitas"
            striped
            withTableBorder
            columns={['Quando', 'Por', 'Período', 'Exportadas', 'Com problema']}
          >
            {historico.data.map((e) => (
              <Table.Tr key={e.id}>
                <Table.Td>{dataHoraBr(e.created_at)}</Table.Td>
                <Table.Td>{e.profissional_nome}</Table.Td>
                <Table.Td>
                  {br(e.inicio)} a {br(e.fim)}
                </Table.Td>
                <Table.Td>{e.exportadas}</Table.Td>
                <Table.Td>{e.com_problema}</Table.Td>
              </Table.Tr>
            ))}
          </RowsTable>
        )}
      </Stack>
    </Stack>
  );
}
