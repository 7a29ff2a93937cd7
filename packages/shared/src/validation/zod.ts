// Zod 4 schema helpers that attach the catalogue messages (spec §5). Each is required unless
// wrapped in optionalField()/optionalText(); masked document numbers come out as digits only,
// so the database and uniqueness checks see one form.
import { z } from 'zod';
import { msg } from '../messages';
import { isValidCreditCard } from './card';
import { isValidCns } from './cns';
import { isValidCpf } from './cpf';
import { dateRange, isoToBr, isValidIsoDate, brToIso, todayIso } from './dates';
import { onlyDigits } from './digits';
import { emailProblem } from './email';
import { isValidPis } from './pis';
import { isValidCep, phoneProblem } from './phone';

/**
 * The catalogue's message for an issue no schema worded itself (a schema's own `error` always wins), so a Zod default
 * such as 'Too small: expected number to be >=1' never reaches a user, on the form or from the API.
 */
function mensagemPadrao(iss: z.core.$ZodRawIssue): string {
  const origin = (iss as { origin?: string }).origin;
  const exact = (iss as { exact?: boolean }).exact;
  if (iss.code === 'invalid_type') {
    if (iss.input === undefined || iss.input === null) return msg.obrigatorio;
    return iss.expected === 'int' ? msg.integer : iss.expected === 'number' ? msg.numeric : msg.naoEValido;
  }
  if (iss.code === 'too_small') {
    const min = Number(iss.minimum);
    if (origin === 'number') return iss.inclusive ? msg.maiorOuIgualQue(min) : msg.maiorQue(min);
    if (origin === 'string' && !exact) return min <= 1 ? msg.obrigatorio : msg.min(min);
  }
  if (iss.code === 'too_big') {
    const max = Number(iss.maximum);
    if (origin === 'number') return iss.inclusive ? msg.menorOuIgualQue(max) : msg.menorQue(max);
    if (origin === 'string' && !exact) return msg.max(max);
  }
  return msg.naoEValido;
}
z.config({ customError: mensagemPadrao });

type LengthOpts = { min?: number; max?: number };

/** Missing or null → 'Não pode ficar em branco'; any other wrong type → 'não é válido'. */
const requiredOrInvalid = (iss: { input?: unknown }) => (iss.input == null ? msg.obrigatorio : msg.naoEValido);

/** Required text: trimmed, empty → msg.obrigatorio, then the min/max length messages. */
export function zRequired({ min, max }: LengthOpts = {}) {
  let s = z.string({ error: requiredOrInvalid }).trim().min(1, { error: msg.obrigatorio, abort: true });
  if (min !== undefined) s = s.min(min, { error: msg.min(min) });
  if (max !== undefined) s = s.max(max, { error: msg.max(max) });
  return s;
}

/** Optional text: '', blanks and null become undefined (forms send ''), otherwise trimmed with min/max. */
export function optionalText({ min, max }: LengthOpts = {}) {
  let inner = z.string();
  if (min !== undefined) inner = inner.min(min, { error: msg.min(min) });
  if (max !== undefined) inner = inner.max(max, { error: msg.max(max) });
  return z
    .string({ error: msg.naoEValido })
    .nullish()
    .transform((v) => (v ?? '').trim() || undefined)
    .pipe(inner.optional());
}

/** Makes any helper optional: '', blanks and null become undefined before `schema` runs. */
export function optionalField<T extends z.ZodType>(schema: T) {
  return z.preprocess(
    (v) => (v === null || (typeof v === 'string' && v.trim() === '') ? undefined : v),
    schema.optional(),
  ) as unknown as z.ZodType<z.output<T> | undefined, z.input<T> | '' | null | undefined>;
}

// ---- numbers -------------------------------------------------------------------------------

type NumberOpts = {
  integer?: boolean;
  /** Maximum decimal places (decimal rule). */
  decimals?: number;
  /** Inclusive range (between rule). */
  between?: readonly [number, number];
  gt?: number;
  gte?: number;
  lt?: number;
  lte?: number;
};

/** Numbers shown the pt-BR way in messages: 2.5 → '2,5'. */
const brNumber = (n: number) => String(n).replace('.', ',');

/** Decimal places of a number's shortest representation, including exponent forms (1.5e-7 → 8). */
function decimalPlaces(n: number): number {
  const [mantissa = '', exponent = '0'] = String(n).split('e');
  const [, frac = ''] = mantissa.split('.');
  return Math.max(0, frac.length - Number(exponent));
}

