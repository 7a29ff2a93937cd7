// The page frame of a record screen (issue 13), made once: the route's id, the record through the module's hook
// (RecordLoader: a skeleton, a refused record back to its list, a failure with a retry), then the module's page. A form
// route without an id is a new record.
import { useDocumentTitle } from '@mantine/hooks';
import type { Permission } from '@saude/shared';
import type { UseQueryResult } from '@tanstack/react-query';
import { Stack, type MantineSpacing } from '@mantine/core';
import { useState, type ComponentProps, type ComponentType, type ReactNode } from 'react';
import type { Control, FieldPath, FieldValues } from 'react-hook-form';
import { useNavigate, useParams } from 'react-router';
import type { z } from 'zod';
import { usePode } from './access';
import { BackButton } from './detail';
import { DesativarButton, RemoveButton, type Genero } from './feedback';
import { RecordLoader } from './feedback/LoadError';
import {
  FieldSections,
  RecordForm,
  useRecordForm,
  type FieldRow,
  type FieldSpan,
  type RecordFormOptions,
} from './form';
import { PageHeading } from './PageHeading';

/** What the page of a loaded record gets. */
export interface RecordPageProps<T> {
  atual: T;
  recarregar: () => void;
}

export interface RecordPageOptions<T> {
  /** The module's hook of one record, e.g. useFamilia. */
  load: (id: string | undefined) => UseQueryResult<T>;
  /** The list, where a record the server will not give goes back to. */
  backTo: string;
  /** The skeleton's accessible name, e.g. 'Carregando família'. */
  label: string;
  /** The route's param. @default 'id' */
  param?: string;
  /** A form: mounted again on each saved version, so it starts from what the server has. */
  remount?: boolean;
}

/** The route's component: `Page` with the loaded record, or `Novo` where the route has no id. */
export function recordPage<T>(
  { load, backTo, label, param = 'id', remount }: RecordPageOptions<T>,
  Page: ComponentType<RecordPageProps<T>>,
  Novo?: ComponentType,
) {
  function Loaded({ id }: { id: string | undefined }) {
    const q = load(id);
    return (
      <RecordLoader query={q} backTo={backTo} label={label}>
        {(r) => (
          <Page
            key={remount ? (r as { lock_version?: number }).lock_version : undefined}
            atual={r}
            recarregar={() => void q.refetch()}
          />
        )}
      </RecordLoader>
    );
  }
  return function RecordPage() {
    const id = useParams()[param];
    return !id && Novo ? <Novo /> : <Loaded id={id} />;
  };
}

/** What a record form's component gets: the loaded record and its reload on an edit, nothing on a new record. */
export type RecordFormProps<T> = Partial<RecordPageProps<T>>;

/** Where a record form's route loads from: its hook and list, or the module's resource (lib/resource.ts), which has both. */
export type RecordFormSource<T> =
  | Omit<RecordPageOptions<T>, 'remount'>
  | { dados: { path: string; useOne: RecordPageOptions<T>['load'] }; label: string };

/** The route of a record's form: one component edits the loaded record (mounted again on each saved version) or makes a new one. */
export function recordFormPage<T>(source: RecordFormSource<T>, Form: (props: RecordFormProps<T>) => ReactNode) {
  const options =
    'dados' in source ? { load: source.dados.useOne, backTo: source.dados.path, label: source.label } : source;
  return recordPage<T>({ ...options, remount: true }, Form, Form);
}

/** The body of a save: an edit carries the version it was loaded at (409 when another save came first). */
export const comVersao = <B,>(body: B, atual?: { lock_version: number }): B | (B & { lock_version: number }) =>
  atual ? { ...body, lock_version: atual.lock_version } : body;

/** useRecordForm's `stale` of a loaded record: 'Recarregar' reloads the page's record; the toast says what changed. */
export function staleEdit<T extends { id: string }, V>(
  atual: T | undefined,
  recarregar: (() => void) | undefined,
  latest: (id: string) => Promise<T>,
  toValues: (record: T) => V,
) {
  return atual && { reload: () => recarregar?.(), latest: () => latest(atual.id), toValues };
}

