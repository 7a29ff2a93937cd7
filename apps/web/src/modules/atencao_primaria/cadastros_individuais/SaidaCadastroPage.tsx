// /atencao_primaria/cadastros_individuais/{id}/saida_cadastro (spec §2–§4, issue 6): reason (death or territory
// change); death asks for the date (not before birth, not after today) and the DO number. After it the registration
// is read-only and leaves the active lists.
import { Alert, Card, SimpleGrid, Stack, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { Navigate, useNavigate, useParams } from 'react-router';
import { z } from 'zod';
import { msg, todayIso } from '@saude/shared';
import { motivoSaidaCadastro } from '@saude/shared/codes';
import {
  MOTIVO_SAIDA_OBITO,
  saidaCadastroFieldsSchema,
  saidaCadastroIssues,
  type CadastroIndividual,
} from '@saude/shared/schemas/cadastro_individual';
import { notifyError, notifySaved } from '../../../lib/feedback';
import {
  DateField,
  ErrorSummary,
  FormActions,
  isoToBr,
  RadioField,
  setServerErrors,
  TextField,
  useSaveShortcut,
  useUnsavedChangesPrompt,
  useZodForm,
} from '../../../lib/form';
import { ApiError } from '../../../lib/http';
import { BASE_PATH, useSaidaCadastro } from './api';
import { CadastroCarregando, PessoaCabecalho, useCadastroOuVolta } from './CadastroIndividualDetalhesPage';

const MOTIVOS = motivoSaidaCadastro.map((m) => ({ value: m.codigo as number, label: m.descricao }));
const ROTULOS = { motivo_saida_cadastro_id: 'Motivo da saída', data_obito: 'Data do óbito', numero_do: 'Número da DO' };

function saidaFormSchema(nascimento: string) {
  return z
    .object({
      motivo_saida_cadastro_id: z.number().nullable(),
      data_obito: z.string().nullable(),
      numero_do: z.string(),
    })
    .superRefine((v, ctx) => {
      const add = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
      if (v.motivo_saida_cadastro_id === null) add('motivo_saida_cadastro_id', msg.obrigatorio);
      const obito = v.motivo_saida_cadastro_id === MOTIVO_SAIDA_OBITO;
      for (const i of saidaCadastroIssues({ ...v, numero_do: v.numero_do || undefined }))
        add(String(i.path[0]), i.message);
      if (obito && v.data_obito) {
        const r = saidaCadastroFieldsSchema.shape.data_obito.safeParse(v.data_obito);
        if (!r.success) add('data_obito', r.error.issues[0]?.message ?? msg.naoEValido);
        else if (v.data_obito < nascimento) add('data_obito', msg.maiorOuIgualQue(isoToBr(nascimento)));
      }
      if (obito && v.numero_do) {
        const r = saidaCadastroFieldsSchema.shape.numero_do.safeParse(v.numero_do);
        if (!r.success) add('numero_do', r.error.issues[0]?.message ?? msg.naoEValido);
      }
    });
}
type SaidaForm = z.input<ReturnType<typeof saidaFormSchema>>;

export function SaidaCadastroPage() {
  const { id } = useParams();
  const q = useCadastroOuVolta(id);
  if (q.isError) return <Navigate to={BASE_PATH} replace />;
  if (!q.data) return <CadastroCarregando />;
  if (q.data.situacao !== 'ativo') return <Navigate to={`${BASE_PATH}/${q.data.id}/detalhes`} replace />;
  return <Saida c={q.data} recarregar={() => void q.refetch()} />;
}

function Saida({ c, recarregar }: { c: CadastroIndividual; recarregar: () => void }) {
  useDocumentTitle(`Saída do cadastro · ${c.municipe.nome}`);
  const navigate = useNavigate();
  const salvar = useSaidaCadastro(c.id);
  const nascimento = c.municipe.data_nascimento;
  const form = useZodForm(saidaFormSchema(nascimento), {
    motivo_saida_cadastro_id: null,
    data_obito: null,
    numero_do: '',
  });
  const { allowNavigation } = useUnsavedChangesPrompt(form.formState.isDirty && !salvar.isSuccess);
  const motivo = form.watch('motivo_saida_cadastro_id');
  const obito = motivo === MOTIVO_SAIDA_OBITO;
  const detalhes = `${BASE_PATH}/${c.id}/detalhes`;

  const onSubmit = form.handleSubmit(async (v: SaidaForm) => {
    try {
      await salvar.mutateAsync({
        motivo_saida_cadastro_id: v.motivo_saida_cadastro_id,
        data_obito: obito ? (v.data_obito ?? undefined) : undefined,
        numero_do: obito ? v.numero_do || undefined : undefined,
        lock_version: c.lock_version,
      });
      notifySaved('Saída do cadastro');
      allowNavigation();
      void navigate(detalhes, { replace: true });
    } catch (err) {
      if (err instanceof ApiError && err.status === 422 && setServerErrors(form, err.errors) > 0) return;
      notifyError(err, { onReload: recarregar });
    }
  });
  useSaveShortcut(onSubmit);

  return (
    <Stack gap="md">
      <PessoaCabecalho c={c} />
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          <Title order={3}>Saída do cadastro</Title>
          {form.formState.submitCount > 0 && (
            <ErrorSummary
              model="Saída do cadastro"
              errors={form.formState.errors as Record<string, unknown>}
              labels={ROTULOS}
              onSelect={(p) => form.setFocus(p as keyof SaidaForm)}
            />
          )}
          <Alert color="yellow" variant="light">
            Depois de gravada a saída, o cadastro individual não pode mais ser alterado e deixa a lista de cadastros
            ativos.
          </Alert>
          <Card withBorder radius="md" p="md">
            <Stack gap="md">
              <RadioField
                control={form.control}
                name="motivo_saida_cadastro_id"
                label="Motivo da saída"
                required
                data={MOTIVOS}
              />
              {obito && (
                <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
                  <DateField
                    control={form.control}
                    name="data_obito"
                    label="Data do óbito"
                    required
                    minDate={nascimento}
                    maxDate={todayIso()}
                  />
                  <TextField
                    control={form.control}
                    name="numero_do"
                    label="Número da DO"
                    required
                    tooltip="Número da Declaração de Óbito."
                    inputProps={{ inputMode: 'numeric', maxLength: 20 }}
                  />
                </SimpleGrid>
              )}
            </Stack>
          </Card>
          <FormActions submitting={salvar.isPending} submitLabel="Gravar saída" onCancel={() => navigate(detalhes)} />
        </Stack>
      </form>
    </Stack>
  );
}
