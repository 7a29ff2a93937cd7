// /atencao_primaria/cadastros_domiciliares/{id}/detalhes (spec §2, issue 7): the home, its registration read-only and
// the four actions of the interface dictionary: individual register, edit home, home visits, remove home.
import { Anchor, Group, Stack, Table, Text } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconHome, IconPencil, IconUserPlus } from '@tabler/icons-react';
import { Link } from 'react-router';
import { tipoGlicemiaCapilar } from '@saude/shared/codes';
import {
  ehDomicilio,
  ehInstituicao,
  temCondicoesMoradia,
  type CadastroDomiciliar,
} from '@saude/shared/schemas/cadastro_domiciliar';
import { usePode } from '../../../lib/access';
import { LinkButton } from '../../../lib/LinkButton';
import { BackButton, DetailItem as Item, DetailSection } from '../../../lib/detail';
import { RemoveButton } from '../../../lib/feedback';
import { FormSection, maskCep, maskPhone, ReadOnlyView, useReadOnlyForm } from '../../../lib/form';
import { dataHoraBr, descricao as nomeDe, medidaBr } from '../../../lib/format';
import { recordPage, type RecordPageProps } from '../../../lib/recordPage';
import { RowsTable } from '../../../lib/RowsTable';
import { BASE_PATH, useDeleteDomicilio, useDomicilio } from './api';
import { DomicilioCabecalho, MODEL, ResponsavelFamilia, tipoImovelNome } from './comum';
import { Animais, CondicoesMoradia, Instituicao } from './DomicilioSecoes';
import { domicilioParaForm } from './formValues';

export const VISITAS_PATH = '/atencao_primaria/visitas_domiciliares';

const texto = (v: string | null | undefined) => v || '—';
const numero = (v: number | null, unidade = '') => (v === null ? '—' : medidaBr(v, unidade));

export const CadastroDomiciliarDetalhesPage = recordPage(
  { load: useDomicilio, backTo: BASE_PATH, label: 'Carregando cadastro domiciliar' },
  Detalhes,
);

/** Where "Visitas domiciliares" leads: the first linked family's visits (one that did not move first), or the list. */
export function visitasDestino(c: Pick<CadastroDomiciliar, 'familias'>): string {
  const f = c.familias.find((x) => !x.mudou) ?? c.familias[0];
  return f ? `${VISITAS_PATH}/${f.id}/detalhes` : VISITAS_PATH;
}

function Detalhes({ atual: c }: RecordPageProps<CadastroDomiciliar>) {
  useDocumentTitle(`Cadastro domiciliar · ${c.logradouro ?? ''}`.trim());
  const podeEditar = usePode('atencao_primaria/cadastros_domiciliares:update');
  const podeRemover = usePode('atencao_primaria/cadastros_domiciliares:destroy');
  const podeIndividual = usePode('atencao_primaria/cadastros_individuais:create');
  const podeVisitas = usePode('atencao_primaria/visitas_domiciliares:index');
  const remover = useDeleteDomicilio();
  const form = useReadOnlyForm(domicilioParaForm(c));
  const moradia = !c.termo_recusa && temCondicoesMoradia(c.tipo_imovel_id);
  const domicilio = !c.termo_recusa && ehDomicilio(c.tipo_imovel_id);
  const temVitais = [c.temperatura, c.glicemia, c.pressao_sistolica, c.pressao_diastolica].some((v) => v !== null);

  return (
    <Stack gap="md">
      <DomicilioCabecalho c={c}>
        <Group gap="sm" wrap="wrap">
          {podeIndividual && (
            <LinkButton to="/atencao_primaria/cadastros_individuais/new" variant="default" icon={IconUserPlus}>
              Cadastro individual
            </LinkButton>
          )}
          {podeEditar && (
            <LinkButton to={`${BASE_PATH}/${c.id}/edit`} icon={IconPencil}>
              Editar domicílio
            </LinkButton>
          )}
          {podeVisitas && (
            <LinkButton to={visitasDestino(c)} variant="default" icon={IconHome}>
              Visitas domiciliares
            </LinkButton>
          )}
          {podeRemover && (
            <RemoveButton
              model="domicílio"
              removed={MODEL}
              // 409 when families still live here: its reason, under 'Falha ao remover' (spec §8).
              remove={() => remover.mutateAsync(c.id)}
              goTo={BASE_PATH}
            >
              Remover domicílio
            </RemoveButton>
          )}
        </Group>
      </DomicilioCabecalho>

      <DetailSection title="Responsável pelo cadastro">
        <Item label="Unidade de saúde">{texto(c.unidade_saude_nome)}</Item>
        <Item label="Profissional">{texto(c.profissional_nome)}</Item>
        <Item label="Ocupação (CBO)">{c.ocupacao_nome ?? c.ocupacao_id}</Item>
        <Item label="Equipe">{texto(c.equipe_nome)}</Item>
        <Item label="Micro-área">{c.fora_area ? 'Fora de área' : texto(c.st_micro_area)}</Item>
        <Item label="Data e hora do cadastro">{dataHoraBr(c.data_cadastro)}</Item>
      </DetailSection>

      <DetailSection title="Endereço e local de permanência">
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
        <Item label="Localização (latitude, longitude)">
          {c.latitude !== null && c.longitude !== null ? `${medidaBr(c.latitude)}; ${medidaBr(c.longitude)}` : '—'}
        </Item>
        <Item label="Recusou o cadastro (termo de recusa)">{c.termo_recusa ? 'Sim' : 'Não'}</Item>
      </DetailSection>

      {/* The form's own sections, read-only (kit ReadOnlyView): an unanswered question reads "Não informado". */}
      <ReadOnlyView>
        {moradia && <CondicoesMoradia form={form} domicilio={domicilio} />}
        {domicilio && <Animais form={form} />}
        {!c.termo_recusa && ehInstituicao(c.tipo_imovel_id) && <Instituicao form={form} />}
      </ReadOnlyView>

      {temVitais && (
        <DetailSection title="Sinais vitais">
          <Item label="Temperatura">{numero(c.temperatura, '°C')}</Item>
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
        </DetailSection>
      )}

      <FormSection
        readOnly
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
          <RowsTable
            minWidth={480}
            label="Famílias do domicílio"
            verticalSpacing="xs"
            columns={['Responsável familiar', 'Prontuário', 'Membros']}
          >
            {c.familias.map((f) => (
              <Table.Tr key={f.id}>
                <Table.Td>
                  <ResponsavelFamilia f={f} />
                </Table.Td>
                <Table.Td>{f.numero_prontuario ?? '—'}</Table.Td>
                <Table.Td>{f.numero_membros}</Table.Td>
              </Table.Tr>
            ))}
          </RowsTable>
        )}
      </FormSection>

      <BackButton to={BASE_PATH} end />
    </Stack>
  );
}