/** '1,5' or '1.5' → 1.5; '' → undefined (required); anything else unparsable → NaN (numeric). */
function parseNumberInput(v: number | string): number | undefined {
  if (typeof v === 'number') return v;
  const t = v.trim();
  if (t === '') return undefined;
  if (!/^[+-]?(\d+([.,]\d*)?|[.,]\d+)$/.test(t)) return Number.NaN;
  return Number(t.replace(',', '.'));
}

/**
 * A number from a JSON number or a typed string with a decimal comma. Messages: numeric,
 * integer, decimal(n), between(a, b), maiorQue / maiorOuIgualQue / menorQue / menorOuIgualQue.
 */
export function zNumber(opts: NumberOpts = {}) {
  let n = z.number({ error: requiredOrNumeric });
  if (opts.integer) n = n.int({ error: msg.integer });
  const { decimals, between, gt, gte, lt, lte } = opts;
  const checked = n.superRefine((v, ctx) => {
    const fail = (message: string) => ctx.addIssue({ code: 'custom', message, input: v });
    if (decimals !== undefined && decimalPlaces(v) > decimals) fail(msg.decimal(decimals));
    if (between && (v < between[0] || v > between[1])) fail(msg.between(brNumber(between[0]), brNumber(between[1])));
    if (gt !== undefined && !(v > gt)) fail(msg.maiorQue(brNumber(gt)));
    if (gte !== undefined && !(v >= gte)) fail(msg.maiorOuIgualQue(brNumber(gte)));
    if (lt !== undefined && !(v < lt)) fail(msg.menorQue(brNumber(lt)));
    if (lte !== undefined && !(v <= lte)) fail(msg.menorOuIgualQue(brNumber(lte)));
  });
  return z.union([z.number(), z.string()], { error: requiredOrNumeric }).transform(parseNumberInput).pipe(checked);
}

function requiredOrNumeric(iss: { input?: unknown }) {
  return iss.input == null ? msg.obrigatorio : msg.numeric;
}

export const zNumeric = (opts: Omit<NumberOpts, 'integer'> = {}) => zNumber(opts);
export const zInteger = (opts: Omit<NumberOpts, 'integer'> = {}) => zNumber({ ...opts, integer: true });
export const zDecimal = (places: number, opts: Omit<NumberOpts, 'decimals'> = {}) =>
  zNumber({ ...opts, decimals: places });
export const zBetween = (min: number, max: number, opts: Omit<NumberOpts, 'between'> = {}) =>
  zNumber({ ...opts, between: [min, max] });
export const zMoreThan = (x: number, opts: NumberOpts = {}) => zNumber({ ...opts, gt: x });
export const zMoreThanOrEqual = (x: number, opts: NumberOpts = {}) => zNumber({ ...opts, gte: x });
export const zLessThan = (x: number, opts: NumberOpts = {}) => zNumber({ ...opts, lt: x });
export const zLessThanOrEqual = (x: number, opts: NumberOpts = {}) => zNumber({ ...opts, lte: x });

/** Exactly n digits, as text (keeps leading zeros): msg.digits(n). */
export function zDigits(n: number) {
  return zRequired().regex(new RegExp(`^\\d{${n}}$`), { error: msg.digits(n) });
}

// ---- dates ---------------------------------------------------------------------------------

type DateOpts = {
  /** Inclusive bounds as 'yyyy-MM-dd'; functions are read at parse time (e.g. "today"). */
  min?: string | (() => string);
  max?: string | (() => string);
  /** Spec §5 default range: 130 years back to today (São Paulo). */
  defaultRange?: boolean;
};

const resolve = (b: string | (() => string) | undefined) => (typeof b === 'function' ? b() : b);

/** Why `iso` is outside [min, max]: a date after today says so; one bound alone is said as a date (issue 39). */
export function dateOutOfRange(iso: string, min?: string, max?: string): string | null {
  if (max !== undefined && iso > max && max === todayIso()) return msg.dataFutura;
  if ((min === undefined || iso >= min) && (max === undefined || iso <= max)) return null;
  if (min !== undefined && max !== undefined) return msg.dateBetween(isoToBr(min) ?? min, isoToBr(max) ?? max);
  return min !== undefined ? msg.dataNaoAnteriorA(isoToBr(min) ?? min) : msg.dataNaoPosteriorA(isoToBr(max!) ?? max!);
}

