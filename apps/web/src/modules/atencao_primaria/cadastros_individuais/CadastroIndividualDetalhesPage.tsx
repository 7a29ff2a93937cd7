// /atencao_primaria/cadastros_individuais/{id}/detalhes (spec §2, issue 6): the person, the registration read-only,
// and the actions of the interface dictionary; 'Informações do domicílio' and 'Visitas domiciliares' follow the
// citizen's family (issue 7). After an exit the page shows it and offers no edit.
import { Alert, Button, Card, Group, SimpleGrid, Skeleton, Stack, Text, Title, Tooltip } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconDoorExit, IconHome, IconHomeSearch, IconPencil } from '@tabler/icons-react';
import { type ReactNode } from 'react';
import { Link, Navigate, useParams } from 'react-router';
import { formatCns, formatCpf } from '@saude/shared';
import { deficienciaCidadao, nacionalidade, orientacaoSexual } from '@saude/shared/codes';
import { pais } from '@saude/shared/codes/pais';
import { perguntasInsegurancaAlimentar, type CadastroIndividual } from '@saude/shared/schemas/cadastro_individual';
import { useLoadErrorNotice } from '../../../lib/feedback';
import { isoToBr } from '../../../lib/form';
import { usePode } from '../../municipes/api';
import { idadeTexto } from '../../municipes/idade';
import { useFamilias } from '../familias/api';
import { BASE_PATH, useCadastro } from './api';
import { dataHoraBr, motivoSaidaNome, SituacaoBadge } from './comum';

const simNao = (v: boolean) => (v ? 'Sim' : 'Não');
const nomeDe = (t: readonly { codigo: number; descricao: string }[], id: number | null) =>
  t.find((r) => r.codigo === id)?.descricao ?? '—';

/** Loads the registration; a 404 (absent or out of the user's team) says so and goes back to the list. */
export function useCadastroOuVolta(id: string | undefined) {
  const q = useCadastro(id);
  useLoadErrorNotice(q.error);
  return q;
}

export function CadastroCarregando() {
  return (
    <Stack gap="md" aria-busy="true" aria-label="Carregando cadastro individual">
      <Skeleton h={72} radius="md" />
      <Skeleton h={320} radius="md" />
    </Stack>
  );
}

export function CadastroIndividualDetalhesPage() {
  const { id } = useParams();
  const q = useCadastroOuVolta(id);
  if (q.isError) return <Navigate to={BASE_PATH} replace />;
  if (!q.data) return <CadastroCarregando />;
  return <Detalhes c={q.data} />;
}

/** Name, birth, age and documents of the person, on top of every registration screen. */
export function PessoaCabecalho({ c, children }: { c: CadastroIndividual; children?: ReactNode }) {
  const m = c.municipe;
  return (
    <Card withBorder radius="md" p="md">
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
        <Stack gap={4}>
          <Group gap="sm" wrap="wrap">
            <Title order={2}>{m.nome}</Title>
            <SituacaoBadge situacao={c.situacao} />
          </Group>
          {m.nome_social && (
            <Text size="sm" c="dimmed">
              Nome social: {m.nome_social}
            </Text>
          )}
          <Text size="sm">
            {isoToBr(m.data_nascimento)} · {idadeTexto(m.data_nascimento, c.data_obito)}
            {m.cpf_numero && ` · CPF ${formatCpf(m.cpf_numero)}`}
            {m.codigo_cns && ` · CNS ${formatCns(m.codigo_cns)}`}
          </Text>
          {m.nome_mae && (
            <Text size="sm" c="dimmed">
              Mãe: {m.nome_mae}
            </Text>
          )}
        </Stack>
        {children}
      </Group>
    </Card>
  );
}

function Item({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed" fw={600}>
        {label}
      </Text>
      <Text size="sm">{children}</Text>
    </Stack>
  );
}

function Secao({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card withBorder radius="md" p="md" component="section" aria-label={title}>
      <Title order={3} size="h4" mb="sm">
        {title}
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
        {children}
      </SimpleGrid>
    </Card>
  );
}

