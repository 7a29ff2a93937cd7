// /notificacoes_globais/new (spec §2, §3, issue 20): a manager sends a global notification — type, title, subtitle,
// colour (with a preview of the text over it and its contrast), the path it opens (inside this app) and the profiles
// it is for (none: everyone).
import { Box, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useWatch, type UseFormReturn } from 'react-hook-form';
import { useNavigate } from 'react-router';
import {
  contrasteDoTexto,
  corDoTexto,
  LIMITES_NOTIFICACAO_GLOBAL as L,
  ROTULOS_TIPO_NOTIFICACAO_GLOBAL,
  TIPOS_NOTIFICACAO_GLOBAL,
} from '@saude/shared/schemas/notificacao_global';
import { FieldGrid, FormSection, MultiSelectField, RecordForm, useRecordForm, type FieldRows } from '../../lib/form';
import { BASE_PATH, useCriarNotificacaoGlobal, useNotificacaoGlobalOpcoes } from './api';
import {
  formParaApi,
  notificacaoGlobalFormSchema,
  novaNotificacao,
  ROTULOS,
  type NotificacaoGlobalFormValues,
} from './formValues';

type Form = UseFormReturn<NotificacaoGlobalFormValues, unknown, NotificacaoGlobalFormValues>;

/** Colours offered as swatches (any other may be typed): the default and dark ones that carry white text. */
const CORES_SUGERIDAS = [
  '#009CB0',
  '#1864AB',
  '#0B7285',
  '#2B8A3E',
  '#C92A2A',
  '#862E9C',
  '#D9480F',
  '#495057',
  '#1A237E',
  '#FAB005',
];

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
    { kind: 'select', name: 'tipo', label: ROTULOS.tipo, required: true, data: TIPOS, span: 'half' },
    { kind: 'node', key: 'vazio', span: 'half', node: null },
    {
      kind: 'text',
      name: 'titulo',
      label: ROTULOS.titulo,
      required: true,
      span: 'full',
      inputProps: { maxLength: L.titulo, autoFocus: true },
    },
    { kind: 'text', name: 'subtitulo', label: ROTULOS.subtitulo, span: 'full', inputProps: { maxLength: L.subtitulo } },
    {
      kind: 'text',
      name: 'redirecionar_path_url',
      label: ROTULOS.redirecionar_path_url,
      description: "Uma página deste sistema, começando por '/' (ex.: /municipes). Em branco: a lista de notificações.",
      span: 'full',
      inputProps: { maxLength: L.path },
    },
  ];
  const aparencia: FieldRows<NotificacaoGlobalFormValues> = [
    {
      kind: 'color',
      name: 'cor',
      label: ROTULOS.cor,
      required: true,
      // The API takes RRGGBB; a colour typed wrong stays, for the form to say so.
      semCerquilha: true,
      swatches: CORES_SUGERIDAS,
      corrigirAoSair: false,
      span: 'half',
    },
    { kind: 'node', key: 'previa', span: 'full', node: <Previa form={form} /> },
  ];
  const perfis = (opcoes.data?.perfis ?? []).map((p) => ({ value: p.id, label: p.nome }));
  return (
    <Stack gap="md">
      <Title order={1} fz="h2">
        {titulo}
      </Title>
      <RecordForm record={record} label={titulo} onCancel={() => void navigate(BASE_PATH)} submitLabel="Salvar">
        <FormSection title="Notificação">
          <FieldGrid control={form.control} rows={campos} />
        </FormSection>
        <FormSection title="Aparência">
          <FieldGrid control={form.control} rows={aparencia} />
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
      </RecordForm>
    </Stack>
  );
}

/** The title as it will show over the colour, and the contrast of its text. */
function Previa({ form }: { form: Form }) {
  const [cor, titulo] = useWatch({ control: form.control, name: ['cor', 'titulo'] });
  const valor = (cor ?? '').replace(/^#/, '');
  const valida = /^[0-9a-fA-F]{6}$/.test(valor);
  const contraste = valida ? contrasteDoTexto(valor) : null;
  return (
    <Stack gap="sm">
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
