// The notification's sections (issue 18), written once as field rows: the form draws them as inputs, the show page
// inside <ReadOnlyView> as text. Answers that stop applying (the death date without a death, discharge without an
// admission) are cleared as the user changes the question, so what is sent is what the screen shows.
import { Badge, Group, Text } from '@mantine/core';
import { useEffect, useMemo } from 'react';
import { useWatch, type UseFormReturn } from 'react-hook-form';
import { doencaNotificacaoCompulsoria } from '@saude/shared/codes/doenca_notificacao_compulsoria';
import {
  COMORBIDADES,
  doencaImediata,
  LIMITES_NOTIFICACAO,
  ROTULOS_SITUACAO_NOTIFICACAO,
  SITUACOES_NOTIFICACAO,
  situacaoEncerrada,
  type Notificacao,
} from '@saude/shared/schemas/notificacao_compulsoria';
import { todayIso } from '@saude/shared';
import { FieldSections, useReadOnlyView, type FieldRows, type Option, opcoesNomeadas } from '../../../lib/form';
import { dataBr } from '../../../lib/format';
import { usePode } from '../../../lib/access';
import { useUsuario } from '../../../lib/session';
import { useOpcoesFiltro } from '../../atencao_primaria';
import { AvisoImediata } from './comum';
import { CAMPOS_COMORBIDADE, diasInternacao, diasTexto, ROTULOS, type NotificacaoFormValues } from './formValues';

type Form = UseFormReturn<NotificacaoFormValues, unknown, NotificacaoFormValues>;

/** The national list: name and CID-10 (typed searches find either), immediate or weekly beside it. */
const DOENCAS: Option[] = doencaNotificacaoCompulsoria.map((d) => ({
  value: d.codigo,
  label: d.cid10_referencia ? `${d.descricao} (CID-10 ${d.cid10_referencia})` : d.descricao,
}));
const IMEDIATAS = new Set(doencaNotificacaoCompulsoria.filter(doencaImediata).map((d) => d.codigo));

const SITUACOES: Option[] = SITUACOES_NOTIFICACAO.map((s) => ({ value: s, label: ROTULOS_SITUACAO_NOTIFICACAO[s] }));
const PROFISSIONAL_PADRAO = 'Você (preenchido ao gravar)';
const DICA_PROFISSIONAL = 'Quem notifica. Sem escolha, é você.';
const DICA_DATA = 'Preenchidas com a data e a hora de agora; altere se o caso foi notificado em outro momento.';
const DICA_SITUACAO = 'Um caso confirmado ou descartado é encerrado e precisa da data de encerramento.';

/** An option of the disease picker, with its notification deadline. */
function OpcaoDoenca({ option }: { option: Option }) {
  const imediata = IMEDIATAS.has(option.value);
  return (
    <Group gap="xs" wrap="nowrap" justify="space-between" w="100%">
      <Text size="sm">{option.label}</Text>
      <Badge
        size="xs"
        variant="light"
        color={imediata ? 'red' : 'gray'}
        styles={{ label: { color: 'var(--mantine-color-text)' } }}
        style={{ flexShrink: 0 }}
      >
        {imediata ? 'Imediata' : 'Semanal'}
      </Badge>
    </Group>
  );
}

