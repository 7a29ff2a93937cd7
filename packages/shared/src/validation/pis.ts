import { digitValues, isRepeatedDigits, onlyDigits } from './digits';

const PIS_WEIGHTS = [3, 2, 9, 8, 7, 6, 5, 4, 3, 2] as const;

/** PIS/PASEP/NIT check digit of the first 10 digits: 11 - (sum % 11), where 10 and 11 become 0. */
export function pisCheckDigit(base: string): number {
  const sum = digitValues(base).reduce((acc, d, i) => acc + d * (PIS_WEIGHTS[i] ?? 0), 0);
  const dv = 11 - (sum % 11);
  return dv >= 10 ? 0 : dv;
}

/** PIS/PASEP/NIT with or without mask (000.00000.00-0): 11 digits, check digit; all-zero is refused. */
export function isValidPis(value: string | null | undefined): boolean {
  if (!value || !/^[\d\s.-]*$/.test(value)) return false;
  const digits = onlyDigits(value);
  // Of the repeated-digit numbers only '00000000000' passes the arithmetic; it is no one's number.
  if (digits.length !== 11 || isRepeatedDigits(digits)) return false;
  return digits[10] === String(pisCheckDigit(digits.slice(0, 10)));
}
