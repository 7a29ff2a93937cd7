import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { msg } from '../messages';
import { isoToBr, todayIso } from './dates';
import {
  optionalField,
  optionalText,
  zBetween,
  zBrDate,
  zCep,
  zCns,
  zCpf,
  zCreditCard,
  zDateBetween,
  zDecimal,
  zDigits,
  zEmail,
  zInteger,
  zIsoDate,
  zLessThan,
  zLessThanOrEqual,
  zMoreThan,
  zMoreThanOrEqual,
  zNumber,
  zNumeric,
  zPhone,
  zPisPasep,
  zRegex,
  zRequired,
} from './zod';

/** The messages a schema answers for `value`, in order; [] when it passes. */
function messages(schema: z.ZodType, value: unknown): string[] {
  const r = schema.safeParse(value);
  return r.success ? [] : r.error.issues.map((i) => i.message);
}

describe('catalogue wording (spec §5, word for word)', () => {
  it('keeps the spec strings', () => {
    expect(msg.maiorQue('o início da vigência')).toBe('deve ser maior que o início da vigência');
    expect(msg.maiorOuIgualQue(5)).toBe('deve ser maior ou igual que 5');
    expect(msg.menorQue(5)).toBe('deve ser menor que 5');
    expect(msg.menorOuIgualQue(5)).toBe('deve ser menor ou igual que 5');
    expect(msg.cpfEmUso('Maria', '170332595040000')).toBe('em uso - Maria - CNS: 170332595040000');
    expect(msg.min(3)).toBe('deve conter pelo menos 3 caracteres');
    expect(msg.max(30)).toBe('não deve ter mais que 30 caracteres');
  });

  it('words the rules the spec does not show (docs/decisions.md)', () => {
    expect(msg.integer).toBe('deve ser um número inteiro');
    expect(msg.numeric).toBe('deve ser um número');
    expect(msg.between(1, 10)).toBe('deve estar entre 1 e 10');
    expect(msg.digits(8)).toBe('deve conter 8 dígitos');
    expect(msg.decimal(2)).toBe('deve ter no máximo 2 casas decimais');
    expect(msg.decimal(1)).toBe('deve ter no máximo 1 casa decimal');
    expect(msg.decimal(0)).toBe('não deve ter casas decimais');
    expect(msg.dateFormat).toBe('deve ser uma data válida no formato dd/mm/aaaa');
    expect(msg.dateBetween('01/01/2024', '31/12/2024')).toBe('deve ser uma data entre 01/01/2024 e 31/12/2024');
  });
});

describe('text', () => {
  it('zRequired trims, answers "Não pode ficar em branco" once, then min and max', () => {
    const s = zRequired({ min: 3, max: 5 });
    expect(messages(s, '   ')).toEqual([msg.obrigatorio]);
    expect(messages(s, undefined)).toEqual([msg.obrigatorio]);
    expect(messages(s, null)).toEqual([msg.obrigatorio]);
    expect(messages(s, 42)).toEqual([msg.naoEValido]);
    expect(messages(s, 'ab')).toEqual(['deve conter pelo menos 3 caracteres']);
    expect(messages(s, 'abcdef')).toEqual(['não deve ter mais que 5 caracteres']);
    expect(s.parse('  abc ')).toBe('abc');
  });

  it('optionalText turns "", blanks and null into undefined and may be left out of an object', () => {
    const o = z.object({ obs: optionalText({ max: 3 }) });
    expect(o.parse({})).toEqual({});
    expect(o.parse({ obs: '' }).obs).toBeUndefined();
    expect(o.parse({ obs: '  ' }).obs).toBeUndefined();
    expect(o.parse({ obs: null }).obs).toBeUndefined();
    expect(o.parse({ obs: ' ab ' }).obs).toBe('ab');
    expect(messages(o, { obs: 'abcd' })).toEqual([msg.max(3)]);
  });

  it('optionalField makes any helper optional, "" included', () => {
    const o = z.object({ cpf: optionalField(zCpf()) });
    expect(o.parse({})).toEqual({});
    expect(o.parse({ cpf: '' }).cpf).toBeUndefined();
    expect(o.parse({ cpf: '123.456.789-09' }).cpf).toBe('12345678909');
    expect(messages(o, { cpf: '123.456.789-00' })).toEqual([msg.naoEValido]);
  });

  it('zRegex answers "não é válido"', () => {
    const s = zRegex(/^[A-Z]{2}\d{3}$/);
    expect(messages(s, 'AB123')).toEqual([]);
    expect(messages(s, 'ab123')).toEqual(['não é válido']);
    expect(messages(s, '')).toEqual([msg.obrigatorio]);
  });

  it('zDigits wants exactly n digits and keeps leading zeros', () => {
    expect(zDigits(8).parse('01310100')).toBe('01310100');
    expect(messages(zDigits(8), '0131010')).toEqual(['deve conter 8 dígitos']);
    expect(messages(zDigits(8), '0131010a')).toEqual(['deve conter 8 dígitos']);
  });
});

