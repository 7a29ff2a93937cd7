// /atencao_primaria/cadastros_individuais/new and /{id}/edit (spec §2, issue 6). New: pick the citizen first (the
// registry's search); their current documents and nationality fill the form (one truth). Edit: loads, then mounts.
import { Button, Card, Checkbox, Group, Select, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue, useDocumentTitle } from '@mantine/hooks';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { Controller, useWatch, type UseFormReturn } from 'react-hook-form';
import { Link, Navigate, useNavigate, useParams, useSearchParams } from 'react-router';
import { formatCns, formatCpf, todayIso } from '@saude/shared';
import { deficienciaCidadao, nacionalidade, orientacaoSexual, responsavelCrianca } from '@saude/shared/codes';
import { pais } from '@saude/shared/codes/pais';
import {
  NACIONALIDADE_ESTRANGEIRO,
  NACIONALIDADE_NATURALIZADO,
  perguntasInsegurancaAlimentar,
  type CadastroIndividual,
} from '@saude/shared/schemas/cadastro_individual';
import { IDADE_MAXIMA_RESPONSAVEL_CRIANCA, idadeEmAnos, type Municipe } from '@saude/shared/schemas/municipe';
import { notifyError, notifySaved } from '../../../lib/feedback';
import {
  CheckboxField,
  CnsField,
  CpfField,
  DateField,
  ErrorSummary,
  FormActions,
  isoToBr,
  RadioField,
  SelectField,
  setServerErrors,
  TextField,
  touchInputStyles,
  useFieldLabel,
  useSaveShortcut,
  useUnsavedChangesPrompt,
  useZodForm,
  YesNoField,
} from '../../../lib/form';
import { ApiError } from '../../../lib/http';
import { useMunicipe, usePode } from '../../municipes/api';
import { BASE_PATH, useBuscaMunicipes, useSaveCadastro } from './api';
import { CadastroCarregando, PessoaCabecalho, useCadastroOuVolta } from './CadastroIndividualDetalhesPage';
import { MODEL } from './comum';
import {
  cadastroFormSchema,
  cadastroParaForm,
  campoDoForm,
  formParaApi,
  novoCadastro,
  ROTULOS,
  type CadastroFormValues,
} from './formValues';

type Form = UseFormReturn<CadastroFormValues, unknown, CadastroFormValues>;

const opcoes = (t: readonly { codigo: number; descricao: string }[]) =>
  t.map((r) => ({ value: r.codigo, label: r.descricao }));
const NACIONALIDADES = opcoes(nacionalidade);
const PAISES = opcoes(pais);
const ORIENTACOES = opcoes(orientacaoSexual);

const DICA_DATA =
  'Preenchida com a data e a hora de agora; altere se o cadastro foi feito em outro momento (nunca no futuro).';
const DICA_PROFISSIONAL = 'Preenchido automaticamente com você, a partir da sua lotação na equipe desta unidade.';
const DICA_EQUIPE = 'Preenchido automaticamente com a sua equipe.';
/** Back here after creating a citizen in the registry (MunicipeFormPage appends ?municipe_id=<new id>). */
const NOVO_MUNICIPE = `/municipes/new?retorno=${BASE_PATH}/new`;
const criancaPelaData = (nascimento: string | undefined) => {
  const idade = nascimento ? idadeEmAnos(nascimento) : null;
  return idade !== null && idade <= IDADE_MAXIMA_RESPONSAVEL_CRIANCA;
};

const DICA_RESPONSAVEL = 'Marque quando esta pessoa é a responsável familiar do domicílio onde mora.';

export function CadastroIndividualFormPage() {
  const { id } = useParams();
  return id ? <EditarLoader id={id} /> : <NovoCadastro />;
}

function EditarLoader({ id }: { id: string }) {
  const q = useCadastroOuVolta(id);
  if (q.isError) return <Navigate to={BASE_PATH} replace />;
  if (!q.data) return <CadastroCarregando />;
  // After an exit the registration is read-only: the detail page shows it.
  if (q.data.situacao !== 'ativo') return <Navigate to={`${BASE_PATH}/${id}/detalhes`} replace />;
  return <CadastroForm key={q.data.lock_version} atual={q.data} recarregar={() => void q.refetch()} />;
}

function NovoCadastro() {
  return <CadastroForm />;
}

