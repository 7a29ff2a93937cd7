import { digitValues, onlyDigits } from './digits';

/** Luhn (mod 10) check over 12–19 digits, with or without spaces or dashes. */
export function isValidCreditCard(value: string | null | undefined): boolean {
  if (!value || !/^[\d\s-]*$/.test(value)) return false;
  const digits = onlyDigits(value);
  if (digits.length < 12 || digits.length > 19 || /^0+$/.test(digits)) return false;
  const sum = digitValues(digits)
    .reverse()
    .reduce((acc, d, i) => acc + (i % 2 === 1 ? (d * 2 > 9 ? d * 2 - 9 : d * 2) : d), 0);
  return sum % 10 === 0;
}