function Detalhes({ c }: { c: CadastroIndividual }) {
  useDocumentTitle(`Cadastro individual · ${c.municipe.nome}`);
  const podeEditar = usePode('atencao_primaria/cadastros_individuais:update');
  const podeSaida = usePode('atencao_primaria/cadastros_individuais:saida_cadastro');
  const ativo = c.situacao === 'ativo';
  const nac = c.nacionalidade_id;

  return (
    <Stack gap="md">
      <PessoaCabecalho c={c}>
        <Group gap="sm" wrap="wrap">
          {ativo && podeEditar && (
            <Button
              component={Link}
              to={`${BASE_PATH}/${c.id}/edit`}
              mih={44}
              leftSection={<IconPencil size={18} aria-hidden />}
            >
              Editar cadastro individual
            </Button>
          )}
          <AcoesDaFamilia municipeId={c.municipe_id} />
          {ativo && podeSaida && (
            <Button
              component={Link}
              to={`${BASE_PATH}/${c.id}/saida_cadastro`}
              variant="outline"
              color="red"
              mih={44}
              leftSection={<IconDoorExit size={18} aria-hidden />}
            >
              Saída do cadastro
            </Button>
          )}
        </Group>
      </PessoaCabecalho>

      {!ativo && (
        <Alert color="gray" variant="light" title="Saída do cadastro" role="status">
          <Stack gap={4}>
            <Text size="sm">Motivo: {motivoSaidaNome(c.motivo_saida_cadastro_id)}</Text>
            {c.data_obito && <Text size="sm">Data do óbito: {isoToBr(c.data_obito)}</Text>}
            {c.numero_do && <Text size="sm">Número da DO: {c.numero_do}</Text>}
            <Text size="sm">Registrada em {dataHoraBr(c.saida_em)}. Este cadastro não pode mais ser alterado.</Text>
          </Stack>
        </Alert>
      )}

      <Secao title="Responsável pelo cadastro">
        <Item label="Unidade de saúde">{c.unidade_saude_nome ?? '—'}</Item>
        <Item label="Profissional de referência">{c.profissional_nome ?? '—'}</Item>
        <Item label="Equipe">{c.equipe_nome ?? '—'}</Item>
        <Item label="Ocupação (CBO)">{c.ocupacao_nome ?? c.ocupacao_id ?? '—'}</Item>
        <Item label="Micro-área">{c.fora_area ? 'Fora de área' : (c.micro_area ?? '—')}</Item>
        <Item label="Data e hora do cadastro">{dataHoraBr(c.data_cadastro)}</Item>
      </Secao>

      <Secao title="Identificação">
        <Item label="CPF">{c.cpf_numero ? formatCpf(c.cpf_numero) : '—'}</Item>
        <Item label="CNS">{c.codigo_cns ? formatCns(c.codigo_cns) : '—'}</Item>
        <Item label="Nacionalidade">{nomeDe(nacionalidade, nac)}</Item>
        {nac === 3 && <Item label="País de nascimento">{nomeDe(pais, c.pais_nascimento_id)}</Item>}
        {nac === 3 && <Item label="Data de entrada no Brasil">{isoToBr(c.data_entrada_brasil) || '—'}</Item>}
        {nac === 2 && <Item label="Data de naturalização">{isoToBr(c.data_naturalizacao) || '—'}</Item>}
        {nac === 2 && <Item label="Portaria de naturalização">{c.portaria_naturalizacao ?? '—'}</Item>}
        <Item label="Recusou o cadastro (termo de recusa)">{simNao(c.termo_recusa)}</Item>
        <Item label="É o próprio responsável familiar">{simNao(c.proprio_responsavel_familiar)}</Item>
      </Secao>

      <Secao title="Triagem de insegurança alimentar">
        <Item label={perguntasInsegurancaAlimentar.alimentos_acabaram_sem_dinheiro}>
          {simNao(c.alimentos_acabaram_sem_dinheiro)}
        </Item>
        <Item label={perguntasInsegurancaAlimentar.comeu_alguns_alimentos_sem_dinheiro}>
          {simNao(c.comeu_alguns_alimentos_sem_dinheiro)}
        </Item>
      </Secao>

      <Secao title="Informações sociodemográficas">
        <Item label="Tem alguma deficiência">
          {c.possui_deficiencia ? `Sim: ${c.deficiencias.map((d) => nomeDe(deficienciaCidadao, d)).join(', ')}` : 'Não'}
        </Item>
        <Item label="Orientação sexual">
          {c.informa_orientacao_sexual ? nomeDe(orientacaoSexual, c.orientacao_sexual_id) : 'Não informada'}
        </Item>
      </Secao>

      <Group justify="flex-end">
        <Button variant="default" mih={44} component={Link} to={BASE_PATH}>
          Voltar
        </Button>
      </Group>
    </Stack>
  );
}

/** 'Informações do domicílio' and 'Visitas domiciliares': through the family the citizen is an active member of. */
function AcoesDaFamilia({ municipeId }: { municipeId: string }) {
  const podeDomicilio = usePode('atencao_primaria/cadastros_domiciliares:show');
  const podeVisitas = usePode('atencao_primaria/visitas_domiciliares:show');
  const familias = useFamilias(
    { municipe_id: municipeId, page: 1, per_page: 1 },
    { enabled: podeDomicilio || podeVisitas },
  );
  const familia = familias.data?.rows[0];
  if (familias.isPending) return null;
  return (
    <>
      {podeDomicilio &&
        (familia?.domicilio_id ? (
          <Button
            component={Link}
            to={`/atencao_primaria/cadastros_domiciliares/${familia.domicilio_id}/detalhes`}
            variant="default"
            mih={44}
            leftSection={<IconHomeSearch size={18} aria-hidden />}
          >
            Informações do domicílio
          </Button>
        ) : (
          <Tooltip label="Munícipe sem domicílio vinculado" events={{ hover: true, focus: true, touch: true }}>
            {/* data-disabled, not disabled: a disabled button gets no pointer events, so its tooltip would never show. */}
            <Button
              variant="default"
              mih={44}
              data-disabled
              aria-disabled
              leftSection={<IconHomeSearch size={18} aria-hidden />}
              onClick={(e) => e.preventDefault()}
            >
              Informações do domicílio
            </Button>
          </Tooltip>
        ))}
      {podeVisitas && familia && (
        <Button
          component={Link}
          to={`/atencao_primaria/visitas_domiciliares/${familia.id}/detalhes`}
          variant="default"
          mih={44}
          leftSection={<IconHome size={18} aria-hidden />}
        >
          Visitas domiciliares
        </Button>
      )}
    </>
  );
}
