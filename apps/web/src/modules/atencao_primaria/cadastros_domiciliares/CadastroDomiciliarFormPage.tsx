// /atencao_primaria/cadastros_domiciliares/new and /{id}/edit (spec §2, issue 7). Edit has two child tabs:
// Identificação (index, the form) and Famílias (`familias`). The form adapts to the property type as e-SUS does
// (shared ehDomicilio / ehInstituicao / temCondicoesMoradia): a home answers the living conditions and animals, an
// institution the institution block, other properties only the address.
import { Card, Checkbox, Grid, Group, SimpleGrid, Stack, Tabs, Text, TextInput, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import type { ReactNode } from 'react';
import { Controller, useWatch, type UseFormReturn } from 'react-hook-form';
import { Navigate, Outlet, useLocation, useNavigate, useOutletContext, useParams } from 'react-router';
import { todayIso } from '@saude/shared';
import {
  abastecimentoAgua,
  animalNoDomicilio,
  condicaoPosseUsoTerra,
  destinoLixo,
  escoamentoSanitario,
  localizacaoMoradia,
  materialParedes,
  situacaoMoradia,
  tipoAcessoDomicilio,
  tipoDomicilio,
  tipoGlicemiaCapilar,
  tipoImovel,
  tipoOrigemEnergiaEletrica,
  tratamentoAgua,
} from '@saude/shared/codes';
import {
  ehDomicilio,
  ehInstituicao,
  LOCALIZACAO_RURAL,
  temCondicoesMoradia,
  type CadastroDomiciliar,
} from '@saude/shared/schemas/cadastro_domiciliar';
import { FAIXAS_SINAIS_VITAIS } from '@saude/shared/schemas/comum';
import type { ADDRESS_LABELS } from '../../../lib/address';
import { AddressFields } from '../../../lib/address';
import { notifyError, notifySaved } from '../../../lib/feedback';
import {
  CheckboxField,
  CnsField,
  DateField,
  DecimalField,
  ErrorSummary,
  FormActions,
  IntegerField,
  PhoneField,
  RadioField,
  SelectField,
  setServerErrors,
  TextField,
  TimeField,
  touchInputStyles,
  useFieldLabel,
  useSaveShortcut,
  useUnsavedChangesPrompt,
  useZodForm,
  YesNoField,
} from '../../../lib/form';
import { ApiError } from '../../../lib/http';
import { useUsuario } from '../../auth/api';
import { useOpcoesFiltro } from '../opcoes/api';
import { BASE_PATH, useSaveDomicilio } from './api';
import { DomicilioCabecalho, DomicilioCarregando, MODEL, opcoes, useDomicilioOuVolta } from './comum';
import {
  campoDoForm,
  domicilioFormSchema,
  domicilioParaForm,
  formParaApi,
  novoDomicilio,
  ROTULOS,
  type DomicilioFormValues,
} from './formValues';

type Form = UseFormReturn<DomicilioFormValues, unknown, DomicilioFormValues>;

const DICA_DATA =
  'Preenchida com a data e a hora de agora; altere se o cadastro foi feito em outro momento (nunca no futuro).';
const DICA_PROFISSIONAL = 'Preenchido automaticamente com você, a partir da sua lotação na equipe desta unidade.';
const DICA_EQUIPE =
  'Preenchida automaticamente com a sua equipe nesta unidade; escolha outra só se o domicílio for de outra equipe.';
const DICA_TIPO_IMOVEL =
  'O formulário muda com o tipo: um domicílio responde às condições de moradia; uma instituição de permanência, aos dados da instituição.';

const TIPOS_IMOVEL = opcoes(tipoImovel);

/** Outlet context of the edit page's tabs. */
export interface DomicilioTabContext {
  domicilio: CadastroDomiciliar;
  recarregar: () => void;
}

export function CadastroDomiciliarFormPage() {
  const { id } = useParams();
  return id ? <EditarLoader id={id} /> : <DomicilioForm />;
}

function EditarLoader({ id }: { id: string }) {
  const q = useDomicilioOuVolta(id);
  if (q.isError) return <Navigate to={BASE_PATH} replace />;
  if (!q.data) return <DomicilioCarregando />;
  return <DomicilioEdicao domicilio={q.data} recarregar={() => void q.refetch()} />;
}

const ABAS = [
  { path: '', label: 'Identificação' },
  { path: 'familias', label: 'Famílias' },
] as const;

function DomicilioEdicao({ domicilio, recarregar }: DomicilioTabContext) {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const editPath = `${BASE_PATH}/${domicilio.id}/edit`;
  const aba = pathname.replace(/\/$/, '').startsWith(`${editPath}/familias`) ? 'familias' : '';
  const contexto: DomicilioTabContext = { domicilio, recarregar };
  return (
    <Stack gap="md">
      <DomicilioCabecalho c={domicilio} />
      <Tabs
        value={aba || 'identificacao'}
        onChange={(v) => void navigate(v === 'familias' ? `${editPath}/familias` : editPath)}
        keepMounted={false}
      >
        <Tabs.List>
          {ABAS.map((t) => (
            <Tabs.Tab key={t.path} value={t.path || 'identificacao'} mih={44}>
              {t.label}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
      <Outlet context={contexto} />
    </Stack>
  );
}

/** The index tab of /{id}/edit: the form of the loaded household (remounted when another save changes it). */
export function CadastroDomiciliarIdentificacaoTab() {
  const { domicilio, recarregar } = useOutletContext<DomicilioTabContext>();
  return <DomicilioForm key={domicilio.lock_version} atual={domicilio} recarregar={recarregar} />;
}

function DomicilioForm({ atual, recarregar }: { atual?: CadastroDomiciliar; recarregar?: () => void }) {
  useDocumentTitle(atual ? 'Editar cadastro domiciliar' : 'Novo cadastro domiciliar');
  const navigate = useNavigate();
  const save = useSaveDomicilio(atual?.id);
  const form = useZodForm(domicilioFormSchema, atual ? domicilioParaForm(atual) : novoDomicilio()) as Form;
  const { allowNavigation } = useUnsavedChangesPrompt(form.formState.isDirty && !save.isSuccess);
  const voltar = atual ? `${BASE_PATH}/${atual.id}/detalhes` : BASE_PATH;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const body = formParaApi(values, atual);
      const saved = await save.mutateAsync(atual ? { ...body, lock_version: atual.lock_version } : body);
      notifySaved(MODEL);
      allowNavigation();
      void navigate(`${BASE_PATH}/${saved.id}/detalhes`, { replace: true });
    } catch (err) {
      if (err instanceof ApiError && err.status === 422) {
        const mapped = Object.fromEntries(Object.entries(err.errors).map(([k, v]) => [campoDoForm(k), v]));
        if (setServerErrors(form, mapped) > 0) return;
      }
      // 409: someone else saved first; 'Recarregar' brings their version.
      notifyError(err, { onReload: recarregar });
    }
  });
  useSaveShortcut(onSubmit);

  const [tipo, recusa] = useWatch({ control: form.control, name: ['tipo_imovel_id', 'termo_recusa'] });
  const mostraMoradia = !recusa && temCondicoesMoradia(tipo);

  return (
    <Stack gap="md">
      {!atual && <Title order={2}>Novo cadastro domiciliar</Title>}
      <form
        onSubmit={onSubmit}
        noValidate
        aria-label={atual ? 'Editar cadastro domiciliar' : 'Novo cadastro domiciliar'}
      >
        <Stack gap="md">
          {form.formState.submitCount > 0 && (
            <ErrorSummary
              model={MODEL.toLowerCase()}
              errors={form.formState.errors as Record<string, unknown>}
              labels={ROTULOS}
              onSelect={(path) => form.setFocus(path as keyof DomicilioFormValues)}
            />
          )}
          <Cabecalho form={form} atual={atual} />
          <Endereco form={form} recusa={recusa} tipo={tipo} />
          {mostraMoradia && <CondicoesMoradia form={form} domicilio={ehDomicilio(tipo)} />}
          {!recusa && ehDomicilio(tipo) && <Animais form={form} />}
          {!recusa && ehInstituicao(tipo) && <Instituicao form={form} />}
          <SinaisVitais form={form} />
          <Secao title="Termo de recusa">
            <CheckboxField
              control={form.control}
              name="termo_recusa"
              label="Os moradores recusaram o cadastro (termo de recusa)"
              description="Com a recusa, ficam só o responsável pelo cadastro, o tipo de imóvel e a micro-área."
            />
          </Secao>
          <FormActions submitting={save.isPending} onCancel={() => void navigate(voltar)} />
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

function Cabecalho({ form, atual }: { form: Form; atual?: CadastroDomiciliar }) {
  const usuario = useUsuario();
  const opcoesFiltro = useOpcoesFiltro();
  const [foraArea, equipeId] = useWatch({ control: form.control, name: ['fora_area', 'equipe_id'] });
  const unidadeId = atual?.unidade_saude_id ?? usuario?.unidade_atual?.id;
  const equipes = (opcoesFiltro.data?.equipes ?? []).filter((e) => !unidadeId || e.unidade_saude_id === unidadeId);
  const equipeOpcoes = equipes.map((e) => ({ value: e.id, label: e.nome }));
  // Keep the household's team visible even if it is not among the options (another unit, or the list still loading).
  if (atual?.equipe_id && !equipeOpcoes.some((o) => o.value === atual.equipe_id))
    equipeOpcoes.unshift({ value: atual.equipe_id, label: atual.equipe_nome ?? 'Equipe' });
  const microAreas = equipes.find((e) => e.id === equipeId)?.micro_areas ?? [];
  const unidade = useFieldLabel({ label: 'Unidade de saúde' });
  const profissional = useFieldLabel({ label: 'Profissional', tooltip: DICA_PROFISSIONAL });
  return (
    <Secao title="Responsável pelo cadastro">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
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
          value={
            atual
              ? [atual.profissional_nome, atual.ocupacao_nome].filter(Boolean).join(' · ')
              : 'Você (preenchido ao gravar)'
          }
        />
        <SelectField
          control={form.control}
          name="equipe_id"
          label="Equipe"
          tooltip={DICA_EQUIPE}
          data={equipeOpcoes}
          placeholder={atual ? undefined : 'Sua equipe (preenchida ao gravar)'}
        />
        <Group align="flex-start" gap="md" wrap="nowrap">
          <div style={{ flex: 1 }}>
            <TextField
              control={form.control}
              name="st_micro_area"
              label="Micro-área"
              required={!foraArea}
              disabled={foraArea}
              placeholder="00"
              description={microAreas.length > 0 ? `Micro-áreas da equipe: ${microAreas.join(', ')}` : undefined}
              inputProps={{ inputMode: 'numeric', maxLength: 2 }}
            />
          </div>
          <Group mih={44} mt={28}>
            <CheckboxField control={form.control} name="fora_area" label="Fora de área" />
          </Group>
        </Group>
        <DateField
          control={form.control}
          name="data_cadastro_data"
          label="Data do cadastro"
          required
          tooltip={DICA_DATA}
          maxDate={todayIso()}
        />
        <TimeField
          control={form.control}
          name="data_cadastro_hora"
          label="Hora do cadastro"
          required
          tooltip={DICA_DATA}
        />
      </SimpleGrid>
    </Secao>
  );
}

function Endereco({ form, recusa, tipo }: { form: Form; recusa: boolean; tipo: number | null }) {
  const semNumero = useWatch({ control: form.control, name: 'sem_numero' });
  const obrig: Array<keyof typeof ADDRESS_LABELS> = recusa
    ? []
    : [
        'cep',
        'uf',
        'municipio',
        'tipo_logradouro',
        'logradouro',
        'bairro',
        ...(semNumero ? [] : (['numero'] as const)),
      ];
  return (
    <Secao title="Endereço e local de permanência">
      <SelectField
        control={form.control}
        name="tipo_imovel_id"
        label="Tipo de imóvel"
        required
        tooltip={DICA_TIPO_IMOVEL}
        data={TIPOS_IMOVEL}
        clearable={false}
      />
      <AddressFields control={form.control} required={obrig} names={{ municipio: 'municipio_nome' }} />
      <Grid gap="sm">
        <Grid.Col span={{ base: 12, sm: 4 }}>
          <Group mih={44} mt={{ base: 0, sm: 28 }}>
            <CheckboxField control={form.control} name="sem_numero" label="Sem número" />
          </Group>
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 8 }}>
          <TextField control={form.control} name="complemento" label="Complemento" inputProps={{ maxLength: 30 }} />
        </Grid.Col>
        {ehDomicilio(tipo) && !recusa && (
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <PhoneField control={form.control} name="telefone_residencial" label="Telefone residencial" />
          </Grid.Col>
        )}
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <PhoneField control={form.control} name="telefone_contato" label="Telefone de contato" />
        </Grid.Col>
      </Grid>
    </Secao>
  );
}

function CondicoesMoradia({ form, domicilio }: { form: Form; domicilio: boolean }) {
  const [localizacao, energia] = useWatch({ control: form.control, name: ['localizacao_id', 'energia_eletrica'] });
  const c = form.control;
  return (
    <Secao title="Condições de moradia">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        {domicilio && (
          <SelectField
            control={c}
            name="situacao_moradia_id"
            label="Situação de moradia / posse da terra"
            required
            data={opcoes(situacaoMoradia)}
          />
        )}
        <RadioField control={c} name="localizacao_id" label="Localização" required data={opcoes(localizacaoMoradia)} />
        {domicilio && (
          <SelectField control={c} name="tipo_domicilio_id" label="Tipo de domicílio" data={opcoes(tipoDomicilio)} />
        )}
        {domicilio && localizacao === LOCALIZACAO_RURAL && (
          <SelectField
            control={c}
            name="condicao_posse_terra_id"
            label="Condição de posse e uso da terra"
            data={opcoes(condicaoPosseUsoTerra)}
          />
        )}
        <IntegerField control={c} name="numero_moradores" label="Número de moradores" inputProps={{ max: 9999 }} />
        {domicilio && (
          <IntegerField control={c} name="numero_comodos" label="Número de cômodos" inputProps={{ max: 99 }} />
        )}
        {domicilio && (
          <RadioField
            control={c}
            name="tipo_acesso_id"
            label="Tipo de acesso ao domicílio"
            data={opcoes(tipoAcessoDomicilio)}
          />
        )}
        {domicilio && (
          <SelectField
            control={c}
            name="material_paredes_id"
            label="Material predominante das paredes"
            data={opcoes(materialParedes)}
          />
        )}
      </SimpleGrid>
      <YesNoField control={c} name="energia_eletrica" label="Disponibilidade de energia elétrica?" />
      {energia === true && (
        <RadioField
          control={c}
          name="tipo_origem_energia_eletrica_id"
          label="Origem da energia elétrica"
          data={opcoes(tipoOrigemEnergiaEletrica)}
        />
      )}
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <SelectField
          control={c}
          name="abastecimento_agua_id"
          label="Abastecimento de água"
          data={opcoes(abastecimentoAgua)}
        />
        <SelectField
          control={c}
          name="tratamento_agua_id"
          label="Água para consumo no domicílio"
          data={opcoes(tratamentoAgua)}
        />
        <SelectField
          control={c}
          name="escoamento_sanitario_id"
          label="Forma de escoamento do banheiro ou sanitário"
          data={opcoes(escoamentoSanitario)}
        />
      </SimpleGrid>
      <RadioField control={c} name="destino_lixo_id" label="Destino do lixo" data={opcoes(destinoLixo)} />
    </Secao>
  );
}

function Animais({ form }: { form: Form }) {
  const possui = useWatch({ control: form.control, name: 'possui_animais' });
  return (
    <Secao title="Animais no domicílio">
      <YesNoField control={form.control} name="possui_animais" label="Tem animais no domicílio?" />
      {possui && (
        <>
          <Controller
            control={form.control}
            name="animal_ids"
            render={({ field, fieldState }) => (
              <Checkbox.Group
                label="Quais animais?"
                withAsterisk
                error={fieldState.error?.message}
                value={field.value.map(String)}
                onChange={(v) => field.onChange(v.map(Number))}
              >
                <Group gap="md" mt={6}>
                  {animalNoDomicilio.map((a, i) => (
                    <Checkbox
                      key={a.codigo}
                      value={String(a.codigo)}
                      label={a.descricao}
                      size="md"
                      mih={44}
                      ref={i === 0 ? field.ref : undefined}
                      styles={{ body: { alignItems: 'center', minHeight: 44 } }}
                    />
                  ))}
                </Group>
              </Checkbox.Group>
            )}
          />
          <div style={{ maxWidth: 240 }}>
            <IntegerField
              control={form.control}
              name="quantidade_animais"
              label="Quantos animais?"
              inputProps={{ max: 99 }}
            />
          </div>
        </>
      )}
    </Secao>
  );
}

function Instituicao({ form }: { form: Form }) {
  const c = form.control;
  return (
    <Secao title="Instituição de permanência">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <TextField control={c} name="instituicao_nome" label="Nome da instituição" inputProps={{ maxLength: 100 }} />
        <TextField
          control={c}
          name="instituicao_responsavel_nome"
          label="Nome do responsável técnico"
          required
          inputProps={{ maxLength: 70 }}
        />
        <CnsField control={c} name="instituicao_responsavel_cns" label="CNS do responsável técnico" />
        <TextField
          control={c}
          name="instituicao_responsavel_cargo"
          label="Cargo na instituição"
          inputProps={{ maxLength: 100 }}
        />
        <PhoneField control={c} name="instituicao_responsavel_telefone" label="Telefone do responsável técnico" />
      </SimpleGrid>
      <YesNoField
        control={c}
        name="instituicao_outros_profissionais"
        label="Existem outros profissionais de saúde vinculados à instituição?"
      />
    </Secao>
  );
}

const faixa = (k: keyof typeof FAIXAS_SINAIS_VITAIS) => {
  const f = FAIXAS_SINAIS_VITAIS[k];
  return `De ${String(f.min).replace('.', ',')} a ${String(f.max).replace('.', ',')} ${f.unidade}`;
};

function SinaisVitais({ form }: { form: Form }) {
  const c = form.control;
  const unidade = (u: string) => ({
    rightSection: (
      <Text size="xs" c="dimmed">
        {u}
      </Text>
    ),
    rightSectionWidth: 56,
  });
  return (
    <Secao title="Sinais vitais">
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="md">
        <DecimalField
          control={c}
          name="temperatura"
          label="Temperatura"
          description={faixa('temperatura')}
          inputProps={{ scale: 1, ...unidade('°C') }}
        />
        <IntegerField
          control={c}
          name="pressao_sistolica"
          label="Pressão sistólica"
          description={faixa('pressao_sistolica')}
          inputProps={unidade('mmHg')}
        />
        <IntegerField
          control={c}
          name="pressao_diastolica"
          label="Pressão diastólica"
          description={faixa('pressao_diastolica')}
          inputProps={unidade('mmHg')}
        />
        <IntegerField
          control={c}
          name="glicemia"
          label="Glicemia capilar"
          description={faixa('glicemia')}
          inputProps={unidade('mg/dL')}
        />
      </SimpleGrid>
      <RadioField
        control={c}
        name="momento_coleta_glicemia_id"
        label="Momento da coleta da glicemia"
        data={opcoes(tipoGlicemiaCapilar)}
      />
    </Secao>
  );
}
