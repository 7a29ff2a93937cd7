// Pieces shared by the block tabs: dependent questions, states and read-only answers.
import { Alert, SimpleGrid, Stack, Text } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { Fragment, useEffect, useRef, type ReactNode } from 'react';
import {
  useWatch,
  type Control,
  type FieldPath,
  type FieldValues,
  type PathValue,
  type UseFormClearErrors,
  type UseFormSetValue,
} from 'react-hook-form';
import { ErrorPage, LoadError, LoadingRecord } from '../../../lib/feedback';
import { codeOptions, FormField, FormSection, type FieldRow } from '../../../lib/form';
import { dataBr, descricao, horaBr, simNaoTexto } from '../../../lib/format';
import { ApiError } from '../../../lib/http';
import { useBloco, type BlocoOut, type BlocoPath } from './api';
import { detalhesDe, type Questao, type Secao, type Tabela } from './perguntas';

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

/**
 * What the API answered, as form values: every question of `labels` and the lock_version. A block never saved starts
 * with every yes/no question unanswered (null), not with the API's false.
 */
export function valoresDoBloco<I>(
  bloco: { lock_version: number | null } & Record<string, unknown>,
  labels: Record<string, string>,
): I {
  const novo = bloco.lock_version === null;
  const valores = Object.keys(labels).map((k) => [k, novo && typeof bloco[k] === 'boolean' ? null : bloco[k]]);
  return { ...Object.fromEntries(valores), lock_version: bloco.lock_version } as I;
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

// The same details array each render, so SeSim's effect runs only when the answer changes.
const detalhes = new WeakMap<Questao<string>, ReturnType<typeof detalhesDe>>();
const limparDe = (q: Questao<string>) => detalhes.get(q) ?? detalhes.set(q, detalhesDe(q)).get(q)!;

/**
 * A section of a block's form drawn from its question table (perguntas.ts): each question in a grid cell with its
 * details under "Sim"; with `portao` the first question opens the whole grid.
 */
export function SecaoPerguntas<T extends FieldValues, TT, C extends string>({
  secao,
  form,
  ocultas = [],
  proprios = {},
}: {
  secao: Secao<C>;
  form: Pick<SeSimProps<T, TT>, 'control' | 'setValue' | 'clearErrors'>;
  /** Questions not asked of this citizen (spec §5, issue 12). */
  ocultas?: readonly C[];
  /** The fields of `proprio` questions, drawn by the tab. */
  proprios?: Partial<Record<C, ReactNode>>;
}) {
  const { control } = form;
  const campo = (q: Questao<C>) => {
    if (q.tipo === 'proprio') return proprios[q.campo];
    const row = {
      kind: q.tipo,
      name: q.campo as string as FieldPath<T>,
      label: secao.labels[q.campo],
      required: q.obrigatoria,
      data: codeOptions(q.tabela ?? []),
      inputProps: q.tipo === 'text' ? { maxLength: 100 } : undefined,
    } as FieldRow<FieldPath<T>>;
    return <FormField control={control} row={row} />;
  };
  const seSim = (q: Questao<C>, children: ReactNode) => (
    <SeSim {...form} pergunta={q.campo as string as FieldPath<T>} limpar={limparDe(q) as SeSimProps<T, TT>['limpar']}>
      {children}
    </SeSim>
  );
  const conteudo = (q: Questao<C>): ReactNode => (
    <Fragment key={q.campo}>
      {campo(q)}
      {q.seSim.length > 0 && seSim(q, q.seSim.map(conteudo))}
    </Fragment>
  );
  const linhas = (qs: readonly Questao<C>[]) => (
    <Perguntas>
      {qs
        .filter((q) => !ocultas.includes(q.campo))
        .map((q) => (
          <Pergunta key={q.campo}>{conteudo(q)}</Pergunta>
        ))}
    </Perguntas>
  );
  const [portao] = secao.questoes;
  return (
    <FormSection title={secao.titulo}>
      {secao.portao && portao ? (
        <Stack gap="lg">
          {campo(portao)}
          {seSim(portao, linhas(portao.seSim))}
        </Stack>
      ) : (
        linhas(secao.questoes)
      )}
    </FormSection>
  );
}

/** Spec §8 403: a user who typed the URL of a block they may not use. */
export const Proibido = () => <ErrorPage status={403} />;

/** A failed load: 403 is the page of spec §8; anything else says why and offers to try again (ux.md). */
export function ErroCarregar({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  if (error instanceof ApiError && error.code === 'proibido') return <Proibido />;
  return <LoadError error={error} onRetry={onRetry} />;
}

// ---- read-only answers -----------------------------------------------------------------------------

export const NAO_INFORMADO = 'Não informado';

type Valor = boolean | number | string | readonly (number | string)[] | null | undefined;

/** An answer as text: Sim/Não, the code's label, a list joined by commas, or 'Não informado'. */
export function textoResposta(valor: Valor, tabela?: Tabela): string {
  if (valor === null || valor === undefined || valor === '') return NAO_INFORMADO;
  if (typeof valor === 'boolean') return simNaoTexto(valor);
  const rotulo = (v: number | string) => (tabela ? descricao(tabela, v, String(v)) : String(v));
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

/**
 * A section's answers drawn from its question table, details only when their question was answered "Sim". A block
 * never saved reads 'Não informado' throughout: the API's false/[] are not answers.
 */
export function RespostasSecao<C extends string>({
  secao,
  bloco,
  ocultas = [],
  valores = {},
}: {
  secao: Secao<C>;
  bloco: Record<C, unknown> & { lock_version: number | null };
  ocultas?: readonly C[];
  /** Answers shown otherwise than the row holds them (the occupation's name). */
  valores?: Partial<Record<C, Valor>>;
}) {
  const novo = bloco.lock_version === null;
  const item = (q: Questao<C>): ReactNode[] => {
    if (ocultas.includes(q.campo)) return [];
    const valor = q.campo in valores ? valores[q.campo] : (bloco[q.campo] as Valor);
    return [
      <Resposta key={q.campo} pergunta={secao.labels[q.campo]}>
        {novo ? NAO_INFORMADO : textoResposta(valor, q.tabela)}
      </Resposta>,
      ...(bloco[q.campo] === true ? q.seSim.flatMap(item) : []),
    ];
  };
  return (
    <FormSection title={secao.titulo} readOnly>
      <Respostas>{secao.questoes.flatMap(item)}</Respostas>
    </FormSection>
  );
}

/** A block's read-only answers: 'not filled in' above a block never saved, when it was saved below. */
export function BlocoRespondido({
  bloco,
  children,
}: {
  bloco: { lock_version: number | null; updated_at: string | null };
  children: ReactNode;
}) {
  const atualizado = atualizadoEm(bloco.updated_at);
  return (
    <Stack gap="lg">
      {bloco.lock_version === null && <BlocoNaoPreenchido />}
      {children}
      {atualizado && (
        <Text size="sm" c="dimmed">
          {atualizado}
        </Text>
      )}
    </Stack>
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

/** 'Atualizado em dd/MM/yyyy às HH:mm' (São Paulo time) of a saved block. */
export function atualizadoEm(updatedAt: string | null): string | null {
  const data = dataBr(updatedAt);
  return data ? `Atualizado em ${data} às ${horaBr(updatedAt)}` : null;
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
  if (consulta.isPending) return <LoadingRecord label="Carregando" />;
  if (consulta.isError) return <ErroCarregar error={consulta.error} onRetry={() => void consulta.refetch()} />;
  const novo = consulta.data.lock_version === null;
  if (!acoes.includes(novo ? 'create' : 'update'))
    return acoes.includes('show') ? leitura(consulta.data) : <Proibido />;
  return formulario(consulta.data);
}

/** A block's read-only tab: needs `show` (the API audits the read and refuses it otherwise), then the answers. */
export function BlocoLeitura<B extends BlocoPath>({
  municipeId,
  bloco,
  pode,
  children,
}: {
  municipeId: string;
  bloco: B;
  pode: boolean;
  children: (b: BlocoOut[B]) => ReactNode;
}) {
  if (!pode) return <Proibido />;
  return (
    <BlocoLido municipeId={municipeId} bloco={bloco}>
      {children}
    </BlocoLido>
  );
}

function BlocoLido<B extends BlocoPath>({
  municipeId,
  bloco,
  children,
}: {
  municipeId: string;
  bloco: B;
  children: (b: BlocoOut[B]) => ReactNode;
}) {
  const q = useBloco(municipeId, bloco);
  if (q.isPending) return <LoadingRecord label="Carregando" />;
  if (q.isError) return <ErroCarregar error={q.error} onRetry={() => void q.refetch()} />;
  return children(q.data);
}
