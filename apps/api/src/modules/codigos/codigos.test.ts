import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixtures } from '../../test/fixtures';
import { buildTestApp, type TestApp } from '../../test/helpers';
import { LIMITE } from './routes';

type Row = { codigo: string; descricao: string };

describe('GET /api/v1/codigos/{tabela} (issue 15: large code tables searched on the server)', () => {
  let t: TestApp;
  let headers: { authorization: string };
  beforeAll(async () => {
    t = await buildTestApp();
    const unidade = await fixtures(t).unidade();
    // Any signed-in user, whatever the profile: reference tables hold no personal data.
    ({ headers } = await fixtures(t).usuario({ unidade, permissoes: [] }));
  }, 180_000); // A fresh database per file: slow on a loaded 2-core machine.
  afterAll(async () => {
    await t.close();
  });

  const get = async (url: string, h: Record<string, string> = headers) => {
    const res = await t.app.inject({ method: 'GET', url, headers: h });
    return { status: res.statusCode, body: res.json<Row[]>() };
  };

  it('finds CBO occupations by words in any order, accents ignored, those starting with the query first', async () => {
    const { status, body } = await get('/api/v1/codigos/cbo?q=comunitario agente');
    expect(status).toBe(200);
    expect(body).toContainEqual({ codigo: '515105', descricao: 'AGENTE COMUNITÁRIO DE SAÚDE' });
    expect(body.every((r) => /agente/i.test(r.descricao) && /comunit[aá]rio/i.test(r.descricao))).toBe(true);
    const agente = (await get('/api/v1/codigos/cbo?q=agente')).body;
    expect(agente[0]!.descricao.toLowerCase().startsWith('agente')).toBe(true);
  });

  it('finds by code prefix and answers at most 50 rows', async () => {
    const { body } = await get('/api/v1/codigos/cbo?q=5151');
    expect(body.length).toBeGreaterThan(0);
    expect(body.every((r) => r.codigo.startsWith('5151'))).toBe(true);
    expect((await get('/api/v1/codigos/cid10_categoria?q=z99')).body.map((r) => r.codigo)).toEqual(['Z99']);
    expect((await get('/api/v1/codigos/cbo?q=a')).body).toHaveLength(LIMITE);
  });

  it('gives the row of a stored code, to show its name', async () => {
    expect((await get('/api/v1/codigos/cbo?codigo=515105')).body).toEqual([
      { codigo: '515105', descricao: 'AGENTE COMUNITÁRIO DE SAÚDE' },
    ]);
    expect((await get('/api/v1/codigos/cid10_categoria?codigo=Z99')).status).toBe(200);
    expect((await get('/api/v1/codigos/municipio?q=sao paulo sp')).body).toContainEqual({
      codigo: '3550308',
      descricao: 'SÃO PAULO/SP',
    });
  });

  it('refuses an unknown table with 422 and a signed-out request with 401', async () => {
    expect((await get('/api/v1/codigos/senhas?q=a')).status).toBe(422);
    expect((await get('/api/v1/codigos/cbo?q=agente', {})).status).toBe(401);
    expect((await get(`/api/v1/codigos/cbo?q=${'a'.repeat(101)}`)).status).toBe(422);
  });
});
