// The return path of spec §4 travels in the URL (?retorno=), so a reload or a shared link keeps it.

export const RETORNO = 'retorno';

/** Accepts only same-origin app paths; anything else (//host, /\host, /login) is dropped. */
export function safeRetorno(value: string | null | undefined): string | null {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null;
  if (value === '/login' || value.startsWith('/login?') || value.startsWith('/login/')) return null;
  return value;
}

/** `/login` or `/selecionar_unidade_saude`, carrying where the user was going (home needs no mention). */
export function withRetorno(path: string, retorno: string | null | undefined): string {
  const safe = safeRetorno(retorno);
  return safe && safe !== '/' ? `${path}?${RETORNO}=${encodeURIComponent(safe)}` : path;
}
