// /urgencia_emergencia/paciente_sem_identificacoes/new and /{id}/edit (spec §2, issue 16): what can be seen of someone
// who arrived without documents, in sections of field rows. The edit page adds the identification (tie the patient to
// a citizen, or undo it) and the patient's care visits, read-only.
import { Badge, Button, Group, Stack, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useEffect } from 'react';
import { useWatch, type UseFormReturn } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { deficienciaCidadao, nacionalidade, racaCor, sexo } from '@saude/shared/codes';
import { pais } from '@saude/shared/codes/pais';
import {
  corCabelo,
  corOlhos,
  FAIXAS_PACIENTE,
  type PacienteSemIdentificacao,
} from '@saude/shared/schemas/paciente_sem_identificacao';
import { todayIso } from '@saude/shared';
import {
  NACIONALIDADE_BRASILEIRA,
  NACIONALIDADE_ESTRANGEIRO,
  NACIONALIDADE_NATURALIZADO,
} from '@saude/shared/schemas/cadastro_individual';
import { usePode } from '../../../lib/access';
import { BackButton } from '../../../lib/detail';
import { RemoveButton } from '../../../lib/feedback';
import { codeOptions, FieldSections, ReadOnlyView, RecordForm, useRecordForm, type FieldRows } from '../../../lib/form';
import { comVersao, recordFormPage, staleEdit } from '../../../lib/recordPage';
import { useUsuario } from '../../../lib/session';
import { BASE_PATH, getPaciente, useDeletePaciente, usePaciente, usePseudonimo, useSavePaciente } from './api';
import { AtendimentosDoPaciente, Identificacao } from './Identificacao';
import {
  formParaApi,
  idadeDaData,
  novoPaciente,
  pacienteFormSchema,
  pacienteParaForm,
  ROTULOS,
  type PacienteFormValues,
} from './formValues';

export const MODEL = 'Paciente';
const OPCOES = {
  sexo: codeOptions(sexo),
  racaCor: codeOptions(racaCor),
  corCabelo: codeOptions(corCabelo),
  corOlhos: codeOptions(corOlhos),
  deficiencias: codeOptions(deficienciaCidadao),
  nacionalidade: codeOptions(nacionalidade),
  pais: codeOptions(pais),
};
const DICA_NOME =
  'O nome dito por alguém (acompanhante, socorrista) ou um pseudônimo, como "Desconhecido(a) 12", até a identificação.';
const DICA_IDADE = 'Com a data de nascimento estimada, a idade é calculada a partir dela.';

type Form = UseFormReturn<PacienteFormValues, unknown, PacienteFormValues>;

export const PacienteSemIdentificacaoFormPage = recordFormPage(
  { load: usePaciente, backTo: BASE_PATH, label: 'Carregando paciente' },
  PacienteForm,
);

function PacienteForm({ atual, recarregar }: { atual?: PacienteSemIdentificacao; recarregar?: () => void }) {
  const titulo = atual ? atual.nome : 'Novo paciente sem identificação';
  useDocumentTitle(atual ? `Paciente sem identificação · ${atual.nome}` : titulo);
  const navigate = useNavigate();
  const save = useSavePaciente(atual?.id);
  const remover = useDeletePaciente();
  const podeRemover = usePode('urgencia_emergencia/paciente_sem_identificacoes:destroy');
  // Care profiles read the patient; only the reception and managers write it.
  const podeEditar = usePode(
    atual
      ? 'urgencia_emergencia/paciente_sem_identificacoes:update'
      : 'urgencia_emergencia/paciente_sem_identificacoes:create',
  );
  const record = useRecordForm({
    schema: pacienteFormSchema,
    defaultValues: atual ? pacienteParaForm(atual) : novoPaciente(),
    model: MODEL,
    genero: 'm',
    labels: ROTULOS,
    save: (values) => save.mutateAsync(comVersao(formParaApi(values), atual)),
    onSaved: (saved) => (atual ? BASE_PATH : `${BASE_PATH}/${saved.id}/edit`),
    stale: staleEdit(atual, recarregar, getPaciente, pacienteParaForm),
    canSave: podeEditar,
  });
  const { form } = record;

  return (
    <Stack gap="md">
      <Group gap="sm" wrap="wrap">
        <Title order={1} fz="h2">
          {titulo}
        </Title>
        {atual?.municipe_id && (
          <Badge color="teal" variant="light">
            Identificado
          </Badge>
        )}
      </Group>
      {atual && <Identificacao paciente={atual} />}
      <RecordForm
        record={record}
        label={atual ? 'Editar paciente sem identificação' : 'Novo paciente sem identificação'}
        onCancel={() => void navigate(BASE_PATH)}
        locked={!podeEditar}
        lockedActions={<BackButton to={BASE_PATH}>Voltar para a lista</BackButton>}
        extraActions={
          atual &&
          podeRemover &&
          atual.atendimentos.length === 0 && (
            <RemoveButton
              model="paciente"
              remove={() => remover.mutateAsync(atual.id)}
              onRemoved={record.allowNavigation}
              goTo={BASE_PATH}
            >
              Remover paciente
            </RemoveButton>
          )
        }
      >
        <ReadOnlyView active={!podeEditar}>
          <Secoes form={form} atual={atual} novo={!atual && podeEditar} />
        </ReadOnlyView>
      </RecordForm>
      {atual && <AtendimentosDoPaciente paciente={atual} />}
    </Stack>
  );
}

