import { applyMask, digitValues, onlyDigits } from './digits';

/** Sum of digit[i] * (15 - i): the CNS weights 15, 14, …, 1 (shorter inputs use the leading weights). */
export function cnsWeightedSum(digits: string): number {
  return digitValues(digits).reduce((acc, d, i) => acc + d * (15 - i), 0);
}

/**
 * The definitive CNS (first digit 1 or 2) DATASUS derives from an 11-digit PIS: PIS + '000' + dv,
 * or PIS + '001' + dv when the plain check digit would be 10.
 */
export function cnsFromPis(pis: string): string {
  let sum = cnsWeightedSum(pis);
  let dv = 11 - (sum % 11);
  if (dv === 11) dv = 0;
  if (dv === 10) {
    sum += 2; // the '001' suffix contributes 1 × weight 2
    dv = 11 - (sum % 11);
    return `${pis}001${dv}`;
  }
  return `${pis}000${dv}`;
}

/**
 * CNS with or without mask (spec §5): 15 digits, not all zero. First digit 1 or 2: must equal the
 * number regenerated from its first 11 digits (000/001 suffix rule). First digit 7, 8 or 9 (provisional
 * cards): weighted sum mod 11 = 0. Any other first digit is invalid.
 */
export function isValidCns(value: string | null | undefined): boolean {
  if (!value || !/^[\d\s.-]*$/.test(value)) return false;
  const digits = onlyDigits(value);
  if (digits.length !== 15 || /^0+$/.test(digits)) return false;
  const first = digits[0];
  if (first === '1' || first === '2') return cnsFromPis(digits.slice(0, 11)) === digits;
  if (first === '7' || first === '8' || first === '9') return cnsWeightedSum(digits) % 11 === 0;
  return false;
}

/** '898001160360000' → '898 0011 6036 0000'; other lengths come back unchanged. */
export function formatCns(value: string): string {
  return applyMask(value, '000 0000 0000 0000');
}
