// Pieces shared by the block tabs: multi-choice field, dependent questions, sections, states and read-only answers.
import { Alert, Button, Checkbox, Paper, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import type { UseQueryResult } from '@tanstack/react-query';
import { useEffect, useRef, type ReactNode } from 'react';
import {
  useController,
  useWatch,
  type Control,
  type FieldPath,
  type FieldValues,
  type PathValue,
  type UseFormClearErrors,
  type UseFormSetValue,
} from 'react-hook-form';
import { msg } from '@saude/shared/messages';
import { ErrorPage } from '../../../app/ErrorPage';
import { ApiError } from '../../../lib/http';
import { TOUCH_MIN_HEIGHT, useFieldLabel, type BoundFieldProps } from '../../../lib/form';
import type { Tabela } from './perguntas';

/** Multi-choice coded answers (e-SUS "marque todas as que se aplicam") as a checkbox group; the value is a code list. */
export function CheckboxGroupField<T extends FieldValues, TT = T>(props: BoundFieldProps<T, TT> & { tabela: Tabela }) {
  const { field, fieldState } = useController({ control: props.control, name: props.name });
  const labelProps = useFieldLabel({ label: props.label, required: props.required, tooltip: props.tooltip });
  const value = ((field.value as number[] | null | undefined) ?? []).map(String);
  return (
    <Checkbox.Group
      id={labelProps.id}
      label={labelProps.label}
      error={fieldState.error?.message}
      description={props.description}
      value={value}
      onChange={(v) => field.onChange(v.map(Number))}
    >
      <Stack gap={4} mt={6}>
        {props.tabela.map((r, i) => (
          <Checkbox
            key={String(r.codigo)}
            value={String(r.codigo)}
            label={r.descricao}
            size="md"
            ref={i === 0 ? field.ref : undefined}
            onBlur={field.onBlur}
            disabled={props.disabled}
            styles={{ body: { minHeight: TOUCH_MIN_HEIGHT, alignItems: 'center' } }}
          />
        ))}
      </Stack>
    </Checkbox.Group>
  );
}

export interface SeSimProps<T extends FieldValues, TT> {
  control: Control<T, unknown, TT>;
  setValue: UseFormSetValue<T>;
  clearErrors: UseFormClearErrors<T>;
  /** The yes/no question. */
  pergunta: FieldPath<T>;
  /** Details to empty when the answer changes from "Sim" to anything else, with their empty value. */
  limpar: ReadonlyArray<readonly [FieldPath<T>, unknown]>;
  children: ReactNode;
}

/**
 * Shows the detail questions only while the answer is "Sim". Turning it to "Não" empties them, as the API does on
 * save, so the form never shows (or sends) a detail that contradicts its question.
 */
export function SeSim<T extends FieldValues, TT = T>({
  control,
  setValue,
  clearErrors,
  pergunta,
  limpar,
  children,
}: SeSimProps<T, TT>) {
  const resposta = useWatch({ control, name: pergunta }) as unknown;
  const anterior = useRef(resposta);
  useEffect(() => {
    // Only a change made by the user empties: the loaded answers are already consistent.
    if (anterior.current === true && resposta !== true) {
      for (const [campo, vazio] of limpar) setValue(campo, vazio as PathValue<T, FieldPath<T>>, { shouldDirty: true });
      clearErrors(limpar.map(([campo]) => campo));
    }
    anterior.current = resposta;
  }, [resposta, limpar, setValue, clearErrors]);
  if (resposta !== true) return null;
  return (
    <Stack gap="md" pl="md" style={{ borderLeft: '3px solid var(--mantine-color-cyan-3)' }}>
      {children}
    </Stack>
  );
}

/** A titled section of the form, as the e-SUS form groups its questions. */
export function Secao({ titulo, children }: { titulo: string; children: ReactNode }) {
  const id = `secao-${titulo
    .toLowerCase()
    .normalize('NFD')
    .replace(/[^a-z0-9]+/g, '-')}`;
  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }} radius="md" component="section" aria-labelledby={id}>
      <Title order={3} fz="h4" mb="md" id={id}>
        {titulo}
      </Title>
      {children}
    </Paper>
  );
}

/** Questions side by side on a desk screen, one column on tablets and phones (ux.md). */
export function Perguntas({ children }: { children: ReactNode }) {
  return (
    <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="lg" verticalSpacing="lg">
      {children}
    </SimpleGrid>
  );
}

/** A question with its dependent details kept together in one grid cell. */
export function Pergunta({ children }: { children: ReactNode }) {
  return <Stack gap="sm">{children}</Stack>;
}

