import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixtures } from '../test/fixtures';
import { buildTestApp, type TestApp } from '../test/helpers';

// Bad input never answers 500 (issue 14): every registered route, signed in with every permission, gets NUL bytes, lone
// surrogates, huge strings, deep objects and wrong types in its path, query and body. The field names come from the
// route's own OpenAPI description, so a new route is fuzzed the day it is registered.

type JsonSchema = {
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  allOf?: JsonSchema[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
};
type Operation = {
  parameters?: Array<{ in: string; name: string }>;
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
};

/** Every property name a body schema mentions, nested ones included. */
function propertyNames(schema: JsonSchema | undefined, out = new Set<string>()): Set<string> {
  if (!schema) return out;
  for (const [k, v] of Object.entries(schema.properties ?? {})) {
    out.add(k);
    propertyNames(v, out);
  }
  for (const s of [schema.items, ...(schema.allOf ?? []), ...(schema.anyOf ?? []), ...(schema.oneOf ?? [])])
    propertyNames(s, out);
  return out;
}

/** JSON nested `levels` deep, written as text (JSON.stringify itself overflows long before a parser should). */
const deepJson = (levels: number) => '[{"a":'.repeat(levels / 2) + '"fundo"' + '}]'.repeat(levels / 2);
const json = { 'content-type': 'application/json' };

/** Text no database stores (each field alone: a block whose fields are all optional takes one field). */
const textValues: Record<string, string> = {
  nul: 'a\u0000b',
  'lone high surrogate': 'a\ud800b',
  'lone low surrogate': 'a\udc00b',
  'huge string': 'x'.repeat(20_000),
};
/** …and shapes no form sends (every field at once). */
const bodyValues: Record<string, unknown> = {
  ...textValues,
  number: 123456789012345,
  object: { a: 'b' },
  array: ['a', 1, null],
  boolean: true,
};
/** The same in a URL, as a client sends it: %00, a surrogate in WTF-8, a broken escape, a huge value. */
const urlValues = {
  nul: 'a%00b',
  'lone surrogate': 'a%ED%A0%80b',
  'broken escape': 'a%E0%A4%A',
  'huge string': 'x'.repeat(20_000),
};
const SAMPLE_ID = '0190a0b0-0000-7000-8000-000000000000';

describe('fuzz: bad input answers 4xx, never 500, on every route', () => {
  let t: TestApp;
  let headers: { authorization: string };
  let doc: { paths: Record<string, Record<string, Operation>> };
  const fails: string[] = [];

  type Req = { method: 'GET' | 'POST' | 'PUT' | 'DELETE'; url: string; headers?: object; payload?: unknown };
  const send = async (label: string, req: Req) => {
    const res = await t.app.inject({
      method: req.method,
      url: req.url,
      headers: { ...headers, ...req.headers },
      payload: req.payload as string | object | undefined,
    });
    if (res.statusCode >= 500) fails.push(`${res.statusCode} ${label}: ${res.body.slice(0, 200)}`);
    else if (res.statusCode >= 400) {
      // Every refusal is the one error body, whatever refused it.
      const body = res.json<{ code?: unknown; message?: unknown; errors?: unknown }>();
      if (typeof body.code !== 'string' || typeof body.message !== 'string' || typeof body.errors !== 'object')
        fails.push(`${res.statusCode} ${label}: not the error body: ${res.body.slice(0, 200)}`);
    }
    return res;
  };

  beforeAll(async () => {
    t = await buildTestApp();
    const f = fixtures(t);
    // An urgent-care unit that manages queues, so the urgent-care and queue routes read their input instead of
    // refusing the unit.
    const { unidade, equipe } = await f.territorio({
      unidade: { pronto_atendimento: true, gerenciamento_filas: true },
    });
    headers = (await f.usuario({ unidade, equipe, perfil: 'gestor' })).headers;
    doc = t.app.swagger() as unknown as typeof doc;
  });
  afterAll(async () => {
    await t.close();
  });

  it('walks every registered route with NUL, lone surrogates, huge strings, deep objects and wrong types', async () => {
    // Signing out would end the session the walk uses; its body is empty anyway.
    const routes = t.app.registeredRoutes.filter((r) => r.url !== '/api/v2/auth/logout');
    expect(routes.length).toBeGreaterThan(30);
    let requests = 0;
    for (const r of routes) {
      const method = r.method as 'GET' | 'POST' | 'PUT' | 'DELETE';
      const op = doc.paths[r.url.replace(/:(\w+)/g, '{$1}')]?.[r.method.toLowerCase()] ?? {};
      const params = [...r.url.matchAll(/:(\w+)/g)].map((m) => m[1]!);
      const query = (op.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name);
      const body = [...propertyNames(op.requestBody?.content?.['application/json']?.schema)];
      const url = (fill: (param: string) => string) => r.url.replace(/:(\w+)/g, (_, p: string) => fill(p));
      const base = url((p) => (p === 'parametro' ? 'misto' : SAMPLE_ID));
      const label = `${r.method} ${r.url}`;

      // Path and query: each parameter in turn (one bad field must not hide behind another failing validation first).
      for (const param of params) {
        for (const [name, v] of Object.entries(urlValues)) {
          const target = url((p) => (p === param ? v : SAMPLE_ID));
          await send(`${label} path ${param}=${name}`, {
            method,
            url: target,
            payload: method === 'GET' ? undefined : {},
          });
          requests++;
        }
      }
      for (const name of query) {
        for (const [vName, v] of Object.entries(urlValues)) {
          await send(`${label} query ${name}=${vName}`, { method, url: `${base}?${name}=${v}` });
          requests++;
        }
        await send(`${label} query ${name} twice`, { method, url: `${base}?${name}=a&${name}=b` });
        requests++;
      }
      if (method === 'GET') continue;
      // Body: every field at once with each bad value, then each field alone with bad text.
      for (const [vName, v] of Object.entries(bodyValues)) {
        const payload = Object.fromEntries(body.map((k) => [k, v]));
        await send(`${label} body *=${vName}`, { method, url: base, payload });
        requests++;
      }
      for (const k of body) {
        for (const [vName, v] of Object.entries(textValues)) {
          await send(`${label} body ${k}=${vName}`, { method, url: base, payload: { [k]: v } });
          requests++;
        }
      }
      for (const levels of [40, 5_000, 200_000]) {
        await send(`${label} body ${levels} deep`, { method, url: base, headers: json, payload: deepJson(levels) });
        for (const k of body.slice(0, 3)) {
          const payload = `{${JSON.stringify(k)}:${deepJson(levels)}}`;
          await send(`${label} body ${k} ${levels} deep`, { method, url: base, headers: json, payload });
        }
      }
      await send(`${label} body NUL key`, { method, url: base, payload: { 'a\u0000b': 'x' } });
      await send(`${label} body not JSON`, { method, url: base, headers: json, payload: '{"a":' });
      await send(`${label} body too large`, { method, url: base, payload: { x: 'x'.repeat(3 * 1024 * 1024) } });
      requests += 4;
    }
    expect(requests).toBeGreaterThan(1000);
    expect(fails).toEqual([]);
  }, 600_000);
});
