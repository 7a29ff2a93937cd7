// THE fake API of the web tests: stubs fetch, answers `rotas['METHOD /api/path']` (path without the query), records
// every call. The signed-in user (GET /api/v2/auth/me, with `permissoes`) and the route guard's permission check answer
// unless a test overrides them; a render helper seeds the same user, as the app's route loader would.
import { vi } from 'vitest';
import { allPermissions, type Usuario } from '@saude/shared';

export const UNIDADE_TESTE = '0190a6d2-1c1e-7000-8000-0000000000a1';

export const usuarioTeste: Usuario = {
  login: 'acs',
  nome: 'Agente Teste',
  email: null,
  perfil: 'Agente comunitário de saúde',
  unidade_atual: { id: UNIDADE_TESTE, nome: 'UBS Centro' },
  permissoes: allPermissions,
};

export type Resposta = { status?: number; body?: unknown; headers?: Record<string, string> };
export type Chamada = {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
  /** The bearer token the call carried (the session's, or another client's). */
  authorization: string | null;
  /** A background poll (X-Segundo-Plano), which the API does not count as the user's activity (issue 41). */
  segundoPlano: boolean;
};
export type Rota = Resposta | ((c: Chamada) => Resposta);

let atual: Usuario | undefined;
/** The user the last fakeApi() signed in, for the render helpers to seed. */
export const usuarioDoFake = () => atual;

export function fakeApi(
  rotas: Record<string, Rota>,
  { usuario = usuarioTeste, permissoes = usuario.permissoes }: { usuario?: Usuario; permissoes?: string[] } = {},
) {
  atual = { ...usuario, permissoes };
  const chamadas: Chamada[] = [];
  const padrao: Record<string, Rota> = {
    'GET /api/v2/auth/me': { body: atual },
    'POST /api/ferramentas/permissoes': ({ body }) =>
      permissoes.includes((body as { authorize: string }).authorize)
        ? { body: { permitido: true } }
        : { status: 403, body: { code: 'proibido', message: 'Proibido' } },
  };
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const method = init?.method ?? 'GET';
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    const headers = new Headers(init?.headers);
    const authorization = headers.get('Authorization');
    const segundoPlano = headers.get('X-Segundo-Plano') === '1';
    const chamada = { method, path: url.pathname, query: url.searchParams, body, authorization, segundoPlano };
    chamadas.push(chamada);
    const rota = rotas[`${method} ${url.pathname}`] ?? padrao[`${method} ${url.pathname}`];
    const r: Resposta =
      typeof rota === 'function'
        ? rota(chamada)
        : (rota ?? { status: 404, body: { code: 'nao_encontrado', message: 'Cadastro não encontrado' } });
    return new Response(r.status === 204 ? null : JSON.stringify(r.body ?? {}), {
      status: r.status ?? 200,
      headers: { 'Content-Type': 'application/json', ...r.headers },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { chamadas, fetchMock };
}

/** A list answer: the rows and X-Total-Count. */
export const lista = (rows: unknown[], total = rows.length): Resposta => ({
  body: rows,
  headers: { 'X-Total-Count': String(total) },
});
