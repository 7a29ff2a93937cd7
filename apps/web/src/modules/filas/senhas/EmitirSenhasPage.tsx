// /filas/senhas "Emitir senhas" (issue 17): the door of the unit, on a tablet. One big button per category of the
// unit's parametrization (in its colour); pressing it issues the ticket and shows it large, ready to print. Below,
// today's tickets with their status, filters and pages.
import { Alert, Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconPrinter } from '@tabler/icons-react';
import { useState } from 'react';
import { situacaoSenhaLabel, situacoesSenha, type SenhaFilters, type SenhaListItem } from '@saude/shared/schemas/senha';
import { notifyError } from '../../../lib/feedback';
import { dataHoraBr, horaBr } from '../../../lib/format';
import { useUsuario } from '../../../lib/session';
import { FilterChoice, FilterText, ListPage, useList, type Column } from '../../../lib/list';
import { listParamsSchema, param } from '../../../lib/list/listParams';
import { useContextoSenhas, useEmitirSenha, useSenhas } from './api';
import { CodigoSenha, corDoTexto, SituacaoSenhaBadge, useUmaAcaoPorVez } from './comum';
import classes from './EmitirSenhas.module.css';
import { opcoesNomeadas } from '../../../lib/form';

const paramsSchema = listParamsSchema.extend({
  categoria_id: param.uuid(),
  fila_id: param.uuid(),
  situacao: param.oneOf(situacoesSenha),
  codigo: param.match(/^[A-Za-z0-9]{1,10}$/),
});

const SITUACOES = situacoesSenha.map((s) => ({ value: s, label: situacaoSenhaLabel[s] }));

const useSenhasDaPagina = (f: Partial<SenhaFilters>) => useSenhas(f);

export function EmitirSenhasPage() {
  const ctx = useContextoSenhas();
  const list = useList(paramsSchema, useSenhasDaPagina);
  const emitir = useEmitirSenha();
  const umaPorVez = useUmaAcaoPorVez();
  const unidade = useUsuario()?.unidade_atual?.nome ?? '';
  const [emitida, setEmitida] = useState<SenhaListItem | null>(null);
  const categorias = ctx.data?.categorias ?? [];

  const columns: Column<SenhaListItem>[] = [
    { accessor: 'codigo', title: 'Senha', render: (s) => <CodigoSenha senha={s} /> },
    { accessor: 'categoria', title: 'Categoria', render: (s) => s.categoria.nome, from: 'sm' },
    { accessor: 'situacao', title: 'Situação', render: (s) => <SituacaoSenhaBadge situacao={s.situacao} /> },
    { accessor: 'emitida_em', title: 'Emitida', render: (s) => horaBr(s.emitida_em), noWrap: true },
    { accessor: 'fila', title: 'Fila', render: (s) => s.fila.nome, from: 'md' },
    { accessor: 'local', title: 'Local', render: (s) => s.local?.nome ?? '—', from: 'md' },
  ];

  return (
    <ListPage
      title="Emitir senhas"
      list={list}
      columns={columns}
      ariaLabel="Senhas de hoje"
      emptyText="Nenhuma senha emitida hoje."
      filters={
        <>
          <FilterText label="Senha" placeholder="Ex.: P012" maxLength={10} w={140} {...list.bind('codigo')} />
          <FilterChoice
            label="Categoria"
            w={200}
            clearable
            data={opcoesNomeadas(categorias)}
            {...list.bind('categoria_id')}
          />
          <FilterChoice
            label="Fila"
            w={200}
            clearable
            data={opcoesNomeadas(ctx.data?.filas)}
            {...list.bind('fila_id')}
          />
          <FilterChoice label="Situação" w={170} clearable data={SITUACOES} {...list.bind('situacao')} />
        </>
      }
    >
      <Stack gap="md" className={classes.naoImprime} component="section" aria-labelledby="emitir-titulo">
        <Title order={2} size="h4" id="emitir-titulo">
          Toque na categoria para emitir a senha
        </Title>
        {ctx.isSuccess && categorias.length === 0 && (
          <Alert color="yellow" variant="light">
            Nenhuma categoria parametrizada nesta unidade. Vincule categorias às filas em Parametrização de filas.
          </Alert>
        )}
        <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="md">
          {categorias.map((c) => (
            <Button
              key={c.id}
              className={classes.categoria}
              styles={{ root: { background: c.cor, color: corDoTexto(c.cor) }, label: { whiteSpace: 'normal' } }}
              loading={emitir.isPending && emitir.variables?.categoria_id === c.id}
              disabled={emitir.isPending}
              onClick={() =>
                umaPorVez(() =>
                  emitir.mutateAsync({ categoria_id: c.id, id: crypto.randomUUID() }).then(setEmitida, notifyError),
                )
              }
            >
              {c.nome}
            </Button>
          ))}
        </SimpleGrid>
      </Stack>
      {emitida && (
        <Card withBorder shadow="sm" padding="lg" className={classes.naoImprime} aria-live="polite" role="status">
          <Group justify="space-between" align="center" wrap="wrap" gap="md">
            <Stack gap={4}>
              <Text size="sm" c="dimmed">
                Senha emitida
              </Text>
              <Text className={classes.codigo} data-testid="senha-emitida">
                {emitida.codigo}
              </Text>
              <Text fw={600}>{emitida.categoria.nome}</Text>
              <Text size="sm">
                {emitida.fila.nome} · {horaBr(emitida.emitida_em)}
              </Text>
            </Stack>
            <Button
              size="lg"
              leftSection={<IconPrinter size={20} aria-hidden />}
              className={classes.naoImprime}
              onClick={() => window.print()}
            >
              Imprimir
            </Button>
          </Group>
        </Card>
      )}
      {emitida && <Bilhete senha={emitida} unidade={unidade} />}
    </ListPage>
  );
}

/**
 * The printed ticket (issue 39): a thermal printer's 80 mm roll, from the browser's print. Only this block prints; the
 * page size is set only while this screen is open (a <style> that leaves with it), so other pages print as A4.
 */
function Bilhete({ senha, unidade }: { senha: SenhaListItem; unidade: string }) {
  return (
    <div className={classes.bilhete} data-testid="bilhete-senha">
      <style>{'@page { size: 80mm auto; margin: 3mm; }'}</style>
      <p className={classes.bilheteUnidade}>{unidade}</p>
      <p>Senha</p>
      <p className={classes.bilheteCodigo}>{senha.codigo}</p>
      <p className={classes.bilheteCategoria}>{senha.categoria.nome}</p>
      <p>{senha.fila.nome}</p>
      <p>Emitida em {dataHoraBr(senha.emitida_em)}</p>
      <p>Aguarde a chamada no painel.</p>
    </div>
  );
}
