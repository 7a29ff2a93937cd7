// THE way to build a record's form page (issue 13): the shared zod schema, the unsaved-changes prompt, Ctrl/Cmd+S,
// the server's 422 on the fields, a conflict by its code (only a stale edit offers 'Recarregar', and says what
// changed), the saved toast, where to go after saving, and the typed values kept when the session expires.
import { notifications } from '@mantine/notifications';
import { useEffect, useRef } from 'react';
import type { DefaultValues, FieldErrors, FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { useLocation, useNavigate } from 'react-router';
import type { z } from 'zod';
import { saveDraft, takeDraft } from '../drafts';
import { notifyError, notifySaved, type Genero } from '../feedback/notify';
import { msg } from '@saude/shared';
import { ApiError, onUnauthorized } from '../http';
import { useUsuario } from '../session';
import { ErrorSummary, flattenErrors } from './ErrorSummary';
import { setServerErrors } from './serverErrors';
import { useSaveShortcut } from './useSaveShortcut';
import { useUnsavedChangesPrompt } from './useUnsavedChangesPrompt';
import { useZodForm } from './useZodForm';

type Schema = z.ZodType<FieldValues, FieldValues>;

export interface RecordFormOptions<S extends Schema, R> {
  schema: S;
  /** What the form starts from: a loaded record's values, or a new record's. */
  defaultValues: z.input<S>;
  /** What is saved: 'Família foi salva com sucesso', the summary 'Não foi possível gravar Família: 2 erros'. */
  model: string;
  genero?: Genero;
  /** Visible label of each field path, for the summary and for the list of what someone else changed. */
  labels: Record<string, string>;
  /** Sends the values; resolves with the record as saved. */
  save: (values: z.output<S>) => Promise<R>;
  /** False when this save is not "salva" and the page says what happened instead (a visit kept on the device). */
  announce?: (saved: R) => boolean;
  /** After the toast: a path to go to (replacing this page in the history), or nothing to stay. */
  onSaved?: (saved: R, form: UseFormReturn<z.input<S>, unknown, z.output<S>>) => string | void;
  /** API field path → form field path, where they differ (e.g. a timestamp the form splits into date and hour). */
  fieldOf?: (apiPath: string, values: z.output<S>) => string;
  /** A failure the page answers itself (e.g. a 409 asking to confirm); true when handled. */
  onError?: (err: unknown) => boolean;
  /** A stale edit: 'Recarregar' calls `reload`; with `latest` and `toValues` the toast lists what changed. */
  stale?: { reload: () => unknown; latest?: () => Promise<R>; toValues?: (record: R) => z.input<S> };
  /** False when the user may only read: Ctrl+S does nothing. */
  canSave?: boolean;
  /** Sub-paths of this path are the same form (tabs as child routes): moving between them does not ask. */
  scope?: string;
  /** A field got an error the user cannot see yet (e.g. on another tab): the page shows it. */
  onFieldError?: (path: string) => void;
}

const firstPath = (errors: FieldErrors) =>
  flattenErrors(errors as Record<string, unknown>).find((e) => !e.path.startsWith('root'))?.path;

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** Labels of the fields whose value differs between what the user loaded and what the server has now. */
function changedLabels(loaded: Record<string, unknown>, now: Record<string, unknown>, labels: Record<string, string>) {
  const out = new Set<string>();
  for (const [key, value] of Object.entries(now)) {
    if (same(value, loaded[key])) continue;
    // A group (the phones) names the part that changed, when its parts have labels.
    const parts: string[] = [];
    if (value && typeof value === 'object' && !Array.isArray(value)) {
      const before = (loaded[key] ?? {}) as Record<string, unknown>;
      for (const [sub, v] of Object.entries(value as Record<string, unknown>)) {
        const subLabel = labels[`${key}.${sub}`];
        if (subLabel && !same(v, before[sub])) parts.push(subLabel);
      }
    }
    for (const label of parts.length ? parts : [labels[key]]) if (label) out.add(label);
  }
  return [...out];
}

export function useRecordForm<S extends Schema, R>(o: RecordFormOptions<S, R>) {
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const login = useUsuario()?.login;
  const form = useZodForm(o.schema, o.defaultValues as DefaultValues<z.input<S>>);
  const { isDirty, isSubmitting, submitCount, errors } = form.formState;
  const { allowNavigation } = useUnsavedChangesPrompt(isDirty, o.scope);
  const opts = useRef(o);
  opts.current = o;

  // The session expired (any request answered 401): keep what was typed for when the user signs in again and is sent
  // back here, and let the app leave for the sign-in page without asking to discard.
  const draftKey = `${pathname}${search}|${o.model}`;
  const dirty = useRef(isDirty);
  dirty.current = isDirty;
  const draftKept = useRef(false);
  useEffect(
    () =>
      onUnauthorized(() => {
        if (!login || !dirty.current || draftKept.current) return;
        saveDraft(draftKey, login, form.getValues());
        draftKept.current = true;
        allowNavigation();
        notifications.show({
          color: 'yellow',
          title: 'Sessão expirada',
          message: 'Entre novamente para continuar: o que você digitou foi guardado.',
        });
      }),
    [draftKey, login, form, allowNavigation],
  );
  useEffect(() => {
    if (!login) return;
    const draft = takeDraft(draftKey, login);
    if (draft === undefined) return;
    // Over the record as loaded now, which stays the form's "unchanged" state: the restored edits count as unsaved.
    form.reset(draft as z.input<S>, { keepDefaultValues: true });
    notifications.show({
      color: 'blue',
      message: 'O que você tinha digitado antes de a sessão expirar foi recuperado.',
    });
    // Once, when the form opens.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const showField = (path: string) => {
    if (opts.current.onFieldError) opts.current.onFieldError(path);
    else form.setFocus(path as Path<z.input<S>>);
  };

  // The failure toast of the last save: the next save takes it away (issue 39: it outlived a successful save).
  const lastFailure = useRef<string | undefined>(undefined);
  const toast = (id: string | undefined) => {
    lastFailure.current = id;
  };

  const failed = async (err: unknown, values: z.output<S>) => {
    const { onError, fieldOf, stale, labels } = opts.current;
    if (onError?.(err)) return;
    if (!(err instanceof ApiError)) return toast(notifyError(err));
    if (err.code === 'nao_autenticado' && draftKept.current) return;
    if (err.code === 'validacao' || err.code === 'conflito') {
      const mapped = Object.entries(err.errors).map(([k, v]) => [fieldOf ? fieldOf(k, values) : k, v] as const);
      const placed = setServerErrors(form, Object.fromEntries(mapped));
      const first = mapped[0]?.[0];
      if (placed > 0 && first && opts.current.onFieldError) opts.current.onFieldError(first);
      // Said on the fields, or else in the form's summary (issue 39: never a toast repeating what the form shows, nor
      // one that is the only place the reason is; the summary goes with the next save).
      if (placed === 0) form.setError('root.servidor', { type: 'server', message: err.message || msg.erroGenerico });
      return;
    }
    if (err.code === 'edicao_desatualizada') {
      let changed: string[] = [];
      if (stale?.latest && stale.toValues) {
        const toValues = stale.toValues;
        changed = await stale.latest().then(
          (now) =>
            changedLabels(
              form.formState.defaultValues as Record<string, unknown>,
              toValues(now) as Record<string, unknown>,
              labels,
            ),
          () => [],
        );
      }
      return toast(notifyError(err, { onReload: stale ? () => void stale.reload() : undefined, changed }));
    }
    toast(notifyError(err));
  };

  const onSubmit = form.handleSubmit(
    async (values) => {
      if (lastFailure.current) notifications.hide(lastFailure.current);
      lastFailure.current = undefined;
      try {
        const saved = await opts.current.save(values);
        if (opts.current.announce?.(saved) ?? true) notifySaved(opts.current.model, opts.current.genero);
        const to = opts.current.onSaved?.(saved, form);
        if (typeof to === 'string') {
          allowNavigation();
          void navigate(to, { replace: true });
        }
      } catch (err) {
        await failed(err, values);
      }
    },
    (invalid) => {
      const path = firstPath(invalid);
      if (path && opts.current.onFieldError) opts.current.onFieldError(path);
    },
  );
  useSaveShortcut(onSubmit, o.canSave ?? true);

  const summary =
    submitCount > 0 ? (
      <ErrorSummary model={o.model} errors={errors as Record<string, unknown>} labels={o.labels} onSelect={showField} />
    ) : null;

  return { form, onSubmit, saving: isSubmitting, allowNavigation, summary, labels: o.labels };
}

export type RecordFormState = ReturnType<typeof useRecordForm>;
