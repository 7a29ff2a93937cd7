// Issue 25: an open session keeps working offline. The last answers of GET /me, of the menu and of the visit
// permissions are kept with the token they were asked with; with no network, the guards use them only while that token
// is still the session's (a sign-out or another sign-in changes the token, and they no longer count). No offline
// sign-in.
import type { MenuItem, Permission, Usuario } from '@saude/shared';
import { ApiError, tokenStore } from './http';

const ME_KEY = 'saude.offline.me';
const MENUS_KEY = 'saude.offline.menus';
const PERMISSOES_KEY = 'saude.offline.permissoes';
/** Only the home visits work offline: other screens' permissions are never answered from here. */
const OFFLINE_PREFIXO = 'atencao_primaria/visitas_domiciliares:';
/**
 * Issue 39: the screens of a round (the list, a family, the visit form), asked all together the first time any of them
 * is granted online, so that every kept family opens offline and not only the screens already opened.
 */
export const PERMISSOES_OFFLINE = [
  'atencao_primaria/visitas_domiciliares:index',
  'atencao_primaria/visitas_domiciliares:show',
  'atencao_primaria/visitas_domiciliares:create',
] as const satisfies readonly Permission[];

/** The request never reached the server (no network): not an answer. */
export const semRede = (err: unknown) => err instanceof ApiError && err.status === 0;

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

/** The side menu of the unit, as last seen online (issue 39: it opens offline; its screens say if they need the net). */
export const lembrarMenu = (unidadeId: string | null, menus: MenuItem[]) => gravar(MENUS_KEY, { unidadeId, menus });
export function menuOffline(unidadeId: string | null): MenuItem[] | null {
  const v = ler<{ unidadeId: string | null; menus: MenuItem[] }>(MENUS_KEY)?.valor;
  return v && v.unidadeId === unidadeId ? v.menus : null;
}

const chave = (unidadeId: string | null, authorize: Permission) => `${unidadeId ?? ''}|${authorize}`;

export const funcionaOffline = (authorize: Permission) => authorize.startsWith(OFFLINE_PREFIXO);

export function lembrarPermissao(unidadeId: string | null, authorize: Permission): void {
  if (!funcionaOffline(authorize)) return;
  const atuais = ler<string[]>(PERMISSOES_KEY)?.valor ?? [];
  const k = chave(unidadeId, authorize);
  if (!atuais.includes(k)) gravar(PERMISSOES_KEY, [...atuais, k]);
}

/** Granted before, online, to this session in this unit (for any record: the API checks each one when it receives). */
export const permissaoOffline = (unidadeId: string | null, authorize: Permission): boolean =>
  funcionaOffline(authorize) && (ler<string[]>(PERMISSOES_KEY)?.valor ?? []).includes(chave(unidadeId, authorize));