/** Spec §8 403: a user who typed the URL of a block they may not use. */
export const Proibido = () => <ErrorPage status={403} />;

export function Carregando() {
  return (
    <Stack gap="md" aria-busy="true" aria-label="Carregando">
      <Skeleton h={28} w="40%" />
      {Array.from({ length: 6 }, (_, i) => (
        <Skeleton key={i} h={56} />
      ))}
    </Stack>
  );
}

/** A failed load: the API's message (or the generic one) and a way to try again (ux.md). */
export function ErroCarregar({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  if (error instanceof ApiError && error.status === 403) return <Proibido />;
  return (
    <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden />} title={msg.algoDeuErrado}>
      <Stack gap="sm" align="flex-start">
        <Text size="sm">{error instanceof ApiError && error.message ? error.message : msg.erroGenerico}</Text>
        <Button variant="light" size="md" mih={44} onClick={onRetry}>
          Tentar novamente
        </Button>
      </Stack>
    </Alert>
  );
}

// ---- read-only answers -----------------------------------------------------------------------------

export const NAO_INFORMADO = 'Não informado';

type Valor = boolean | number | string | readonly (number | string)[] | null | undefined;

/** An answer as text: Sim/Não, the code's label, a list joined by commas, or 'Não informado'. */
export function textoResposta(valor: Valor, tabela?: Tabela): string {
  if (valor === null || valor === undefined || valor === '') return NAO_INFORMADO;
  if (typeof valor === 'boolean') return valor ? 'Sim' : 'Não';
  const rotulo = (v: number | string) => tabela?.find((r) => String(r.codigo) === String(v))?.descricao ?? String(v);
  if (Array.isArray(valor)) return valor.length === 0 ? NAO_INFORMADO : valor.map(rotulo).join(', ');
  return rotulo(valor as number | string);
}

/** One question and its answer in a description list. */
export function Resposta({ pergunta, children }: { pergunta: string; children: string }) {
  return (
    <div>
      <Text component="dt" size="sm" c="dimmed">
        {pergunta}
      </Text>
      <Text
        component="dd"
        m={0}
        fw={children === NAO_INFORMADO ? 400 : 600}
        c={children === NAO_INFORMADO ? 'dimmed' : undefined}
        style={{ overflowWrap: 'anywhere' }}
      >
        {children}
      </Text>
    </div>
  );
}

/** The answers of a section as a description list, two columns on a desk screen. */
export function Respostas({ children }: { children: ReactNode }) {
  return (
    <SimpleGrid component="dl" cols={{ base: 1, lg: 2 }} spacing="lg" verticalSpacing="md" style={{ margin: 0 }}>
      {children}
    </SimpleGrid>
  );
}

/** Shown above the read-only answers of a block nobody has filled in yet. */
export function BlocoNaoPreenchido() {
  return (
    <Alert color="gray" variant="light">
      Este bloco ainda não foi preenchido para este munícipe.
    </Alert>
  );
}

/** 'Atualizado em dd/MM/yyyy às HH:mm' of a saved block. */
export function atualizadoEm(updatedAt: string | null): string | null {
  if (!updatedAt) return null;
  const d = new Date(updatedAt);
  if (Number.isNaN(d.getTime())) return null;
  const data = d.toLocaleDateString('pt-BR', { day: '2-digit', month: '2-digit', year: 'numeric' });
  const hora = d.toLocaleTimeString('pt-BR', { hour: '2-digit', minute: '2-digit' });
  return `Atualizado em ${data} às ${hora}`;
}

/**
 * Loads a block and picks its view: the form when the user may write it (create for a block never saved, update for
 * one that exists), the read-only answers with show, and 403 otherwise. Both block tabs go through here.
 */
export function BlocoConforme<B extends { lock_version: number | null }>({
  consulta,
  acoes,
  leitura,
  formulario,
}: {
  consulta: UseQueryResult<B>;
  acoes: readonly string[];
  leitura: (bloco: B) => ReactNode;
  formulario: (bloco: B) => ReactNode;
}) {
  if (consulta.isPending) return <Carregando />;
  if (consulta.isError) return <ErroCarregar error={consulta.error} onRetry={() => void consulta.refetch()} />;
  const novo = consulta.data.lock_version === null;
  if (!acoes.includes(novo ? 'create' : 'update'))
    return acoes.includes('show') ? leitura(consulta.data) : <Proibido />;
  return formulario(consulta.data);
}
