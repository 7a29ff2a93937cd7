// /atencao_primaria/familias/new and /{id}/edit (spec §2, issue 7): header, record number, living-since month, the
// family head, income, 'Mudou-se', and the members (the head first, not removable). A citizen already in another
// family is refused by the API (409 'Este munícipe já está cadastrado em outra família'): the message goes on the
// member's field and in the save summary.
import {
  ActionIcon,
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Grid,
  Group,
  InputBase,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconPlus, IconTrash, IconX } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { Controller, useFieldArray, useWatch, type UseFormReturn } from 'react-hook-form';
import { IMaskInput } from 'react-imask';
import { Link, Navigate, useNavigate, useParams } from 'react-router';
import { msg } from '@saude/shared';
import { rendaFamiliar } from '@saude/shared/codes/renda_familiar';
import { PARENTESCO_RESPONSAVEL, parentescoFamilia, type Familia } from '@saude/shared/schemas/familia';
import {
  confirmDelete,
  notifyError,
  notifyRemoved,
  notifySaved,
  TOAST_MS,
  useLoadErrorNotice,
} from '../../../lib/feedback';
import {
  ErrorSummary,
  FormActions,
  SelectField,
  setServerErrors,
  TextField,
  touchInputStyles,
  useFieldLabel,
  useSaveShortcut,
  useUnsavedChangesPrompt,
  useZodForm,
} from '../../../lib/form';
import { ApiError } from '../../../lib/http';
import { useUsuario } from '../../auth/api';
import { useNegado, usePode } from '../../municipes/api';
import { BASE_PATH as DOMICILIOS_PATH } from '../cadastros_domiciliares/api';
import { useOpcoesFiltro } from '../opcoes/api';
import { BASE_PATH, useDeleteFamilia, useFamilia, useSaveFamilia } from './api';
import {
  campoDoForm,
  familiaFormSchema,
  familiaParaForm,
  formParaApi,
  novaFamilia,
  ROTULOS,
  type FamiliaFormValues,
} from './formValues';
import { MunicipePicker, type MunicipeResumo } from './MunicipePicker';

type Form = UseFormReturn<FamiliaFormValues, unknown, FamiliaFormValues>;

export const MODEL = 'Família';
const DICA_RESPONSAVEL =
  'O responsável familiar é a pessoa de referência da família (em geral quem responde pelo domicílio). Ele é sempre o primeiro membro e não pode ser removido da lista.';
const DICA_PROFISSIONAL = 'Preenchido automaticamente com você, a partir da sua lotação na equipe desta unidade.';
const DICA_EQUIPE = 'Preenchida automaticamente com a sua equipe nesta unidade.';
const RENDAS = rendaFamiliar.map((r) => ({ value: r.codigo, label: r.descricao }));
/** The head's kinship is given by being the head: the others choose from the e-SUS table. */
const PARENTESCOS = parentescoFamilia
  .filter((p) => p.codigo !== PARENTESCO_RESPONSAVEL)
  .map((p) => ({ value: p.codigo, label: p.descricao }));

export function FamiliaFormPage() {
  const { id } = useParams();
  return id ? <EditarLoader id={id} /> : <FamiliaForm />;
}

function EditarLoader({ id }: { id: string }) {
  const q = useFamilia(id);
  useLoadErrorNotice(q.error);
  if (q.isError) return <Navigate to={BASE_PATH} replace />;
  if (!q.data) {
    return (
      <Stack gap="md" aria-busy="true" aria-label="Carregando família">
        <Skeleton h={72} radius="md" />
        <Skeleton h={320} radius="md" />
      </Stack>
    );
  }
  return <FamiliaForm key={q.data.lock_version} atual={q.data} recarregar={() => void q.refetch()} />;
}

const resumoDe = (m: Familia['membros'][number]): MunicipeResumo => ({
  id: m.municipe_id,
  nome: m.nome,
  data_nascimento: m.data_nascimento,
  cpf_numero: m.cpf_numero,
  codigo_cns: m.codigo_cns,
});

