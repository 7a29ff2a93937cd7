import type { App } from '../../app';

/** The demo accounts whose answers an upgrade must keep: one of each kind of worker (seed/demo.ts). */
export const USUARIOS_DEMO = ['admin', 'recepcao', 'medico', 'enfermagem', 'acs', 'ace', 'vigilancia'] as const;

/** What one GET answered: its status and, for a list or a record, the ids it named and its total. */
export type Resposta = { status: number; ids?: string[]; total?: number };
export type Respostas = Record<string, Record<string, Resposta>>;

const registros = (body: unknown): unknown[] | null => {
  if (Array.isArray(body)) return body;
  if (body && typeof body === 'object')
    for (const k of ['dados', 'items', 'itens', 'rows', 'registros'])
      if (Array.isArray((body as Record<string, unknown>)[k])) return (body as Record<string, unknown[]>)[k]!;
  return null;
};

const idDe = (r: unknown) =>
  r && typeof r === 'object' && typeof (r as { id?: unknown }).id === 'string' ? (r as { id: string }).id : null;

/** Summarizes an answer: ids and total are what an upgrade must not lose; the rest may grow new fields. */
export function resumir(status: number, body: unknown): Resposta {
  const lista = registros(body);
  const total = body && typeof body === 'object' ? (body as { total?: unknown }).total : undefined;
  const ids = lista ? lista.map(idDe).filter((x): x is string => x !== null) : [idDe(body)].filter((x) => x !== null);
  return {
    status,
    ...(ids.length ? { ids: ids.sort() } : {}),
    ...(typeof total === 'number' ? { total } : {}),
  };
}

/**
 * Every GET of the API without a path parameter, as each demo user sees it (after choosing their first unit). Used on
 * the release before an upgrade (the fixture's answers) and on the new version over the same data (db/upgrade.test.ts).
 */
export async function capturarRespostas(app: App, senha: string): Promise<Respostas> {
  const rotas = app.registeredRoutes
    .filter((r) => r.method === 'GET' && r.url.startsWith('/api/') && !r.url.includes(':') && !r.url.includes('*'))
    .map((r) => r.url)
    .filter(
      (u) => !/^\/api\/(health|ready|metrics|docs)/.test(u) && !u.includes('/oauth/') && !/eventos|stream/.test(u),
    )
    .sort();
  const out: Respostas = {};
  for (const login of USUARIOS_DEMO) {
    const entrada = await app.inject({ method: 'POST', url: '/api/v2/auth/login', payload: { login, senha } });
    if (entrada.statusCode !== 200) throw new Error(`login de ${login}: ${entrada.statusCode} ${entrada.body}`);
    const { token, usuario } = entrada.json<{ token: string; usuario: { unidade_atual: unknown } }>();
    const headers = { authorization: `Bearer ${token}` };
    if (!usuario.unidade_atual) {
      const [primeira] = (await app.inject({ method: 'GET', url: '/api/v2/auth/lotacoes', headers })).json<
        Array<{ unidade_saude_id: string }>
      >();
      if (primeira)
        await app.inject({
          method: 'PUT',
          url: '/api/v2/auth/unidade_atual',
          headers,
          payload: { unidade_saude_id: primeira.unidade_saude_id },
        });
    }
    out[login] = {};
    for (const url of rotas) {
      const res = await app.inject({ method: 'GET', url, headers });
      let body: unknown = null;
      try {
        body = res.json();
      } catch {
        // CSV, HTML or an empty answer: only its status counts.
      }
      out[login][url] = resumir(res.statusCode, body);
    }
    await app.inject({ method: 'POST', url: '/api/v2/auth/logout', headers });
  }
  return out;
}
