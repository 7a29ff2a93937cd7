import dayjs from 'dayjs';
import customParseFormat from 'dayjs/plugin/customParseFormat.js';
import utc from 'dayjs/plugin/utc.js';
import timezone from 'dayjs/plugin/timezone.js';
import 'dayjs/locale/pt-br.js';

dayjs.extend(customParseFormat);
dayjs.extend(utc);
dayjs.extend(timezone);

/** "Today" and timestamps are those of the municipality (architecture: America/Sao_Paulo). */
export const TIME_ZONE = 'America/Sao_Paulo';
const BR_DATE_FORMAT = 'DD/MM/YYYY';
const ISO_DATE_FORMAT = 'YYYY-MM-DD';
/** Spec §9: default date span 130 years back; adult age 18. */
const DEFAULT_DATE_SPAN_YEARS = 130;
const ADULT_AGE = 18;

const ISO_RE = /^\d{4}-\d{2}-\d{2}$/;
const BR_RE = /^\d{2}\/\d{2}\/\d{4}$/;

// Calendar dates are handled in UTC so that no time zone or DST shift can move the day.
function parseStrict(value: string, format: string, shape: RegExp): dayjs.Dayjs | null {
  if (!shape.test(value)) return null;
  const d = dayjs.utc(value, format, true);
  return d.isValid() ? d : null;
}

/** A real calendar date in 'yyyy-MM-dd' (2020-02-30 is not). */
export function isValidIsoDate(value: string | null | undefined): boolean {
  return typeof value === 'string' && parseStrict(value, ISO_DATE_FORMAT, ISO_RE) !== null;
}

/** A real calendar date in 'dd/MM/yyyy' (31/02/2020 is not). */
export function isValidBrDate(value: string | null | undefined): boolean {
  return typeof value === 'string' && parseStrict(value, BR_DATE_FORMAT, BR_RE) !== null;
}

/** '01/02/2020' → '2020-02-01'; null when not a real dd/MM/yyyy date. */
export function brToIso(value: string): string | null {
  return parseStrict(value, BR_DATE_FORMAT, BR_RE)?.format(ISO_DATE_FORMAT) ?? null;
}

/** '2020-02-01' → '01/02/2020'; null when not a real yyyy-MM-dd date. */
export function isoToBr(value: string): string | null {
  return parseStrict(value, ISO_DATE_FORMAT, ISO_RE)?.format(BR_DATE_FORMAT) ?? null;
}

/** Either form ('2020-02-01' or '01/02/2020') → ISO, or null. */
export function toIsoDate(value: string): string | null {
  return isValidIsoDate(value) ? value : brToIso(value);
}

