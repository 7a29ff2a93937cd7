// Fresh test data for e2e specs: a retry never meets the first attempt's records, and the shared demo database never
// holds two of them.
import { cnsWeightedSum } from '@saude/shared/validation/cns';
import { cpfCheckDigit } from '@saude/shared/validation/cpf';

/** A fresh valid CPF. */
export function novoCpf(): string {
  const base = String(100_000_000 + Math.floor(Math.random() * 800_000_000));
  const d1 = cpfCheckDigit(base);
  return `${base}${d1}${cpfCheckDigit(`${base}${d1}`)}`;
}

/** A fresh valid provisional CNS (starts with 7; the weighted sum of its 15 digits is a multiple of 11, spec §5). */
export function novoCns(): string {
  for (;;) {
    const base = `7${Array.from({ length: 13 }, () => Math.floor(Math.random() * 10)).join('')}`;
    const ultimo = (11 - (cnsWeightedSum(base) % 11)) % 11;
    if (ultimo < 10) return `${base}${ultimo}`;
  }
}

/** Seven random letters, to make names unique. */
export const unico = () =>
  Array.from({ length: 7 }, () => 'abcdefghijklmnopqrstuvwxyz'[Math.floor(Math.random() * 26)]).join('');
