// /administracao/importacao_cnes (issue 22): the manager picks the municipality's CNES XML (drag or button), sees what
// it would change ("N unidades, M equipes, K profissionais a criar / atualizar / desativar"), applies it after a
// confirmation, and sees the result and the history of past imports below.
import {
  Alert,
  Badge,
  Button,
  Card,
  FileButton,
  Group,
  List,
  Progress,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import {
  TIPOS_IMPORTACAO_CNES,
  type ContagemCnes,
  type ImportacaoCnes,
  type PreviaCnes,
  type ResumoCnes,
  type TipoImportacaoCnes,
} from '@saude/shared/schemas/administracao_importacao_cnes';
import { IconCheck, IconFileUpload, IconInfoCircle } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type DragEvent } from 'react';
import { confirmar as abrirConfirmacao } from '../../../lib/feedback/confirmDelete';
import { ApiError } from '../../../lib/http';
import { dataHoraBr } from '../../../lib/format';
import { DataList, type Column } from '../../../lib/list';
import { aplicarImportacao, gerarPrevia, importacaoKeys, useImportacoes } from './api';

const ROTULOS: Record<TipoImportacaoCnes, { plural: string; singular: string }> = {
  unidades: { plural: 'Unidades', singular: 'unidade' },
  equipes: { plural: 'Equipes', singular: 'equipe' },
  profissionais: { plural: 'Profissionais', singular: 'profissional' },
  lotacoes: { plural: 'Lotações', singular: 'lotação' },
};
const ACOES = [
  { key: 'criar', titulo: 'A criar', feito: 'criados', cor: 'green' },
  { key: 'atualizar', titulo: 'A atualizar', feito: 'atualizados', cor: 'blue' },
  { key: 'desativar', titulo: 'A desativar', feito: 'desativados', cor: 'red' },
] as const satisfies ReadonlyArray<{ key: keyof ContagemCnes; titulo: string; feito: string; cor: string }>;

const plural = (n: number, k: TipoImportacaoCnes) => {
  const r = ROTULOS[k];
  if (n === 1) return `1 ${r.singular}`;
  return `${n} ${k === 'lotacoes' ? 'lotações' : r.plural.toLowerCase()}`;
};

/** "2 unidades, 2 equipes, 3 profissionais e 4 lotações a criar; 1 profissional a desativar". */
export function resumoTexto(r: ResumoCnes, futuro = true): string {
  const partes = ACOES.flatMap((a) => {
    const itens = TIPOS_IMPORTACAO_CNES.filter((k) => r[k][a.key] > 0).map((k) => plural(r[k][a.key], k));
    if (itens.length === 0) return [];
    const lista = itens.length > 1 ? `${itens.slice(0, -1).join(', ')} e ${itens.at(-1)}` : itens[0];
    return [futuro ? `${lista} ${a.titulo.toLowerCase()}` : `registros ${a.feito}: ${lista}`];
  });
  if (partes.length === 0) return 'Nenhuma alteração';
  const texto = partes.join('; ');
  return texto.charAt(0).toUpperCase() + texto.slice(1);
}

const total = (r: ResumoCnes, acao: keyof ContagemCnes) => TIPOS_IMPORTACAO_CNES.reduce((s, k) => s + r[k][acao], 0);

