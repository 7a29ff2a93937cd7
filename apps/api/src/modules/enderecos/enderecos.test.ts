import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { msg } from '@saude/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixtures } from '../../test/fixtures';
import { buildTestApp, useTestApp, type TestApp } from '../../test/helpers';

const url = '/api/v1/enderecos';

describe(url, () => {
  const t = useTestApp();
  const f = fixtures(t);
  let headers: { authorization: string };
  /** The CEP the municipality knows, as the fixture recorded it: the lookup answers it as is. */
  let recorded: Awaited<ReturnType<typeof f.cep>>;
  beforeAll(async () => {
    const { unidade, equipe } = await f.territorio();
    headers = (await f.usuario({ unidade, equipe, perfil: 'acs' })).headers;
    recorded = await f.cep({ cep: '70000001' });
  });

  it('answers a CEP already recorded in the municipality, masked or not', async () => {
    for (const cep of ['70000001', '70000-001']) {
      const res = await t.app.inject({ method: 'GET', url: `${url}/cep/${cep}`, headers });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual(recorded);
    }
  });

  it("answers 404 'CEP não encontrado' for a CEP found nowhere, and 422 for a malformed one", async () => {
    const res = await t.app.inject({ method: 'GET', url: `${url}/cep/12345678`, headers });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe(msg.cepNaoEncontrado);
    expect((await t.app.inject({ method: 'GET', url: `${url}/cep/123`, headers })).statusCode).toBe(422);
  });

  it('lists the 27 states and finds municipalities by state and name without accents', async () => {
    const ufs = (await t.app.inject({ method: 'GET', url: `${url}/ufs`, headers })).json();
    expect(ufs).toHaveLength(27);
    expect(ufs).toContainEqual({ sigla: 'SP', nome: 'SÃO PAULO' });
    const res = await t.app.inject({ method: 'GET', url: `${url}/municipios?uf=sp&q=sao paulo`, headers });
    expect(res.json()).toContainEqual({ codigo_ibge: '3550308', nome: 'SÃO PAULO', uf: 'SP' });
  });
});

describe(`${url}/cep with a CEP web service configured`, () => {
  let t: TestApp;
  let server: http.Server;
  let calls = 0;
  beforeAll(async () => {
    server = http.createServer((req, res) => {
      calls++;
      res.setHeader('content-type', 'application/json');
      if (req.url?.includes('01001000'))
        res.end(
          JSON.stringify({
            cep: '01001-000',
            logradouro: 'Praça da Sé',
            bairro: 'Sé',
            localidade: 'São Paulo',
            uf: 'SP',
            ibge: '3550308',
          }),
        );
      else res.end(JSON.stringify({ erro: true }));
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const port = (server.address() as AddressInfo).port;
    t = await buildTestApp({ CEP_SERVICE_URL: `http://127.0.0.1:${port}/ws/{cep}/json/` });
  });
  afterAll(async () => {
    await t.close();
    server.close();
  });

  it('asks the service for an unknown CEP, then answers it from the municipality without asking again', async () => {
    const f = fixtures(t);
    const { headers } = await f.usuario({ unidade: await f.unidade({ tipo: 'UPA' }), perfil: 'recepcao' });
    const first = await t.app.inject({ method: 'GET', url: `${url}/cep/01001000`, headers });
    expect(first.json()).toMatchObject({
      cep: '01001000',
      uf: 'SP',
      municipio: 'SÃO PAULO',
      municipio_ibge: '3550308',
      logradouro: 'Praça da Sé',
    });
    const again = await t.app.inject({ method: 'GET', url: `${url}/cep/01001000`, headers });
    expect(again.statusCode).toBe(200);
    expect(calls).toBe(1);
    expect((await t.app.inject({ method: 'GET', url: `${url}/cep/99999999`, headers })).statusCode).toBe(404);
  });
});
