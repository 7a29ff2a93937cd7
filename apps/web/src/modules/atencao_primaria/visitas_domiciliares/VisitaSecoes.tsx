// The sections of the visit form, in the order of the e-SUS home-visit form.
import { Checkbox, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { Controller, useWatch, type UseFormReturn } from 'react-hook-form';
import { todayIso } from '@saude/shared';
import { desfechoVisita, motivoVisita, turno } from '@saude/shared/codes';
import { cboVisitaDomiciliarCodigos } from '@saude/shared/codes/cbo_visita_domiciliar';
import {
  desfechoSemDados,
  gruposMotivoVisita,
  imovelSemMorador,
  turnoDaHora,
  type VisitaContexto,
} from '@saude/shared/schemas/visita_domiciliar';
import {
  CheckboxField,
  codeOptions,
  FieldGrid,
  linhasUnidadeOcupacao,
  FormSection,
  RadioField,
  type FieldRows,
} from '../../../lib/form';
import { PropertyAddressFields } from '../../../lib/address';
import { useUsuario } from '../../../lib/session';
import { TIPO_IMOVEL } from '../comum/campos';
import { ProfissionalField } from '../comum/ProfissionalField';
import { MedidaField, SinaisVitaisSecao } from '../comum/SinaisVitais';
import { aceitaMedidas, MEDIDAS, motivoPermitido, type VisitaFormValues } from './formValues';

type Form = UseFormReturn<VisitaFormValues, unknown, VisitaFormValues>;

type Linhas = FieldRows<VisitaFormValues>;

/** Two columns from a desk screen on (agents fill visits in on tablets). */
const DUAS_COLUNAS = { base: 12, lg: 6 };
const DESFECHOS = codeOptions(desfechoVisita);
const CBOS_VISITA: ReadonlySet<string> = new Set(cboVisitaDomiciliarCodigos);
const TURNOS = codeOptions(turno);

const DICA_OCUPACAO =
  'Preenchida automaticamente quando você tem uma única especialidade (CBO) que pode lançar visitas domiciliares.';
const DICA_DATA =
  'Preenchidas com a data e a hora de agora; altere se a visita foi feita em outro momento (nunca no futuro).';
const DICA_TURNO = 'Definido pela hora da visita (manhã até 11:59, tarde até 17:59, depois noite); pode ser alterado.';
const DICA_DESFECHO = 'Com a visita recusada ou o morador ausente, o e-SUS não registra motivos nem medições.';

export function Cabecalho({ form, ctx }: { form: Form; ctx: VisitaContexto }) {
  const unidade = useUsuario()?.unidade_atual?.nome ?? '';
  const hora = useWatch({ control: form.control, name: 'hora' });
  const horaAnterior = useRef(hora);
  // The shift follows the hour; the agent may still change it afterwards.
  useEffect(() => {
    if (hora === horaAnterior.current) return;
    horaAnterior.current = hora;
    const m = /^(\d{2}):\d{2}$/.exec(hora ?? '');
    if (m) form.setValue('turno_atendimentos', turnoDaHora(Number(m[1])), { shouldDirty: true });
  }, [hora, form]);
  const rows: Linhas = [
    // A user without a team names the agent; the agent's assignment gives the specialty (issue 39).
    ...(ctx.escolhe_profissional
      ? ([
          { kind: 'fixed', key: 'unidade', label: 'Unidade de saúde', value: unidade },
          {
            kind: 'node',
            key: 'profissional',
            node: <ProfissionalField control={form.control} cbos={CBOS_VISITA} equipe="never" />,
          },
        ] satisfies Linhas)
      : linhasUnidadeOcupacao(unidade, ctx.ocupacoes, {
          name: 'ocupacao_id',
          label: 'Especialidade (CBO)',
          tooltip: DICA_OCUPACAO,
        })),
    { kind: 'date', name: 'data', label: 'Data da visita', required: true, tooltip: DICA_DATA, maxDate: todayIso() },
    { kind: 'time', name: 'hora', label: 'Hora da visita', required: true, tooltip: DICA_DATA },
    {
      kind: 'radio',
      name: 'turno_atendimentos',
      label: 'Turno',
      required: true,
      tooltip: DICA_TURNO,
      data: TURNOS,
      span: 'full',
    },
  ];
  return (
    <FormSection title="Profissional e data">
      <FieldGrid control={form.control} rows={rows} span={DUAS_COLUNAS} gap="md" />
    </FormSection>
  );
}

/** `tipoDaCasa`: the property type comes from the household registration (a family's home) and is not asked. */
export function Local({ form, tipoDaCasa }: { form: Form; tipoDaCasa: boolean }) {
  const [foraArea, tipo] = useWatch({ control: form.control, name: ['fora_area', 'tipo_imovel_id'] });
  const semMorador = imovelSemMorador(tipo);
  useEffect(() => {
    if (foraArea) form.setValue('micro_area', null, { shouldDirty: true });
  }, [foraArea, form]);
  useEffect(() => {
    // A property where nobody lives has no record number (LEDI).
    if (semMorador && form.getValues('numero_prontuario'))
      form.setValue('numero_prontuario', null, { shouldDirty: true });
  }, [semMorador, form]);
  const foraDeArea = (
    <Group align="flex-end" mih={44}>
      <CheckboxField control={form.control} name="fora_area" label="Fora de área" />
    </Group>
  );
  const rows: Linhas = [
    {
      kind: 'text',
      name: 'micro_area',
      label: 'Micro-área',
      required: !foraArea,
      disabled: foraArea === true,
      placeholder: '00',
      inputProps: { inputMode: 'numeric', maxLength: 2 },
    },
    { kind: 'node', key: 'fora_area', node: foraDeArea },
    // A family's visit happens at its home: the type comes from the household registration. Without one it is asked,
    // with no default (issue 12).
    { ...TIPO_IMOVEL, readOnly: tipoDaCasa },
    {
      kind: 'text',
      name: 'numero_prontuario',
      label: 'Nº do prontuário',
      inputProps: { maxLength: 30 },
      when: !semMorador,
    },
    {
      kind: 'yesNo',
      name: 'visita_compartilhada',
      label: 'Visita compartilhada com outros profissionais?',
      span: 'full',
    },
  ];
  return (
    <FormSection title="Local da visita">
      <FieldGrid control={form.control} rows={rows} span={DUAS_COLUNAS} gap="md" />
    </FormSection>
  );
}

/** Where a visit without a family happened: typed, or looked up by CEP (a citizen's residence comes prefilled). */
export function EnderecoVisita({ form }: { form: Form }) {
  const semNumero = useWatch({ control: form.control, name: 'sem_numero' });
  useEffect(() => {
    if (semNumero && form.getValues('numero')) form.setValue('numero', null, { shouldDirty: true });
  }, [semNumero, form]);
  return (
    <FormSection title="Endereço do imóvel">
      <PropertyAddressFields control={form.control} pontoReferencia={false} />
    </FormSection>
  );
}

export function Desfecho({ form }: { form: Form }) {
  const desfecho = useWatch({ control: form.control, name: 'desfecho_id' });
  // e-SUS: refused or absent records no reasons and no measurements; what was filled is cleared, not hidden and sent.
  useEffect(() => {
    if (!desfechoSemDados(desfecho)) return;
    if (form.getValues('motivo_visita_ids').length > 0) form.setValue('motivo_visita_ids', [], { shouldDirty: true });
    for (const k of MEDIDAS) if (form.getValues(k) !== null) form.setValue(k, null, { shouldDirty: true });
  }, [desfecho, form]);
  return (
    <FormSection title="Desfecho">
      <RadioField
        control={form.control}
        name="desfecho_id"
        label="Desfecho da visita"
        required
        tooltip={DICA_DESFECHO}
        data={DESFECHOS}
      />
    </FormSection>
  );
}

export function Motivos({ form, masculino }: { form: Form; masculino: boolean }) {
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
          <FormSection title="Motivos da visita" description="Marque ao menos um motivo.">
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
          </FormSection>
        );
      }}
    />
  );
}

export function Medidas({ form }: { form: Form }) {
  const [desfecho, tipo, municipeId] = useWatch({
    control: form.control,
    name: ['desfecho_id', 'tipo_imovel_id', 'municipe_id'],
  });
  if (desfecho === null || !aceitaMedidas({ desfecho_id: desfecho, tipo_imovel_id: tipo, municipe_id: municipeId }))
    return null;
  return (
    <>
      <FormSection title="Antropometria">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <MedidaField control={form.control} sinal="altura" label="Altura" />
          <MedidaField control={form.control} sinal="peso" label="Peso" />
        </SimpleGrid>
      </FormSection>
      <SinaisVitaisSecao control={form.control} />
    </>
  );
}
