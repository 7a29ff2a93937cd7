import { describe, expect, it } from 'vitest';
import { applyMask, isRepeatedDigits, onlyDigits } from './digits';
import { isValidCreditCard } from './card';

describe('digits helpers', () => {
  it('onlyDigits drops masks and tolerates null and numbers', () => {
    expect(onlyDigits('123.456.789-09')).toBe('12345678909');
    expect(onlyDigits('(11) 98765-4320')).toBe('11987654320');
    expect(onlyDigits(1234)).toBe('1234');
    expect(onlyDigits(null)).toBe('');
    expect(onlyDigits(undefined)).toBe('');
  });

  it('isRepeatedDigits spots one digit repeated', () => {
    expect(isRepeatedDigits('1111')).toBe(true);
    expect(isRepeatedDigits('1112')).toBe(false);
    expect(isRepeatedDigits('')).toBe(false);
  });

  it('applyMask fills the zeros of the mask, or returns the input when the count differs', () => {
    expect(applyMask('01310100', '00000-000')).toBe('01310-100');
    expect(applyMask('0131', '00000-000')).toBe('0131');
  });
});

describe('isValidCreditCard (Luhn)', () => {
  it.each(['4111 1111 1111 1111', '4111111111111111', '5555-5555-5555-4444', '378282246310005', '6011111111111117'])(
    'accepts %s',
    (card) => expect(isValidCreditCard(card)).toBe(true),
  );
  it.each(['4111 1111 1111 1112', '1234567890123', '0000000000000000', '41111111111', '4111x11111111111', ''])(
    'refuses %s',
    (card) => expect(isValidCreditCard(card)).toBe(false),
  );
});