/**
 * The message for a date the date input handed on as typed (it does so when out of its range): a real date after
 * today is "não pode ser posterior à data atual", not a format error (issue 39); anything else `fallback`.
 */
export function typedDateMessage(value: unknown, fallback: string): string {
  if (typeof value !== 'string') return fallback;
  const iso = brToIso(value) ?? (isValidIsoDate(value) ? value : null);
  return iso !== null && iso > todayIso() ? msg.dataFutura : fallback;
}

function checkRange(opts: DateOpts) {
  return (iso: string, ctx: z.RefinementCtx) => {
    const range = opts.defaultRange ? dateRange() : undefined;
    const message = dateOutOfRange(iso, resolve(opts.min) ?? range?.min, resolve(opts.max) ?? range?.max);
    if (message) ctx.addIssue({ code: 'custom', message, input: iso });
  };
}

/** A real date as 'yyyy-MM-dd' (the wire format): msg.dateFormat, then the optional range (msg.dateBetween). */
export function zIsoDate(opts: DateOpts = {}) {
  return zRequired()
    .refine(isValidIsoDate, { error: (iss) => typedDateMessage(iss.input, msg.dateFormat), abort: true })
    .superRefine(checkRange(opts));
}

/** A typed 'dd/MM/yyyy' date, checked like zIsoDate and handed on as 'yyyy-MM-dd'. */
export function zBrDate(opts: DateOpts = {}) {
  return zRequired()
    .refine((v) => brToIso(v) !== null, { error: (iss) => typedDateMessage(iss.input, msg.dateFormat), abort: true })
    .transform((v) => brToIso(v) as string)
    .superRefine(checkRange(opts));
}

/** date_between: zIsoDate with inclusive bounds. */
export const zDateBetween = (min: string | (() => string), max: string | (() => string)) => zIsoDate({ min, max });

// ---- documents and contacts ------------------------------------------------------------------

const digitsOnly = (v: string) => onlyDigits(v);

/** CPF with or without mask → 11 digits; msg.naoEValido. */
export const zCpf = () => zRequired().refine(isValidCpf, { error: msg.naoEValido }).transform(digitsOnly);
/** CNS with or without mask → 15 digits; msg.naoEValido. */
export const zCns = () => zRequired().refine(isValidCns, { error: msg.naoEValido }).transform(digitsOnly);
/** PIS/PASEP with or without mask → 11 digits; msg.naoEValido. */
export const zPisPasep = () => zRequired().refine(isValidPis, { error: msg.naoEValido }).transform(digitsOnly);
/** CEP with or without mask → 8 digits; msg.naoEValido. */
export const zCep = () => zRequired().refine(isValidCep, { error: msg.naoEValido }).transform(digitsOnly);
/** Credit card number (Luhn) → digits; msg.naoEValido. */
export const zCreditCard = () => zRequired().refine(isValidCreditCard, { error: msg.naoEValido }).transform(digitsOnly);

/** A superRefine reporting what `problemOf` names, with that problem's message. */
const reportProblem =
  <P extends string>(problemOf: (v: string) => P | null, messages: Record<P, string>) =>
  (v: string, ctx: z.RefinementCtx) => {
    const problem = problemOf(v);
    if (problem) ctx.addIssue({ code: 'custom', input: v, message: messages[problem] });
  };

/** Phone with DDD → 10 or 11 digits; malformed → msg.naoEValido, sequential/repeated → msg.telefoneSequencial. */
export const zPhone = () =>
  zRequired()
    .superRefine(reportProblem(phoneProblem, { formato: msg.naoEValido, sequencial: msg.telefoneSequencial }))
    .transform(digitsOnly);

/** E-mail: msg.emailInvalido, or msg.emailDuasLetras when the local part has fewer than two letters. */
export const zEmail = ({ max = 254 }: { max?: number } = {}) =>
  zRequired({ max }).superRefine(
    reportProblem(emailProblem, { formato: msg.emailInvalido, duas_letras: msg.emailDuasLetras }),
  );

/** Text matching `re` (spec §5 regex rule): msg.naoEValido. */
export const zRegex = (re: RegExp, opts: LengthOpts = {}) => zRequired(opts).regex(re, { error: msg.naoEValido });