export function NotificacaoSecoes({ form, atual }: { form: Form; atual?: Notificacao }) {
  const view = useReadOnlyView();
  const usuario = useUsuario();
  const todas = usePode('municipes_notificacao:todos');
  const mudaSituacao = usePode('municipes_notificacao:situacao');
  const opcoes = useOpcoesFiltro();
  const [doenca, situacao, obito, internado, alta, dataInternacao, dataAlta] = useWatch({
    control: form.control,
    name: ['doenca_agravo_id', 'situacao', 'obito', 'internado', 'alta', 'data_internacao', 'data_alta'],
  });

  // Answers that stop applying go, as the shared rules would refuse them.
  useEffect(() => {
    const limpar = (campo: keyof NotificacaoFormValues, quando: boolean) => {
      if (quando && form.getValues(campo) !== null) form.setValue(campo, null, { shouldDirty: true });
    };
    limpar('data_obito', obito !== true);
    limpar('data_internacao', internado !== true);
    limpar('alta', internado !== true);
    limpar('data_alta', alta !== true || internado !== true);
    limpar('data_encerramento', !situacaoEncerrada(situacao));
  }, [obito, internado, alta, situacao, form]);
  // Closing a case: today's date to start from.
  useEffect(() => {
    if (situacaoEncerrada(situacao) && form.getValues('data_encerramento') === null && !atual)
      form.setValue('data_encerramento', todayIso(), { shouldDirty: true });
  }, [situacao, form, atual]);

  const unidades = useMemo(() => {
    const lista = opcoesNomeadas(opcoes.data?.unidades);
    const propria = atual
      ? { value: atual.unidade_saude_id, label: atual.unidade_saude_nome }
      : usuario?.unidade_atual && { value: usuario.unidade_atual.id, label: usuario.unidade_atual.nome };
    if (propria && !lista.some((o) => o.value === propria.value)) lista.unshift(propria);
    return lista;
  }, [opcoes.data, atual, usuario]);
  const profissionais = useMemo(() => {
    const lista = opcoesNomeadas(opcoes.data?.profissionais);
    if (atual && !lista.some((o) => o.value === atual.profissional_id))
      lista.unshift({ value: atual.profissional_id, label: atual.profissional_nome });
    return lista;
  }, [opcoes.data, atual]);

  const dias = diasInternacao(dataInternacao, dataAlta);
  const unidadeNome = atual?.unidade_saude_nome ?? usuario?.unidade_atual?.nome ?? '';
  // A new notification's status is chosen only by who may close cases; otherwise it starts suspected. An edit shows
  // the status: it changes on the show page ("Alterar situação"), with its history.
  const escolheSituacao = !atual && mudaSituacao;
  const situacaoTexto = atual
    ? `${ROTULOS_SITUACAO_NOTIFICACAO[atual.situacao]}${atual.data_encerramento ? `, encerrada em ${dataBr(atual.data_encerramento)}` : ''}`
    : ROTULOS_SITUACAO_NOTIFICACAO.suspeito;

  const notificacao: FieldRows<NotificacaoFormValues> = [
    {
      kind: 'select',
      name: 'doenca_agravo_id',
      label: ROTULOS.doenca_agravo_id,
      required: true,
      data: DOENCAS,
      searchable: true,
      span: 'full',
      description: view ? undefined : 'Lista nacional de notificação compulsória. Busque pelo nome ou pelo CID-10.',
      inputProps: { renderOption: OpcaoDoenca, limit: 100, maxDropdownHeight: 320 },
    },
    {
      kind: 'node',
      key: 'imediata',
      span: 'full',
      when: IMEDIATAS.has(doenca ?? ''),
      node: <AvisoImediata codigo={doenca} />,
    },
    todas && !view
      ? {
          kind: 'select',
          name: 'unidade_saude_id',
          label: ROTULOS.unidade_saude_id,
          required: true,
          data: unidades,
          searchable: false,
          clearable: false,
        }
      : { kind: 'fixed', key: 'unidade', label: ROTULOS.unidade_saude_id, value: unidadeNome },
    {
      kind: 'select',
      name: 'profissional_id',
      label: ROTULOS.profissional_id,
      tooltip: view ? undefined : DICA_PROFISSIONAL,
      data: profissionais,
      placeholder: atual ? undefined : PROFISSIONAL_PADRAO,
      clearable: !atual,
    },
    escolheSituacao
      ? {
          kind: 'radio',
          name: 'situacao',
          label: ROTULOS.situacao,
          required: true,
          tooltip: DICA_SITUACAO,
          data: SITUACOES,
        }
      : { kind: 'fixed', key: 'situacao', label: ROTULOS.situacao, value: situacaoTexto },
    {
      kind: 'date',
      name: 'data_encerramento',
      label: ROTULOS.data_encerramento,
      required: true,
      maxDate: todayIso(),
      when: escolheSituacao && situacaoEncerrada(situacao),
    },
    {
      kind: 'date',
      name: 'data_notificacao',
      label: ROTULOS.data_notificacao,
      required: true,
      tooltip: view ? undefined : DICA_DATA,
      maxDate: todayIso(),
    },
    { kind: 'time', name: 'hora_notificacao', label: ROTULOS.hora_notificacao, required: true },
    {
      kind: 'date',
      name: 'data_primeiros_sintomas',
      label: ROTULOS.data_primeiros_sintomas,
      maxDate: todayIso(),
    },
    {
      kind: 'textarea',
      name: 'informacoes_complementares',
      label: ROTULOS.informacoes_complementares,
      span: 'full',
      inputProps: { maxLength: LIMITES_NOTIFICACAO.informacoes_complementares },
    },
  ];
  const evolucao: FieldRows<NotificacaoFormValues> = [
    { kind: 'yesNo', name: 'obito', label: ROTULOS.obito, clearable: true },
    {
      kind: 'date',
      name: 'data_obito',
      label: ROTULOS.data_obito,
      required: true,
      maxDate: todayIso(),
      when: obito === true,
    },
    { kind: 'yesNo', name: 'internado', label: ROTULOS.internado, clearable: true },
    {
      kind: 'date',
      name: 'data_internacao',
      label: ROTULOS.data_internacao,
      maxDate: todayIso(),
      when: internado === true,
    },
    { kind: 'yesNo', name: 'alta', label: ROTULOS.alta, clearable: true, when: internado === true },
    {
      kind: 'date',
      name: 'data_alta',
      label: ROTULOS.data_alta,
      maxDate: todayIso(),
      when: internado === true && alta === true,
    },
    {
      kind: 'fixed',
      key: 'dias_internacao',
      label: 'Dias de internação',
      tooltip: view ? undefined : 'Calculado pelas datas de internação e de alta.',
      value: diasTexto(atual && view ? atual.dias_internacao : dias) ?? (view ? '' : 'Calculado pelas datas'),
      when: internado === true,
    },
  ];
  const comorbidades: FieldRows<NotificacaoFormValues> = CAMPOS_COMORBIDADE.map((campo) => ({
    kind: 'yesNo' as const,
    name: campo,
    label: COMORBIDADES[campo],
    clearable: true,
    span: 'half' as const,
  }));
  const notas: FieldRows<NotificacaoFormValues> = [
    {
      kind: 'textarea',
      name: 'observacoes',
      label: ROTULOS.observacoes,
      span: 'full',
      inputProps: { maxLength: LIMITES_NOTIFICACAO.observacoes },
    },
  ];
  return (
    <FieldSections
      control={form.control}
      gap="md"
      sections={[
        ['Notificação', notificacao],
        ['Evolução do caso', evolucao],
        ['Doenças pré-existentes', comorbidades],
        ['Observações', notas],
      ]}
    />
  );
}
