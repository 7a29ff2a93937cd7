// /urgencia_emergencia/atendimentos/{municipeId}/chamar and /atendimentos_retroativos/{municipeId}/chamar (spec §2,
// issue 16): the arrival form of a citizen (or, with ?sem_identificacao=1, of a patient without identification).
// Saving records the arrival and opens its detail. The retroactive form asks the past arrival and why it is late.
import { Alert, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useEffect, useState, type ReactNode } from 'react';
import { useWatch, type UseFormReturn } from 'react-hook-form';
import { Navigate, useNavigate, useParams, useSearchParams } from 'react-router';
import { formatCns, formatCpf, msg, todayIso } from '@saude/shared';
import { parentesco } from '@saude/shared/codes/parentesco';
import {
  especialidadesUrgencia,
  JUSTIFICATIVA_MAX,
  JUSTIFICATIVA_MIN,
  tiposChegada,
  type Atendimento,
  type AtendimentoContexto,
} from '@saude/shared/schemas/atendimento';
import { BackButton } from '../../../lib/detail';
import { LoadError, LoadingRecord } from '../../../lib/feedback';
import {
  codeOptions,
  FieldGrid,
  linhasUnidadeOcupacao,
  FormSection,
  RecordForm,
  useRecordForm,
  type FieldRows,
} from '../../../lib/form';
import { idadeTexto } from '../../../lib/format';
import { ApiError } from '../../../lib/http';
import { comVersao, recordPage, staleEdit, type RecordPageProps } from '../../../lib/recordPage';
import { useUsuario } from '../../../lib/session';
import { caminhoDe, carregarAtendimento, recursoDe, useContextoAtendimento, type TipoAtendimento } from './api';
import { ALERTA, MODEL, TITULOS } from './comum';
import { PendenciasCadastro } from './PendenciasCadastro';
import {
  atendimentoFormSchema,
  atendimentoParaForm,
  campoDoForm,
  formParaApi,
  mostra,
  novoAtendimento,
  ROTULOS,
  type AtendimentoFormValues,
} from './formValues';

type Form = UseFormReturn<AtendimentoFormValues, unknown, AtendimentoFormValues>;
type Linhas = FieldRows<AtendimentoFormValues>;

const TIPOS_CHEGADA = codeOptions(tiposChegada);
const ESPECIALIDADES = codeOptions(especialidadesUrgencia);
const PARENTESCOS = codeOptions(parentesco);
/** Two columns from a desk screen on (the reception works on tablets too). */
const DUAS_COLUNAS = { base: 12, sm: 6 };

const DICA_DATAS =
  'Preenchidas com a data e a hora de agora; altere se a chegada foi em outro momento (nunca no futuro). A ficha nunca é anterior à chegada.';
const DICA_RETROATIVO =
  'Data e hora em que o paciente chegou, como anotado na ficha de papel. Nunca no futuro nem antes do nascimento.';
const DICA_SENHA =
  'Senha entregue ao paciente. Enquanto a emissão automática de senhas não existe, digite a senha da ficha.';
const DICA_OCUPACAO = 'A ocupação (CBO) com que você registra. Preenchida quando você tem uma só nesta unidade.';
const DICA_ESPECIALIDADE =
  'Para onde o paciente é encaminhado. Preenchida quando a sua ocupação é uma destas especialidades.';
const DICA_PLACA = 'Placa do veículo que trouxe o paciente (ABC-1234 ou ABC1D23).';

/** /…/chegada?municipe_id=: where "Novo munícipe" comes back to; opens the new citizen's arrival form. */
function ChegadaNovoMunicipe({ tipo }: { tipo: TipoAtendimento }) {
  const [params] = useSearchParams();
  const id = params.get('municipe_id');
  return <Navigate replace to={id ? `${caminhoDe(tipo)}/${encodeURIComponent(id)}/chamar` : caminhoDe(tipo)} />;
}

export const ChegadaNovoMunicipeAtendimento = () => <ChegadaNovoMunicipe tipo="atendimentos" />;
export const ChegadaNovoMunicipeRetroativo = () => <ChegadaNovoMunicipe tipo="atendimentos_retroativos" />;
export const AtendimentoChegadaPage = () => <Chegada tipo="atendimentos" />;
export const AtendimentoRetroativoChegadaPage = () => <Chegada tipo="atendimentos_retroativos" />;

