import { describe, expect, it } from 'vitest';
import { formatCep, formatPhone, isValidCep, isValidPhone, phoneProblem } from './phone';

describe('phoneProblem', () => {
  it.each([
    '(11) 3456-7891',
    '1134567891',
    '(11) 98765-4320',
    '11987654320',
    '(21) 2222-2223',
    '(21) 2223-2222',
    '(47) 98888-4445',
    '(61) 91234-5679',
    '(85) 4321-1234',
    '(11) 7890-1234',
    '(11) 0123-4568',
  ])('accepts %s', (phone) => expect(phoneProblem(phone)).toBeNull());

  it.each([
    ['repeated, landline', '(11) 1111-1111'],
    ['repeated, 0', '(11) 0000-0000'],
    ['repeated, mobile', '(11) 99999-9999'],
    ['repeated after the mobile 9', '(11) 91111-1111'],
    ['ascending', '(11) 1234-5678'],
    ['ascending', '(11) 2345-6789'],
    ['ascending from 0', '(11) 0123-4567'],
    ['ascending, mobile', '(11) 91234-5678'],
    ['ascending, whole 9 digits', '(11) 12345-6789'],
    ['descending, mobile', '(11) 98765-4321'],
    ['descending', '(11) 8765-4321'],
    ['descending to 0', '(11) 7654-3210'],
    ['unmasked', '11987654321'],
    ['four repeated on each side', '1111-2222'],
    ['four repeated on each side, with DDD', '(47) 3333-4444'],
    ['four repeated on each side, unmasked', '4733334444'],
    ['four repeated on each side, mobile', '(11) 91111-2222'],
    ['four repeated on each side, mobile unmasked', '11999998888'],
    ['four repeated on each side, same digit pairs', '(61) 5555-0000'],
  ])('refuses as sequential or repeated (%s): %s', (_why, phone) => expect(phoneProblem(phone)).toBe('sequencial'));

  it.each([
    ['no DDD', '3456-7891'],
    ['12 digits', '(11) 934567-8912'],
    ['DDD with 0', '(01) 3456-7891'],
    ['DDD with 0', '(10) 3456-7891'],
    ['letters', '(11) 3456-789a'],
    ['empty', ''],
  ])('refuses as malformed (%s): %s', (_why, phone) => expect(phoneProblem(phone)).toBe('formato'));

  it('isValidPhone is phoneProblem === null', () => {
    expect(isValidPhone('(11) 3456-7891')).toBe(true);
    expect(isValidPhone('(11) 1234-5678')).toBe(false);
    expect(isValidPhone(null)).toBe(false);
  });
});

describe('formatPhone and formatCep', () => {
  it('masks landlines, mobiles and CEPs', () => {
    expect(formatPhone('1134567891')).toBe('(11) 3456-7891');
    expect(formatPhone('11987654320')).toBe('(11) 98765-4320');
    expect(formatPhone('(11) 98765-4320')).toBe('(11) 98765-4320');
    expect(formatPhone('123')).toBe('123');
    expect(formatCep('01310100')).toBe('01310-100');
    expect(formatCep('0131')).toBe('0131');
  });

  it('accepts a CEP with or without mask, 8 digits, not all zero', () => {
    expect(isValidCep('01310-100')).toBe(true);
    expect(isValidCep('01310100')).toBe(true);
    expect(isValidCep('00000-000')).toBe(false);
    expect(isValidCep('0131010')).toBe(false);
  });
});