// One formatter for the process: building an Intl formatter is the costly part, formatting is cheap (dayjs-tz took
// 0.4–0.5 ms per call, once per list row — issue 15).
const saoPauloDay = new Intl.DateTimeFormat('en-US', {
  timeZone: TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

// The day of the last minute asked: São Paulo's day (any offset it ever had) changes on a whole minute, so the same
// minute is the same day. formatToParts costs ≈ 10 µs, and every list and family detail asks (issue 41).
let ultimoMinuto = NaN;
let ultimoDia = '';

/** Today in São Paulo as 'yyyy-MM-dd'. `now` is for tests and for callers that hold a clock. */
export function todayIso(now: Date = new Date()): string {
  const minuto = Math.floor(now.getTime() / 60_000);
  if (minuto === ultimoMinuto) return ultimoDia;
  let y = '',
    m = '',
    d = '';
  for (const p of saoPauloDay.formatToParts(now)) {
    if (p.type === 'year') y = p.value;
    else if (p.type === 'month') m = p.value;
    else if (p.type === 'day') d = p.value;
  }
  const dia = `${y.padStart(4, '0')}-${m}-${d}`;
  // An invalid date (NaN) is never remembered: formatToParts throws on it, as before.
  ultimoMinuto = minuto;
  ultimoDia = dia;
  return dia;
}

function shiftYears(iso: string, years: number): string {
  // dayjs clamps 29 Feb to 28 Feb in common years.
  return dayjs.utc(iso, ISO_DATE_FORMAT, true).add(years, 'year').format(ISO_DATE_FORMAT);
}

/** Default range of date inputs (spec §5/§9): 130 years back to today, both inclusive. */
export function dateRange(now: Date = new Date()): { min: string; max: string } {
  const today = todayIso(now);
  return { min: shiftYears(today, -DEFAULT_DATE_SPAN_YEARS), max: today };
}

/**
 * Today minus 18 years: the latest birth date of someone who is an adult today (born on or
 * before it). The spec calls it the "minimum birth date helper"; minAdultBirthDate keeps that name.
 */
export function latestAdultBirthDate(now: Date = new Date()): string {
  return shiftYears(todayIso(now), -ADULT_AGE);
}
export const minAdultBirthDate = latestAdultBirthDate;

/** Spec §5: a date may have to be in the same year as a start date. Accepts ISO or dd/MM/yyyy; false if either is invalid. */
export function sameYear(start: string, end: string): boolean {
  const a = toIsoDate(start);
  const b = toIsoDate(end);
  return a !== null && b !== null && a.slice(0, 4) === b.slice(0, 4);
}

type AgeParts = { anos: number; meses: number; dias: number };

type Ymd = { y: number; m: number; d: number };
const isLeap = (y: number) => (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
const daysInMonth = (y: number, m: number) => (m === 2 ? (isLeap(y) ? 29 : 28) : [4, 6, 9, 11].includes(m) ? 30 : 31);

/** 'yyyy-MM-dd' → its parts, or null when not a real date. Plain arithmetic: ages run once per list row. */
function ymd(iso: string): Ymd | null {
  if (!ISO_RE.test(iso)) return null;
  const y = Number(iso.slice(0, 4));
  const m = Number(iso.slice(5, 7));
  const d = Number(iso.slice(8, 10));
  return m >= 1 && m <= 12 && d >= 1 && d <= daysInMonth(y, m) ? { y, m, d } : null;
}

/** `months` after `from`, on the same day or the last day of a shorter month (as dayjs' add does). */
function addMonths(from: Ymd, months: number): Ymd {
  const index = from.y * 12 + (from.m - 1) + months;
  const y = Math.floor(index / 12);
  const m = (index % 12) + 1;
  return { y, m, d: Math.min(from.d, daysInMonth(y, m)) };
}

const dayNumber = (v: Ymd) => Date.UTC(v.y, v.m - 1, v.d) / 86_400_000;
const cmp = (a: Ymd, b: Ymd) => a.y - b.y || a.m - b.m || a.d - b.d;

/**
 * Completed years, then months, then days from birth to `atIso` (default today in São Paulo).
 * A birthday on the 29th–31st counts its month as complete on the last day of a shorter month.
 * null when a date is invalid or the birth is after `atIso`.
 */
export function ageParts(birthIso: string, atIso: string = todayIso()): AgeParts | null {
  const birth = ymd(birthIso);
  const at = ymd(atIso);
  if (!birth || !at || cmp(birth, at) > 0) return null;
  let months = (at.y - birth.y) * 12 + (at.m - birth.m);
  let anchor = addMonths(birth, months);
  if (cmp(anchor, at) > 0) anchor = addMonths(birth, --months);
  return { anos: Math.floor(months / 12), meses: months % 12, dias: dayNumber(at) - dayNumber(anchor) };
}

/** '1 ano', '2 anos', '1.250 visualizações': a count with its noun agreeing. */
export function plural(n: number, one: string, many: string): string {
  // Below a thousand pt-BR writes a whole number as is; toLocaleString costs microseconds (every age of a list).
  const numero = Number.isInteger(n) && n >= 0 && n < 1000 && !Object.is(n, -0) ? String(n) : n.toLocaleString('pt-BR');
  return `${numero} ${n === 1 ? one : many}`;
}

/**
 * Age in Portuguese as spec §5 and ux.md write it: whole years from 2 years on ('47 anos'); years and months under
 * 2 years ('1 ano e 2 meses', '5 meses'); days only under 1 month ('3 dias'; born today '0 dias').
 */
function formatAgeParts({ anos, meses, dias }: AgeParts): string {
  if (anos >= 2) return plural(anos, 'ano', 'anos');
  if (anos === 0 && meses === 0) return plural(dias, 'dia', 'dias');
  const parts: string[] = [];
  if (anos > 0) parts.push(plural(anos, 'ano', 'anos'));
  if (meses > 0) parts.push(plural(meses, 'mês', 'meses'));
  return parts.join(' e ');
}

/** formatAgeParts(ageParts(birth, at)); null when the dates are invalid or the birth is in the future. */
export function formatAge(birthIso: string, atIso?: string): string | null {
  const parts = ageParts(birthIso, atIso);
  return parts ? formatAgeParts(parts) : null;
}

// ---- date and time of day in São Paulo (forms split a timestamp into a date and an 'HH:mm' hour) --------------

const TIME_RE = /^([01]\d|2[0-3]):[0-5]\d$/;

/** 'HH:mm' on the 24-hour clock ('09:05', never '9:05 AM'). */
export function isValidTime(value: string | null | undefined): value is string {
  return typeof value === 'string' && TIME_RE.test(value);
}

/** A timestamp in São Paulo, or null when it is not a valid instant. */
function inSaoPaulo(value: Date | string | number): dayjs.Dayjs | null {
  const d = dayjs(value);
  return d.isValid() ? d.tz(TIME_ZONE) : null;
}

/**
 * 'yyyy-MM-dd' + 'HH:mm' read as São Paulo wall time → ISO timestamp (UTC); null when either part is invalid.
 * The offset comes from the zone database at that instant (dayjs' own tz parse ignores past DST changes).
 */
export function zonedDateTimeToIso(date: string | null | undefined, time: string | null | undefined): string | null {
  if (!isValidIsoDate(date) || !isValidTime(time)) return null;
  const wall = dayjs.utc(`${date} ${time}`, 'YYYY-MM-DD HH:mm', true).valueOf();
  const offsetAt = (instant: number) => dayjs(instant).tz(TIME_ZONE).utcOffset() * 60_000;
  // A second pass settles the offset when the first guess fell on the other side of a DST change.
  const instant = wall - offsetAt(wall - offsetAt(wall));
  return new Date(instant).toISOString();
}

/** A timestamp as São Paulo date and hour, { date: 'yyyy-MM-dd', time: 'HH:mm' }; null when not a valid instant. */
export function zonedDateTimeParts(value: Date | string | number = new Date()): { date: string; time: string } | null {
  const d = inSaoPaulo(value);
  return d ? { date: d.format(ISO_DATE_FORMAT), time: d.format('HH:mm') } : null;
}

/** 'dd/MM/yyyy' of a calendar date ('yyyy-MM-dd', no zone to shift it) or of a timestamp's São Paulo day. */
export function formatDate(value: Date | string | number | null | undefined): string | null {
  if (value === null || value === undefined || value === '') return null;
  if (typeof value === 'string' && ISO_RE.test(value)) return isoToBr(value);
  return inSaoPaulo(value)?.format(BR_DATE_FORMAT) ?? null;
}

/** 'HH:mm' (24 h) of a timestamp in São Paulo. */
export function formatTime(value: Date | string | number | null | undefined): string | null {
  if (value === null || value === undefined || value === '') return null;
  return inSaoPaulo(value)?.format('HH:mm') ?? null;
}

/** 'dd/MM/yyyy HH:mm' of a timestamp in São Paulo. */
export function formatDateTime(value: Date | string | number | null | undefined): string | null {
  if (value === null || value === undefined || value === '') return null;
  return inSaoPaulo(value)?.format(`${BR_DATE_FORMAT} HH:mm`) ?? null;
}

/** Spec §9 long date 'dd MMMM yyyy' with pt-BR month names: '2024-03-05' → '05 março 2024'. */
export function formatLongDate(iso: string): string | null {
  return parseStrict(iso, ISO_DATE_FORMAT, ISO_RE)?.locale('pt-br').format('DD MMMM YYYY') ?? null;
}

/** Spec §9 notification timestamp 'dd/MM/yyyy-HH:mm:ss', in São Paulo time. */
export function formatNotificationTimestamp(value: Date | string | number): string | null {
  const d = dayjs(value);
  return d.isValid() ? d.tz(TIME_ZONE).format('DD/MM/YYYY-HH:mm:ss') : null;
}