function Secoes({ form, atual, novo }: { form: Form; atual?: PacienteSemIdentificacao; novo: boolean }) {
  const usuario = useUsuario();
  const [data, semInformacao, deficiencia, nac] = useWatch({
    control: form.control,
    name: ['data_nascimento_estimada', 'nome_mae_sem_informacao', 'possui_deficiencia', 'nacionalidade_id'],
  });
  const idadeDerivada = idadeDaData(data);
  // The age follows the estimated birth date; the flag clears the mother's name; answers that stop applying go.
  useEffect(() => {
    if (idadeDerivada !== null && form.getValues('idade_estimada') !== idadeDerivada)
      form.setValue('idade_estimada', idadeDerivada, { shouldDirty: true });
  }, [idadeDerivada, form]);
  useEffect(() => {
    if (semInformacao && form.getValues('nome_mae')) form.setValue('nome_mae', null, { shouldDirty: true });
  }, [semInformacao, form]);
  useEffect(() => {
    if (deficiencia !== true && form.getValues('deficiencia_ids').length > 0)
      form.setValue('deficiencia_ids', [], { shouldDirty: true });
  }, [deficiencia, form]);
  const brasileiro = nac === NACIONALIDADE_BRASILEIRA;
  const deFora = nac === NACIONALIDADE_NATURALIZADO || nac === NACIONALIDADE_ESTRANGEIRO;
  useEffect(() => {
    if (!brasileiro && nac !== null && form.getValues('municipio_nascimento_ibge'))
      form.setValue('municipio_nascimento_ibge', null, { shouldDirty: true });
    if (!deFora && form.getValues('pais_nascimento_id') !== null)
      form.setValue('pais_nascimento_id', null, { shouldDirty: true });
  }, [brasileiro, deFora, nac, form]);

  const profissional: FieldRows<PacienteFormValues> = [
    {
      kind: 'fixed',
      key: 'unidade',
      label: 'Unidade de saúde',
      value: atual?.unidade_saude_nome ?? usuario?.unidade_atual?.nome ?? '',
    },
    {
      kind: 'fixed',
      key: 'profissional',
      label: 'Profissional',
      value: atual?.profissional_nome ?? usuario?.nome ?? '',
    },
    {
      kind: 'fixed',
      key: 'ocupacao',
      label: 'Ocupação (CBO)',
      tooltip: 'A ocupação da sua lotação nesta unidade.',
      value: atual ? `${atual.ocupacao_nome ?? ''} (${atual.ocupacao_id})` : 'Preenchida pela sua lotação',
    },
  ];
  const identificacao: FieldRows<PacienteFormValues> = [
    { kind: 'text', name: 'nome', label: ROTULOS.nome, required: true, tooltip: DICA_NOME, span: 'half' },
    { kind: 'node', key: 'pseudonimo', span: 'half', when: novo, node: <UsarPseudonimo form={form} /> },
    {
      kind: 'date',
      name: 'data_nascimento_estimada',
      label: ROTULOS.data_nascimento_estimada,
      maxDate: todayIso(),
    },
    {
      kind: 'integer',
      name: 'idade_estimada',
      label: `${ROTULOS.idade_estimada} (anos)`,
      tooltip: DICA_IDADE,
      disabled: idadeDerivada !== null,
      inputProps: { min: FAIXAS_PACIENTE.idade_estimada.min, max: FAIXAS_PACIENTE.idade_estimada.max },
    },
    { kind: 'radio', name: 'sexo_id', label: ROTULOS.sexo_id, data: OPCOES.sexo, span: 'full' },
    { kind: 'radio', name: 'raca_cor_id', label: ROTULOS.raca_cor_id, data: OPCOES.racaCor, span: 'full' },
  ];
  const caracteristicas: FieldRows<PacienteFormValues> = [
    { kind: 'select', name: 'cor_cabelo_id', label: ROTULOS.cor_cabelo_id, data: OPCOES.corCabelo },
    { kind: 'select', name: 'cor_olhos_id', label: ROTULOS.cor_olhos_id, data: OPCOES.corOlhos },
    {
      kind: 'integer',
      name: 'altura_aproximada',
      label: `${ROTULOS.altura_aproximada} (cm)`,
      description: `Entre ${FAIXAS_PACIENTE.altura_aproximada.min} e ${FAIXAS_PACIENTE.altura_aproximada.max} cm`,
    },
    {
      kind: 'decimal',
      name: 'peso_aproximado',
      label: `${ROTULOS.peso_aproximado} (kg)`,
      description: `Entre 0,5 e ${FAIXAS_PACIENTE.peso_aproximado.max} kg`,
    },
    { kind: 'yesNo', name: 'possui_deficiencia', label: ROTULOS.possui_deficiencia, span: 'full' },
    {
      kind: 'checkboxGroup',
      name: 'deficiencia_ids',
      label: 'Quais deficiências?',
      required: true,
      data: OPCOES.deficiencias,
      orientation: 'horizontal',
      span: 'full',
      when: deficiencia === true,
    },
    {
      kind: 'textarea',
      name: 'outras_caracteristicas',
      label: ROTULOS.outras_caracteristicas,
      description: 'Cicatrizes, tatuagens, roupas, objetos que trazia…',
      span: 'full',
      inputProps: { maxLength: 500 },
    },
  ];
  const origem: FieldRows<PacienteFormValues> = [
    {
      kind: 'stack',
      key: 'mae',
      span: 'half',
      rows: [
        { kind: 'text', name: 'nome_mae', label: ROTULOS.nome_mae, disabled: semInformacao === true },
        { kind: 'checkbox', name: 'nome_mae_sem_informacao', label: 'Sem informação' },
      ],
    },
    {
      kind: 'radio',
      name: 'nacionalidade_id',
      label: ROTULOS.nacionalidade_id,
      data: OPCOES.nacionalidade,
      span: 'full',
    },
    {
      kind: 'code',
      name: 'municipio_nascimento_ibge',
      label: ROTULOS.municipio_nascimento_ibge,
      tabela: 'municipio',
      span: 'half',
      when: brasileiro,
    },
    {
      kind: 'select',
      name: 'pais_nascimento_id',
      label: ROTULOS.pais_nascimento_id,
      data: OPCOES.pais,
      searchable: true,
      span: 'half',
      when: deFora,
    },
  ];
  return (
    <FieldSections
      control={form.control}
      gap="md"
      sections={[
        ['Profissional', profissional],
        ['Identificação', identificacao],
        ['Características físicas', caracteristicas],
        ['Filiação e nacionalidade', origem],
      ]}
    />
  );
}

/** Fills the name with the unit's next pseudonym ('Desconhecido(a) 12'). */
function UsarPseudonimo({ form }: { form: Form }) {
  const pseudonimo = usePseudonimo(true);
  return (
    <Group h="100%" align="flex-end">
      <Button
        variant="default"
        mih={44}
        disabled={!pseudonimo.data}
        onClick={() =>
          pseudonimo.data && form.setValue('nome', pseudonimo.data.nome, { shouldDirty: true, shouldValidate: true })
        }
      >
        Usar pseudônimo{pseudonimo.data ? ` "${pseudonimo.data.nome}"` : ''}
      </Button>
    </Group>
  );
}