type Schema = z.ZodType<FieldValues, FieldValues>;

/**
 * What a record form page takes of its form codec (lib/form's formCodec, or a page's own object of the same shape for
 * a form without a shared object schema): the form's schema, a new record's values, record → form, form → API body and
 * the fields' labels.
 */
export interface PageCodec<S extends Schema, T> {
  schema: () => S;
  empty: () => z.input<S>;
  toForm: (record: T) => z.input<S>;
  /** @default the values as they are */
  toBody?: (values: z.output<S>) => unknown;
  labels: Record<string, string>;
}

/** What a record form page uses of its resource's hooks (lib/resource.ts): the list's route, which is the resource. */
export interface RecordData<T> {
  /** e.g. '/administracao/equipes': the list 'Cancelar' goes back to, and the permissions' resource. */
  path: string;
  /** The record as the server has it now, for the stale-edit toast. */
  get: (id: string) => Promise<T>;
  useSave: (id?: string) => { mutateAsync: (body: never) => Promise<T> };
  useRemove: () => { mutateAsync: (id: string) => Promise<unknown> };
}

/** 'Desativar equipe': a record never deleted (its history names it), asked first with `explicacao`. */
export interface Desativacao<T> {
  nome: (atual: T) => string;
  explicacao: string;
}

export interface RecordFormPageOptions<S extends Schema, T extends { id: string; lock_version: number }> extends Omit<
  RecordFormOptions<S, T>,
  'schema' | 'defaultValues' | 'labels' | 'save' | 'stale' | 'canSave' | 'onSaved'
> {
  /** The module's resource: its route's create/update/destroy permissions lock the form and offer the red action. */
  dados: RecordData<T>;
  /** Where 'Cancelar' and 'Voltar' go. @default the list */
  voltar?: string;
  /** The text of the locked form's way back. @default 'Voltar' */
  textoVoltar?: string;
  atual?: T;
  recarregar?: () => void;
  /** The page's h1 and the document's title. */
  titulo: string;
  /** The form's codec: its schema, defaults, record → form, form → API body (the version is added here) and labels. */
  codec: PageCodec<S, T>;
  /** Where a save goes. @default the saved record's edit page */
  depoisDeSalvar?: (saved: T) => string | void;
  /** A further condition on editing (a system profile is read-only). @default true */
  editavel?: boolean;
  /** The red action of an edit, with the destroy permission: 'Remover tema' deletes the record… */
  remover?: boolean;
  /** …or 'Desativar equipe', offered while it is active. */
  desativar?: Desativacao<T>;
}

/**
 * The scaffold every record form page shared (issue 40: six pages wrote it by hand): the title, the permissions, the
 * save and the version, stale edit and where to go after saving, the red remove/deactivate action, and the props
 * of <RecordForm>.
 */
