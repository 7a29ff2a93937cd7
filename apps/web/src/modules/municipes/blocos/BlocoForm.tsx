// What the two editable block tabs share: which view the user gets, the record-form hook bound to the block's save,
// and the form's frame (summary, "Desfazer alterações", when it was last saved).
import { Text } from '@mantine/core';
import { Fragment, type ReactNode } from 'react';
import type { FieldValues } from 'react-hook-form';
import type { z } from 'zod';
import { RecordForm, useRecordForm, type RecordFormState } from '../../../lib/form';
import { useMunicipeTab } from '../context';
import { getBloco, useBloco, useSaveBloco, type BlocoOut, type BlocoPath, type SaveBlocoBody } from './api';
import { atualizadoEm, BlocoConforme, Proibido } from './partes';

/** What the block's form page receives. */
export interface BlocoFormProps<B extends BlocoPath> {
  bloco: BlocoOut[B];
  podeAtualizar: boolean;
  recarregar: () => unknown;
}

/** A block's editable tab: the form when the user may write it, the answers with show only, 403 otherwise. */
interface BlocoEditavelProps<B extends BlocoPath> {
  bloco: B;
  acoes: readonly string[];
  leitura: (b: BlocoOut[B]) => ReactNode;
  formulario: (props: BlocoFormProps<B>) => ReactNode;
}

export function BlocoEditavel<B extends BlocoPath>(props: BlocoEditavelProps<B>) {
  const { acoes } = props;
  // The tab is hidden without these, but the URL can be typed (spec §6).
  if (!acoes.includes('update') && !acoes.includes('create')) return <Proibido />;
  return <BlocoCarregado {...props} />;
}

function BlocoCarregado<B extends BlocoPath>({ bloco, acoes, leitura, formulario }: BlocoEditavelProps<B>) {
  const { municipe } = useMunicipeTab();
  const consulta = useBloco(municipe.id, bloco);
  return (
    <BlocoConforme
      consulta={consulta}
      acoes={acoes}
      leitura={leitura}
      // Keyed by version: after a save (or a reload after 409) the form starts again from what the API stored.
      formulario={(b) => (
        <Fragment key={b.lock_version ?? 'novo'}>
          {formulario({ bloco: b, podeAtualizar: acoes.includes('update'), recarregar: () => consulta.refetch() })}
        </Fragment>
      )}
    />
  );
}

/** The record-form hook of a block: its answers as values, saved with the lock_version read. */
export function useBlocoForm<B extends BlocoPath, S extends z.ZodType<FieldValues, FieldValues>>({
  path,
  props: { bloco, podeAtualizar, recarregar },
  schema,
  model,
  labels,
  valores,
  preparar,
}: {
  path: B;
  props: BlocoFormProps<B>;
  schema: S;
  model: string;
  labels: Record<string, string>;
  valores: (b: BlocoOut[B]) => z.input<S>;
  /** The answers as the API takes them (what the API's normaliser clears is cleared here too). */
  preparar: (values: z.output<S>) => Omit<SaveBlocoBody<B>, 'lock_version'>;
}) {
  const { municipe } = useMunicipeTab();
  const salvar = useSaveBloco(municipe.id, path, { podeAtualizar });
  return useRecordForm({
    schema,
    defaultValues: valores(bloco),
    model,
    labels,
    save: (values) => salvar.mutateAsync({ ...preparar(values), lock_version: bloco.lock_version } as SaveBlocoBody<B>),
    stale: { reload: recarregar, latest: () => getBloco(municipe.id, path), toValues: valores },
  });
}

export function BlocoForm({
  record,
  model,
  updatedAt,
  children,
}: {
  record: Pick<RecordFormState, 'onSubmit' | 'saving' | 'summary'> & {
    form: { formState: { isDirty: boolean }; reset: () => void };
  };
  model: string;
  updatedAt: string | null;
  children: ReactNode;
}) {
  const { form } = record;
  const atualizado = atualizadoEm(updatedAt);
  return (
    <RecordForm
      record={record}
      label={model}
      onCancel={form.formState.isDirty ? () => form.reset() : undefined}
      cancelLabel="Desfazer alterações"
    >
      {children}
      {atualizado && (
        <Text size="sm" c="dimmed">
          {atualizado}
        </Text>
      )}
    </RecordForm>
  );
}
