// Codec overrides (issue 40) of dates a form holds in another shape (primary care, urgent care): a timestamp typed as a
// date and an hour in São Paulo, a month typed 'MM/aaaa'. And the form checks a codec cannot derive (a date and an
// hour the body needs both of), run before the shared schema's.
import { z } from 'zod';
import { isValidTime, msg, zonedDateTimeParts, zonedDateTimeToIso } from '@saude/shared';
import type { FieldOverride } from '../codec';
import { addFieldIssues } from '../values';

type DataEHora<D extends string, H extends string> = Record<D | H, string | null>;

/** An ISO timestamp held as a date ('yyyy-MM-dd') and an hour ('HH:mm') in São Paulo. */
export function dataEHora<D extends string, H extends string>(
  data: D,
  hora: H,
  labels?: Partial<Record<D | H, string>>,
): FieldOverride<string | undefined, DataEHora<D, H>> {
  const campos = (d: string | null, h: string | null) => ({ [data]: d, [hora]: h }) as DataEHora<D, H>;
  return {
    empty: () => campos(null, null),
    toForm: (iso) => {
      const p = iso ? zonedDateTimeParts(iso) : null;
      return campos(p?.date ?? null, p?.time ?? null);
    },
    toBody: (f) => zonedDateTimeToIso(f[data], f[hora]) ?? undefined,
    labels,
  };
}

/** 'MM/aaaa' → 'aaaa-MM-01'; an incomplete or impossible month goes as typed, for the schema to say 'não é válido'. */
export function mesAnoParaIso(texto: string): string | undefined {
  const t = texto.trim();
  if (!t) return undefined;
  const m = /^(\d{2})\/(\d{4})$/.exec(t);
  if (!m || Number(m[1]) < 1 || Number(m[1]) > 12) return t;
  return `${m[2]}-${m[1]}-01`;
}

const isoParaMesAno = (iso: string | null | undefined) => (iso ? `${iso.slice(5, 7)}/${iso.slice(0, 4)}` : '');

/** An ISO date (a month's first day) held as 'MM/aaaa' typed in one input ('' when empty). */
export function mesAno<K extends string>(campo: K): FieldOverride<string | undefined, Record<K, string>> {
  const em = (texto: string) => ({ [campo]: texto }) as Record<K, string>;
  return {
    empty: () => em(''),
    toForm: (iso) => em(isoParaMesAno(iso)),
    toBody: (f) => mesAnoParaIso(f[campo]),
  };
}

type Add = (campo: string, message: string) => void;

/** An issue's path as the form's field: 'itens.0.nome' → ['itens', 0, 'nome']. */
const caminho = (path: readonly PropertyKey[]) =>
  path
    .map(String)
    .join('.')
    .split('.')
    .map((p) => (/^\d+$/.test(p) ? Number(p) : p));

/**
 * A form schema whose own checks (`antes`, e.g. a date and an hour both required) come before the codec's schema: the
 * summary lists them first, and each field once (its first message).
 */
export function comChecagens<V>(antes: (v: V, add: Add) => void, depois: z.ZodType<V, V>): z.ZodType<V, V> {
  return z
    .custom<V>((v) => typeof v === 'object' && v !== null)
    .superRefine((v, ctx) => {
      const proprias: Array<{ path: [string]; message: string }> = [];
      antes(v, (campo, message) => proprias.push({ path: [campo], message }));
      addFieldIssues(ctx, [...proprias, ...(depois.safeParse(v).error?.issues ?? [])], caminho);
    });
}

/** A date-and-hour pair both answered: the date given, the hour a valid 'HH:mm' (else 'Não pode ficar em branco'). */
export function dataEHoraDadas<D extends string, H extends string>(
  v: Partial<DataEHora<D, H>>,
  data: D,
  hora: H,
  add: Add,
) {
  if (!v[data]) add(data, msg.obrigatorio);
  if (!isValidTime(v[hora])) add(hora, msg.obrigatorio);
}
