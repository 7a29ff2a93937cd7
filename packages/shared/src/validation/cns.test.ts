import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { isValidCns as referenceIsValidCns } from '@brazilian-utils/brazilian-utils';
import { cnsFromPis, cnsWeightedSum, formatCns, isValidCns } from './cns';
import { singleDigitChanges, validCnsDefinitive, validCnsProvisional } from './test-arbitraries';

describe('isValidCns', () => {
  it.each([
    ['definitive, suffix 000', '170332595040000'],
    ['definitive, suffix 000', '201456789030007'],
    ['definitive, suffix 000', '111222333440007'],
    ['definitive, suffix 001', '298765432100018'],
    ['definitive, suffix 001', '120000000070018'],
    ['provisional 7', '700000000000005'],
    ['provisional 7', '754321098765401'],
    ['provisional 8', '898001160360008'],
    ['provisional 8', '800000000000109'],
    ['provisional 9', '912345678901204'],
    ['masked', '170 3325 9504 0000'],
    ['masked provisional', '898 0011 6036 0008'],
  ])('accepts %s: %s', (_why, cns) => expect(isValidCns(cns)).toBe(true));

  it.each([
    ['all zero', '000000000000000'],
    ['first digit 3', '300000000000001'],
    ['first digit 0', '012345678901234'],
    ['first digit 5', '500000000000003'],
    ['14 digits', '17033259504000'],
    ['16 digits', '1703325950400000'],
    ['definitive, wrong check digit', '170332595040001'],
    ['definitive, 001 suffix where 000 applies', '170332595040019'],
    ['definitive, 000 suffix where 001 applies', '298765432100008'],
    ['provisional, sum not ≡ 0 (mod 11)', '898001160360000'],
    ['provisional, off by one', '700000000000006'],
    ['letters', '17033259504000a'],
    ['empty', ''],
  ])('refuses %s: %s', (_why, cns) => expect(isValidCns(cns)).toBe(false));

  it('builds the definitive number from a PIS with the DATASUS suffix rule', () => {
    expect(cnsFromPis('17033259504')).toBe('170332595040000');
    // Plain check digit 10 → add 2 (suffix 001 × weight 2) and recompute.
    expect(cnsFromPis('29876543210')).toBe('298765432100018');
  });
});

describe('formatCns', () => {
  it('masks 15 digits as 000 0000 0000 0000', () => {
    expect(formatCns('170332595040000')).toBe('170 3325 9504 0000');
    expect(formatCns('170')).toBe('170');
  });
});

describe('CNS properties', () => {
  const anyCns = fc.oneof(validCnsDefinitive, validCnsProvisional);

  it('accepts every generated CNS of both families, masked or not', () => {
    fc.assert(fc.property(anyCns, (cns) => isValidCns(cns) && isValidCns(formatCns(cns))));
  });

  it('every valid definitive CNS also has weighted sum ≡ 0 (mod 11), like the provisional ones', () => {
    fc.assert(fc.property(validCnsDefinitive, (cns) => cnsWeightedSum(cns) % 11 === 0));
  });

  // Weights are 15 − i, so position 4 has weight 11 ≡ 0 (mod 11): a change there moves no check at
  // all (for 1/2 the PIS part's sum keeps its remainder, so the same suffix and digit come out).
  // Every other weight is 1…15 without a multiple of 11, and every valid CNS has sum ≡ 0, so a
  // change anywhere else breaks the sum and is refused. The properties say exactly that.
  it('refuses every single-digit change outside position 5 (index 4)', () => {
    fc.assert(
      fc.property(anyCns, (cns) =>
        singleDigitChanges(cns)
          .filter(({ index }) => index !== 4)
          .every(({ changed }) => !isValidCns(changed)),
      ),
      { numRuns: 300 },
    );
  });

  it('cannot see a change at position 5 (index 4): the algorithm of spec §5 accepts it', () => {
    fc.assert(
      fc.property(anyCns, (cns) =>
        singleDigitChanges(cns)
          .filter(({ index }) => index === 4)
          .every(({ changed }) => isValidCns(changed)),
      ),
      { numRuns: 300 },
    );
    expect(isValidCns('170392595040000')).toBe(true); // 1703[3→9]2595040000
  });

  it('agrees with @brazilian-utils/brazilian-utils on valid, mutated and random numbers', () => {
    const digit = fc.constantFrom('0', '1', '2', '3', '4', '5', '6', '7', '8', '9');
    const anyFifteen = fc.string({ unit: digit, minLength: 15, maxLength: 15 });
    const mutated = fc.tuple(anyCns, fc.nat(14), digit).map(([c, i, d]) => c.slice(0, i) + d + c.slice(i + 1));
    fc.assert(
      fc.property(
        fc.oneof(anyCns, mutated, anyFifteen, anyCns.map(formatCns)),
        (cns) => isValidCns(cns) === referenceIsValidCns(cns),
      ),
      { numRuns: 5000 },
    );
  });
});
