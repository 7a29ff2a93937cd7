// The session: token, signed-in user (GET /api/v2/auth/me, spec §7), sign-in and out, the current unit, and the paths
// of the session's own screens with the return path of spec §4 (?retorno=, so a reload or a shared link keeps it).
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  LoginInput,
  LoginResponse,
  LogoutResponse,
  LotacaoOpcao,
  SsoCallbackInput,
  SsoCallbackResponse,
  TrocarSenhaInput,
  Usuario,
} from '@saude/shared';
import { safeRetorno } from '@saude/shared/retorno';
import { clearDrafts } from './drafts';
import { http, tokenStore } from './http';

export { safeRetorno, tokenStore };

const base = '/api/v2/auth';
export const LOGIN = '/login';
export const SELECIONAR_UNIDADE = '/selecionar_unidade_saude';
/** A one-time password must be changed before anything else (issue 14). */
export const NOVA_SENHA = '/login/nova_senha';
/** The terms of use waiting for the user's acceptance (issue 21): outside the shell, before anything else. */
export const TERMO_ACEITE = '/termos_uso/aceite';
export const RETORNO = 'retorno';

export const authKeys = {
  me: ['auth', 'me'] as const,
  lotacoes: ['auth', 'lotacoes'] as const,
};

export const meQuery = queryOptions({
  queryKey: authKeys.me,
  queryFn: ({ signal }) => http.get<Usuario>(`${base}/me`, undefined, signal),
  staleTime: 5 * 60_000,
  retry: false,
});

/** The signed-in user. Routes under the shell load it first, so pages may rely on it being there. */
export function useUsuario(): Usuario | undefined {
  return useQuery(meQuery).data;
}

const DISPOSITIVO_KEY = 'saude.dispositivo';

/**
 * This browser's long-lived random id, sent at sign-in: once it has signed in to an account, the right password still
 * gets in from it while that account or this address is throttled for strangers (issue 14). Kept across sign-outs.
 */
export function dispositivoId(): string | undefined {
  try {
    let id = localStorage.getItem(DISPOSITIVO_KEY);
    if (!id || !/^[A-Za-z0-9_-]{16,128}$/.test(id)) {
      const bytes = crypto.getRandomValues(new Uint8Array(24));
      id = btoa(String.fromCharCode(...bytes))
        .replaceAll('+', '-')
        .replaceAll('/', '_')
        .replace(/=+$/, '');
      localStorage.setItem(DISPOSITIVO_KEY, id);
    }
    return id;
  } catch {
    // Storage refused (private mode): sign in as an unknown browser.
    return undefined;
  }
}

export function useLogin() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: LoginInput) =>
      http.post<LoginResponse>(`${base}/login`, { ...input, dispositivo: dispositivoId() }),
    onSuccess: ({ token, usuario }) => {
      qc.clear();
      tokenStore.set(token);
      qc.setQueryData(authKeys.me, usuario);
    },
  });
}

/** The single sign-on's return (issue 23): the provider's answer goes to our API, which exchanges the code. */
export function useSsoLogin() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: Omit<SsoCallbackInput, 'dispositivo'>) =>
      http.post<SsoCallbackResponse>(`${base}/oauth/callback`, { ...input, dispositivo: dispositivoId() }),
    onSuccess: ({ token, usuario }) => {
      qc.clear();
      tokenStore.set(token);
      qc.setQueryData(authKeys.me, usuario);
    },
  });
}

/** Where the sign-in page's "Entrar com …" button goes: our API, which sends the browser on to the provider. */
export const ssoAuthorizeUrl = (retorno: string | null) => {
  const safe = safeRetorno(retorno);
  return `${base}/oauth/authorize${safe ? `?${RETORNO}=${encodeURIComponent(safe)}` : ''}`;
};

/**
 * Ends the session on the server when it can; the local session (and any kept draft) ends regardless. A single
 * sign-on session then goes on to the provider's logout, which ends its session too and comes back to /login.
 */
export function useLogout() {
  const qc = useQueryClient();
  return async () => {
    let providerLogout: string | null = null;
    try {
      if (tokenStore.get())
        providerLogout = (await http.post<LogoutResponse | undefined>(`${base}/logout`))?.sso_logout_url ?? null;
    } catch {
      /* offline or already expired: still sign out here */
    }
    tokenStore.clear();
    clearDrafts();
    qc.clear();
    // The families kept for offline visits leave the device; the unsent visits stay (issue 25).
    await import('./limparAparelho').then((m) => m.limparCopiasDoAparelho()).catch(() => undefined);
    if (providerLogout) window.location.assign(providerLogout);
  };
}

export const useLotacoes = () =>
  useQuery({
    queryKey: authKeys.lotacoes,
    queryFn: ({ signal }) => http.get<LotacaoOpcao[]>(`${base}/lotacoes`, undefined, signal),
  });

export function useSelecionarUnidade() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (unidadeSaudeId: string) =>
      http.put<Usuario>(`${base}/unidade_atual`, { unidade_saude_id: unidadeSaudeId }),
    onSuccess: (usuario) => {
      // Menus and permissions belong to the unit: drop everything but the session itself.
      qc.removeQueries({ predicate: (q) => q.queryKey[0] !== 'auth' && q.queryKey[0] !== 'parametrizacao' });
      qc.setQueryData(authKeys.me, usuario);
    },
  });
}

export function useTrocarSenha() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: TrocarSenhaInput) => http.put<void>(`${base}/senha`, input),
    // A one-time password is spent: the guards let the session through from now on.
    onSuccess: () => qc.setQueryData<Usuario>(authKeys.me, (u) => u && { ...u, senha_provisoria: false }),
  });
}

/** `/login` or `/selecionar_unidade_saude`, carrying where the user was going (home needs no mention). */
export function withRetorno(path: string, retorno: string | null | undefined): string {
  const safe = safeRetorno(retorno);
  return safe && safe !== '/' ? `${path}?${RETORNO}=${encodeURIComponent(safe)}` : path;
}
