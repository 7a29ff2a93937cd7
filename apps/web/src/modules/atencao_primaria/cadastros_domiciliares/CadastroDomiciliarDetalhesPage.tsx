// /atencao_primaria/cadastros_domiciliares/{id}/detalhes (spec §2, issue 7): the home, its registration read-only and
// the four actions of the interface dictionary: individual register, edit home, home visits, remove home.
import { Anchor, Badge, Button, Card, Group, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconHome, IconPencil, IconTrash, IconUserPlus, IconX } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link, Navigate, useNavigate, useParams } from 'react-router';
import { msg } from '@saude/shared';
import {
  abastecimentoAgua,
  animalNoDomicilio,
  condicaoPosseUsoTerra,
  destinoLixo,
  escoamentoSanitario,
  localizacaoMoradia,
  materialParedes,
  situacaoMoradia,
  tipoAcessoDomicilio,
  tipoDomicilio,
  tipoGlicemiaCapilar,
  tipoOrigemEnergiaEletrica,
  tratamentoAgua,
} from '@saude/shared/codes';
import {
  ehDomicilio,
  ehInstituicao,
  temCondicoesMoradia,
  type CadastroDomiciliar,
} from '@saude/shared/schemas/cadastro_domiciliar';
import { confirmDelete, notifyError, notifyRemoved, TOAST_MS } from '../../../lib/feedback';
import { maskCep, maskCns, maskPhone } from '../../../lib/form';
import { ApiError } from '../../../lib/http';
import { usePode } from '../../municipes/api';
import { dataHoraBr } from '../cadastros_individuais/comum';
import { BASE_PATH as FAMILIAS_PATH } from '../familias/api';
import { BASE_PATH, useDeleteDomicilio } from './api';
import { DomicilioCabecalho, DomicilioCarregando, MODEL, nomeDe, tipoImovelNome, useDomicilioOuVolta } from './comum';

export const VISITAS_PATH = '/atencao_primaria/visitas_domiciliares';

const simNao = (v: boolean | null) => (v === null ? '—' : v ? 'Sim' : 'Não');
const texto = (v: string | null | undefined) => v || '—';
const numero = (v: number | null, unidade = '') => (v === null ? '—' : `${String(v).replace('.', ',')}${unidade}`);

export function CadastroDomiciliarDetalhesPage() {
  const { id } = useParams();
  const q = useDomicilioOuVolta(id);
  if (q.isError) return <Navigate to={BASE_PATH} replace />;
  if (!q.data) return <DomicilioCarregando />;
  return <Detalhes c={q.data} />;
}

function Item({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed" fw={600}>
        {label}
      </Text>
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </Stack>
  );
}

function Secao({ title, children, action }: { title: string; children: ReactNode; action?: ReactNode }) {
  return (
    <Card withBorder radius="md" p="md" component="section" aria-label={title}>
      <Group justify="space-between" mb="sm" gap="sm">
        <Title order={3} size="h4">
          {title}
        </Title>
        {action}
      </Group>
      {children}
    </Card>
  );
}

const Grade = ({ children }: { children: ReactNode }) => (
  <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
    {children}
  </SimpleGrid>
);

/** Where "Visitas domiciliares" leads: the first linked family's visits (one that did not move first), or the list. */
export function visitasDestino(c: Pick<CadastroDomiciliar, 'familias'>): string {
  const f = c.familias.find((x) => !x.mudou) ?? c.familias[0];
  return f ? `${VISITAS_PATH}/${f.id}/detalhes` : VISITAS_PATH;
}

