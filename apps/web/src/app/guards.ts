// Route guards of spec §6, run as loaders so a refused page never renders and the progress bar covers the wait.
// Order: session → current unit → permission (see docs/decisions.md).
import { data, redirect, type LoaderFunctionArgs } from 'react-router';
import type { Permission, Usuario } from '@saude/shared';
import { ApiError, http } from '../lib/http';
import { LOGIN, meQuery, NOVA_SENHA, SELECIONAR_UNIDADE, TERMO_ACEITE, tokenStore, withRetorno } from '../lib/session';
import {
  funcionaOffline,
  lembrarPermissao,
  lembrarUsuario,
  PERMISSOES_OFFLINE,
  permissaoOffline,
  semRede,
  usuarioOffline,
} from '../lib/sessaoOffline';
import type { RouteHandle } from '../lib/screens';
import { queryClient } from './queryClient';

/** What a guard throws when the screen needs the server and there is none (RouteErrorBoundary says so). */
export const SEM_REDE_STATUS = 503;

/** The data of a 403 for a module the current unit does not offer (issue 39): RouteErrorBoundary says which. */
export type NaoOferecido = { nao_oferece: string; unidade: string; permissao: string };

export type { RouteHandle };

const pathOf = (request: Request) => {
  const url = new URL(request.url);
  return url.pathname + url.search + url.hash;
};

/** The signed-in user, or a redirect to /login remembering where they were going. */
export async function requireUsuario(request: Request): Promise<Usuario> {
  const toLogin = () => redirect(withRetorno(LOGIN, pathOf(request)));
  if (!tokenStore.get()) throw toLogin();
  let usuario: Usuario;
  try {
    usuario = await queryClient.ensureQueryData(meQuery);
    lembrarUsuario(usuario);
  } catch (err) {
    if (err instanceof ApiError && err.status === 401) {
      tokenStore.clear();
      throw toLogin();
    }
    // Offline (issue 25): the session opened online goes on with the user it last saw.
    const offline = semRede(err) ? usuarioOffline() : null;
    if (!offline) throw err;
    usuario = offline;
    queryClient.setQueryData(meQuery.queryKey, offline, { updatedAt: 0 });
  }
  if (usuario.senha_provisoria) throw redirect(withRetorno(NOVA_SENHA, pathOf(request)));
  // The newest terms of use, once the password is the user's own (issue 21): the API answers nothing else until then.
  if (usuario.termo_pendente) throw redirect(withRetorno(TERMO_ACEITE, pathOf(request)));
  return usuario;
}

/** Offline and never granted here online: the answer is "no network", not a refusal (issue 39). */
class SemRede extends Error {}

/** Spec §6/§7: allowed only when the answer is 200; any other status or failure is a refusal. */
async function checkPermission(
  authorize: Permission,
  resourceId: string | null,
  unidadeId: string | null,
): Promise<boolean> {
  return queryClient.fetchQuery({
    queryKey: ['permissoes', unidadeId, authorize, resourceId],
    queryFn: async () => {
      try {
        // http resolves 204 to undefined: only a 200 with a body counts.
        const ok =
          (await http.post<unknown>('/api/ferramentas/permissoes', { authorize, resource_id: resourceId })) !==
          undefined;
        if (ok) lembrarPermissao(unidadeId, authorize);
        return ok;
      } catch (err) {
        if (err instanceof ApiError && err.status === 401) throw err;
        // Offline (issue 25): what this session was granted online, for the screens that work offline.
        if (semRede(err)) {
          if (permissaoOffline(unidadeId, authorize)) return true;
          throw new SemRede();
        }
        return false;
      }
    },
    // Offline the request fails at once and the remembered answer decides: never a paused wait (issue 39: the grey
    // skeleton), nor retries of a request that cannot reach anyone.
    networkMode: 'always',
    retry: false,
    staleTime: 60_000,
  });
}

/**
 * Issue 39: one screen of a round granted online asks for the others (for no record: the API checks each record when
 * the visits are sent), so every kept family and its visit form open offline, not only the screens already opened.
 */
async function prepararOffline(unidadeId: string | null) {
  for (const authorize of PERMISSOES_OFFLINE) {
    if (permissaoOffline(unidadeId, authorize)) continue;
    await checkPermission(authorize, null, unidadeId).catch(() => false);
  }
}

export function guardLoader(handle: RouteHandle = {}) {
  return async ({ request, params }: LoaderFunctionArgs) => {
    const usuario = await requireUsuario(request);
    if ((handle.requiresUnit ?? true) && !usuario.unidade_atual)
      throw redirect(withRetorno(SELECIONAR_UNIDADE, pathOf(request)));
    if (handle.authorize) {
      // Spec §6: the resource is the route's id, or notificacaoId on the notification routes.
      const resourceId = params.notificacaoId ?? params.id ?? null;
      const allowed = await checkPermission(handle.authorize, resourceId, usuario.unidade_atual?.id ?? null).catch(
        (err: unknown) => {
          if (err instanceof SemRede) throw data(null, { status: SEM_REDE_STATUS });
          // Only a 401 gets here otherwise: the session ended while the user was cached.
          throw redirect(withRetorno(LOGIN, pathOf(request)));
        },
      );
      if (!allowed) {
        // The profile allows it but the unit does not offer the module (its flag is off): say so, not "não autorizado".
        const unidade = usuario.unidade_atual;
        const modulo =
          unidade && usuario.permissoes.includes(handle.authorize)
            ? // Loaded only on a refusal: the first load does not carry the flags' client (bench/bundle.mjs).
              await import('../modules/parametros').then((m) =>
                m.moduloNaoOferecido(queryClient, unidade.id, handle.authorize!),
              )
            : null;
        throw data(
          modulo && unidade
            ? ({ nao_oferece: modulo, unidade: unidade.nome, permissao: handle.authorize } satisfies NaoOferecido)
            : null,
          {
            status: 403,
          },
        );
      }
      if (funcionaOffline(handle.authorize) && navigator.onLine)
        void prepararOffline(usuario.unidade_atual?.id ?? null);
    }
    return null;
  };
}

/** /login: someone already signed in goes home (spec §4). */
export async function loginLoader() {
  if (!tokenStore.get()) return null;
  try {
    await queryClient.ensureQueryData(meQuery);
  } catch {
    tokenStore.clear();
    return null;
  }
  throw redirect('/');
}

/** Only a session whose password is a one-time one stays here; anyone else goes on (or signs in). */
export async function novaSenhaLoader() {
  if (!tokenStore.get()) throw redirect(LOGIN);
  try {
    const usuario = await queryClient.ensureQueryData(meQuery);
    if (!usuario.senha_provisoria) throw redirect('/');
  } catch (err) {
    if (err instanceof Response) throw err;
    tokenStore.clear();
    throw redirect(LOGIN);
  }
  return null;
}

/** The acceptance screen: only while a version waits for the user (after a one-time password is changed). */
export async function termoAceiteLoader() {
  if (!tokenStore.get()) throw redirect(LOGIN);
  let usuario: Usuario;
  try {
    usuario = await queryClient.ensureQueryData(meQuery);
  } catch {
    tokenStore.clear();
    throw redirect(LOGIN);
  }
  if (usuario.senha_provisoria) throw redirect(NOVA_SENHA);
  if (!usuario.termo_pendente) throw redirect('/');
  return null;
}