function CadastroForm({ atual, recarregar }: { atual?: CadastroIndividual; recarregar?: () => void }) {
  useDocumentTitle(atual ? `Editar cadastro individual · ${atual.municipe.nome}` : 'Novo cadastro individual');
  const navigate = useNavigate();
  const save = useSaveCadastro(atual?.id);
  const form = useZodForm(cadastroFormSchema, atual ? cadastroParaForm(atual) : novoCadastro()) as Form;
  const { allowNavigation } = useUnsavedChangesPrompt(form.formState.isDirty && !save.isSuccess);
  const voltar = atual ? `${BASE_PATH}/${atual.id}/detalhes` : BASE_PATH;
  // The caregiver question is only for children 0–9: the chosen citizen's age (new) or the registration's (edit).
  const [nascimentoEscolhido, setNascimentoEscolhido] = useState<string | undefined>();
  const onEscolhido = useCallback((m: Municipe | undefined) => setNascimentoEscolhido(m?.data_nascimento), []);
  const crianca = criancaPelaData(atual?.municipe.data_nascimento ?? nascimentoEscolhido);

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const saved = await save.mutateAsync(
        atual
          ? { ...formParaApi(values, atual, crianca), lock_version: atual.lock_version }
          : formParaApi(values, undefined, crianca),
      );
      notifySaved(MODEL);
      allowNavigation();
      void navigate(`${BASE_PATH}/${saved.id}/detalhes`, { replace: true });
    } catch (err) {
      if (err instanceof ApiError && err.status === 422) {
        const mapped = Object.fromEntries(Object.entries(err.errors).map(([k, v]) => [campoDoForm(k), v]));
        if (setServerErrors(form, mapped) > 0) return;
      }
      // 409: someone else saved first (or the registration already exists / had an exit); reload offers theirs.
      notifyError(err, { onReload: recarregar });
    }
  });
  useSaveShortcut(onSubmit);

  const onSelect = (path: string) => form.setFocus(path as keyof CadastroFormValues);

  return (
    <Stack gap="md">
      {atual ? <PessoaCabecalho c={atual} /> : <Title order={2}>Novo cadastro individual</Title>}
      {atual && <Title order={3}>Editar cadastro individual</Title>}
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          {form.formState.submitCount > 0 && (
            <ErrorSummary
              model={MODEL}
              errors={form.formState.errors as Record<string, unknown>}
              labels={ROTULOS}
              onSelect={onSelect}
            />
          )}
          {!atual && <EscolherMunicipe form={form} onEscolhido={onEscolhido} />}
          <Cabecalho form={form} atual={atual} />
          <Identificacao form={form} />
          <Questionario form={form} crianca={crianca} />
          <FormActions submitting={save.isPending} onCancel={() => navigate(voltar)} />
        </Stack>
      </form>
    </Stack>
  );
}

