import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { msg } from '@saude/shared';
import { describe, expect, it } from 'vitest';
import { fixtures, FIXTURE_PASSWORD } from '../test/fixtures';
import { auditRows, buildTestApp, type TestApp } from '../test/helpers';
import { useTestApp, useUserHeaders } from '../test/lifecycle';

// The HTTP layer every route shares (http/): one error body, input refused in one place, headers, proxies.

const citizens = '/api/v1/municipes';

describe('errors: every refusal is { code, message, errors } in pt-BR', () => {
  const t = useTestApp();
  const headers = useUserHeaders(t, 'enfermagem');

  it('401, 403, 404 (a record and a route) and 422 from the validator', async () => {
    const anon = await t.app.inject({ method: 'GET', url: citizens });
    expect(anon.statusCode).toBe(401);
    expect(anon.json()).toEqual({ code: 'nao_autenticado', message: msg.naoAutenticado, errors: {} });
    const forbidden = await t.app.inject({
      method: 'DELETE',
      url: `${citizens}/${'0'.repeat(8)}-0000-7000-8000-000000000000`,
      headers,
    });
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json()).toEqual({ code: 'proibido', message: msg.status403, errors: {} });
    const missing = await t.app.inject({
      method: 'GET',
      url: `${citizens}/0190a0b0-0000-7000-8000-000000000000`,
      headers,
    });
    expect(missing.json()).toEqual({ code: 'nao_encontrado', message: msg.cadastroNaoEncontrado, errors: {} });
    const route = await t.app.inject({ method: 'POST', url: '/api/v1/nada', headers });
    expect(route.json()).toEqual({ code: 'nao_encontrado', message: msg.status404, errors: {} });
    // (A citizen's id that is not a uuid is a record that does not exist, 404 — issue 12; other ids are validated.)
    const invalid = await t.app.inject({ method: 'GET', url: '/api/v1/atencao_primaria/familias/nao-e-uuid', headers });
    expect(invalid.statusCode).toBe(422);
    // A GET saves nothing: its bad input is a search that cannot run, never "Não foi possível gravar".
    expect(invalid.json()).toEqual({ code: 'validacao', message: msg.buscaInvalida, errors: { id: [msg.naoEValido] } });
  });

  it('answers pagination errors with the catalogue messages, not the validator defaults', async () => {
    const res = await t.app.inject({ method: 'GET', url: `${citizens}?page=0&per_page=500`, headers });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ page: [msg.maiorOuIgualQue(1)], per_page: [msg.menorOuIgualQue(100)] });
    const words = await t.app.inject({ method: 'GET', url: `${citizens}?page=um&per_page=1.5`, headers });
    expect(words.json().errors).toEqual({ page: [msg.numeric], per_page: [msg.integer] });
  });

  it('answers a wrong content type and a malformed JSON as 422, a body over the limit as 413', async () => {
    const type = await t.app.inject({
      method: 'POST',
      url: citizens,
      headers: { ...headers, 'content-type': 'text/csv' },
      payload: 'a,b',
    });
    expect(type.statusCode).toBe(422);
    expect(type.json()).toEqual({ code: 'validacao', message: msg.requisicaoInvalida, errors: {} });
    const large = await t.app.inject({
      method: 'POST',
      url: citizens,
      headers,
      payload: { nome: 'x'.repeat(3 * 1024 * 1024) },
    });
    expect(large.statusCode).toBe(413);
    expect(large.json()).toEqual({ code: 'validacao', message: msg.requisicaoGrandeDemais, errors: {} });
  });

  it('answers the router’s own refusals (a path parameter too long, a broken escape) in the same body', async () => {
    const long = await t.app.inject({ method: 'GET', url: `${citizens}/${'a'.repeat(200)}`, headers });
    expect(long.statusCode).toBe(414);
    expect(long.json()).toEqual({ code: 'validacao', message: msg.enderecoLongoDemais, errors: {} });
    expect(long.headers['cache-control']).toBe('no-store');
    const broken = await t.app.inject({ method: 'GET', url: `${citizens}/a%E0%A4%A`, headers });
    expect(broken.statusCode).toBe(422);
    expect(broken.json()).toEqual({ code: 'validacao', message: msg.requisicaoInvalida, errors: {} });
  });
});