function Detalhes({ c }: { c: CadastroDomiciliar }) {
  useDocumentTitle(`Cadastro domiciliar · ${c.logradouro ?? ''}`.trim());
  const navigate = useNavigate();
  const podeEditar = usePode('atencao_primaria/cadastros_domiciliares:update');
  const podeRemover = usePode('atencao_primaria/cadastros_domiciliares:destroy');
  const podeIndividual = usePode('atencao_primaria/cadastros_individuais:create');
  const podeVisitas = usePode('atencao_primaria/visitas_domiciliares:index');
  const remover = useDeleteDomicilio();
  const moradia = !c.termo_recusa && temCondicoesMoradia(c.tipo_imovel_id);
  const domicilio = !c.termo_recusa && ehDomicilio(c.tipo_imovel_id);
  const temVitais = [c.temperatura, c.glicemia, c.pressao_sistolica, c.pressao_diastolica].some((v) => v !== null);

  const onRemover = () =>
    confirmDelete({
      model: 'domicílio',
      onConfirm: async () => {
        try {
          await remover.mutateAsync(c.id);
          notifyRemoved(MODEL);
          void navigate(BASE_PATH, { replace: true });
        } catch (err) {
          // 409: families still live here (msg.domicilioComFamilias); spec §8 'Falha ao remover' with the reason.
          if (err instanceof ApiError && err.status === 409) {
            notifications.show({
              color: 'red',
              icon: <IconX size={18} aria-hidden />,
              autoClose: TOAST_MS,
              title: msg.falhaAoRemover,
              message: err.message,
            });
          } else notifyError(err);
        }
      },
    });

  return (
    <Stack gap="md">
      <DomicilioCabecalho c={c}>
        <Group gap="sm" wrap="wrap">
          {podeIndividual && (
            <Button
              component={Link}
              to="/atencao_primaria/cadastros_individuais/new"
              variant="default"
              mih={44}
              leftSection={<IconUserPlus size={18} aria-hidden />}
            >
              Cadastro individual
            </Button>
          )}
          {podeEditar && (
            <Button
              component={Link}
              to={`${BASE_PATH}/${c.id}/edit`}
              mih={44}
              leftSection={<IconPencil size={18} aria-hidden />}
            >
              Editar domicílio
            </Button>
          )}
          {podeVisitas && (
            <Button
              component={Link}
              to={visitasDestino(c)}
              variant="default"
              mih={44}
              leftSection={<IconHome size={18} aria-hidden />}
            >
              Visitas domiciliares
            </Button>
          )}
          {podeRemover && (
            <Button
              variant="outline"
              color="red"
              mih={44}
              leftSection={<IconTrash size={18} aria-hidden />}
              onClick={onRemover}
              loading={remover.isPending}
            >
              Remover domicílio
            </Button>
          )}
        </Group>
      </DomicilioCabecalho>

      <Secao title="Responsável pelo cadastro">
        <Grade>
          <Item label="Unidade de saúde">{texto(c.unidade_saude_nome)}</Item>
          <Item label="Profissional">{texto(c.profissional_nome)}</Item>
          <Item label="Ocupação (CBO)">{c.ocupacao_nome ?? c.ocupacao_id}</Item>
          <Item label="Equipe">{texto(c.equipe_nome)}</Item>
          <Item label="Micro-área">{c.fora_area ? 'Fora de área' : texto(c.st_micro_area)}</Item>
          <Item label="Data e hora do cadastro">{dataHoraBr(c.data_cadastro)}</Item>
        </Grade>
      </Secao>

      <Secao title="Endereço e local de permanência">
        <Grade>
          <Item label="Tipo de imóvel">{tipoImovelNome(c.tipo_imovel_id)}</Item>
          <Item label="CEP">{c.cep ? maskCep(c.cep) : '—'}</Item>
          <Item label="Município">{[c.municipio_nome, c.uf].filter(Boolean).join('/') || '—'}</Item>
          <Item label="Bairro">{texto(c.bairro)}</Item>
          <Item label="Número">{c.sem_numero ? 'Sem número' : texto(c.numero)}</Item>
          <Item label="Complemento">{texto(c.complemento)}</Item>
          <Item label="Ponto de referência">{texto(c.ponto_referencia)}</Item>
          {domicilio && (
            <Item label="Telefone residencial">{c.telefone_residencial ? maskPhone(c.telefone_residencial) : '—'}</Item>
          )}
          <Item label="Telefone de contato">{c.telefone_contato ? maskPhone(c.telefone_contato) : '—'}</Item>
          <Item label="Recusou o cadastro (termo de recusa)">{c.termo_recusa ? 'Sim' : 'Não'}</Item>
        </Grade>
      </Secao>

      {moradia && (
        <Secao title="Condições de moradia">
          <Grade>
            {domicilio && (
              <Item label="Situação de moradia / posse da terra">{nomeDe(situacaoMoradia, c.situacao_moradia_id)}</Item>
            )}
            <Item label="Localização">{nomeDe(localizacaoMoradia, c.localizacao_id)}</Item>
            {domicilio && <Item label="Tipo de domicílio">{nomeDe(tipoDomicilio, c.tipo_domicilio_id)}</Item>}
            {domicilio && c.condicao_posse_terra_id !== null && (
              <Item label="Condição de posse e uso da terra">
                {nomeDe(condicaoPosseUsoTerra, c.condicao_posse_terra_id)}
              </Item>
            )}
            <Item label="Número de moradores">{numero(c.numero_moradores)}</Item>
            {domicilio && <Item label="Número de cômodos">{numero(c.numero_comodos)}</Item>}
            {domicilio && (
              <Item label="Tipo de acesso ao domicílio">{nomeDe(tipoAcessoDomicilio, c.tipo_acesso_id)}</Item>
            )}
            {domicilio && (
              <Item label="Material predominante das paredes">{nomeDe(materialParedes, c.material_paredes_id)}</Item>
            )}
            <Item label="Disponibilidade de energia elétrica">
              {simNao(c.energia_eletrica)}
              {c.energia_eletrica &&
                c.tipo_origem_energia_eletrica_id !== null &&
                ` (${nomeDe(tipoOrigemEnergiaEletrica, c.tipo_origem_energia_eletrica_id)})`}
            </Item>
            <Item label="Abastecimento de água">{nomeDe(abastecimentoAgua, c.abastecimento_agua_id)}</Item>
            <Item label="Água para consumo no domicílio">{nomeDe(tratamentoAgua, c.tratamento_agua_id)}</Item>
            <Item label="Forma de escoamento do banheiro ou sanitário">
              {nomeDe(escoamentoSanitario, c.escoamento_sanitario_id)}
            </Item>
            <Item label="Destino do lixo">{nomeDe(destinoLixo, c.destino_lixo_id)}</Item>
            {domicilio && (
              <Item label="Animais no domicílio">
                {c.possui_animais
                  ? `Sim: ${c.animal_ids.map((a) => nomeDe(animalNoDomicilio, a)).join(', ')}${c.quantidade_animais !== null ? ` (${c.quantidade_animais})` : ''}`
                  : 'Não'}
              </Item>
            )}
          </Grade>
        </Secao>
      )}

      {!c.termo_recusa && ehInstituicao(c.tipo_imovel_id) && (
        <Secao title="Instituição de permanência">
          <Grade>
            <Item label="Nome da instituição">{texto(c.instituicao_nome)}</Item>
            <Item label="Responsável técnico">{texto(c.instituicao_responsavel_nome)}</Item>
            <Item label="CNS do responsável técnico">
              {c.instituicao_responsavel_cns ? maskCns(c.instituicao_responsavel_cns) : '—'}
            </Item>
            <Item label="Cargo na instituição">{texto(c.instituicao_responsavel_cargo)}</Item>
            <Item label="Telefone do responsável técnico">
              {c.instituicao_responsavel_telefone ? maskPhone(c.instituicao_responsavel_telefone) : '—'}
            </Item>
            <Item label="Outros profissionais de saúde vinculados">{simNao(c.instituicao_outros_profissionais)}</Item>
          </Grade>
        </Secao>
      )}

      {temVitais && (
        <Secao title="Sinais vitais">
          <Grade>
            <Item label="Temperatura">{numero(c.temperatura, ' °C')}</Item>
            <Item label="Pressão arterial">
              {c.pressao_sistolica !== null && c.pressao_diastolica !== null
                ? `${c.pressao_sistolica}/${c.pressao_diastolica} mmHg`
                : '—'}
            </Item>
            <Item label="Glicemia capilar">
              {c.glicemia !== null
                ? `${c.glicemia} mg/dL (${nomeDe(tipoGlicemiaCapilar, c.momento_coleta_glicemia_id)})`
                : '—'}
            </Item>
          </Grade>
        </Secao>
      )}

      <Secao
        title="Famílias"
        action={
          podeEditar ? (
            <Anchor component={Link} to={`${BASE_PATH}/${c.id}/edit/familias`} size="sm">
              Gerenciar famílias
            </Anchor>
          ) : undefined
        }
      >
        {c.familias.length === 0 ? (
          <Text size="sm" c="dimmed">
            Nenhuma família vinculada a este domicílio.
          </Text>
        ) : (
          <Table.ScrollContainer minWidth={480}>
            <Table verticalSpacing="xs" aria-label="Famílias do domicílio">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Responsável familiar</Table.Th>
                  <Table.Th>Prontuário</Table.Th>
                  <Table.Th>Membros</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {c.familias.map((f) => (
                  <Table.Tr key={f.id}>
                    <Table.Td>
                      <Group gap="xs">
                        <Anchor component={Link} to={`${FAMILIAS_PATH}/${f.id}/edit`} size="sm">
                          {f.responsavel_nome}
                        </Anchor>
                        {f.mudou && (
                          <Badge color="orange" variant="light">
                            Mudou-se
                          </Badge>
                        )}
                      </Group>
                    </Table.Td>
                    <Table.Td>{f.numero_prontuario ?? '—'}</Table.Td>
                    <Table.Td>{f.numero_membros}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Secao>

      <Group justify="flex-end">
        <Button variant="default" mih={44} component={Link} to={BASE_PATH}>
          Voltar
        </Button>
      </Group>
    </Stack>
  );
}