function Chegada({ tipo }: { tipo: TipoAtendimento }) {
  const { municipeId = '' } = useParams();
  const [params] = useSearchParams();
  const semIdentificacao = params.get('sem_identificacao') === '1';
  const paciente = semIdentificacao ? { pacienteId: municipeId } : { municipeId };
  const ctx = useContextoAtendimento(
    tipo,
    semIdentificacao ? { paciente_sem_identificacao_id: municipeId } : { municipe_id: municipeId },
  );
  const voltar = caminhoDe(tipo);
  if (ctx.error instanceof ApiError && (ctx.error.code === 'proibido' || ctx.error.code === 'nao_encontrado'))
    return <Bloqueio mensagem={ctx.error.message} voltar={voltar} />;
  if (ctx.error) return <LoadError error={ctx.error} onRetry={() => void ctx.refetch()} />;
  if (!ctx.data) return <LoadingRecord label="Carregando ficha de atendimento" />;
  const p = ctx.data.paciente;
  if (p?.identificado)
    return <Bloqueio mensagem={`O paciente: ${msg.atendimentoPacienteIdentificado}.`} voltar={voltar} />;
  if (p?.obito && tipo === 'atendimentos')
    return <Bloqueio mensagem={`${p.paciente_nome} ${msg.atendimentoMunicipeComObito}.`} voltar={voltar} />;
  if (ctx.data.ocupacoes.length === 0) return <Bloqueio mensagem={msg.atendimentoSemOcupacao} voltar={voltar} />;
  // The unit requires the complete record (issue 39): the arrival of now waits for it; the API refuses it too.
  const { modo, pendencias } = ctx.data.validacao_cadastro;
  if (p?.municipe_id && tipo === 'atendimentos' && modo === 'completa' && pendencias.length > 0)
    return (
      <Bloqueio voltar={voltar}>
        <PendenciasCadastro municipeId={p.municipe_id} nome={p.paciente_nome} pendencias={pendencias} bloqueia />
      </Bloqueio>
    );
  return <ChegadaForm tipo={tipo} ctx={ctx.data} paciente={paciente} voltar={voltar} />;
}

function Bloqueio({ mensagem, voltar, children }: { mensagem?: string; voltar: string; children?: ReactNode }) {
  return (
    <Stack gap="md">
      <Title order={1} fz="h2">
        Registrar chegada
      </Title>
      {children ?? (
        <Alert color="yellow" variant="light" role="alert" styles={ALERTA} title="Não é possível registrar a chegada">
          <Text size="sm">{mensagem}</Text>
        </Alert>
      )}
      <BackButton to={voltar}>Voltar para a lista</BackButton>
    </Stack>
  );
}

function ChegadaForm({
  tipo,
  ctx,
  paciente,
  voltar,
}: {
  tipo: TipoAtendimento;
  ctx: AtendimentoContexto;
  paciente: { municipeId?: string; pacienteId?: string };
  voltar: string;
}) {
  const retroativo = tipo === 'atendimentos_retroativos';
  const titulo = TITULOS[tipo].novo;
  const p = ctx.paciente;
  useDocumentTitle(p ? `${titulo} · ${p.paciente_nome}` : titulo);
  const navigate = useNavigate();
  const salvar = recursoDe(tipo).useSave();
  const [schema] = useState(() => atendimentoFormSchema({ retroativo, ocupacaoObrigatoria: ctx.ocupacoes.length > 1 }));
  const record = useRecordForm({
    schema,
    defaultValues: novoAtendimento(paciente, ctx, { retroativo }),
    model: MODEL,
    genero: 'm',
    labels: ROTULOS,
    save: (values) => salvar.mutateAsync(formParaApi(values, { retroativo })),
    onSaved: (saved) => `${caminhoDe(tipo)}/${saved.id}/show`,
    fieldOf: campoDoForm,
  });
  const { form } = record;
  return (
    <Stack gap="md">
      <Stack gap={2}>
        <Title order={1} fz="h2">
          {titulo}
        </Title>
        {p && (
          <Text size="sm">
            {p.paciente_nome}
            {p.data_nascimento && ` · ${idadeTexto(p.data_nascimento)}`}
            {p.cpf_numero
              ? ` · CPF ${formatCpf(p.cpf_numero)}`
              : p.codigo_cns
                ? ` · CNS ${formatCns(p.codigo_cns)}`
                : ''}
            {p.sem_identificacao && ' · Paciente sem identificação'}
          </Text>
        )}
      </Stack>
      {p?.municipe_id && (
        <PendenciasCadastro
          municipeId={p.municipe_id}
          nome={p.paciente_nome}
          pendencias={ctx.validacao_cadastro.pendencias}
          bloqueia={false}
        />
      )}
      <RecordForm record={record} label={titulo} onCancel={() => void navigate(voltar)} submitLabel="Registrar chegada">
        <SecaoChegada form={form} ctx={ctx} retroativo={retroativo} />
        <SecaoAtendimento form={form} />
        <SecaoAcompanhante form={form} />
      </RecordForm>
    </Stack>
  );
}

