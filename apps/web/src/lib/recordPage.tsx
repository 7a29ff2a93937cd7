// The page frame of a record screen (issue 13), made once: the route's id, the record through the module's hook
// (RecordLoader: a skeleton, a refused record back to its list, a failure with a retry), then the module's page. A form
// route without an id is a new record.
import { useDocumentTitle } from '@mantine/hooks';
import type { Permission, Resource, resources } from '@saude/shared';
import type { UseQueryResult } from '@tanstack/react-query';
import { useState, type ComponentType, type ReactNode } from 'react';
import type { FieldValues } from 'react-hook-form';
import { useNavigate, useParams } from 'react-router';
import type { z } from 'zod';
import { usePode } from './access';
import { BackButton } from './detail';
import { DesativarButton, RemoveButton, type Genero } from './feedback';
import { RecordLoader } from './feedback/LoadError';
import { useRecordForm, type RecordFormOptions } from './form';

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

/** The route of a record's form: one component edits the loaded record (mounted again on each saved version) or makes a new one. */
export function recordFormPage<T>(
  options: Omit<RecordPageOptions<T>, 'remount'>,
  Form: (props: RecordFormProps<T>) => ReactNode,
) {
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

/** A resource whose records are created, updated and destroyed (e.g. 'administracao/equipes'). */
type RecursoCrud = {
  [R in Resource]: 'create' extends (typeof resources)[R][number]
    ? 'update' extends (typeof resources)[R][number]
      ? R
      : never
    : never;
}[Resource];

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

/**
 * The red action of an edit, offered with the destroy permission: `remover` deletes the record ('Remover tema'); a
 * record never deleted (its history names it) has `desativar` instead, offered while it is active ('Desativar equipe',
 * asked first with `explicacao`, the record called by `nome`).
 */
export type Remocao<T> =
  | { remover: (id: string) => Promise<unknown> }
  | { desativar: (id: string) => Promise<unknown>; nome: (atual: T) => string; explicacao: string };

export interface RecordFormPageOptions<S extends Schema, T extends { id: string; lock_version: number }> extends Omit<
  RecordFormOptions<S, T>,
  'schema' | 'defaultValues' | 'labels' | 'save' | 'stale' | 'canSave' | 'onSaved'
> {
  /** Its create/update/destroy permissions decide whether the form is locked and removal offered. */
  recurso: RecursoCrud;
  /** The list: where 'Cancelar' and 'Voltar' go unless `voltar` says otherwise. */
  basePath: string;
  voltar?: string;
  atual?: T;
  recarregar?: () => void;
  /** The page's h1 and the document's title. */
  titulo: string;
  /** The form's codec: its schema, defaults, record → form, form → API body (the version is added here) and labels. */
  codec: PageCodec<S, T>;
  salvar: (body: never) => Promise<T>;
  /** The record as the server has it now, for the stale-edit toast. */
  buscar: (id: string) => Promise<T>;
  /** Where a save goes. @default the saved record's edit page */
  depoisDeSalvar?: (saved: T) => string | void;
  /** A further condition on editing (a system profile is read-only). @default true */
  editavel?: boolean;
  remocao?: Remocao<T>;
}

/**
 * The scaffold every record form page shared (issue 40: six pages wrote it by hand): the title, the permissions, the
 * record form with version, stale edit and where to go after saving, the red remove/deactivate action, and the props
 * of <RecordForm>.
 */
export function useRecordFormPage<S extends Schema, T extends { id: string; lock_version: number }>(
  o: RecordFormPageOptions<S, T>,
) {
  const { recurso, basePath, voltar = basePath, atual, recarregar, titulo, codec, salvar, buscar } = o;
  const { depoisDeSalvar, editavel = true, remocao, ...form } = o;
  useDocumentTitle(titulo);
  const navigate = useNavigate();
  // Made once: a new schema on each render would give the form a new resolver each time.
  const [schema] = useState(codec.schema);
  const podeEditar = usePode(`${recurso}:${atual ? 'update' : 'create'}` as Permission) && editavel;
  const podeRemover = usePode(`${recurso}:destroy` as Permission) && editavel;
  const record = useRecordForm<S, T>({
    ...form,
    schema,
    labels: codec.labels,
    defaultValues: atual ? codec.toForm(atual) : codec.empty(),
    save: (values) => salvar(comVersao(codec.toBody ? codec.toBody(values) : values, atual) as never),
    onSaved: (saved) => (depoisDeSalvar ? depoisDeSalvar(saved) : `${basePath}/${saved.id}/edit`),
    stale: staleEdit(atual, recarregar, buscar, codec.toForm),
    canSave: podeEditar,
  });
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
      lockedActions: <BackButton to={voltar}>Voltar</BackButton>,
      extraActions: atual && podeRemover && remocao && (
        <AcaoRemover
          remocao={remocao}
          atual={atual}
          model={o.model}
          genero={o.genero}
          onDone={record.allowNavigation}
          goTo={basePath}
        />
      ),
    },
  };
}

/** 'Remover tema' / 'Desativar equipe' (only while active), named after the form's model. */
function AcaoRemover<T extends { id: string }>({
  remocao,
  atual,
  model,
  genero,
  onDone,
  goTo,
}: {
  remocao: Remocao<T>;
  atual: T;
  model: string;
  genero?: Genero;
  onDone: () => void;
  goTo: string;
}) {
  const nome = model.toLowerCase();
  if ('remover' in remocao) {
    return (
      <RemoveButton model={nome} remove={() => remocao.remover(atual.id)} onRemoved={onDone} goTo={goTo}>
        Remover {nome}
      </RemoveButton>
    );
  }
  if ((atual as { ativo?: boolean }).ativo === false) return null;
  return (
    <DesativarButton
      pergunta={`Desativar ${genero === 'f' ? 'a' : 'o'} ${nome} ${remocao.nome(atual)}?`}
      explicacao={remocao.explicacao}
      feito={`${model} ${genero === 'f' ? 'desativada' : 'desativado'}.`}
      desativar={() => remocao.desativar(atual.id)}
      onDone={onDone}
      goTo={goTo}
    >
      Desativar {nome}
    </DesativarButton>
  );
}
