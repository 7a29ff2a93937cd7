// /comunicacao/avisos/new and /{id}/edit (spec §2, §3, issue 19): a staff notice — title, message (50 characters,
// citing its source document), period and the hour it starts on its first day, who receives it (with how many
// professionals that reaches, live), whether it asks for a reply, who answers for it and, on edit, whether it is in
// use. Saving asks first (spec §8: 'Deseja criar este aviso?' / 'Deseja salvar as alterações?').
import { Group, Stack, Text, Textarea, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { modals } from '@mantine/modals';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useController, type UseFormReturn } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { msg, todayIso } from '@saude/shared';
import { LIMITES_AVISO, type Aviso, type AvisoProfissionalOpcao } from '@saude/shared/schemas/aviso';
import { usePode } from '../../../lib/access';
import { BackButton } from '../../../lib/detail';
import { RemoveButton } from '../../../lib/feedback';
import {
  FieldGrid,
  FormSection,
  RecordForm,
  SearchSelect,
  SwitchField,
  touchInputStyles,
  useFieldLabel,
  useRecordForm,
  useServerSearch,
  type FieldRows,
} from '../../../lib/form';
import { http } from '../../../lib/http';
import { comVersao, recordFormPage, staleEdit, type RecordFormProps } from '../../../lib/recordPage';
import { useUsuario } from '../../../lib/session';
import { API_BASE, BASE_PATH, getAviso, useAviso, useAvisoOpcoes, useDeleteAviso, useSaveAviso } from './api';
import { EXCLUSAO_AVISO } from './components/SituacaoAviso';
import { Destinatarios } from './components/Destinatarios';
import { avisoFormSchema, avisoParaForm, formParaApi, novoAviso, ROTULOS, type AvisoFormValues } from './formValues';

type Form = UseFormReturn<AvisoFormValues, unknown, AvisoFormValues>;

/** Spec §8's tooltip on the notice's text. */
export const DICA_MENSAGEM =
  'Escreva o essencial e cite a origem: o número do memorando, do decreto ou do documento que trata do assunto.';
export const DICA_HORARIO = 'A partir de que horas o aviso aparece no primeiro dia';

/** What the confirmation answers when the user keeps editing: not an error, nothing to say. */
const NAO_CONFIRMADO = Symbol('nao confirmado');

function confirmar(pergunta: string, sim: string): Promise<boolean> {
  return new Promise((resolve) => {
    modals.openConfirmModal({
      title: pergunta,
      children: <Text size="sm">O aviso aparece aos destinatários no período escolhido.</Text>,
      labels: { confirm: sim, cancel: 'Não, continuar editando' },
      onConfirm: () => resolve(true),
      // Cancel, Esc or the close button: keep editing (a promise resolves once).
      onClose: () => resolve(false),
    });
  });
}

export const AvisoFormPage = recordFormPage(
  { load: useAviso, backTo: BASE_PATH, label: 'Carregando aviso' },
  AvisoForm,
);

function AvisoForm({ atual, recarregar }: RecordFormProps<Aviso>) {
  const titulo = atual ? `Editar aviso ${atual.titulo}` : 'Novo aviso';
  useDocumentTitle(titulo);
  const navigate = useNavigate();
  const save = useSaveAviso(atual?.id);
  const podeSalvar = usePode(atual ? 'comunicacao/avisos:update' : 'comunicacao/avisos:create');
  const podeExcluir = usePode('comunicacao/avisos:destroy');
  const remover = useDeleteAviso();
  const opcoes = useAvisoOpcoes();
  const [hoje] = useState(() => todayIso());
  const record = useRecordForm({
    schema: avisoFormSchema,
    defaultValues: atual ? avisoParaForm(atual) : novoAviso(hoje),
    model: 'Aviso',
    genero: 'm',
    labels: ROTULOS,
    save: async (values) => {
      const ok = atual
        ? await confirmar(msg.avisoConfirmarAlteracoes, 'Sim, salvar')
        : await confirmar(msg.avisoConfirmarCriacao, 'Sim, criar');
      if (!ok) throw NAO_CONFIRMADO;
      return save.mutateAsync(comVersao(formParaApi(values), atual));
    },
    onError: (err) => err === NAO_CONFIRMADO,
    onSaved: (saved) => `${BASE_PATH}/${saved.id}/show`,
    stale: staleEdit(atual, recarregar, getAviso, avisoParaForm),
    canSave: podeSalvar,
  });
  const { form } = record;
  const voltar = atual ? `${BASE_PATH}/${atual.id}/show` : BASE_PATH;

  const aviso: FieldRows<AvisoFormValues> = [
    {
      kind: 'text',
      name: 'titulo',
      required: true,
      span: 'full',
      // A new notice opens on its first field (ux.md); an edit opens where the user clicks.
      inputProps: { maxLength: LIMITES_AVISO.titulo, autoFocus: !atual },
    },
    { kind: 'node', key: 'mensagem', span: 'full', node: <MensagemField form={form} /> },
    {
      kind: 'date',
      name: 'data_inicial',
      required: true,
      description: 'Primeiro dia em que o aviso aparece',
    },
    {
      kind: 'date',
      name: 'data_final',
      required: true,
      description: 'Último dia em que o aviso aparece',
    },
    {
      kind: 'time',
      name: 'horario',
      tooltip: DICA_HORARIO,
      description: 'Em branco: desde o início do dia',
    },
  ];

  return (
    <Stack gap="md">
      <Title order={1} fz="h2">
        {titulo}
      </Title>
      <RecordForm
        record={record}
        label={titulo}
        onCancel={() => void navigate(voltar)}
        submitLabel={atual ? 'Salvar alterações' : 'Salvar'}
        locked={!podeSalvar}
        lockedActions={<BackButton to={voltar} />}
        extraActions={
          atual &&
          podeExcluir && (
            <RemoveButton
              model="aviso"
              texts={EXCLUSAO_AVISO}
              remove={() => remover.mutateAsync(atual.id)}
              onRemoved={record.allowNavigation}
              goTo={BASE_PATH}
            >
              Excluir aviso
            </RemoveButton>
          )
        }
      >
        <FormSection title="Aviso">
          <FieldGrid control={form.control} rows={aviso} />
        </FormSection>
        <Destinatarios form={form} opcoes={opcoes.data} atual={atual} />
        <FormSection title="Acompanhamento">
          <Stack gap="md">
            <SwitchField
              control={form.control}
              name="checar_resposta"
              label={ROTULOS.checar_resposta}
              description="Quem recebe precisa escrever uma resposta (até 150 caracteres) para confirmar o aviso."
            />
            <ResponsavelField form={form} atual={atual} />
            {/* Active or inactive (an inactive notice shows to nobody); deleting is its own button. */}
            {atual && (
              <SwitchField
                control={form.control}
                name="situacao"
                label="Aviso ativo"
                description="Um aviso inativo não aparece para ninguém, mas continua na lista com as suas respostas."
                valores={['ativo', 'inativo']}
              />
            )}
          </Stack>
        </FormSection>
      </RecordForm>
    </Stack>
  );
}

