// /atencao_primaria/cadastros_individuais/{id}/detalhes (spec §2, issue 6): the person, the registration read-only,
// and the actions of the interface dictionary; 'Informações do domicílio' and 'Visitas domiciliares' follow the
// citizen's family (issue 7). After an exit the page shows it and offers no edit.
import { Alert, Button, Group, Stack, Text, Tooltip } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconDoorExit, IconHome, IconHomeSearch, IconPencil } from '@tabler/icons-react';
import { formatCns, formatCpf } from '@saude/shared';
import { deficienciaCidadao, nacionalidade, orientacaoSexual, responsavelCrianca } from '@saude/shared/codes';
import { pais } from '@saude/shared/codes/pais';
import { perguntasInsegurancaAlimentar, type CadastroIndividual } from '@saude/shared/schemas/cadastro_individual';
import { usePode } from '../../../lib/access';
import { LinkButton } from '../../../lib/LinkButton';
import { isoToBr } from '../../../lib/form';
import { dataHoraBr, descricao, simNaoTexto } from '../../../lib/format';
import { BackButton, DetailItem, DetailSection } from '../../../lib/detail';
import { recordPage, type RecordPageProps } from '../../../lib/recordPage';
import { BASE_PATH, useCadastro } from './api';
import { motivoSaidaNome, PessoaCabecalho } from './comum';

/** A question nobody answered reads 'Não informado' (issue 12), never 'Não'. */
const NAO_INFORMADO = 'Não informado';
const simNao = (v: boolean | null) => simNaoTexto(v, NAO_INFORMADO);

export const CadastroIndividualDetalhesPage = recordPage(
  { load: useCadastro, backTo: BASE_PATH, label: 'Carregando cadastro individual' },
  Detalhes,
);

function Detalhes({ atual: c }: RecordPageProps<CadastroIndividual>) {
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
            <LinkButton to={`${BASE_PATH}/${c.id}/edit`} icon={IconPencil}>
              Editar cadastro individual
            </LinkButton>
          )}
          <AcoesDaFamilia c={c} />
          {ativo && podeSaida && (
            <LinkButton to={`${BASE_PATH}/${c.id}/saida_cadastro`} variant="outline" color="red" icon={IconDoorExit}>
              Saída do cadastro
            </LinkButton>
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

      <DetailSection title="Responsável pelo cadastro">
        <DetailItem label="Unidade de saúde">{c.unidade_saude_nome ?? '—'}</DetailItem>
        <DetailItem label="Profissional de referência">{c.profissional_nome ?? '—'}</DetailItem>
        <DetailItem label="Equipe">{c.equipe_nome ?? '—'}</DetailItem>
        <DetailItem label="Ocupação (CBO)">{c.ocupacao_nome ?? c.ocupacao_id ?? '—'}</DetailItem>
        <DetailItem label="Micro-área">{c.fora_area ? 'Fora de área' : (c.micro_area ?? '—')}</DetailItem>
        <DetailItem label="Data e hora do cadastro">{dataHoraBr(c.data_cadastro)}</DetailItem>
      </DetailSection>

      <DetailSection title="Identificação">
        <DetailItem label="CPF">{c.cpf_numero ? formatCpf(c.cpf_numero) : '—'}</DetailItem>
        <DetailItem label="CNS">{c.codigo_cns ? formatCns(c.codigo_cns) : '—'}</DetailItem>
        <DetailItem label="Nacionalidade">{descricao(nacionalidade, nac)}</DetailItem>
        {nac === 3 && <DetailItem label="País de nascimento">{descricao(pais, c.pais_nascimento_id)}</DetailItem>}
        {nac === 3 && (
          <DetailItem label="Data de entrada no Brasil">{isoToBr(c.data_entrada_brasil) || '—'}</DetailItem>
        )}
        {nac === 2 && <DetailItem label="Data de naturalização">{isoToBr(c.data_naturalizacao) || '—'}</DetailItem>}
        {nac === 2 && <DetailItem label="Portaria de naturalização">{c.portaria_naturalizacao ?? '—'}</DetailItem>}
        <DetailItem label="Recusou o cadastro (termo de recusa)">{simNao(c.termo_recusa)}</DetailItem>
        <DetailItem label="É o próprio responsável familiar">{simNao(c.proprio_responsavel_familiar)}</DetailItem>
      </DetailSection>

      <DetailSection title="Triagem de insegurança alimentar">
        <DetailItem label={perguntasInsegurancaAlimentar.alimentos_acabaram_sem_dinheiro}>
          {simNao(c.alimentos_acabaram_sem_dinheiro)}
        </DetailItem>
        <DetailItem label={perguntasInsegurancaAlimentar.comeu_alguns_alimentos_sem_dinheiro}>
          {simNao(c.comeu_alguns_alimentos_sem_dinheiro)}
        </DetailItem>
      </DetailSection>

      <DetailSection title="Informações sociodemográficas">
        <DetailItem label="Tem alguma deficiência">
          {c.possui_deficiencia
            ? `Sim: ${c.deficiencias.map((d) => descricao(deficienciaCidadao, d)).join(', ')}`
            : simNao(c.possui_deficiencia)}
        </DetailItem>
        {c.responsaveis_criancas.length > 0 && (
          <DetailItem label="Com quem a criança fica?">
            {c.responsaveis_criancas.map((r) => descricao(responsavelCrianca, r)).join(', ')}
          </DetailItem>
        )}
        <DetailItem label="Orientação sexual">
          {c.informa_orientacao_sexual
            ? descricao(orientacaoSexual, c.orientacao_sexual_id)
            : c.informa_orientacao_sexual === false
              ? 'Não deseja informar'
              : NAO_INFORMADO}
        </DetailItem>
      </DetailSection>

      <BackButton to={BASE_PATH} end />
    </Stack>
  );
}

/** 'Informações do domicílio' and 'Visitas domiciliares': through the family the citizen is an active member of (the
 * detail's familia_id and domicilio_id, when in the user's scope). */
function AcoesDaFamilia({ c }: { c: CadastroIndividual }) {
  const podeDomicilio = usePode('atencao_primaria/cadastros_domiciliares:show');
  const podeVisitas = usePode('atencao_primaria/visitas_domiciliares:show');
  const familia = c.familia_id ? { id: c.familia_id, domicilio_id: c.domicilio_id } : null;
  return (
    <>
      {podeDomicilio &&
        (familia?.domicilio_id ? (
          <LinkButton
            to={`/atencao_primaria/cadastros_domiciliares/${familia.domicilio_id}/detalhes`}
            variant="default"
            icon={IconHomeSearch}
          >
            Informações do domicílio
          </LinkButton>
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
        <LinkButton
          to={`/atencao_primaria/visitas_domiciliares/${familia.id}/detalhes`}
          variant="default"
          icon={IconHome}
        >
          Visitas domiciliares
        </LinkButton>
      )}
    </>
  );
}