describe('numbers', () => {
  it('zNumeric takes JSON numbers and typed strings with a decimal comma', () => {
    expect(zNumeric().parse(1.5)).toBe(1.5);
    expect(zNumeric().parse('1,5')).toBe(1.5);
    expect(zNumeric().parse(' -2.25 ')).toBe(-2.25);
    expect(messages(zNumeric(), 'abc')).toEqual(['deve ser um número']);
    expect(messages(zNumeric(), '1.234,5')).toEqual(['deve ser um número']);
    expect(messages(zNumeric(), true)).toEqual(['deve ser um número']);
    expect(messages(zNumeric(), Number.POSITIVE_INFINITY)).toEqual(['deve ser um número']);
    expect(messages(zNumeric(), '')).toEqual([msg.obrigatorio]);
    expect(messages(z.object({ n: zNumeric() }), {})).toEqual([msg.obrigatorio]);
  });

  it('zInteger answers "deve ser um número inteiro"', () => {
    expect(zInteger().parse('42')).toBe(42);
    expect(messages(zInteger(), 4.2)).toEqual(['deve ser um número inteiro']);
    expect(messages(zInteger(), '4,2')).toEqual(['deve ser um número inteiro']);
  });

  it('zBetween is inclusive and shows numbers with a comma', () => {
    expect(messages(zBetween(0.5, 10), 10)).toEqual([]);
    expect(messages(zBetween(0.5, 10), 0.5)).toEqual([]);
    expect(messages(zBetween(0.5, 10), 10.01)).toEqual(['deve estar entre 0,5 e 10']);
  });

  it('zDecimal counts decimal places', () => {
    expect(messages(zDecimal(2), '1,25')).toEqual([]);
    expect(messages(zDecimal(2), 1.255)).toEqual(['deve ter no máximo 2 casas decimais']);
    expect(messages(zDecimal(2), 1e-7)).toEqual(['deve ter no máximo 2 casas decimais']);
    expect(messages(zDecimal(0), 3)).toEqual([]);
  });

  it('more_than, less_than and their or-equal variants use the spec wording', () => {
    expect(messages(zMoreThan(0), 0)).toEqual(['deve ser maior que 0']);
    expect(messages(zMoreThan(0), 0.1)).toEqual([]);
    expect(messages(zMoreThanOrEqual(18), 17)).toEqual(['deve ser maior ou igual que 18']);
    expect(messages(zMoreThanOrEqual(18), 18)).toEqual([]);
    expect(messages(zLessThan(100), 100)).toEqual(['deve ser menor que 100']);
    expect(messages(zLessThanOrEqual(1.5), 1.6)).toEqual(['deve ser menor ou igual que 1,5']);
    expect(messages(zLessThanOrEqual(1.5), 1.5)).toEqual([]);
  });

  it('combines rules: "integer" first, then every broken bound', () => {
    const s = zNumber({ integer: true, gte: 0, lte: 10 });
    expect(messages(s, 11.5)).toEqual(['deve ser um número inteiro']);
    expect(messages(s, 11)).toEqual(['deve ser menor ou igual que 10']);
    expect(messages(zNumber({ between: [1, 5], lt: 3 }), 6)).toEqual([
      'deve estar entre 1 e 5',
      'deve ser menor que 3',
    ]);
  });
});