export function useRecordFormPage<S extends Schema, T extends { id: string; lock_version: number }>(
  o: RecordFormPageOptions<S, T>,
) {
  const { dados, atual, recarregar, titulo, codec, depoisDeSalvar, editavel = true, remover, desativar, ...form } = o;
  const { voltar: _, textoVoltar = 'Voltar', ...opcoes } = form;
  const basePath = dados.path;
  const voltar = o.voltar ?? basePath;
  const recurso = basePath.slice(1);
  useDocumentTitle(titulo);
  const navigate = useNavigate();
  const save = dados.useSave(atual?.id);
  const remove = dados.useRemove();
  // Made once: a new schema on each render would give the form a new resolver each time.
  const [schema] = useState(codec.schema);
  const podeEditar = usePode(`${recurso}:${atual ? 'update' : 'create'}` as Permission) && editavel;
  const podeRemover = usePode(`${recurso}:destroy` as Permission) && editavel;
  const record = useRecordForm<S, T>({
    ...opcoes,
    schema,
    labels: codec.labels,
    defaultValues: atual ? codec.toForm(atual) : codec.empty(),
    save: (values) => save.mutateAsync(comVersao(codec.toBody ? codec.toBody(values) : values, atual) as never),
    onSaved: (saved) => (depoisDeSalvar ? depoisDeSalvar(saved) : `${basePath}/${saved.id}/edit`),
    stale: staleEdit(atual, recarregar, dados.get, codec.toForm),
    canSave: podeEditar,
  });
  const acao = {
    model: o.model,
    genero: o.genero,
    remove: () => remove.mutateAsync(atual!.id),
    onDone: record.allowNavigation,
    goTo: basePath,
  };
  return {
    record,
    form: record.form,
    podeEditar,
    /** Spread on <RecordForm>: its label, 'Cancelar', the lock of a user who may only read, and the red action. */
    formProps: {
      record,
      label: titulo,
      onCancel: () => void navigate(voltar),
      locked: !podeEditar,
      lockedActions: <BackButton to={voltar}>{textoVoltar}</BackButton>,
      extraActions:
        atual &&
        podeRemover &&
        (remover ? (
          <AcaoRemover {...acao} />
        ) : (
          desativar &&
          (atual as { ativo?: boolean }).ativo !== false && (
            <AcaoDesativar {...acao} nome={desativar.nome(atual)} explicacao={desativar.explicacao} />
          )
        )),
    },
  };
}

interface Acao {
  model: string;
  genero?: Genero;
  remove: () => Promise<unknown>;
  onDone: () => void;
  goTo: string;
}

/** 'Remover tema', named after the form's model. */
function AcaoRemover({ model, remove, onDone, goTo }: Acao) {
  const nome = model.toLowerCase();
  return (
    <RemoveButton model={nome} remove={remove} onRemoved={onDone} goTo={goTo}>
      Remover {nome}
    </RemoveButton>
  );
}

/** 'Desativar equipe' (only while active), asked first. */
function AcaoDesativar({
  model,
  genero,
  remove,
  onDone,
  goTo,
  nome: registro,
  explicacao,
}: Acao & { nome: string; explicacao: string }) {
  const nome = model.toLowerCase();
  return (
    <DesativarButton
      pergunta={`Desativar ${genero === 'f' ? 'a' : 'o'} ${nome} ${registro}?`}
      explicacao={explicacao}
      feito={`${model} ${genero === 'f' ? 'desativada' : 'desativado'}.`}
      desativar={remove}
      onDone={onDone}
      goTo={goTo}
    >
      Desativar {nome}
    </DesativarButton>
  );
}

/** A form's sections: a title and its rows of fields (lib/form's FieldSections). */
export type Sections<V extends FieldValues> = readonly (readonly [
  title: string,
  rows: readonly FieldRow<FieldPath<V>>[],
])[];

/**
 * The page of a record form, the frame the record form pages shared (issue 40): the h1 with the page's badges and
 * actions beside it, what the page says first (`nota`), the form with its sections (then `children`, inside the form)
 * and what comes after the form (`depois`).
 */
export function RecordFormFrame<V extends FieldValues, VV = V>({
  page: { form, formProps },
  badges,
  acoes,
  nota,
  sections,
  gap,
  span,
  extraActions = formProps.extraActions,
  children,
  depois,
}: {
  /** useRecordFormPage's answer. */
  page: { form: { control: Control<V, unknown, VV> }; formProps: Omit<ComponentProps<typeof RecordForm>, 'children'> };
  badges?: ReactNode;
  acoes?: ReactNode;
  nota?: ReactNode;
  sections: Sections<V>;
  gap?: MantineSpacing;
  span?: FieldSpan;
  /** In place of the red remove/deactivate action. */
  extraActions?: ReactNode;
  children?: ReactNode;
  depois?: ReactNode;
}) {
  return (
    <Stack gap="md">
      <PageHeading title={formProps.label} badges={badges} actions={acoes} />
      {nota}
      <RecordForm {...formProps} extraActions={extraActions}>
        <FieldSections control={form.control} sections={sections} gap={gap} span={span} />
        {children}
      </RecordForm>
      {depois}
    </Stack>
  );
}