function FamiliaForm({ atual, recarregar }: { atual?: Familia; recarregar?: () => void }) {
  useDocumentTitle(atual ? `Família · ${atual.responsavel_nome}` : 'Nova família');
  const navigate = useNavigate();
  const save = useSaveFamilia(atual?.id);
  const remover = useDeleteFamilia();
  const podeRemover = usePode('atencao_primaria/familias:destroy');
  // Profiles that only read families (physician, nurse, ACE) open the family locked, as the citizen form does.
  const podeEditar = !useNegado(atual ? 'atencao_primaria/familias:update' : 'atencao_primaria/familias:create');
  const form = useZodForm(familiaFormSchema, atual ? familiaParaForm(atual) : novaFamilia()) as Form;
  const { allowNavigation } = useUnsavedChangesPrompt(form.formState.isDirty && !save.isSuccess && !remover.isSuccess);
  // Names of the citizens known to the form (the loaded members, then each pick), for the head's row.
  const [conhecidos, setConhecidos] = useState<Record<string, MunicipeResumo>>(() =>
    Object.fromEntries((atual?.membros ?? []).map((m) => [m.municipe_id, resumoDe(m)])),
  );
  const conhecer = (m: MunicipeResumo | undefined) => {
    if (m) setConhecidos((prev) => ({ ...prev, [m.id]: m }));
  };

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const body = formParaApi(values, atual);
      const saved = await save.mutateAsync(atual ? { ...body, lock_version: atual.lock_version } : body);
      notifySaved(MODEL);
      allowNavigation();
      void navigate(atual ? BASE_PATH : `${BASE_PATH}/${saved.id}/edit`, { replace: true });
    } catch (err) {
      // 422 and the 409 'already in another family' name the field: put the message there (and in the summary).
      if (
        err instanceof ApiError &&
        (err.status === 422 || (err.status === 409 && Object.keys(err.errors).length > 0))
      ) {
        const mapped = Object.fromEntries(Object.entries(err.errors).map(([k, v]) => [campoDoForm(k), v]));
        if (setServerErrors(form, mapped) > 0) return;
      }
      notifyError(err, { onReload: recarregar });
    }
  });
  useSaveShortcut(onSubmit, podeEditar);

  const onRemover = () =>
    atual &&
    confirmDelete({
      model: 'família',
      onConfirm: async () => {
        try {
          await remover.mutateAsync(atual.id);
          notifyRemoved(MODEL);
          allowNavigation();
          void navigate(BASE_PATH, { replace: true });
        } catch (err) {
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
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Group gap="sm">
          <Title order={2}>{atual ? `Família de ${atual.responsavel_nome}` : 'Nova família'}</Title>
          {atual?.mudou && (
            <Badge color="orange" variant="light">
              Mudou-se
            </Badge>
          )}
        </Group>
        {atual && (
          <Text size="sm">
            {atual.domicilio_id ? (
              <>
                Domicílio:{' '}
                <Anchor component={Link} to={`${DOMICILIOS_PATH}/${atual.domicilio_id}/detalhes`}>
                  {atual.domicilio_endereco ?? 'ver domicílio'}
                </Anchor>
              </>
            ) : (
              'Sem domicílio vinculado'
            )}
          </Text>
        )}
      </Group>
      <form onSubmit={onSubmit} noValidate aria-label={atual ? 'Editar família' : 'Nova família'}>
        <Stack gap="md">
          {form.formState.submitCount > 0 && (
            <ErrorSummary
              model={MODEL.toLowerCase()}
              errors={form.formState.errors as Record<string, unknown>}
              labels={ROTULOS}
              onSelect={(path) => form.setFocus(path as keyof FamiliaFormValues)}
            />
          )}
          <fieldset disabled={!podeEditar} style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
            <Stack gap="md">
              <Cabecalho form={form} atual={atual} />
              <Secao title="Família">
                <MunicipePicker
                  control={form.control}
                  name="responsavel_id"
                  label="Responsável familiar"
                  required
                  tooltip={DICA_RESPONSAVEL}
                  inicial={atual ? conhecidos[atual.responsavel_id] : undefined}
                  onEscolhido={conhecer}
                />
                <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
                  <TextField
                    control={form.control}
                    name="numero_prontuario"
                    label="Nº do prontuário familiar"
                    inputProps={{ maxLength: 30 }}
                  />
                  <MesAnoField form={form} />
                  <SelectField control={form.control} name="renda_familiar_id" label="Renda familiar" data={RENDAS} />
                </SimpleGrid>
                <Controller
                  control={form.control}
                  name="mudou"
                  render={({ field }) => (
                    <Switch
                      size="md"
                      label="Mudou-se"
                      description="A família deixou o território: o histórico fica, mas não recebe novas visitas."
                      checked={field.value}
                      onChange={(e) => field.onChange(e.currentTarget.checked)}
                      ref={field.ref}
                      name={field.name}
                    />
                  )}
                />
              </Secao>
              <Membros form={form} conhecidos={conhecidos} conhecer={conhecer} atual={atual} />
            </Stack>
          </fieldset>
          {podeEditar ? (
            <FormActions submitting={save.isPending} onCancel={() => void navigate(BASE_PATH)}>
              {atual && podeRemover && (
                <Button
                  color="red"
                  variant="outline"
                  mih={44}
                  leftSection={<IconTrash size={16} aria-hidden />}
                  onClick={onRemover}
                >
                  Remover família
                </Button>
              )}
            </FormActions>
          ) : (
            <Group>
              <Button component={Link} to={BASE_PATH} variant="default" mih={44}>
                Voltar para a lista
              </Button>
            </Group>
          )}
        </Stack>
      </form>
    </Stack>
  );
}

function Secao({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card withBorder radius="md" p="md" component="fieldset" style={{ minWidth: 0 }}>
      <Title order={3} size="h4" mb="sm" component="legend" style={{ padding: 0, float: 'left', width: '100%' }}>
        {title}
      </Title>
      <Stack gap="md" style={{ clear: 'both' }}>
        {children}
      </Stack>
    </Card>
  );
}

function Cabecalho({ form, atual }: { form: Form; atual?: Familia }) {
  const usuario = useUsuario();
  const opcoes = useOpcoesFiltro();
  const unidadeId = atual?.unidade_saude_id ?? usuario?.unidade_atual?.id;
  const equipes = (opcoes.data?.equipes ?? [])
    .filter((e) => !unidadeId || e.unidade_saude_id === unidadeId)
    .map((e) => ({ value: e.id, label: e.nome }));
  if (atual?.equipe_id && !equipes.some((o) => o.value === atual.equipe_id))
    equipes.unshift({ value: atual.equipe_id, label: atual.equipe_nome ?? 'Equipe' });
  const unidade = useFieldLabel({ label: 'Unidade de saúde' });
  const profissional = useFieldLabel({ label: 'Profissional', tooltip: DICA_PROFISSIONAL });
  return (
    <Secao title="Responsável pelo cadastro">
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
        <TextInput
          {...unidade}
          readOnly
          styles={touchInputStyles}
          value={atual?.unidade_saude_nome ?? usuario?.unidade_atual?.nome ?? ''}
        />
        <TextInput
          {...profissional}
          readOnly
          styles={touchInputStyles}
          value={atual?.profissional_nome ?? 'Você (preenchido ao gravar)'}
        />
        <SelectField
          control={form.control}
          name="equipe_id"
          label="Equipe"
          tooltip={DICA_EQUIPE}
          data={equipes}
          placeholder={atual ? undefined : 'Sua equipe (preenchida ao gravar)'}
        />
      </SimpleGrid>
    </Secao>
  );
}

/** Month and year typed as MM/aaaa (e-SUS "Reside desde"). */
function MesAnoField({ form }: { form: Form }) {
  const labelProps = useFieldLabel({
    label: 'Reside desde',
    tooltip: 'Mês e ano em que a família passou a morar no domicílio.',
  });
  return (
    <Controller
      control={form.control}
      name="reside_desde"
      render={({ field, fieldState }) => (
        <InputBase
          {...labelProps}
          component={IMaskInput}
          mask="00/0000"
          placeholder="mm/aaaa"
          inputMode="numeric"
          autoComplete="off"
          value={field.value}
          onAccept={(v: string) => {
            if (v !== field.value) field.onChange(v);
          }}
          onBlur={field.onBlur}
          inputRef={field.ref}
          name={field.name}
          error={fieldState.error?.message}
          styles={touchInputStyles}
        />
      )}
    />
  );
}

function Membros({
  form,
  conhecidos,
  conhecer,
  atual,
}: {
  form: Form;
  conhecidos: Record<string, MunicipeResumo>;
  conhecer: (m: MunicipeResumo | undefined) => void;
  atual?: Familia;
}) {
  const { fields, append, remove } = useFieldArray({ control: form.control, name: 'membros' });
  const responsavelId = useWatch({ control: form.control, name: 'responsavel_id' });
  const responsavel = responsavelId ? conhecidos[responsavelId] : undefined;
  const erroLista = form.formState.errors.membros?.root?.message ?? form.formState.errors.membros?.message;
  const membroAtual = (id: string) => atual?.membros.find((m) => m.municipe_id === id);
  return (
    <Secao title="Membros">
      <Paper withBorder p="sm" radius="sm" bg="var(--mantine-color-gray-0)" aria-label="Responsável familiar (membro)">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Text size="sm" fw={600}>
            {responsavel?.nome ?? 'Escolha o responsável familiar acima'}
          </Text>
          <Badge variant="light" color="cyan">
            Responsável familiar
          </Badge>
        </Group>
      </Paper>
      {fields.map((f, i) => {
        const m = membroAtual(form.getValues(`membros.${i}.municipe_id`));
        return (
          <Paper key={f.id} withBorder p="sm" radius="sm">
            <Group align="flex-start" gap="sm" wrap="nowrap">
              <Grid gap="sm" style={{ flex: 1, minWidth: 0 }}>
                <Grid.Col span={{ base: 12, sm: 7 }}>
                  <MunicipePicker
                    control={form.control}
                    name={`membros.${i}.municipe_id`}
                    label={`Membro ${i + 1}`}
                    required
                    inicial={m ? resumoDe(m) : undefined}
                    onEscolhido={conhecer}
                  />
                </Grid.Col>
                <Grid.Col span={{ base: 12, sm: 5 }}>
                  <SelectField
                    control={form.control}
                    name={`membros.${i}.parentesco_id`}
                    label={`Parentesco do membro ${i + 1}`}
                    required
                    data={PARENTESCOS}
                  />
                </Grid.Col>
              </Grid>
              <ActionIcon
                variant="subtle"
                color="red"
                size={44}
                mt={26}
                aria-label={`Remover membro ${i + 1}`}
                onClick={() => remove(i)}
              >
                <IconTrash size={18} aria-hidden />
              </ActionIcon>
            </Group>
          </Paper>
        );
      })}
      {erroLista && (
        <Alert color="red" variant="light">
          {erroLista}
        </Alert>
      )}
      <Group>
        <Button
          variant="light"
          mih={44}
          leftSection={<IconPlus size={18} aria-hidden />}
          onClick={() => append({ municipe_id: '', parentesco_id: null }, { shouldFocus: true })}
        >
          Adicionar membro
        </Button>
      </Group>
    </Secao>
  );
}
