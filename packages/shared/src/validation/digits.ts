/** Keeps only the digits 0-9, so masked and unmasked input compare equal. */
export function onlyDigits(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  return String(value).replace(/\D/g, '');
}

/** True when every character is the same digit ('000…', '111…'). */
export function isRepeatedDigits(digits: string): boolean {
  return digits.length > 0 && /^(\d)\1*$/.test(digits);
}

/** Digit values of a digits-only string. */
export function digitValues(digits: string): number[] {
  return Array.from(digits, (c) => c.charCodeAt(0) - 48);
}

/** Applies a mask like '000.000.000-00' (0 = a digit) to the digits; returns the input unchanged when the count differs. */
export function applyMask(value: string, mask: string): string {
  const digits = onlyDigits(value);
  const slots = mask.replace(/[^0]/g, '').length;
  if (digits.length !== slots) return value;
  let i = 0;
  return mask.replace(/0/g, () => digits[i++] ?? '');
}