function TabelaResumo({ resumo, passado = false }: { resumo: ResumoCnes; passado?: boolean }) {
  return (
    <Table.ScrollContainer minWidth={420}>
      <Table striped withTableBorder aria-label="Alterações por tipo de registro">
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Registro</Table.Th>
            {ACOES.map((a) => (
              <Table.Th key={a.key} scope="col" ta="right">
                {passado ? a.feito.charAt(0).toUpperCase() + a.feito.slice(1) : a.titulo}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {TIPOS_IMPORTACAO_CNES.map((k) => (
            <Table.Tr key={k}>
              <Table.Th scope="row" fw={500}>
                {ROTULOS[k].plural}
              </Table.Th>
              {ACOES.map((a) => (
                <Table.Td key={a.key} ta="right">
                  {resumo[k][a.key]}
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function Amostras({ previa }: { previa: PreviaCnes }) {
  const tipos = TIPOS_IMPORTACAO_CNES.filter((k) => previa.amostras[k].length > 0);
  if (tipos.length === 0) return null;
  return (
    <Stack gap="xs">
      <Title order={3} fz="h5">
        Primeiros registros
      </Title>
      {tipos.map((k) => (
        <Stack key={k} gap={4}>
          <Text size="sm" fw={600}>
            {ROTULOS[k].plural}
          </Text>
          <List size="sm" spacing={2} listStyleType="none">
            {previa.amostras[k].map((it, i) => {
              const acao = ACOES.find((a) => a.key === it.acao)!;
              return (
                <List.Item key={`${k}-${i}`}>
                  <Group gap={6} wrap="nowrap" align="flex-start">
                    <Badge size="sm" variant="light" color={acao.cor} miw={88}>
                      {acao.titulo.replace('A ', '')}
                    </Badge>
                    <Text size="sm">
                      {it.nome}
                      {it.chave && (
                        <Text span size="sm" c="dark.4">
                          {' '}
                          · {it.chave}
                        </Text>
                      )}
                      {it.campos.length > 0 && it.acao === 'atualizar' && (
                        <Text span size="sm" c="dark.4">
                          {' '}
                          ({it.campos.join(', ')})
                        </Text>
                      )}
                    </Text>
                  </Group>
                </List.Item>
              );
            })}
          </List>
        </Stack>
      ))}
    </Stack>
  );
}

const colunasHistorico: Column<ImportacaoCnes>[] = [
  { accessor: 'created_at', title: 'Data', render: (r) => dataHoraBr(r.created_at), noWrap: true },
  { accessor: 'arquivo_nome', title: 'Arquivo' },
  { accessor: 'profissional_nome', title: 'Por', from: 'sm' },
  { accessor: 'resumo', title: 'Resultado', render: (r) => resumoTexto(r.resumo, false) },
];

function Historico() {
  const [page, setPage] = useState(1);
  const [perPage, setPerPage] = useState(10);
  const { data, isFetching } = useImportacoes({ page, per_page: perPage });
  return (
    <Stack gap="sm">
      <Title order={2} fz="h4">
        Importações anteriores
      </Title>
      <DataList
        ariaLabel="Importações anteriores"
        columns={colunasHistorico}
        records={data?.rows}
        total={data?.total}
        fetching={isFetching}
        page={page}
        perPage={perPage}
        onPageChange={setPage}
        onPerPageChange={(n) => {
          setPerPage(n);
          setPage(1);
        }}
        emptyText="Nenhuma importação realizada."
      />
    </Stack>
  );
}

type Estado =
  | { etapa: 'inicio' }
  | { etapa: 'enviando'; arquivo: File; progresso: number; aplicando: boolean }
  | { etapa: 'previa'; arquivo: File; previa: PreviaCnes }
  | { etapa: 'resultado'; resultado: ImportacaoCnes };

export function ImportacaoCnesPage() {
  const qc = useQueryClient();
  const [estado, setEstado] = useState<Estado>({ etapa: 'inicio' });
  const [erro, setErro] = useState<string | null>(null);
  const [arrastando, setArrastando] = useState(false);
  const ocupado = estado.etapa === 'enviando';

  const mensagemDe = (err: unknown) => (err instanceof ApiError ? err.message : 'Não foi possível enviar o arquivo.');

  const escolher = async (arquivo: File | null) => {
    if (!arquivo || ocupado) return;
    setErro(null);
    setEstado({ etapa: 'enviando', arquivo, progresso: 0, aplicando: false });
    try {
      const previa = await gerarPrevia(arquivo, (progresso) =>
        setEstado({ etapa: 'enviando', arquivo, progresso, aplicando: false }),
      );
      setEstado({ etapa: 'previa', arquivo, previa });
    } catch (err) {
      setErro(mensagemDe(err));
      setEstado({ etapa: 'inicio' });
    }
  };

  const aplicar = async (arquivo: File, previa: PreviaCnes) => {
    setErro(null);
    setEstado({ etapa: 'enviando', arquivo, progresso: 0, aplicando: true });
    try {
      const resultado = await aplicarImportacao(arquivo, previa.arquivo_sha256, (progresso) =>
        setEstado({ etapa: 'enviando', arquivo, progresso, aplicando: true }),
      );
      setEstado({ etapa: 'resultado', resultado });
      await qc.invalidateQueries({ queryKey: importacaoKeys.all });
    } catch (err) {
      setErro(mensagemDe(err));
      setEstado({ etapa: 'previa', arquivo, previa });
    }
  };

  const confirmar = (arquivo: File, previa: PreviaCnes) =>
    abrirConfirmacao({
      title: 'Aplicar importação do CNES?',
      children: (
        <Stack gap="xs">
          <Text size="sm">{resumoTexto(previa.resumo)}.</Text>
          {total(previa.resumo, 'desativar') > 0 && (
            <Text size="sm">
              Profissionais desativados perdem o acesso na hora. Registros cadastrados manualmente nunca são desativados
              pela importação.
            </Text>
          )}
        </Stack>
      ),
      labels: { confirm: 'Sim, aplicar', cancel: 'Cancelar' },
      onConfirm: () => void aplicar(arquivo, previa),
    });

  const onDrop = (e: DragEvent<HTMLDivElement>) => {
    e.preventDefault();
    setArrastando(false);
    void escolher(e.dataTransfer.files[0] ?? null);
  };

  return (
    <Stack gap="lg">
      <Title order={1} fz="h2">
        Importação do CNES
      </Title>

      <Card withBorder padding="lg">
        <Stack gap="sm">
          <Title order={2} fz="h4">
            Arquivo do CNES
          </Title>
          <div
            onDragOver={(e) => {
              e.preventDefault();
              setArrastando(true);
            }}
            onDragLeave={() => setArrastando(false)}
            onDrop={onDrop}
            style={{
              border: `2px dashed var(--mantine-color-${arrastando ? 'cyan-7' : 'gray-5'})`,
              borderRadius: 8,
              padding: 24,
              background: arrastando ? 'var(--mantine-color-cyan-0)' : undefined,
            }}
          >
            <Stack align="center" gap="xs">
              <IconFileUpload size={36} aria-hidden />
              <Text ta="center">
                Arraste aqui o arquivo XML (ou o .zip) exportado do CNES para o município, ou escolha o arquivo.
              </Text>
              <Text size="sm" c="dark.4" ta="center">
                Arquivo .xml ou .zip de até 50 MB. Nada é gravado antes de você conferir a prévia e aplicar.
              </Text>
              <FileButton
                onChange={(f) => void escolher(f)}
                accept=".xml,.zip,application/xml,text/xml,application/zip"
              >
                {(props) => (
                  <Button {...props} mih={44} disabled={ocupado}>
                    Escolher arquivo
                  </Button>
                )}
              </FileButton>
            </Stack>
          </div>

          {estado.etapa === 'enviando' && (
            <Stack gap={4}>
              <Text size="sm" id="progresso-cnes">
                {estado.aplicando ? 'Aplicando importação de' : 'Enviando e conferindo'} {estado.arquivo.name}…{' '}
                {estado.progresso}%
              </Text>
              <Progress value={estado.progresso} animated aria-labelledby="progresso-cnes" />
            </Stack>
          )}

          {erro && (
            <Alert color="red" variant="light" role="alert" title="Não foi possível usar o arquivo">
              {erro}
            </Alert>
          )}
        </Stack>
      </Card>

      {estado.etapa === 'previa' && (
        <Card withBorder padding="lg">
          <Stack gap="md">
            <Title order={2} fz="h4">
              Prévia da importação
            </Title>
            <Text size="sm" c="dark.4">
              {estado.arquivo.name}
            </Text>
            {estado.previa.sem_alteracoes ? (
              <Alert color="gray" variant="light" icon={<IconInfoCircle aria-hidden />} title="Nenhuma alteração">
                O cadastro já está igual ao arquivo. Aplicar apenas registra a importação no histórico.
              </Alert>
            ) : (
              <Text fw={500}>{resumoTexto(estado.previa.resumo)}.</Text>
            )}
            <TabelaResumo resumo={estado.previa.resumo} />
            <Amostras previa={estado.previa} />
            {estado.previa.total_avisos > 0 && (
              <Alert
                color="yellow"
                variant="light"
                title={`${estado.previa.total_avisos} registro(s) do arquivo serão ignorados`}
              >
                <List size="sm">
                  {estado.previa.avisos.map((a, i) => (
                    <List.Item key={i}>{a}</List.Item>
                  ))}
                </List>
              </Alert>
            )}
            <Group justify="flex-end">
              <Button variant="default" mih={44} onClick={() => setEstado({ etapa: 'inicio' })}>
                Cancelar
              </Button>
              <Button mih={44} onClick={() => confirmar(estado.arquivo, estado.previa)}>
                Aplicar importação
              </Button>
            </Group>
          </Stack>
        </Card>
      )}

      {estado.etapa === 'resultado' && (
        <Card withBorder padding="lg" role="status" aria-labelledby="resultado-cnes">
          <Stack gap="sm">
            <Group gap="xs">
              <IconCheck size={22} color="var(--mantine-color-green-9)" aria-hidden />
              <Title order={2} fz="h4" id="resultado-cnes">
                {estado.resultado.sem_alteracoes ? 'Nenhuma alteração' : 'Importação aplicada'}
              </Title>
            </Group>
            <Text size="sm">{resumoTexto(estado.resultado.resumo, false)}.</Text>
            <TabelaResumo resumo={estado.resultado.resumo} passado />
            <Text size="sm">
              Profissionais novos entram com senha provisória bloqueada: redefina a senha em Profissionais para dar
              acesso.
            </Text>
          </Stack>
        </Card>
      )}

      <Historico />
    </Stack>
  );
}
