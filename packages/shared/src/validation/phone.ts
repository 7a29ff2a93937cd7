import { onlyDigits } from './digits';

type PhoneProblem = 'formato' | 'sequencial';

/** True when each digit is the previous one plus `step` (no wrap-around: 0 neither follows 9 nor precedes 1). */
function isRun(digits: string, step: 1 | -1): boolean {
  for (let i = 1; i < digits.length; i++) {
    if (digits.charCodeAt(i) - digits.charCodeAt(i - 1) !== step) return false;
  }
  return true;
}

/** Each side of the dash is one digit four times (1111-2222, 3333-4444, 1111-1111). */
const repeatedSides = (last8: string) => /^(\d)\1{3}(\d)\2{3}$/.test(last8);

/**
 * Why a Brazilian phone (with DDD, with or without mask) is refused, or null when it is accepted.
 * 'sequencial' (spec §5): the 8 digits around the dash (ignoring a mobile's leading digit) hold one digit repeated on
 * each side (1111-2222, 3333-4444, 99999-9999) or a run ascending or descending by one (1234-5678, 98765-4321).
 * Checked first, so '1111-2222' typed without its DDD says why it is refused, not only that it is malformed.
 * 'formato': not 10 or 11 digits, or a DDD containing 0 (no DDD does). See docs/decisions.md.
 */
export function phoneProblem(value: string | null | undefined): PhoneProblem | null {
  if (!value || !/^[\d\s().+-]*$/.test(value)) return 'formato';
  const digits = onlyDigits(value);
  const last8 = digits.slice(-8);
  if (last8.length === 8 && (repeatedSides(last8) || isRun(last8, 1) || isRun(last8, -1))) return 'sequencial';
  if (digits.length !== 10 && digits.length !== 11) return 'formato';
  if (digits[0] === '0' || digits[1] === '0') return 'formato';
  return null;
}

export function isValidPhone(value: string | null | undefined): boolean {
  return phoneProblem(value) === null;
}

/** '11987654321' → '(11) 98765-4321', '1133334444' → '(11) 3333-4444'; other lengths come back unchanged. */
export function formatPhone(value: string): string {
  const d = onlyDigits(value);
  if (d.length === 11) return `(${d.slice(0, 2)}) ${d.slice(2, 7)}-${d.slice(7)}`;
  if (d.length === 10) return `(${d.slice(0, 2)}) ${d.slice(2, 6)}-${d.slice(6)}`;
  return value;
}

/** '01310100' → '01310-100'; other lengths come back unchanged. */
export function formatCep(value: string): string {
  const d = onlyDigits(value);
  return d.length === 8 ? `${d.slice(0, 5)}-${d.slice(5)}` : value;
}

/** CEP with or without mask: 8 digits, not all zero. */
export function isValidCep(value: string | null | undefined): boolean {
  if (!value || !/^[\d\s.-]*$/.test(value)) return false;
  const d = onlyDigits(value);
  return d.length === 8 && d !== '00000000';
}