describe('dates', () => {
  it('zIsoDate wants a real yyyy-MM-dd date', () => {
    expect(zIsoDate().parse('2020-02-29')).toBe('2020-02-29');
    expect(messages(zIsoDate(), '2020-02-30')).toEqual([msg.dateFormat]);
    expect(messages(zIsoDate(), '01/02/2020')).toEqual([msg.dateFormat]);
    expect(messages(zIsoDate(), '')).toEqual([msg.obrigatorio]);
  });

  it('zBrDate reads dd/MM/yyyy, refuses 31/02/2020 and hands on ISO', () => {
    expect(zBrDate().parse('01/02/2020')).toBe('2020-02-01');
    expect(messages(zBrDate(), '31/02/2020')).toEqual([msg.dateFormat]);
  });

  it('date_between shows the bounds as dd/MM/yyyy', () => {
    const s = zDateBetween('2024-01-01', '2024-12-31');
    expect(messages(s, '2024-12-31')).toEqual([]);
    expect(messages(s, '2025-01-01')).toEqual(['deve ser uma data entre 01/01/2024 e 31/12/2024']);
    expect(messages(zIsoDate({ min: '2024-01-01' }), '2023-12-31')).toEqual(['não pode ser anterior a 01/01/2024']);
    expect(messages(zIsoDate({ max: '2024-01-01' }), '2024-01-02')).toEqual(['não pode ser posterior a 01/01/2024']);
    // Issue 39: a future date is said as such, also when the date input handed it on as typed (dd/MM/yyyy).
    const amanha = todayIso(new Date(Date.now() + 86_400_000));
    expect(messages(zIsoDate({ defaultRange: true }), amanha)).toEqual(['não pode ser posterior à data atual']);
    expect(messages(zIsoDate({ defaultRange: true }), isoToBr(amanha))).toEqual([
      'não pode ser posterior à data atual',
    ]);
    expect(messages(zIsoDate(), '32/01/2020')).toEqual([msg.dateFormat]);
  });

  it('the default range is read at parse time: 130 years back to today', () => {
    const s = zIsoDate({ defaultRange: true });
    const today = todayIso();
    expect(messages(s, today)).toEqual([]);
    expect(messages(s, '2999-01-01')).toHaveLength(1);
    expect(messages(s, '1800-01-01')[0]).toMatch(/^deve ser uma data entre \d{2}\/\d{2}\/\d{4} e \d{2}\/\d{2}\/\d{4}$/);
  });
});

describe('documents and contacts', () => {
  it.each([
    ['cpf', zCpf(), '123.456.789-09', '12345678909', '123.456.789-00'],
    ['cns', zCns(), '170 3325 9504 0000', '170332595040000', '170 3325 9504 0001'],
    ['pis_pasep', zPisPasep(), '120.56412.54-5', '12056412545', '120.56412.54-7'],
    ['cep', zCep(), '01310-100', '01310100', '00000-000'],
    ['credit card', zCreditCard(), '4111 1111 1111 1111', '4111111111111111', '4111 1111 1111 1112'],
  ] as const)('%s: masked in, digits out, "não é válido" when wrong', (_name, schema, masked, digits, wrong) => {
    expect(schema.parse(masked)).toBe(digits);
    expect(messages(schema, wrong)).toEqual(['não é válido']);
    expect(messages(schema, '')).toEqual([msg.obrigatorio]);
  });

  it('zPhone: sequential or repeated vs malformed', () => {
    expect(zPhone().parse('(11) 98765-4320')).toBe('11987654320');
    expect(messages(zPhone(), '(11) 1111-1111')).toEqual(['não pode ser sequencial ou repetido']);
    expect(messages(zPhone(), '(11) 98765-4321')).toEqual(['não pode ser sequencial ou repetido']);
    expect(messages(zPhone(), '98765-4320')).toEqual(['não é válido']);
  });

  it('zEmail: format vs two letters before the @', () => {
    expect(zEmail().parse(' maria@saude.gov.br ')).toBe('maria@saude.gov.br');
    expect(messages(zEmail(), 'maria')).toEqual(['deve ser um email válido']);
    expect(messages(zEmail(), 'a@saude.gov.br')).toEqual(['deve ter pelo menos duas letras antes do @']);
    expect(messages(zEmail(), '')).toEqual([msg.obrigatorio]);
  });
});

describe('messages no schema worded (issue 14)', () => {
  it('come from the catalogue, never in English', () => {
    expect(messages(z.number().min(1), 0)).toEqual([msg.maiorOuIgualQue(1)]);
    expect(messages(z.number().gt(1), 1)).toEqual([msg.maiorQue(1)]);
    expect(messages(z.number().max(100), 500)).toEqual([msg.menorOuIgualQue(100)]);
    expect(messages(z.number().int(), 1.5)).toEqual([msg.integer]);
    expect(messages(z.number(), 'x')).toEqual([msg.numeric]);
    expect(messages(z.string(), undefined)).toEqual([msg.obrigatorio]);
    expect(messages(z.string().min(3), 'ab')).toEqual([msg.min(3)]);
    expect(messages(z.string().max(2), 'abc')).toEqual([msg.max(2)]);
    expect(messages(z.string().length(2), 'abc')).toEqual([msg.naoEValido]);
    expect(messages(z.enum(['a', 'b']), 'c')).toEqual([msg.naoEValido]);
    expect(messages(z.uuid(), 'x')).toEqual([msg.naoEValido]);
  });
  it('yield to a schema that words its own', () => {
    expect(messages(z.number({ error: 'própria' }), 'x')).toEqual(['própria']);
  });
});
