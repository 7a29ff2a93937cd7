import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { isValidCpf as referenceIsValidCpf } from '@brazilian-utils/brazilian-utils';
import { cpfCheckDigit, formatCpf, isValidCpf } from './cpf';
import { checkDigitProperties, validCpf } from './test-arbitraries';

describe('isValidCpf', () => {
  it.each([
    '123.456.789-09',
    '12345678909',
    '529.982.247-25',
    '111.444.777-35',
    '98765432100',
    '390.533.447-05',
    '000.000.001-91',
    '10000000019',
    ' 529.982.247-25 ',
  ])('accepts %s', (cpf) => expect(isValidCpf(cpf)).toBe(true));

  it.each([
    ['wrong second digit', '123.456.789-08'],
    ['wrong first digit', '123.456.789-19'],
    ['too short', '1234567890'],
    ['too long', '123456789090'],
    ['all zero', '000.000.000-00'],
    ['repeated digit (passes the arithmetic)', '111.111.111-11'],
    ['repeated digit', '99999999999'],
    ['letters', '123.456.789-0a'],
    ['empty', ''],
  ])('refuses %s: %s', (_why, cpf) => expect(isValidCpf(cpf)).toBe(false));

  it('refuses null and undefined', () => {
    expect(isValidCpf(null)).toBe(false);
    expect(isValidCpf(undefined)).toBe(false);
  });

  it('computes check digits by the Receita Federal rule (worked example 280.012.389-38)', () => {
    expect(cpfCheckDigit('280012389')).toBe(3);
    expect(cpfCheckDigit('2800123893')).toBe(8);
  });
});

describe('formatCpf', () => {
  it('masks 11 digits and leaves anything else alone', () => {
    expect(formatCpf('12345678909')).toBe('123.456.789-09');
    expect(formatCpf('123.456.789-09')).toBe('123.456.789-09');
    expect(formatCpf('1234')).toBe('1234');
  });
});

describe('CPF properties', () => {
  it('accepts every generated CPF, masked or not', () => {
    fc.assert(fc.property(validCpf, (cpf) => isValidCpf(cpf) && isValidCpf(formatCpf(cpf))));
  });

  checkDigitProperties('CPF', validCpf, isValidCpf, 9);

  it('has the blind spot for real: 123.456.789-09 and 223.456.789-09 are both valid', () => {
    // Changing the first digit by 1 moves the first remainder between 0 and 1 (weight 10 ≡ -1) and
    // leaves the second sum unchanged mod 11 (weight 11), so neither check digit moves.
    expect(isValidCpf('123.456.789-09')).toBe(true);
    expect(isValidCpf('223.456.789-09')).toBe(true);
    expect(referenceIsValidCpf('223.456.789-09')).toBe(true);
  });

  // Plain digits and the canonical mask only: the two libraries tolerate different odd separators.
  it('agrees with @brazilian-utils/brazilian-utils on valid, mutated and random numbers', () => {
    const anyEleven = fc.string({
      unit: fc.constantFrom('0', '1', '2', '3', '4', '5', '6', '7', '8', '9'),
      minLength: 11,
      maxLength: 11,
    });
    const mutated = fc.tuple(validCpf, fc.nat(10), fc.nat(9)).map(([c, i, d]) => c.slice(0, i) + d + c.slice(i + 1));
    fc.assert(
      fc.property(
        fc.oneof(validCpf, mutated, anyEleven, validCpf.map(formatCpf)),
        (cpf) => isValidCpf(cpf) === referenceIsValidCpf(cpf),
      ),
      { numRuns: 5000 },
    );
  });
});