/** The message with spec §8's hint and tooltip and a counter of its 50 characters. */
function MensagemField({ form }: { form: Form }) {
  const { field, fieldState } = useController({ control: form.control, name: 'mensagem' });
  const labelProps = useFieldLabel({ label: ROTULOS.mensagem, required: true, tooltip: DICA_MENSAGEM });
  const tamanho = (field.value ?? '').length;
  return (
    <Textarea
      {...labelProps}
      autosize
      minRows={2}
      name={field.name}
      ref={field.ref}
      value={field.value ?? ''}
      onChange={(e) => field.onChange(e.currentTarget.value || null)}
      onBlur={field.onBlur}
      error={fieldState.error?.message}
      maxLength={LIMITES_AVISO.mensagem}
      description={
        <Group component="span" justify="space-between" gap="xs" wrap="nowrap">
          <span>{msg.avisoMensagemDica}</span>
          <span aria-label={`${tamanho} de ${LIMITES_AVISO.mensagem} caracteres`} style={{ whiteSpace: 'nowrap' }}>
            {tamanho}/{LIMITES_AVISO.mensagem}
          </span>
        </Group>
      }
    />
  );
}

const opcaoProfissional = (p: AvisoProfissionalOpcao) => ({ value: p.id, label: p.nome });

/**
 * Who answers for the notice (the pop-up names them): any active professional, searched by name or login. A new notice
 * starts with the signed-in user, found by their login (the API also uses them when none is sent).
 */
function ResponsavelField({ form, atual }: { form: Form; atual?: Aviso }) {
  const { field, fieldState } = useController({ control: form.control, name: 'responsavel_id' });
  const usuario = useUsuario();
  const [nome, setNome] = useState<string | null>(atual?.responsavel_nome ?? null);
  const labelProps = useFieldLabel({ label: ROTULOS.responsavel_id });
  const escolhido = field.value ?? null;
  const search = useServerSearch({
    chosen: escolhido ? { value: escolhido, label: nome ?? '' } : null,
    minLength: 2,
  });
  const resultados = useQuery({
    queryKey: ['avisos', 'profissionais', search.termo],
    queryFn: ({ signal }) =>
      http.get<AvisoProfissionalOpcao[]>(`${API_BASE}/opcoes/profissionais`, { nome: search.termo }, signal),
    enabled: search.termo !== '',
    staleTime: 60_000,
  });
  // The user as the default of a new notice: the form's starting value, so it does not count as an edit.
  const login = usuario?.login ?? '';
  const eu = useQuery({
    queryKey: ['avisos', 'profissionais', login],
    queryFn: ({ signal }) =>
      http.get<AvisoProfissionalOpcao[]>(`${API_BASE}/opcoes/profissionais`, { nome: login }, signal),
    enabled: !atual && login !== '',
    staleTime: 60_000,
  });
  const proprio = eu.data?.find((p) => p.login === login);
  const { resetField, getValues } = form;
  useEffect(() => {
    if (!proprio || getValues('responsavel_id')) return;
    setNome(proprio.nome);
    resetField('responsavel_id', { defaultValue: proprio.id });
  }, [proprio, resetField, getValues]);
  const vazio = usuario ? `Você (${usuario.nome})` : undefined;
  return (
    <SearchSelect
      {...labelProps}
      {...search.selectProps(resultados, opcaoProfissional, 'Nenhum profissional encontrado')}
      styles={touchInputStyles}
      name={field.name}
      ref={field.ref}
      value={escolhido}
      placeholder={escolhido ? undefined : vazio}
      description="Aparece no aviso como quem o enviou. Digite o nome ou o login para buscar."
      onBlur={field.onBlur}
      onChange={(v, option) => {
        setNome(option?.label ?? null);
        field.onChange(v ?? null);
      }}
      error={fieldState.error?.message}
    />
  );
}