describe('input: text PostgreSQL cannot store is refused in one place, naming the field', () => {
  const t = useTestApp();
  const headers = useUserHeaders(t, 'gestor');

  const refused = (field: string, message = msg.naoFoiPossivelGravar('o registro', 1)) => ({
    code: 'validacao',
    message,
    errors: { [field]: [msg.naoEValido] },
  });

  it('a NUL byte in the query, the path or the body', async () => {
    const q = await t.app.inject({ method: 'GET', url: '/api/v1/enderecos/municipios?q=a%00b', headers });
    expect(q.statusCode).toBe(422);
    expect(q.json()).toEqual(refused('q', msg.buscaInvalida));
    const path = await t.app.inject({ method: 'GET', url: '/api/v1/enderecos/cep/7000%000001', headers });
    expect(path.json()).toEqual(refused('cep', msg.buscaInvalida));
    const body = await t.app.inject({
      method: 'PUT',
      url: `${citizens}/0190a0b0-0000-7000-8000-000000000000/condicao_saude`,
      headers,
      payload: { gestante: true, maternidade_referencia: 'Maternidade\u0000Central' },
    });
    expect(body.json()).toEqual(refused('maternidade_referencia'));
  });

  it('a lone surrogate anywhere in the body, nested fields named by their path', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: citizens,
      headers: { ...headers, 'content-type': 'application/json' },
      // Written as JSON text: "\ud800" is a lone surrogate once parsed.
      payload: '{"nome":"a\\ud800b","prontuarios":[{"numero":"\\udc00"}],"telefones":{"celular":"ok"}}',
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ nome: [msg.naoEValido], 'prontuarios.0.numero': [msg.naoEValido] });
    // A pair is a character (an emoji), not a lone surrogate.
    const pair = await t.app.inject({
      method: 'GET',
      url: `/api/v1/enderecos/municipios?q=${encodeURIComponent('😀')}`,
      headers,
    });
    expect(pair.statusCode).toBe(200);
  });

  it('a body nested deeper than any form', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: citizens,
      headers: { ...headers, 'content-type': 'application/json' },
      payload: `{"nome":${'['.repeat(50_000)}${']'.repeat(50_000)}}`,
    });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ code: 'validacao', message: msg.requisicaoInvalida });
  });

  it('refuses a stranger before looking at the input (401, not 422)', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/enderecos/municipios?q=a%00b' });
    expect(res.statusCode).toBe(401);
  });
});

describe('headers', () => {
  const t = useTestApp({ TRUST_PROXY: '10.0.0.0/8' });

  it('Cache-Control: no-store on every /api answer (200, 401, 404)', async () => {
    for (const url of ['/api/ferramentas/parametrizacao', '/api/v2/auth/me', '/api/nada']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.headers['cache-control'], url).toBe('no-store');
    }
  });

  it('names the engine it runs on in GET /api/health (issue 39: a fallback to PGlite was invisible)', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      status: 'ok',
      database: 'ok',
      motor: t.kind === 'pglite' ? 'pglite' : 'postgresql externo',
      reserva: null,
    });
  });

  it('sends upgrade-insecure-requests only to a request that came over HTTPS', async () => {
    const plain = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(plain.headers['content-security-policy']).toContain("default-src 'self'");
    expect(plain.headers['content-security-policy']).not.toContain('upgrade-insecure-requests');
    // HTTPS ended at the trusted proxy.
    const proxied = await t.app.inject({
      method: 'GET',
      url: '/api/health',
      remoteAddress: '10.0.0.2',
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(proxied.headers['content-security-policy']).toContain('upgrade-insecure-requests');
    // A client cannot claim it.
    const claimed = await t.app.inject({
      method: 'GET',
      url: '/api/health',
      remoteAddress: '203.0.113.9',
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(claimed.headers['content-security-policy']).not.toContain('upgrade-insecure-requests');
  });

  it("answers Node's own refusal of oversized headers (431) as the JSON error body", async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const res = await new Promise<{ status: number; type: string; body: string }>((resolve, reject) => {
      const req = http.request(
        { host: '127.0.0.1', port, path: '/api/health', headers: { 'x-grande': 'x'.repeat(64 * 1024) } },
        (r) => {
          let body = '';
          r.on('data', (c: Buffer) => (body += c.toString()));
          r.on('end', () => resolve({ status: r.statusCode!, type: String(r.headers['content-type']), body }));
        },
      );
      req.on('error', reject);
      req.end();
    });
    expect(res.status).toBe(431);
    expect(res.type).toContain('application/json');
    expect(JSON.parse(res.body)).toEqual({ code: 'validacao', message: msg.cabecalhosGrandesDemais, errors: {} });
  });
});

describe('TRUST_PROXY: only the configured proxies say who the client is', () => {
  /** The address the audit (and the sign-in throttle) saw for a failed sign-in. */
  const clientIp = async (t: TestApp, remoteAddress: string, forwardedFor: string) => {
    const f = fixtures(t);
    const p = await f.profissional([{ unidade: await f.unidade(), perfil: 'recepcao' }]);
    await t.app.inject({
      method: 'POST',
      url: '/api/v2/auth/login',
      remoteAddress,
      headers: { 'x-forwarded-for': forwardedFor },
      payload: { login: p.login, senha: `${FIXTURE_PASSWORD}-errada` },
    });
    const rows = await auditRows(t, { action: 'login_falhou' });
    return rows.filter((r) => r.profissional_id === p.id).at(-1)!.ip;
  };
  const cases = {
    '': [['203.0.113.9', '6.6.6.6', '203.0.113.9']],
    '1': [
      ['10.0.0.5', '6.6.6.6, 198.51.100.7', '198.51.100.7'],
      ['10.0.0.5', '198.51.100.7', '198.51.100.7'],
    ],
    '10.0.0.0/8, 192.168.1.1': [
      ['10.0.0.5', '6.6.6.6, 198.51.100.7, 192.168.1.1', '198.51.100.7'],
      ['203.0.113.9', '6.6.6.6', '203.0.113.9'],
    ],
  } as const;

  for (const [trust, list] of Object.entries(cases)) {
    it(`TRUST_PROXY="${trust}": the client's own X-Forwarded-For never changes its address`, async () => {
      const t = await buildTestApp({ TRUST_PROXY: trust });
      try {
        for (const [remote, xff, expected] of list) {
          expect(await clientIp(t, remote, xff), `from ${remote} with ${xff}`).toBe(expected);
        }
      } finally {
        await t.close();
      }
    });
  }
});