/**
 * /…/{id}/edit (issue 39): the visit's answers as registered, editable while it is open (not cancelled nor concluded);
 * the patient never changes. Saving returns to the detail.
 */
function Edicao({ tipo, atual, recarregar }: RecordPageProps<Atendimento> & { tipo: TipoAtendimento }) {
  const ctx = useContextoAtendimento(tipo);
  const voltar = `${caminhoDe(tipo)}/${atual.id}/show`;
  const titulo = `Editar ${TITULOS[tipo].detalhe.toLowerCase()} · ${atual.paciente_nome}`;
  useDocumentTitle(titulo);
  if (atual.situacao === 'cancelado' || atual.situacao === 'concluido')
    return (
      <Stack gap="md">
        <Title order={1} fz="h2">
          {titulo}
        </Title>
        <Alert color="yellow" variant="light" role="alert" styles={ALERTA} title="Não é possível editar">
          <Text size="sm">{msg.atendimentoEncerradoNaoAltera}</Text>
        </Alert>
        <BackButton to={voltar}>Voltar para o atendimento</BackButton>
      </Stack>
    );
  if (ctx.error) return <LoadError error={ctx.error} onRetry={() => void ctx.refetch()} />;
  if (!ctx.data) return <LoadingRecord label="Carregando ficha de atendimento" />;
  return (
    <EdicaoForm tipo={tipo} atual={atual} recarregar={recarregar} ctx={ctx.data} titulo={titulo} voltar={voltar} />
  );
}

function EdicaoForm({
  tipo,
  atual,
  recarregar,
  ctx,
  titulo,
  voltar,
}: RecordPageProps<Atendimento> & { tipo: TipoAtendimento; ctx: AtendimentoContexto; titulo: string; voltar: string }) {
  const retroativo = tipo === 'atendimentos_retroativos';
  const navigate = useNavigate();
  const recurso = recursoDe(tipo);
  const salvar = recurso.useSave(atual.id);
  // The stored occupation stays valid for whoever edits: it is offered beside the user's own.
  const ocupacoes = ctx.ocupacoes.some((o) => o.codigo === atual.ocupacao_id)
    ? ctx.ocupacoes
    : [{ codigo: atual.ocupacao_id, descricao: atual.ocupacao_nome ?? atual.ocupacao_id }, ...ctx.ocupacoes];
  const [schema] = useState(() => atendimentoFormSchema({ retroativo, ocupacaoObrigatoria: false }));
  const record = useRecordForm({
    schema,
    defaultValues: atendimentoParaForm(atual),
    model: MODEL,
    genero: 'm',
    labels: ROTULOS,
    save: (values) => {
      const { municipe_id: _m, paciente_sem_identificacao_id: _p, ...body } = formParaApi(values, { retroativo });
      return salvar.mutateAsync(comVersao(body, atual));
    },
    onSaved: () => voltar,
    fieldOf: campoDoForm,
    stale: staleEdit(atual, recarregar, (id) => recurso.get(id), atendimentoParaForm),
  });
  const { form } = record;
  return (
    <Stack gap="md">
      <Title order={1} fz="h2">
        {titulo}
      </Title>
      <RecordForm record={record} label={titulo} onCancel={() => void navigate(voltar)} submitLabel="Salvar">
        <SecaoChegada form={form} ctx={{ ...ctx, ocupacoes }} retroativo={retroativo} />
        <SecaoAtendimento form={form} />
        <SecaoAcompanhante form={form} />
      </RecordForm>
    </Stack>
  );
}

export const AtendimentoEditPage = recordPage(
  carregarAtendimento('atendimentos'),
  (p: RecordPageProps<Atendimento>) => <Edicao tipo="atendimentos" {...p} />,
);
export const AtendimentoRetroativoEditPage = recordPage(
  carregarAtendimento('atendimentos_retroativos'),
  (p: RecordPageProps<Atendimento>) => <Edicao tipo="atendimentos_retroativos" {...p} />,
);

