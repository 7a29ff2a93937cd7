import { describe, expect, it } from 'vitest';
import { emailProblem, isValidEmail } from './email';

describe('emailProblem', () => {
  it.each([
    'maria@saude.gov.br',
    'jo@x.com',
    'joao.silva+ubs@prefeitura.sp.gov.br',
    'a1b@exemplo.com.br',
    'José@exemplo.com',
    ' maria@saude.gov.br ',
    'ab_12@sub-dominio.org',
  ])('accepts %s', (email) => expect(emailProblem(email)).toBeNull());

  it.each([
    ['one letter', 'a@saude.gov.br'],
    ['digits only', '12@saude.gov.br'],
    ['one letter among digits', 'a123@saude.gov.br'],
    ['symbols and one letter', 'x._-@saude.gov.br'],
  ])('asks for two letters before the @ (%s): %s', (_why, email) => expect(emailProblem(email)).toBe('duas_letras'));

  it.each([
    ['no @', 'maria.saude.gov.br'],
    ['two @', 'ma@ria@saude.gov.br'],
    ['nothing before @', '@saude.gov.br'],
    ['no domain dot', 'maria@localhost'],
    ['one-letter TLD', 'maria@saude.b'],
    ['space inside', 'ma ria@saude.gov.br'],
    ['double dot', 'maria..silva@saude.gov.br'],
    ['trailing dot in local part', 'maria.@saude.gov.br'],
    ['domain label starting with -', 'maria@-saude.gov.br'],
    ['empty', ''],
  ])('refuses the format (%s): %s', (_why, email) => expect(emailProblem(email)).toBe('formato'));

  it('isValidEmail is emailProblem === null', () => {
    expect(isValidEmail('maria@saude.gov.br')).toBe(true);
    expect(isValidEmail('a@saude.gov.br')).toBe(false);
    expect(isValidEmail(undefined)).toBe(false);
  });
});
