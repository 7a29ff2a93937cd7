// The form's "Destinatários" (issue 19, spec §3, §5): unit types, units (only those of the chosen types), profiles and
// professionals, and a live line saying how many professionals the notice reaches (GET /alcance, asked once the
// choices rest). An empty list does not restrict, so nothing chosen is everyone. The API's `alvos` error (the targeting
// reaches nobody) shows here, under the section's title.
import { Alert, MultiSelect, SimpleGrid, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useEffect, useMemo, type ReactNode } from 'react';
import { Controller, useFormState, useWatch, type UseFormReturn } from 'react-hook-form';
import { msg } from '@saude/shared';
import type { Aviso, AvisoOpcoes } from '@saude/shared/schemas/aviso';
import { FormSection, MultiSelectField, touchInputStyles, useFieldLabel, opcoesNomeadas } from '../../../../lib/form';
import { useAlcance, type Alvos } from '../api';
import type { AvisoFormValues } from '../formValues';
import { ROTULOS } from '../formValues';
import { ProfissionaisMultiSelect } from './ProfissionaisMultiSelect';

type Form = UseFormReturn<AvisoFormValues, unknown, AvisoFormValues>;
type CampoAlvo = 'tipo_unidade_ids' | 'unidade_ids' | 'perfil_ids' | 'profissional_ids';

export const CAMPOS_ALVO: CampoAlvo[] = ['tipo_unidade_ids', 'unidade_ids', 'perfil_ids', 'profissional_ids'];

const profissionaisTexto = (n: number) => (n === 1 ? '1 profissional' : `${n.toLocaleString('pt-BR')} profissionais`);

export function Destinatarios({ form, opcoes, atual }: { form: Form; opcoes?: AvisoOpcoes; atual?: Aviso }) {
  const valores = useWatch({ control: form.control, name: CAMPOS_ALVO }).map((v) => v ?? []);
  const tipos = valores[0] ?? [];
  const erroAlvos = (useFormState({ control: form.control }).errors as { alvos?: { message?: string } }).alvos?.message;
  // By content: the watched arrays are new on every render, and the reach is asked only when a choice changes.
  const chave = JSON.stringify(valores);
  const alvos = useMemo<Alvos>(() => {
    const [t = [], u = [], p = [], pr = []] = JSON.parse(chave) as string[][];
    return { tipo_unidade_ids: t, unidade_ids: u, perfil_ids: p, profissional_ids: pr };
  }, [chave]);
  // A server refusal of the targeting no longer holds once the targeting changes.
  useEffect(() => {
    form.clearErrors('alvos' as never);
  }, [chave, form]);

  const tiposData = opcoesNomeadas(opcoes?.tipos_unidade ?? atual?.tipos_unidade);
  const unidadesData = opcoesNomeadas(
    (opcoes?.unidades ?? []).filter((u) => tipos.length === 0 || tipos.includes(u.tipo_unidade_id)),
  );
  // Until the options arrive, the notice's own targets keep their names.
  if (!opcoes) for (const u of atual?.unidades ?? []) unidadesData.push({ value: u.id, label: u.nome });
  const perfisData = opcoesNomeadas(opcoes?.perfis ?? atual?.perfis);

  const tiposLabel = useFieldLabel({ label: ROTULOS.tipo_unidade_ids });
  const profissionaisLabel = useFieldLabel({ label: ROTULOS.profissional_ids });
  const comum = {
    searchable: true,
    clearable: true,
    hidePickedOptions: true,
    styles: touchInputStyles,
    comboboxProps: { withinPortal: true },
    nothingFoundMessage: 'Nenhuma opção encontrada',
  };

  return (
    <FormSection
      title={ROTULOS.alvos}
      description="Escolha quem recebe o aviso. Sem nenhuma escolha, o aviso vai para todos os profissionais."
    >
      {erroAlvos && (
        <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} aria-hidden />} mb="sm" role="alert">
          {erroAlvos}
        </Alert>
      )}
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <Controller
          control={form.control}
          name="tipo_unidade_ids"
          render={({ field, fieldState }) => (
            <MultiSelect
              {...comum}
              {...tiposLabel}
              name={field.name}
              ref={field.ref}
              data={tiposData}
              value={field.value}
              onBlur={field.onBlur}
              error={fieldState.error?.message}
              onChange={(ids) => {
                field.onChange(ids);
                // A unit of a type no longer chosen would be a hidden restriction: it goes too.
                if (ids.length > 0 && opcoes) {
                  const validas = new Set(
                    opcoes.unidades.filter((u) => ids.includes(u.tipo_unidade_id)).map((u) => u.id),
                  );
                  const restantes = form.getValues('unidade_ids').filter((id) => validas.has(id));
                  form.setValue('unidade_ids', restantes, { shouldDirty: true });
                }
              }}
            />
          )}
        />
        <MultiSelectField
          control={form.control}
          name="unidade_ids"
          label={ROTULOS.unidade_ids}
          description={tipos.length > 0 ? 'Somente as unidades dos tipos escolhidos' : undefined}
          data={unidadesData}
        />
        <MultiSelectField control={form.control} name="perfil_ids" label={ROTULOS.perfil_ids} data={perfisData} />
        <Controller
          control={form.control}
          name="profissional_ids"
          render={({ field, fieldState }) => (
            <ProfissionaisMultiSelect
              {...profissionaisLabel}
              name={field.name}
              ref={field.ref}
              conhecidos={atual?.profissionais}
              value={field.value}
              onBlur={field.onBlur}
              onChange={field.onChange}
              error={fieldState.error?.message}
            />
          )}
        />
      </SimpleGrid>
      <Alcance alvos={alvos} />
    </FormSection>
  );
}

/** "Este aviso alcança N profissionais", asked once the choices rest for a moment (not on every pick). */
function Alcance({ alvos }: { alvos: Alvos }) {
  const [estavel] = useDebouncedValue(alvos, 400);
  const alcance = useAlcance(estavel);
  const todos = CAMPOS_ALVO.every((c) => estavel[c].length === 0);
  const total = alcance.data?.total_profissionais;
  let texto: ReactNode;
  if (alcance.isError && total === undefined)
    texto = 'Não foi possível calcular quantos profissionais o aviso alcança.';
  else if (total === undefined) texto = 'Calculando quantos profissionais o aviso alcança…';
  else if (total === 0)
    texto = (
      <Text span c="red.8" fw={600} size="sm">
        {msg.avisoSemProfissionais}
      </Text>
    );
  else
    texto = (
      <>
        Este aviso alcança <strong>{profissionaisTexto(total)}</strong>
        {todos ? ' (todos os profissionais ativos).' : '.'}
      </>
    );
  return (
    <Text size="sm" mt="sm" role="status" aria-live="polite" aria-busy={alcance.isFetching} data-testid="alcance">
      {texto}
    </Text>
  );
}
