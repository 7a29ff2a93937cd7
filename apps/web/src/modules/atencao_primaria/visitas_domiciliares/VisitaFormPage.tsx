// The visit form (spec §2, §3, §5; issue 8), one page for three routes:
//   /{familiaId}/visitar                       the family as a whole
//   /{familiaId}/membro/{municipeId}/visitar   a member of the family
//   /membro/{municipeId?}/visitar              a citizen without a family, or the property alone (territorial visit)
// The family's own record is asked first (spec §7 GET /atencao_primaria/familias/{familiaId}): a family that moved away
// never opens the form (spec §4). Then the context (may this user launch? which specialty, micro-area, property?).
import { Alert, Card, Checkbox, Group, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Controller, useWatch, type UseFormReturn } from 'react-hook-form';
import { useNavigate, useParams } from 'react-router';
import { msg, todayIso } from '@saude/shared';
import { desfechoVisita, motivoVisita, tipoGlicemiaCapilar, tipoImovel, turno } from '@saude/shared/codes';
import { FAIXAS_SINAIS_VITAIS, type SinalVital } from '@saude/shared/schemas/comum';
import type { Familia } from '@saude/shared/schemas/familia';
import type { Municipe } from '@saude/shared/schemas/municipe';
import {
  desfechoSemDados,
  gruposMotivoVisita,
  imovelSemMorador,
  turnoDaHora,
  type VisitaContexto,
} from '@saude/shared/schemas/visita_domiciliar';
import { notifyError, notifySaved } from '../../../lib/feedback';
import {
  CheckboxField,
  DateField,
  DecimalField,
  ErrorSummary,
  FormActions,
  IntegerField,
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
import { useMunicipe } from '../../municipes/api';
import { idadeTexto } from '../../municipes/idade';
import { BASE_PATH, useContextoVisita, useSalvarVisita, useSituacaoFamilia } from './api';
import { Bloqueio, Carregando, ErroAoCarregar, MODEL } from './comum';
import { FamiliaCabecalho } from './VisitaFamiliaDetalhesPage';
import {
  aceitaMedidas,
  campoDoForm,
  formParaApi,
  MEDIDAS,
  motivoPermitido,
  novaVisita,
  novoIdVisita,
  ROTULOS,
  visitaFormSchema,
  type Alvo,
  type VisitaFormValues,
} from './formValues';

type Form = UseFormReturn<VisitaFormValues, unknown, VisitaFormValues>;

const SEXO_MASCULINO = 0;
const opcoes = (t: readonly { codigo: number; descricao: string }[]) =>
  t.map((r) => ({ value: r.codigo as number, label: r.descricao }));
const DESFECHOS = opcoes(desfechoVisita);
const TURNOS = opcoes(turno);
const TIPOS_IMOVEL = opcoes(tipoImovel);
const MOMENTOS_GLICEMIA = opcoes(tipoGlicemiaCapilar);

const DICA_OCUPACAO =
  'Preenchida automaticamente quando você tem uma única especialidade (CBO) que pode lançar visitas domiciliares.';
const DICA_DATA =
  'Preenchidas com a data e a hora de agora; altere se a visita foi feita em outro momento (nunca no futuro).';
const DICA_TURNO = 'Definido pela hora da visita (manhã até 11:59, tarde até 17:59, depois noite); pode ser alterado.';
const DICA_DESFECHO = 'Com a visita recusada ou o morador ausente, o e-SUS não registra motivos nem medições.';

/** What the visit is about: the family (maybe a member of it), a citizen without a family, or the property alone. */
interface Visitado {
  familia?: Familia;
  municipe?: { id: string; nome: string; data_nascimento: string; sexo_id: number };
}

export function VisitaFormPage() {
  const { familiaId, municipeId } = useParams();
  return familiaId ? (
    <ComFamilia key={`${familiaId}/${municipeId ?? ''}`} familiaId={familiaId} municipeId={municipeId} />
  ) : (
    <SemFamilia key={municipeId ?? ''} municipeId={municipeId} />
  );
}

function ComFamilia({ familiaId, municipeId }: { familiaId: string; municipeId?: string }) {
  const q = useSituacaoFamilia(familiaId);
  const detalhes = `${BASE_PATH}/${familiaId}/detalhes`;
  if (q.error instanceof ApiError && q.error.status === 404) {
    return <Bloqueio mensagem={msg.cadastroNaoEncontrado} voltar={BASE_PATH} voltarLabel="Voltar para a lista" />;
  }
  if (q.error) return <ErroAoCarregar error={q.error} onRetry={() => void q.refetch()} />;
  if (!q.data) return <Carregando label="Carregando família" />;
  // Spec §4: a family that moved away receives no visit; said before any form opens.
  if (q.data.mudou)
    return <Bloqueio mensagem={msg.familiaMudou} voltar={detalhes} voltarLabel="Voltar para a família" />;
  const membro = municipeId ? q.data.membros.find((m) => m.municipe_id === municipeId && m.ativo) : undefined;
  if (municipeId && !membro)
    return (
      <Bloqueio
        mensagem={`O munícipe ${msg.membroForaDaFamilia}.`}
        voltar={detalhes}
        voltarLabel="Voltar para a família"
      />
    );
  const visitado: Visitado = {
    familia: q.data,
    municipe: membro && {
      id: membro.municipe_id,
      nome: membro.nome_social ?? membro.nome,
      data_nascimento: membro.data_nascimento,
      sexo_id: membro.sexo_id,
    },
  };
  return <ComContexto alvo={{ familiaId, municipeId }} visitado={visitado} voltar={detalhes} />;
}

function SemFamilia({ municipeId }: { municipeId?: string }) {
  const q = useMunicipe(municipeId);
  if (!municipeId) return <ComContexto alvo={{}} visitado={{}} voltar={BASE_PATH} />;
  if (q.error instanceof ApiError && q.error.status === 404) {
    return <Bloqueio mensagem={msg.cadastroNaoEncontrado} voltar={BASE_PATH} voltarLabel="Voltar para a lista" />;
  }
  if (q.error) return <ErroAoCarregar error={q.error} onRetry={() => void q.refetch()} />;
  if (!q.data) return <Carregando label="Carregando munícipe" />;
  const m: Municipe = q.data;
  return (
    <ComContexto
      alvo={{ municipeId }}
      voltar={BASE_PATH}
      visitado={{
        municipe: { id: m.id, nome: m.nome_social ?? m.nome, data_nascimento: m.data_nascimento, sexo_id: m.sexo_id },
      }}
    />
  );
}

function ComContexto({ alvo, visitado, voltar }: { alvo: Alvo; visitado: Visitado; voltar: string }) {
  const ctx = useContextoVisita({ familia_id: alvo.familiaId, municipe_id: alvo.municipeId });
  if (ctx.error instanceof ApiError && (ctx.error.status === 403 || ctx.error.status === 404)) {
    return <Bloqueio mensagem={ctx.error.message} voltar={voltar} />;
  }
  if (ctx.error) return <ErroAoCarregar error={ctx.error} onRetry={() => void ctx.refetch()} />;
  if (!ctx.data) return <Carregando label="Carregando ficha de visita" />;
  if (!ctx.data.pode_lancar)
    return <Bloqueio mensagem={ctx.data.motivo_bloqueio ?? msg.visitaSomenteAgentes} voltar={voltar} />;
  return <VisitaForm alvo={alvo} visitado={visitado} ctx={ctx.data} voltar={voltar} />;
}

function Secao({ title, children, description }: { title: string; children: ReactNode; description?: ReactNode }) {
  return (
    <Card withBorder radius="md" p="md" component="fieldset" style={{ minWidth: 0 }}>
      <Title order={3} size="h4" mb="sm" component="legend" style={{ padding: 0, float: 'left', width: '100%' }}>
        {title}
      </Title>
      <Stack gap="md" style={{ clear: 'both' }}>
        {description && (
          <Text size="sm" c="dimmed">
            {description}
          </Text>
        )}
        {children}
      </Stack>
    </Card>
  );
}

function VisitaForm({
  alvo,
  visitado,
  ctx,
  voltar,
}: {
  alvo: Alvo;
  visitado: Visitado;
  ctx: VisitaContexto;
  voltar: string;
}) {
  const { familia, municipe } = visitado;
  useDocumentTitle(
    municipe
      ? `Visita domiciliar · ${municipe.nome}`
      : familia
        ? `Visita domiciliar · Família de ${familia.responsavel_nome}`
        : 'Visita domiciliar',
  );
  const navigate = useNavigate();
  const salvar = useSalvarVisita();
  // One id per opening of the form, kept across retries: the API answers a repeated save with the visit already saved.
  const [inicial] = useState(() => novaVisita(novoIdVisita(), alvo, ctx));
  const [schema] = useState(() => visitaFormSchema({ ocupacaoObrigatoria: ctx.ocupacoes.length > 1 }));
  const form = useZodForm(schema, inicial) as Form;
  const { allowNavigation } = useUnsavedChangesPrompt(form.formState.isDirty && !salvar.isSuccess);
  const [recusa, setRecusa] = useState<string | null>(null);
  const masculino = municipe?.sexo_id === SEXO_MASCULINO;

  const onSubmit = form.handleSubmit(async (values) => {
    setRecusa(null);
    try {
      await salvar.mutateAsync(formParaApi(values));
      notifySaved(MODEL);
      allowNavigation();
      void navigate(voltar, { replace: true });
    } catch (err) {
      if (err instanceof ApiError && err.status === 422) {
        const mapped = Object.fromEntries(Object.entries(err.errors).map(([k, v]) => [campoDoForm(k, values), v]));
        if (setServerErrors(form, mapped) > 0) return;
      }
      // 403: the family moved away meanwhile, or the user is not an agent: the API's words, on the form too.
      if (err instanceof ApiError && err.status === 403) setRecusa(err.message);
      notifyError(err);
    }
  });
  useSaveShortcut(onSubmit);

  const titulo = municipe ? 'Visita ao membro' : familia ? 'Visita à família' : 'Visita sem família vinculada';
  return (
    <Stack gap="md">
      {familia && (
        <FamiliaCabecalho
          responsavel={familia.responsavel_nome}
          prontuario={familia.numero_prontuario}
          endereco={familia.domicilio_endereco}
          microArea={familia.micro_area}
          mudou={familia.mudou}
        />
      )}
      <Stack gap={2}>
        <Title order={familia ? 3 : 2}>{titulo}</Title>
        {municipe && (
          <Text size="sm">
            {municipe.nome} · {idadeTexto(municipe.data_nascimento)}
          </Text>
        )}
        {!municipe && !familia && (
          <Text size="sm" c="dimmed">
            Visita a um imóvel sem família cadastrada (por exemplo, comércio, terreno baldio ou ponto estratégico).
          </Text>
        )}
      </Stack>
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          {recusa && (
            <Alert color="red" variant="light" role="alert" title="Não é possível lançar a visita">
              {recusa}
            </Alert>
          )}
          {form.formState.submitCount > 0 && (
            <ErrorSummary
              model={MODEL}
              errors={form.formState.errors as Record<string, unknown>}
              labels={ROTULOS}
              onSelect={(p) => form.setFocus(p as keyof VisitaFormValues)}
            />
          )}
          <Cabecalho form={form} ctx={ctx} />
          <Local form={form} comMorador={Boolean(familia || municipe)} />
          <Desfecho form={form} />
          <Motivos form={form} masculino={masculino} />
          {municipe && <Medidas form={form} />}
          <FormActions submitting={salvar.isPending} onCancel={() => navigate(voltar)} />
        </Stack>
      </form>
    </Stack>
  );
}

function Cabecalho({ form, ctx }: { form: Form; ctx: VisitaContexto }) {
  const unidade = useUsuario()?.unidade_atual?.nome ?? '';
  const unidadeLabel = useFieldLabel({ label: 'Unidade de saúde' });
  const hora = useWatch({ control: form.control, name: 'hora' });
  const horaAnterior = useRef(hora);
  // The shift follows the hour; the agent may still change it afterwards.
  useEffect(() => {
    if (hora === horaAnterior.current) return;
    horaAnterior.current = hora;
    const m = /^(\d{2}):\d{2}$/.exec(hora);
    if (m) form.setValue('turno_atendimentos', turnoDaHora(Number(m[1])), { shouldDirty: true });
  }, [hora, form]);
  const ocupacoes = ctx.ocupacoes.map((o) => ({ value: o.codigo, label: `${o.descricao} (${o.codigo})` }));
  return (
    <Secao title="Profissional e data">
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
        <TextInput {...unidadeLabel} readOnly value={unidade} styles={touchInputStyles} />
        <SelectField
          control={form.control}
          name="ocupacao_id"
          label="Especialidade (CBO)"
          required={ctx.ocupacoes.length > 1}
          tooltip={DICA_OCUPACAO}
          data={ocupacoes}
          searchable={false}
          clearable={false}
        />
        <DateField
          control={form.control}
          name="data"
          label="Data da visita"
          required
          tooltip={DICA_DATA}
          maxDate={todayIso()}
        />
        <TimeField control={form.control} name="hora" label="Hora da visita" required tooltip={DICA_DATA} />
      </SimpleGrid>
      <RadioField
        control={form.control}
        name="turno_atendimentos"
        label="Turno"
        required
        tooltip={DICA_TURNO}
        data={TURNOS}
      />
    </Secao>
  );
}

function Local({ form, comMorador }: { form: Form; comMorador: boolean }) {
  const [foraArea, tipo] = useWatch({ control: form.control, name: ['fora_area', 'tipo_imovel_id'] });
  const semMorador = imovelSemMorador(tipo);
  useEffect(() => {
    if (foraArea) form.setValue('micro_area', '', { shouldDirty: true });
  }, [foraArea, form]);
  useEffect(() => {
    // A property where nobody lives has no record number (LEDI).
    if (semMorador && form.getValues('numero_prontuario'))
      form.setValue('numero_prontuario', '', { shouldDirty: true });
  }, [semMorador, form]);
  return (
    <Secao title="Local da visita">
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
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
        {/* A family's or citizen's visit happens at their home: its type comes from the household registration. */}
        <SelectField
          control={form.control}
          name="tipo_imovel_id"
          label="Tipo de imóvel"
          required
          data={TIPOS_IMOVEL}
          clearable={false}
          readOnly={comMorador}
        />
        {!semMorador && (
          <TextField
            control={form.control}
            name="numero_prontuario"
            label="Nº do prontuário"
            inputProps={{ maxLength: 30 }}
          />
        )}
      </SimpleGrid>
      <YesNoField
        control={form.control}
        name="visita_compartilhada"
        label="Visita compartilhada com outros profissionais?"
      />
    </Secao>
  );
}

function Desfecho({ form }: { form: Form }) {
  const desfecho = useWatch({ control: form.control, name: 'desfecho_id' });
  // e-SUS: refused or absent records no reasons and no measurements; what was filled is cleared, not hidden and sent.
  useEffect(() => {
    if (!desfechoSemDados(desfecho)) return;
    if (form.getValues('motivo_visita_ids').length > 0) form.setValue('motivo_visita_ids', [], { shouldDirty: true });
    for (const k of MEDIDAS) if (form.getValues(k) !== null) form.setValue(k, null, { shouldDirty: true });
  }, [desfecho, form]);
  return (
    <Secao title="Desfecho">
      <RadioField
        control={form.control}
        name="desfecho_id"
        label="Desfecho da visita"
        required
        tooltip={DICA_DESFECHO}
        data={DESFECHOS}
      />
    </Secao>
  );
}

function Motivos({ form, masculino }: { form: Form; masculino: boolean }) {
  const [desfecho, tipo] = useWatch({ control: form.control, name: ['desfecho_id', 'tipo_imovel_id'] });
  // Reasons the property or the person cannot have are not offered, and dropped if already ticked.
  useEffect(() => {
    const atuais = form.getValues('motivo_visita_ids');
    const validos = atuais.filter((c) => motivoPermitido(c, { tipoImovel: tipo, masculino }));
    if (validos.length !== atuais.length) form.setValue('motivo_visita_ids', validos, { shouldDirty: true });
  }, [tipo, masculino, form]);
  if (desfecho === null || desfechoSemDados(desfecho)) return null;
  return (
    <Controller
      control={form.control}
      name="motivo_visita_ids"
      render={({ field, fieldState }) => {
        const marcados = new Set(field.value);
        const alterar = (codigo: number, marcado: boolean) => {
          const outros = field.value.filter((c) => c !== codigo);
          field.onChange(marcado ? [...outros, codigo] : outros);
        };
        let primeiro = true;
        return (
          <Secao title="Motivos da visita" description="Marque ao menos um motivo.">
            {fieldState.error?.message && (
              <Text size="sm" c="red" role="alert">
                Motivos da visita {fieldState.error.message}
              </Text>
            )}
            {gruposMotivoVisita.map((g) => {
              const motivos = motivoVisita.filter(
                (m) => m.grupo === g.grupo && motivoPermitido(m.codigo, { tipoImovel: tipo, masculino }),
              );
              if (motivos.length === 0) return null;
              return (
                <Stack key={g.grupo} gap={4} role="group" aria-labelledby={`grupo-${g.campo}`}>
                  <Text fw={600} size="sm" id={`grupo-${g.campo}`}>
                    {g.titulo}
                  </Text>
                  <SimpleGrid cols={{ base: 1, xs: 2, lg: 3 }} spacing={4} verticalSpacing={0}>
                    {motivos.map((m) => {
                      const ref = primeiro ? field.ref : undefined;
                      primeiro = false;
                      return (
                        <Checkbox
                          key={m.codigo}
                          ref={ref}
                          size="md"
                          label={m.descricao}
                          checked={marcados.has(m.codigo)}
                          onChange={(e) => alterar(m.codigo, e.currentTarget.checked)}
                          onBlur={field.onBlur}
                          styles={{ body: { alignItems: 'center', minHeight: 44 } }}
                        />
                      );
                    })}
                  </SimpleGrid>
                </Stack>
              );
            })}
          </Secao>
        );
      }}
    />
  );
}

const faixaTexto = (k: SinalVital) => {
  const f = FAIXAS_SINAIS_VITAIS[k];
  const n = (x: number) => String(x).replace('.', ',');
  return `Entre ${n(f.min)} e ${n(f.max)} ${f.unidade}`;
};
const unidade = (k: SinalVital) => (
  <Text size="sm" c="dimmed" pr={8} style={{ whiteSpace: 'nowrap' }}>
    {FAIXAS_SINAIS_VITAIS[k].unidade}
  </Text>
);
const comUnidade = (k: SinalVital) => ({
  rightSection: unidade(k),
  rightSectionWidth: k === 'glicemia' || k.startsWith('pressao') ? 64 : 44,
});

function Medidas({ form }: { form: Form }) {
  const [desfecho, tipo, municipeId] = useWatch({
    control: form.control,
    name: ['desfecho_id', 'tipo_imovel_id', 'municipe_id'],
  });
  if (desfecho === null || !aceitaMedidas({ desfecho_id: desfecho, tipo_imovel_id: tipo, municipe_id: municipeId }))
    return null;
  return (
    <>
      <Secao title="Antropometria">
        <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
          <DecimalField
            control={form.control}
            name="altura"
            label="Altura"
            description={faixaTexto('altura')}
            inputProps={{ scale: FAIXAS_SINAIS_VITAIS.altura.casas, ...comUnidade('altura') }}
          />
          <DecimalField
            control={form.control}
            name="peso"
            label="Peso"
            description={faixaTexto('peso')}
            inputProps={{ scale: FAIXAS_SINAIS_VITAIS.peso.casas, ...comUnidade('peso') }}
          />
        </SimpleGrid>
      </Secao>
      <Secao title="Sinais vitais">
        <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
          <IntegerField
            control={form.control}
            name="pressao_sistolica"
            label="Pressão sistólica"
            description={faixaTexto('pressao_sistolica')}
            inputProps={comUnidade('pressao_sistolica')}
          />
          <IntegerField
            control={form.control}
            name="pressao_diastolica"
            label="Pressão diastólica"
            description={faixaTexto('pressao_diastolica')}
            inputProps={comUnidade('pressao_diastolica')}
          />
          <DecimalField
            control={form.control}
            name="temperatura"
            label="Temperatura"
            description={faixaTexto('temperatura')}
            inputProps={{ scale: FAIXAS_SINAIS_VITAIS.temperatura.casas, ...comUnidade('temperatura') }}
          />
          <IntegerField
            control={form.control}
            name="glicemia"
            label="Glicemia capilar"
            description={faixaTexto('glicemia')}
            inputProps={comUnidade('glicemia')}
          />
        </SimpleGrid>
        {/* Four answers: radio buttons (ux.md), asked with the glucose value. */}
        <RadioField
          control={form.control}
          name="momento_coleta_glicemia_id"
          label="Momento da coleta da glicemia"
          data={MOMENTOS_GLICEMIA}
        />
      </Secao>
    </>
  );
}
