import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { isValidPis as referenceIsValidPis } from '@brazilian-utils/brazilian-utils';
import { isValidPis, pisCheckDigit } from './pis';
import { checkDigitProperties, validPis } from './test-arbitraries';

describe('isValidPis', () => {
  it.each(['12056412545', '120.56412.54-5', '10000000008', '12345678900', '20000000005', '170.33259.50-4'])(
    'accepts %s',
    (pis) => expect(isValidPis(pis)).toBe(true),
  );

  it.each([
    ['wrong check digit', '12056412547'],
    ['wrong check digit', '12345678901'],
    ['all zero (its check digit matches)', '00000000000'],
    ['repeated digit', '11111111111'],
    ['10 digits', '1205641254'],
    ['12 digits', '120564125450'],
    ['letters', '1205641254x'],
    ['empty', ''],
  ])('refuses %s: %s', (_why, pis) => expect(isValidPis(pis)).toBe(false));

  it('maps 11 − remainder of 10 and 11 to check digit 0', () => {
    expect(pisCheckDigit('1000000000')).toBe(8); // 3 → 11 − 3
    expect(pisCheckDigit('1234567890')).toBe(0); // remainder 0 → 11 → 0
    expect(pisCheckDigit('1834567890')).toBe(0); // remainder 1 → 10 → 0
  });
});

describe('PIS properties', () => {
  it('accepts every generated PIS', () => {
    fc.assert(fc.property(validPis, (pis) => isValidPis(pis)));
  });

  // Weights 3,2,9,…,2 are all below 11, so any change of a base digit moves the remainder; remainders 0 and 1 both
  // give check digit 0.
  checkDigitProperties('PIS', validPis, isValidPis, 10);

  it('has the blind spot for real', () => {
    // 1234567890-0 has remainder 0; 2 → 8 at index 1 adds 6 × 2 = 12 ≡ 1, remainder 1, digit still 0.
    expect(isValidPis('12345678900')).toBe(true);
    expect(isValidPis('18345678900')).toBe(true);
  });

  it('agrees with @brazilian-utils/brazilian-utils', () => {
    const digit = fc.constantFrom('0', '1', '2', '3', '4', '5', '6', '7', '8', '9');
    const mutated = fc.tuple(validPis, fc.nat(10), digit).map(([p, i, d]) => p.slice(0, i) + d + p.slice(i + 1));
    fc.assert(
      fc.property(
        fc.oneof(validPis, mutated, fc.string({ unit: digit, minLength: 11, maxLength: 11 })),
        (pis) => isValidPis(pis) === referenceIsValidPis(pis),
      ),
      { numRuns: 5000 },
    );
  });
});