function Secao({ title, children }: { title: string; children: React.ReactNode }) {
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

/** The citizen picker: the registry's search (name, CPF, CNS, dd/mm/aaaa); picking fills the documents. */
function EscolherMunicipe({ form, onEscolhido }: { form: Form; onEscolhido: (m: Municipe | undefined) => void }) {
  const [busca, setBusca] = useState('');
  const [q] = useDebouncedValue(busca, 300);
  const resultados = useBuscaMunicipes(q);
  // ?municipe_id= preselects a citizen (e.g. just created through 'Cadastrar novo munícipe').
  const [searchParams] = useSearchParams();
  const [escolhido, setEscolhido] = useState<string | null>(() => searchParams.get('municipe_id'));
  const municipe = useMunicipe(escolhido ?? undefined);
  const podeCriar = usePode('municipes:create');
  const labelProps = useFieldLabel({
    label: 'Munícipe',
    required: true,
    tooltip:
      'Busque por nome, CPF, CNS ou data de nascimento. Quem não está no cadastro de munícipes precisa ser cadastrado lá antes.',
  });
  const erro = form.formState.errors.municipe_id?.message;

  // The chosen citizen's own answers start the form (one truth with the registry).
  const m = municipe.data;
  const data = useMemo(() => {
    const rows: Array<Pick<Municipe, 'id' | 'nome' | 'data_nascimento' | 'cpf_numero' | 'codigo_cns'>> = [
      ...(resultados.data?.rows ?? []),
    ];
    // A preselected citizen may not be among the search results: keep them as an option so the picker shows them.
    if (m && !rows.some((r) => r.id === m.id)) rows.unshift(m);
    return rows.map((r) => ({
      value: r.id,
      label: `${r.nome} · ${isoToBr(r.data_nascimento)}${r.cpf_numero ? ` · CPF ${formatCpf(r.cpf_numero)}` : r.codigo_cns ? ` · CNS ${formatCns(r.codigo_cns)}` : ''}`,
    }));
  }, [resultados.data, m]);

  useEffect(() => {
    onEscolhido(escolhido ? m : undefined);
  }, [m, escolhido, onEscolhido]);
  useEffect(() => {
    if (!m) return;
    const { data_cadastro_data, data_cadastro_hora } = form.getValues();
    form.reset(
      { ...novoCadastro({ ...m, id: m.id }), data_cadastro_data, data_cadastro_hora },
      { keepDefaultValues: true },
    );
    form.setValue('municipe_id', m.id, { shouldDirty: true });
  }, [m, form]);

  return (
    <Secao title="Munícipe">
      <Select
        {...labelProps}
        searchable
        clearable
        data={data}
        value={escolhido}
        error={erro}
        styles={touchInputStyles}
        placeholder="Digite ao menos 3 letras do nome, ou o CPF/CNS"
        searchValue={busca}
        onSearchChange={setBusca}
        // The API already searched (misspellings, any word order): show its answer as is.
        filter={({ options }) => options}
        nothingFoundMessage={q.trim().length >= 3 && !resultados.isFetching ? 'Nenhum munícipe encontrado.' : undefined}
        onChange={(v) => {
          setEscolhido(v);
          if (!v) form.setValue('municipe_id', '', { shouldDirty: true });
        }}
        name="municipe_id"
      />
      {podeCriar && (
        <Group>
          <Button component={Link} to={NOVO_MUNICIPE} variant="default" mih={44}>
            Cadastrar novo munícipe
          </Button>
        </Group>
      )}
      {m && (
        <Text size="sm" c="dimmed">
          {m.nome} · {isoToBr(m.data_nascimento)} · {m.nome_mae ? `Mãe: ${m.nome_mae}` : 'Mãe não informada'} ·{' '}
          <Link to={`/municipes/${m.id}/edit`}>Abrir no cadastro de munícipes</Link>
        </Text>
      )}
    </Secao>
  );
}

function Cabecalho({ form, atual }: { form: Form; atual?: CadastroIndividual }) {
  const foraArea = useWatch({ control: form.control, name: 'fora_area' });
  const profissional = useFieldLabel({ label: 'Profissional de referência', tooltip: DICA_PROFISSIONAL });
  const equipe = useFieldLabel({ label: 'Equipe', tooltip: DICA_EQUIPE });
  return (
    <Secao title="Responsável pelo cadastro">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <TextInput
          {...profissional}
          readOnly
          styles={touchInputStyles}
          value={atual?.profissional_nome ?? 'Você (preenchido ao gravar)'}
        />
        <TextInput
          {...equipe}
          readOnly
          styles={touchInputStyles}
          value={atual?.equipe_nome ?? 'Sua equipe (preenchida ao gravar)'}
        />
        <TextField
          control={form.control}
          name="micro_area"
          label="Micro-área"
          required={!foraArea}
          disabled={foraArea}
          placeholder="00"
          inputProps={{ inputMode: 'numeric', maxLength: 2 }}
        />
        <Group align="flex-end" mih={44}>
          <CheckboxField control={form.control} name="fora_area" label="Fora de área" />
        </Group>
        <DateField
          control={form.control}
          name="data_cadastro_data"
          label="Data do cadastro"
          required
          tooltip={DICA_DATA}
          maxDate={todayIso()}
        />
        <TextField
          control={form.control}
          name="data_cadastro_hora"
          label="Hora do cadastro"
          required
          tooltip={DICA_DATA}
          inputProps={{ type: 'time' }}
        />
      </SimpleGrid>
    </Secao>
  );
}

function Identificacao({ form }: { form: Form }) {
  const [nac, recusa] = useWatch({ control: form.control, name: ['nacionalidade_id', 'termo_recusa'] });
  return (
    <Secao title="Identificação">
      <CheckboxField
        control={form.control}
        name="termo_recusa"
        label="O cidadão recusou o cadastro (termo de recusa)"
        description="Com a recusa, só o que o e-SUS exige para ela é obrigatório."
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <CpfField control={form.control} name="cpf_numero" label="CPF" />
        <CnsField control={form.control} name="codigo_cns" label="CNS" />
      </SimpleGrid>
      <Text size="xs" c="dimmed">
        Informe o CPF ou o CNS. Um documento deixado em branco mantém o que já consta no cadastro do munícipe.
      </Text>
      <RadioField
        control={form.control}
        name="nacionalidade_id"
        label="Nacionalidade"
        required={!recusa}
        data={NACIONALIDADES}
      />
      {nac === NACIONALIDADE_ESTRANGEIRO && (
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <SelectField
            control={form.control}
            name="pais_nascimento_id"
            label="País de nascimento"
            required={!recusa}
            data={PAISES}
          />
          <DateField
            control={form.control}
            name="data_entrada_brasil"
            label="Data de entrada no Brasil"
            required={!recusa}
            maxDate={todayIso()}
          />
        </SimpleGrid>
      )}
      {nac === NACIONALIDADE_NATURALIZADO && (
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <DateField
            control={form.control}
            name="data_naturalizacao"
            label="Data de naturalização"
            required={!recusa}
            maxDate={todayIso()}
          />
          <TextField
            control={form.control}
            name="portaria_naturalizacao"
            label="Portaria de naturalização"
            required={!recusa}
            inputProps={{ maxLength: 16 }}
          />
        </SimpleGrid>
      )}
      <CheckboxField
        control={form.control}
        name="proprio_responsavel_familiar"
        label="É o próprio responsável familiar"
      />
      <Text size="xs" c="dimmed">
        {DICA_RESPONSAVEL}
      </Text>
    </Secao>
  );
}

function Questionario({ form, crianca }: { form: Form; crianca: boolean }) {
  const [defic, orient] = useWatch({
    control: form.control,
    name: ['possui_deficiencia', 'informa_orientacao_sexual'],
  });
  return (
    <>
      <Secao title="Triagem de insegurança alimentar (últimos três meses)">
        <YesNoField
          control={form.control}
          name="alimentos_acabaram_sem_dinheiro"
          label={perguntasInsegurancaAlimentar.alimentos_acabaram_sem_dinheiro}
        />
        <YesNoField
          control={form.control}
          name="comeu_alguns_alimentos_sem_dinheiro"
          label={perguntasInsegurancaAlimentar.comeu_alguns_alimentos_sem_dinheiro}
        />
      </Secao>
      <Secao title="Informações sociodemográficas">
        <Text size="xs" c="dimmed">
          Estas respostas são as do munícipe: alterá-las aqui altera também o cadastro do munícipe.
        </Text>
        <YesNoField control={form.control} name="possui_deficiencia" label="Tem alguma deficiência?" />
        {defic && (
          <Controller
            control={form.control}
            name="deficiencias"
            render={({ field, fieldState }) => (
              <Checkbox.Group
                label="Quais deficiências?"
                withAsterisk
                error={fieldState.error?.message}
                value={field.value.map(String)}
                onChange={(v) => field.onChange(v.map(Number))}
              >
                <Group gap="md" mt={6}>
                  {deficienciaCidadao.map((d) => (
                    <Checkbox
                      key={d.codigo}
                      value={String(d.codigo)}
                      label={d.descricao}
                      size="md"
                      mih={44}
                      ref={d.codigo === deficienciaCidadao[0].codigo ? field.ref : undefined}
                      styles={{ body: { alignItems: 'center', minHeight: 44 } }}
                    />
                  ))}
                </Group>
              </Checkbox.Group>
            )}
          />
        )}
        {crianca && (
          <Controller
            control={form.control}
            name="responsaveis_criancas"
            render={({ field, fieldState }) => (
              <Checkbox.Group
                label="Com quem a criança fica?"
                error={fieldState.error?.message}
                value={field.value.map(String)}
                onChange={(v) => field.onChange(v.map(Number))}
              >
                <Group gap="md" mt={6}>
                  {responsavelCrianca.map((r) => (
                    <Checkbox
                      key={r.codigo}
                      value={String(r.codigo)}
                      label={r.descricao}
                      size="md"
                      mih={44}
                      ref={r.codigo === responsavelCrianca[0].codigo ? field.ref : undefined}
                      styles={{ body: { alignItems: 'center', minHeight: 44 } }}
                    />
                  ))}
                </Group>
              </Checkbox.Group>
            )}
          />
        )}
        <YesNoField
          control={form.control}
          name="informa_orientacao_sexual"
          label="Deseja informar orientação sexual?"
        />
        {orient && (
          <SelectField
            control={form.control}
            name="orientacao_sexual_id"
            label="Orientação sexual"
            required
            data={ORIENTACOES}
          />
        )}
      </Secao>
    </>
  );
}
