import { it } from 'vitest';
// fast-check generators of valid document numbers, built from the definitions (not from the validators).
import fc from 'fast-check';

const digitString = (n: number) =>
  fc.array(fc.integer({ min: 0, max: 9 }), { minLength: n, maxLength: n }).map((a) => a.join(''));

const weighted = (s: string, weightOf: (i: number) => number) =>
  Array.from(s).reduce((acc, c, i) => acc + Number(c) * weightOf(i), 0);

export function cpfDv(base: string): number {
  const r = weighted(base, (i) => base.length + 1 - i) % 11;
  return r < 2 ? 0 : 11 - r;
}

export const validCpf = digitString(9)
  .filter((b) => !/^(\d)\1*$/.test(b))
  .map((b) => {
    const ten = b + cpfDv(b);
    return ten + cpfDv(ten);
  });

const PIS_W = [3, 2, 9, 8, 7, 6, 5, 4, 3, 2];
export function pisDv(base: string): number {
  const dv = 11 - (weighted(base, (i) => PIS_W[i] ?? 0) % 11);
  return dv >= 10 ? 0 : dv;
}

export const validPis = digitString(10)
  .filter((b) => !/^0+$/.test(b))
  .map((b) => b + pisDv(b));

const cnsSum = (s: string) => weighted(s, (i) => 15 - i);

/** Definitive CNS: first digit 1 or 2, then the DATASUS construction from the 11-digit PIS part. */
export const validCnsDefinitive = fc.tuple(fc.constantFrom('1', '2'), digitString(10)).map(([f, rest]) => {
  const pis = f + rest;
  const s = cnsSum(pis);
  const dv = (11 - (s % 11)) % 11; // 11 → 0
  return dv === 10 ? `${pis}001${11 - ((s + 2) % 11)}` : `${pis}000${dv}`;
});

/** Provisional CNS: first digit 7, 8 or 9, the last two digits chosen so the weighted sum is ≡ 0 (mod 11). */
export const validCnsProvisional = fc.tuple(fc.constantFrom('7', '8', '9'), digitString(12)).map(([f, rest]) => {
  const pre = f + rest;
  for (let a = 0; a <= 9; a++) {
    const d = (11 - (cnsSum(pre + a) % 11)) % 11; // last digit has weight 1
    if (d <= 9) return `${pre}${a}${d}`;
  }
  // 2a takes ten distinct residues mod 11, so at most one choice of `a` needs d = 10.
  throw new Error('unreachable');
});

/** Every number that differs from `digits` in exactly one position. */
export function singleDigitChanges(digits: string): Array<{ index: number; changed: string }> {
  const out: Array<{ index: number; changed: string }> = [];
  for (let i = 0; i < digits.length; i++) {
    for (let d = 0; d <= 9; d++) {
      if (String(d) !== digits[i]) out.push({ index: i, changed: digits.slice(0, i) + d + digits.slice(i + 1) });
    }
  }
  return out;
}

/**
 * Mod-11 check digits map remainders 0 and 1 both to 0. With the check digit at `at` from 1 to 9 the map is one-to-one
 * and every single-digit change is refused; with 0, a change of a base digit (before `at`) can land on the other
 * remainder and go unnoticed — and nothing else can.
 */
export function checkDigitProperties(
  name: string,
  valid: fc.Arbitrary<string>,
  isValid: (v: string) => boolean,
  at: number,
) {
  it(`refuses every single-digit change when the ${name}'s check digit at ${at} is not 0`, () => {
    fc.assert(
      fc.property(
        valid.filter((v) => v[at] !== '0'),
        (v) => singleDigitChanges(v).every(({ changed }) => !isValid(changed)),
      ),
      { numRuns: 300 },
    );
  });

  it(`accepts a single-digit change only in a base digit of a ${name} whose check digit at ${at} is 0`, () => {
    fc.assert(
      fc.property(valid, (v) =>
        singleDigitChanges(v).every(({ index, changed }) => !isValid(changed) || (v[at] === '0' && index < at)),
      ),
      { numRuns: 300 },
    );
  });
}
