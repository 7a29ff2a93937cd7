/**
 * The path to go back to after signing in (spec §4): one of ours, never another site ('//host', '/\\host') nor the
 * sign-in page itself. The web checks it before navigating, the API before keeping it through the identity provider
 * (issue 23). No zod here: the web's first load imports it.
 */
export function safeRetorno(value: string | null | undefined): string | null {
  if (!value || value.length > 2000 || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\'))
    return null;
  // eslint-disable-next-line no-control-regex -- control characters never belong in a path of ours
  if (/[\u0000-\u001f\u007f]/.test(value)) return null;
  if (value === '/login' || value.startsWith('/login?') || value.startsWith('/login/')) return null;
  return value;
}
