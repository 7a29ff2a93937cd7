import { applyMask, digitValues, isRepeatedDigits, onlyDigits } from './digits';

/** Check digit over `base` with weights base.length+1 … 2 (Receita Federal rule: remainder < 2 gives 0). */
export function cpfCheckDigit(base: string): number {
  const values = digitValues(base);
  const sum = values.reduce((acc, d, i) => acc + d * (values.length + 1 - i), 0);
  const rest = sum % 11;
  return rest < 2 ? 0 : 11 - rest;
}

/** CPF with or without mask: 11 digits, both check digits, and not one digit repeated (those pass the arithmetic). */
export function isValidCpf(value: string | null | undefined): boolean {
  if (!value || !/^[\d\s.-]*$/.test(value)) return false;
  const digits = onlyDigits(value);
  if (digits.length !== 11 || isRepeatedDigits(digits)) return false;
  const first = cpfCheckDigit(digits.slice(0, 9));
  const second = cpfCheckDigit(digits.slice(0, 10));
  return digits[9] === String(first) && digits[10] === String(second);
}

/** '12345678909' → '123.456.789-09'; other lengths come back unchanged. */
export function formatCpf(value: string): string {
  return applyMask(value, '000.000.000-00');
}
