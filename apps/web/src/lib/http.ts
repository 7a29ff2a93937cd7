// The one HTTP client of the web app: bearer token, 10 s timeout (spec §7, §9), typed errors.
import { errorCodes, type ErrorCode } from '@saude/shared/errors';
import { msgBase as msg } from '@saude/shared/mensagens_base';

export const TIMEOUT_MS = 10_000;
const TOKEN_KEY = 'saude.token';

/** The code a body without one stands for (servers before issue 13); a network failure (0) is `erro_interno`. */
function codeOfStatus(status: number): ErrorCode {
  if (status === 401) return 'nao_autenticado';
  if (status === 403) return 'proibido';
  if (status === 404) return 'nao_encontrado';
  if (status === 409) return 'conflito';
  if (status === 422) return 'validacao';
  if (status === 429) return 'limite';
  return 'erro_interno';
}

export class ApiError extends Error {
  /** What happened, for the screen to decide what to offer (never the text): see packages/shared/src/errors.ts. */
  readonly code: ErrorCode;
  constructor(
    readonly status: number,
    message: string,
    readonly errors: Record<string, string[]> = {},
    /** The whole JSON error body, for answers that carry more than message and errors (e.g. a 409 with `duplicados`). */
    readonly body: Record<string, unknown> = {},
  ) {
    super(message);
    const code = body.code as ErrorCode;
    this.code = errorCodes.includes(code) ? code : codeOfStatus(status);
  }
}

export const tokenStore = {
  get: (): string | null => localStorage.getItem(TOKEN_KEY),
  set: (token: string) => localStorage.setItem(TOKEN_KEY, token),
  clear: () => localStorage.removeItem(TOKEN_KEY),
};

type Listener = (status: number) => void;
const unauthorizedListeners = new Set<Listener>();
/** The app subscribes to send the user to /login when a session ends (401). */
export function onUnauthorized(fn: Listener): () => void {
  unauthorizedListeners.add(fn);
  return () => unauthorizedListeners.delete(fn);
}

export type Query = Record<string, string | number | boolean | null | undefined | Array<string | number>>;

export function toQueryString(query?: Query): string {
  if (!query) return '';
  const sp = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) {
    if (v === undefined || v === null || v === '') continue;
    if (Array.isArray(v)) v.forEach((item) => sp.append(k, String(item)));
    else sp.set(k, String(v));
  }
  const s = sp.toString();
  return s ? `?${s}` : '';
}

/**
 * Whose bearer token a client sends: the signed-in session's, or another (the SenhaSimples token, issue 17).
 * `segundoPlano`: its requests are polls, not the user's activity (the API does not move the idle clock: issue 41).
 * `daSessao`: the signed-in session's own token, which the terms of use may hold back (the desk's token is not).
 */
type Credencial = {
  token: () => string | null;
  aoExpirar: (status: number) => void;
  segundoPlano?: boolean;
  daSessao?: boolean;
};
const sessao: Credencial = {
  token: tokenStore.get,
  aoExpirar: (status) => unauthorizedListeners.forEach((fn) => fn(status)),
  daSessao: true,
};

async function request(
  method: string,
  url: string,
  body?: unknown,
  signal?: AbortSignal,
  accept = 'application/json',
  credencial: Credencial = sessao,
  timeoutMs = TIMEOUT_MS,
): Promise<Response> {
  const headers: Record<string, string> = { Accept: accept };
  const token = credencial.token();
  if (token) headers.Authorization = `Bearer ${token}`;
  if (credencial.segundoPlano) headers['X-Segundo-Plano'] = '1';
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  const timeout = AbortSignal.timeout(timeoutMs);
  let res: Response;
  try {
    res = await fetch(url, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
    });
  } catch (err) {
    if (signal?.aborted) throw err;
    throw new ApiError(0, msg.erroGenerico);
  }
  if (!res.ok) {
    let payload: { message?: string; errors?: Record<string, string[]> } & Record<string, unknown> = {};
    try {
      payload = (await res.json()) as typeof payload;
    } catch {
      /* not JSON: keep the generic message */
    }
    if (res.status === 401) credencial.aoExpirar(401);
    // A version of the terms of use was published while the user worked (issue 21): a fresh load lets the guard send
    // them to the acceptance, and back here after it.
    if (res.status === 403 && payload.code === 'termo_pendente' && credencial.daSessao) {
      const aqui = window.location.pathname + window.location.search;
      if (!window.location.pathname.startsWith('/termos_uso/aceite'))
        window.location.assign(`/termos_uso/aceite?retorno=${encodeURIComponent(aqui)}`);
    }
    throw new ApiError(res.status, payload.message ?? msg.erroGenerico, payload.errors ?? {}, payload);
  }
  return res;
}

