// /notificacoes_globais/new (spec §2, §3, issue 20): a manager sends a global notification — type, title, subtitle,
// colour (with a preview of the text over it and its contrast), the path it opens (inside this app) and the profiles
// it is for (none: everyone).
import { Box, Group, Stack, Text, TextInput } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useController, type UseFormReturn } from 'react-hook-form';
import { useNavigate } from 'react-router';
import {
  contrasteDoTexto,
  corDoTexto,
  LIMITES_NOTIFICACAO_GLOBAL as L,
  ROTULOS_TIPO_NOTIFICACAO_GLOBAL,
  TIPOS_NOTIFICACAO_GLOBAL,
} from '@saude/shared/schemas/notificacao_global';
import {
  FormSection,
  MultiSelectField,
  useFieldLabel,
  useRecordForm,
  type FieldRows,
  opcoesNomeadas,
} from '../../lib/form';
import { RecordFormFrame } from '../../lib/recordPage';
import { BASE_PATH, useCriarNotificacaoGlobal, useNotificacaoGlobalOpcoes } from './api';
import {
  formParaApi,
  notificacaoGlobalFormSchema,
  novaNotificacao,
  ROTULOS,
  type NotificacaoGlobalFormValues,
} from './formValues';

type Form = UseFormReturn<NotificacaoGlobalFormValues, unknown, NotificacaoGlobalFormValues>;

const TIPOS = TIPOS_NOTIFICACAO_GLOBAL.map((t) => ({ value: t, label: ROTULOS_TIPO_NOTIFICACAO_GLOBAL[t] }));

export function NotificacaoGlobalFormPage() {
  const titulo = 'Nova notificação global';
  useDocumentTitle(titulo);
  const navigate = useNavigate();
  const criar = useCriarNotificacaoGlobal();
  const opcoes = useNotificacaoGlobalOpcoes();
  const record = useRecordForm({
    schema: notificacaoGlobalFormSchema,
    defaultValues: novaNotificacao(),
    model: 'Notificação global',
    genero: 'f',
    labels: ROTULOS,
    save: async (values) => criar.mutateAsync(formParaApi(values)),
    onSaved: () => BASE_PATH,
  });
  const { form } = record;
  const campos: FieldRows<NotificacaoGlobalFormValues> = [
    { kind: 'select', name: 'tipo', required: true, data: TIPOS, span: 'half' },
    { kind: 'node', key: 'vazio', span: 'half', node: null },
    {
      kind: 'text',
      name: 'titulo',
      required: true,
      span: 'full',
      inputProps: { maxLength: L.titulo, autoFocus: true },
    },
    { kind: 'text', name: 'subtitulo', span: 'full', inputProps: { maxLength: L.subtitulo } },
    {
      kind: 'text',
      name: 'redirecionar_path_url',
      description: "Uma página deste sistema, começando por '/' (ex.: /municipes). Em branco: a lista de notificações.",
      span: 'full',
      inputProps: { maxLength: L.path },
    },
  ];
  const perfis = opcoesNomeadas(opcoes.data?.perfis);
  return (
    <RecordFormFrame
      page={{
        form,
        formProps: { record, label: titulo, onCancel: () => void navigate(BASE_PATH), submitLabel: 'Salvar' },
      }}
      sections={[['Notificação', campos]]}
    >
      <FormSection title="Aparência">
        <CorField form={form} />
      </FormSection>
      <FormSection title="Destinatários">
        <MultiSelectField
          control={form.control}
          name="perfil_ids"
          label={ROTULOS.perfil_ids}
          description="Em branco: todos os usuários"
          data={perfis}
        />
      </FormSection>
    </RecordFormFrame>
  );
}

const HEX = /^[0-9a-fA-F]{6}$/;

/** The colour: hex text and the browser's colour picker, with the title as it will show over it. */
function CorField({ form }: { form: Form }) {
  const { field, fieldState } = useController({ control: form.control, name: 'cor' });
  const labelProps = useFieldLabel({ label: ROTULOS.cor, required: true });
  const valor = (field.value ?? '').replace(/^#/, '');
  const valida = HEX.test(valor);
  const titulo = form.watch('titulo');
  const contraste = valida ? contrasteDoTexto(valor) : null;
  return (
    <Stack gap="sm">
      <Group align="flex-end" gap="sm" wrap="wrap">
        <TextInput
          {...labelProps}
          name={field.name}
          ref={field.ref}
          value={valor}
          onChange={(e) => field.onChange(e.currentTarget.value.replace(/^#/, '') || null)}
          onBlur={field.onBlur}
          error={fieldState.error?.message}
          description="Hexadecimal sem '#', 6 dígitos (ex.: 009CB0)"
          maxLength={7}
          w={240}
          leftSection={<Text size="sm">#</Text>}
        />
        <Box
          component="input"
          type="color"
          aria-label="Escolher cor"
          value={valida ? `#${valor.toLowerCase()}` : '#009cb0'}
          onChange={(e: React.ChangeEvent<HTMLInputElement>) =>
            field.onChange(e.currentTarget.value.slice(1).toUpperCase())
          }
          style={{
            width: 56,
            height: 44,
            padding: 2,
            border: '1px solid var(--mantine-color-gray-5)',
            borderRadius: 4,
          }}
        />
      </Group>
      <Text size="sm" fw={500} mb={-8}>
        Prévia
      </Text>
      <Box
        p="sm"
        style={{
          borderRadius: 6,
          background: valida ? `#${valor}` : 'var(--mantine-color-gray-1)',
          color: valida ? corDoTexto(valor) : 'var(--mantine-color-dark-9)',
          maxWidth: 420,
        }}
      >
        <Text fw={700} inherit>
          {titulo || 'Título da notificação'}
        </Text>
      </Box>
      <Text size="sm" aria-live="polite">
        {contraste === null
          ? 'Informe uma cor válida para ver a prévia.'
          : `Contraste do texto sobre a cor: ${contraste.toFixed(1).replace('.', ',')}:1 ${contraste >= 4.5 ? '(bom, AA)' : '(baixo: prefira uma cor mais escura ou mais clara)'}`}
      </Text>
    </Stack>
  );
}
