// Issue 25: an open session keeps working offline. The last answers of GET /me and of the visit permissions are kept
// with the token they were asked with; with no network, the guards use them only while that token is still the
// session's (a sign-out or another sign-in changes the token, and they no longer count). No offline sign-in.
import type { Permission, Usuario } from '@saude/shared';
import { tokenStore } from './http';

const ME_KEY = 'saude.offline.me';
const PERMISSOES_KEY = 'saude.offline.permissoes';
/** Only the home visits work offline: other screens' permissions are never answered from here. */
const OFFLINE_PREFIXO = 'atencao_primaria/visitas_domiciliares:';

function ler<T>(key: string): { token: string; valor: T } | null {
  try {
    const raw = localStorage.getItem(key);
    const v = raw ? (JSON.parse(raw) as { token: string; valor: T }) : null;
    return v && v.token === tokenStore.get() ? v : null;
  } catch {
    return null;
  }
}

function gravar(key: string, valor: unknown): void {
  const token = tokenStore.get();
  if (!token) return;
  try {
    localStorage.setItem(key, JSON.stringify({ token, valor }));
  } catch {
    /* storage full or refused: offline just will not open */
  }
}

export const lembrarUsuario = (u: Usuario) => gravar(ME_KEY, u);
export const usuarioOffline = (): Usuario | null => ler<Usuario>(ME_KEY)?.valor ?? null;

const chave = (unidadeId: string | null, authorize: Permission) => `${unidadeId ?? ''}|${authorize}`;

export function lembrarPermissao(unidadeId: string | null, authorize: Permission): void {
  if (!authorize.startsWith(OFFLINE_PREFIXO)) return;
  const atuais = ler<string[]>(PERMISSOES_KEY)?.valor ?? [];
  const k = chave(unidadeId, authorize);
  if (!atuais.includes(k)) gravar(PERMISSOES_KEY, [...atuais, k]);
}

/** Granted before, online, to this session in this unit (for any record: the API checks each one when it receives). */
export const permissaoOffline = (unidadeId: string | null, authorize: Permission): boolean =>
  authorize.startsWith(OFFLINE_PREFIXO) &&
  (ler<string[]>(PERMISSOES_KEY)?.valor ?? []).includes(chave(unidadeId, authorize));
