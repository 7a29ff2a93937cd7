// /atencao_primaria/cadastros_individuais/{id}/saida_cadastro (spec §2–§4, issue 6): reason (death or territory
// change); death asks for the date (not before birth, not after today) and the DO number. After it the registration
// is read-only and leaves the active lists.
import { Alert, Stack } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { Navigate, useNavigate, useParams } from 'react-router';
import { z } from 'zod';
import { msg, todayIso } from '@saude/shared';
import { motivoSaidaCadastro } from '@saude/shared/codes/motivo_saida_cadastro';
import {
  MOTIVO_SAIDA_OBITO,
  saidaCadastroFieldsSchema,
  saidaCadastroIssues,
  type CadastroIndividual,
} from '@saude/shared/schemas/cadastro_individual';
import { RecordLoader } from '../../../lib/feedback';
import {
  codeOptions,
  FieldGrid,
  FormSection,
  isoToBr,
  RecordForm,
  useRecordForm,
  type FieldRows,
} from '../../../lib/form';
import { BASE_PATH, useCadastro, useSaidaCadastro } from './api';
import { PessoaCabecalho } from './comum';

const MOTIVOS = codeOptions(motivoSaidaCadastro);
const MODEL = 'Saída do cadastro';
const ROTULOS = { motivo_saida_cadastro_id: 'Motivo da saída', data_obito: 'Data do óbito', numero_do: 'Número da DO' };

function saidaFormSchema(nascimento: string) {
  return z
    .object({
      motivo_saida_cadastro_id: z.number().nullable(),
      data_obito: z.string().nullable(),
      numero_do: z.string().nullable(),
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

export function SaidaCadastroPage() {
  const { id } = useParams();
  const q = useCadastro(id);
  return (
    <RecordLoader query={q} backTo={BASE_PATH} label="Carregando cadastro individual">
      {(c) => (c.situacao !== 'ativo' ? <Navigate to={`${BASE_PATH}/${c.id}/detalhes`} replace /> : <Saida c={c} />)}
    </RecordLoader>
  );
}

function Saida({ c }: { c: CadastroIndividual }) {
  useDocumentTitle(`Saída do cadastro · ${c.municipe.nome}`);
  const navigate = useNavigate();
  const salvar = useSaidaCadastro(c.id);
  const nascimento = c.municipe.data_nascimento;
  const detalhes = `${BASE_PATH}/${c.id}/detalhes`;
  const record = useRecordForm({
    schema: saidaFormSchema(nascimento),
    defaultValues: { motivo_saida_cadastro_id: null, data_obito: null, numero_do: null },
    model: MODEL,
    labels: ROTULOS,
    save: (v) => {
      const obito = v.motivo_saida_cadastro_id === MOTIVO_SAIDA_OBITO;
      return salvar.mutateAsync({
        motivo_saida_cadastro_id: v.motivo_saida_cadastro_id,
        data_obito: obito ? (v.data_obito ?? undefined) : undefined,
        numero_do: obito ? v.numero_do || undefined : undefined,
        lock_version: c.lock_version,
      });
    },
    onSaved: () => detalhes,
  });
  const { form } = record;
  const obito = form.watch('motivo_saida_cadastro_id') === MOTIVO_SAIDA_OBITO;
  const rows: FieldRows<z.input<ReturnType<typeof saidaFormSchema>>> = [
    {
      kind: 'radio',
      name: 'motivo_saida_cadastro_id',
      label: 'Motivo da saída',
      required: true,
      data: MOTIVOS,
      span: 'full',
    },
    {
      kind: 'date',
      name: 'data_obito',
      label: 'Data do óbito',
      required: true,
      minDate: nascimento,
      maxDate: todayIso(),
      when: obito,
    },
    {
      kind: 'text',
      name: 'numero_do',
      label: 'Número da DO',
      required: true,
      tooltip: 'Número da Declaração de Óbito.',
      inputProps: { inputMode: 'numeric', maxLength: 20 },
      when: obito,
    },
  ];

  return (
    <Stack gap="md">
      <PessoaCabecalho c={c} />
      <RecordForm record={record} submitLabel="Gravar saída" onCancel={() => void navigate(detalhes)}>
        <Alert color="yellow" variant="light">
          Depois de gravada a saída, o cadastro individual não pode mais ser alterado e deixa a lista de cadastros
          ativos.
        </Alert>
        <FormSection title="Saída do cadastro">
          <FieldGrid control={form.control} rows={rows} span="half" gap="md" />
        </FormSection>
      </RecordForm>
    </Stack>
  );
}