function SecaoChegada({ form, ctx, retroativo }: { form: Form; ctx: AtendimentoContexto; retroativo: boolean }) {
  const unidade = useUsuario()?.unidade_atual?.nome ?? '';
  const [tipoChegada] = useWatch({ control: form.control, name: ['tipo_chegada_id'] });
  const { placa } = mostra({ tipo_chegada_id: tipoChegada, possui_acompanhante: null });
  // The plate is an arrival by vehicle's: gone with it (the API clears it too).
  useEffect(() => {
    if (!placa && form.getValues('placa_veiculo')) form.setValue('placa_veiculo', null, { shouldDirty: true });
  }, [placa, form]);
  const hoje = todayIso();
  const rows: Linhas = [
    ...linhasUnidadeOcupacao(unidade, ctx.ocupacoes, {
      name: 'ocupacao_id',
      label: 'Sua ocupação (CBO)',
      tooltip: DICA_OCUPACAO,
    }),
    {
      kind: 'date',
      name: 'chegada_data',
      label: 'Data de chegada',
      required: true,
      tooltip: retroativo ? DICA_RETROATIVO : DICA_DATAS,
      maxDate: hoje,
    },
    {
      kind: 'time',
      name: 'chegada_hora',
      label: 'Hora de chegada',
      required: true,
      tooltip: retroativo ? DICA_RETROATIVO : DICA_DATAS,
    },
    { kind: 'date', name: 'ficha_data', label: 'Data da ficha', required: true, tooltip: DICA_DATAS, maxDate: hoje },
    { kind: 'time', name: 'ficha_hora', label: 'Hora da ficha', required: true, tooltip: DICA_DATAS },
    { kind: 'text', name: 'senha', label: 'Senha', tooltip: DICA_SENHA, inputProps: { maxLength: 10 } },
    {
      kind: 'select',
      name: 'tipo_chegada_id',
      label: 'Tipo de chegada',
      required: true,
      data: TIPOS_CHEGADA,
      searchable: false,
    },
    {
      kind: 'text',
      name: 'placa_veiculo',
      label: 'Placa do veículo',
      tooltip: DICA_PLACA,
      when: placa,
      inputProps: { maxLength: 8, autoCapitalize: 'characters' },
    },
    {
      kind: 'textarea',
      name: 'justificativa_retroativo',
      label: 'Motivo do registro retroativo',
      required: true,
      description: `Por que o atendimento é registrado depois (sistema fora do ar, ficha de papel…). De ${JUSTIFICATIVA_MIN} a ${JUSTIFICATIVA_MAX} caracteres.`,
      when: retroativo,
      span: 'full',
      inputProps: { maxLength: JUSTIFICATIVA_MAX },
    },
  ];
  return (
    <FormSection title="Chegada">
      <FieldGrid control={form.control} rows={rows} span={DUAS_COLUNAS} gap="md" />
    </FormSection>
  );
}

function SecaoAtendimento({ form }: { form: Form }) {
  const rows: Linhas = [
    {
      kind: 'select',
      name: 'especialidade',
      label: 'Especialidade',
      tooltip: DICA_ESPECIALIDADE,
      data: ESPECIALIDADES,
      searchable: false,
      clearable: true,
    },
    { kind: 'text', name: 'convenio', label: 'Convênio', inputProps: { maxLength: 60 } },
    { kind: 'yesNo', name: 'acolhimento', label: 'Acolhimento' },
    { kind: 'yesNo', name: 'sindrome_gripal', label: 'Síndrome gripal' },
    { kind: 'yesNo', name: 'violencia', label: 'Violência' },
    { kind: 'yesNo', name: 'acidente_trabalho', label: 'Acidente de trabalho' },
  ];
  return (
    <FormSection title="Atendimento">
      <FieldGrid control={form.control} rows={rows} span={DUAS_COLUNAS} gap="md" />
    </FormSection>
  );
}

function SecaoAcompanhante({ form }: { form: Form }) {
  const [possui] = useWatch({ control: form.control, name: ['possui_acompanhante'] });
  const { acompanhante } = mostra({ tipo_chegada_id: null, possui_acompanhante: possui });
  const rows: Linhas = [
    { kind: 'yesNo', name: 'possui_acompanhante', label: 'Possui acompanhante', span: 'full' },
    {
      kind: 'text',
      name: 'acompanhante_nome',
      label: 'Nome do acompanhante',
      required: true,
      when: acompanhante,
      inputProps: { maxLength: 70 },
    },
    { kind: 'text', name: 'rg', label: 'RG do acompanhante', when: acompanhante, inputProps: { maxLength: 20 } },
    {
      kind: 'select',
      name: 'parentesco_id',
      label: 'Parentesco',
      data: PARENTESCOS,
      when: acompanhante,
      searchable: false,
      clearable: true,
    },
    { kind: 'phone', name: 'telefone', label: 'Telefone do acompanhante', when: acompanhante },
  ];
  return (
    <FormSection title="Acompanhante">
      <FieldGrid control={form.control} rows={rows} span={DUAS_COLUNAS} gap="md" />
    </FormSection>
  );
}
