type EmailProblem = 'formato' | 'duas_letras';

// Practical shape, not RFC 5322: local@label.label…tld, no spaces or quotes, TLD of 2+ letters.
const LOCAL = /^[\p{L}\p{N}!#$%&'*+/=?^_`{|}~-]+(\.[\p{L}\p{N}!#$%&'*+/=?^_`{|}~-]+)*$/u;
const DOMAIN = /^([\p{L}\p{N}]([\p{L}\p{N}-]{0,61}[\p{L}\p{N}])?\.)+\p{L}{2,63}$/u;

/**
 * Why an e-mail is refused, or null when accepted. 'formato' → msg.emailInvalido;
 * 'duas_letras' → msg.emailDuasLetras (spec §5: the local part needs at least two letters,
 * counted anywhere before the @, accented letters included).
 */
export function emailProblem(value: string | null | undefined): EmailProblem | null {
  const email = (value ?? '').trim();
  if (email.length === 0 || email.length > 254) return 'formato';
  const at = email.lastIndexOf('@');
  if (at <= 0 || email.indexOf('@') !== at) return 'formato';
  const local = email.slice(0, at);
  const domain = email.slice(at + 1);
  if (local.length > 64 || !LOCAL.test(local) || !DOMAIN.test(domain)) return 'formato';
  if ((local.match(/\p{L}/gu) ?? []).length < 2) return 'duas_letras';
  return null;
}

export function isValidEmail(value: string | null | undefined): boolean {
  return emailProblem(value) === null;
}
