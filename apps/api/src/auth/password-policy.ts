import { randomInt } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { msg, senhaMinima } from '@saude/shared';

// ASVS 5 (V6.2) asks for length (the shared schema: at least 8), a check against the most common passwords and one
// against the account's own name, and no composition rules. The list is SecLists' top 10,000 (senhas-comuns.LICENSE),
// compared without letter case: "Dragon123" is as easy to guess as "dragon123".
const comuns: ReadonlySet<string> = new Set(
  [
    ...readFileSync(new URL('./senhas-comuns.txt', import.meta.url), 'utf8').split('\n'),
    // The demo's published password must never become a real one.
    'saude123',
  ]
    .map((s) => s.trim().toLowerCase())
    .filter((s) => s.length >= senhaMinima),
);

export const senhaComum = (senha: string) => comuns.has(senha.toLowerCase());

/** Field messages for a new password of `login`, beyond the length the schema checks; [] when it may be used. */
export function problemasNovaSenha(senha: string, login: string, atual: string): string[] {
  const lower = senha.toLowerCase();
  const erros: string[] = [];
  if (senhaComum(senha)) erros.push(msg.senhaComum);
  const l = login.trim().toLowerCase();
  if (l && lower.includes(l)) erros.push(msg.senhaContemLogin);
  if (senha === atual) erros.push(msg.senhaIgualAtual);
  return erros;
}

// No 0/O, 1/l/I: read off a console and typed by hand. 12 of 31 symbols ≈ 59 bits, grouped by four.
const ALFABETO = 'abcdefghjkmnpqrstuvwxyz23456789';

/** A one-time password (the first manager, a reset by the manager). */
export function senhaProvisoria(): string {
  const chars = Array.from({ length: 12 }, () => ALFABETO[randomInt(ALFABETO.length)]).join('');
  return chars.match(/.{4}/g)!.join('-');
}