async function json<T>(res: Response): Promise<T> {
  if (res.status === 204) return undefined as T;
  return (await res.json()) as T;
}

/** The API client of one credential; `http` is the signed-in session's. */
function cliente(c: Credencial = sessao) {
  const req = (
    method: string,
    url: string,
    body?: unknown,
    signal?: AbortSignal,
    accept?: string,
    timeoutMs?: number,
  ) => request(method, url, body, signal, accept, c, timeoutMs);
  return {
    get: async <T>(url: string, query?: Query, signal?: AbortSignal) =>
      json<T>(await req('GET', url + toQueryString(query), undefined, signal)),
    /**
     * A list endpoint: the body is the page, the total is in X-Total-Count (architecture: Lists); `limitado` when the
     * server stopped counting there (X-Total-Count-Limitado: there are more).
     */
    list: async <T>(url: string, query?: Query, signal?: AbortSignal) => {
      const res = await req('GET', url + toQueryString(query), undefined, signal);
      const rows = await json<T[]>(res);
      return {
        rows,
        total: Number(res.headers.get('X-Total-Count') ?? rows.length),
        limitado: res.headers.get('X-Total-Count-Limitado') === 'true',
      };
    },
    post: async <T>(url: string, body?: unknown) => json<T>(await req('POST', url, body ?? {})),
    put: async <T>(url: string, body: unknown) => json<T>(await req('PUT', url, body)),
    patch: async <T>(url: string, body: unknown) => json<T>(await req('PATCH', url, body)),
    delete: async <T>(url: string, body?: unknown) => json<T>(await req('DELETE', url, body)),
    /**
     * A file the API answers (a CSV export; with a body, a POST such as the e-SUS export, which may take minutes and
     * has its own time limit): its contents and the name the server gave it.
     */
    file: async (
      url: string,
      query: Query | undefined,
      accept: string,
      post?: { body: unknown; timeoutMs: number },
    ) => {
      const res = await (post
        ? req('POST', url, post.body, undefined, accept, post.timeoutMs)
        : req('GET', url + toQueryString(query), undefined, undefined, accept));
      const nome = /filename="([^"]+)"/.exec(res.headers.get('Content-Disposition') ?? '')?.[1] ?? 'arquivo';
      return { blob: await res.blob(), nome };
    },
  };
}

export type Http = ReturnType<typeof cliente>;
export const http: Http = cliente();

/**
 * A client that sends another bearer token (the SenhaSimples token of the desk, issue 17). Its 401 calls `aoExpirar`
 * instead of ending the staff session: an expired ticket token only asks to connect again.
 */
export const httpComToken = (token: string, aoExpirar: () => void): Http => cliente({ token: () => token, aoExpirar });

/**
 * The session's client for background polls (the bell, the globe, the notices' pop-up): an untouched tab still signs
 * out after the idle time, although its polls keep running (issue 41).
 */
export const httpSegundoPlano: Http = cliente({ ...sessao, segundoPlano: true });

/** Hands a file to the browser's downloads, as a link to it would. */
export function saveFile({ blob, nome }: { blob: Blob; nome: string }): void {
  const href = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = href;
  a.download = nome;
  document.body.append(a);
  a.click();
  a.remove();
  URL.revokeObjectURL(href);
}
