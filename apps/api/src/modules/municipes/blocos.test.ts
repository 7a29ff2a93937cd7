import { msg, type PerfilCodigo } from '@saude/shared';
import type { CondicaoSaude, Municipe, Sociodemografica } from '@saude/shared/schemas/municipe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixtures, type Equipe, type Unidade } from '../../test/fixtures';
import { auditRows, buildTestApp, type TestApp } from '../../test/helpers';
import { municipePayload } from './test-data';

// The per-citizen blocks (spec §3, §6, §7): permissao_cadastro, sociodemographic data and health conditions.
// The worked example of test/fixtures.ts: one unit with a team, and a user per built-in profile made on demand.
const url = '/api/v1/municipes';

describe('municipes: per-citizen access and the two blocks', () => {
  let t: TestApp;
  let f: ReturnType<typeof fixtures>;
  let unidade: Unidade;
  let equipe: Equipe;
  let enf: { authorization: string };
  let adulto: Municipe;
  let crianca: Municipe;

  /** A user of the unit with a built-in profile (care teams in the team, the others without). */
  const as = async (perfil: PerfilCodigo) =>
    (
      await f.usuario({
        unidade,
        perfil,
        equipe: ['medico', 'enfermagem', 'acs', 'ace'].includes(perfil) ? equipe : null,
      })
    ).headers;

  const create = async (payload: object) => {
    const res = await t.app.inject({
      method: 'POST',
      url,
      headers: enf,
      payload: { ...payload, confirmar_duplicados: true },
    });
    if (res.statusCode !== 201) throw new Error(res.body);
    return res.json<Municipe>();
  };

  beforeAll(async () => {
    t = await buildTestApp();
    f = fixtures(t);
    ({ unidade, equipe } = await f.territorio());
    enf = await as('enfermagem');
    adulto = await create(municipePayload({ data_nascimento: '1970-01-01' }));
    const y = new Date().getFullYear() - 5;
    crianca = await create(municipePayload({ data_nascimento: `${y}-01-01`, cpf_numero: undefined }));
  });
  afterAll(async () => {
    await t.close();
  });

  describe('GET /api/municipes/{id}/permissao_cadastro', () => {
    const ask = async (who: PerfilCodigo, id = adulto.id) =>
      t.app.inject({ method: 'GET', url: `/api/municipes/${id}/permissao_cadastro`, headers: await as(who) });

    it('lists create, update and show per block from the profile of the current unit', async () => {
      expect((await ask('medico')).json()).toEqual({
        sociodemograficas: ['create', 'update', 'show'],
        condicoes_saude: ['create', 'update', 'show'],
      });
      expect((await ask('recepcao')).json()).toEqual({ sociodemograficas: [], condicoes_saude: [] });
      expect((await ask('vigilancia')).json()).toEqual({ sociodemograficas: [], condicoes_saude: ['show'] });
      expect((await ask('acs')).json()).toEqual({
        sociodemograficas: ['create', 'update', 'show'],
        condicoes_saude: ['create', 'update', 'show'],
      });
    });

    it('answers 404 for a citizen that does not exist (the web then goes back to /municipes), 422 for a malformed id', async () => {
      expect((await ask('medico', '0190a0b0-0000-7000-8000-000000000000')).statusCode).toBe(404);
      expect((await ask('medico', 'nao-e-uuid')).statusCode).toBe(422);
    });
  });

  describe('/{id}/condicao_saude', () => {
    const path = () => `${url}/${adulto.id}/condicao_saude`;

    it('answers an empty block before the first save, and audits the reading', async () => {
      const res = await t.app.inject({ method: 'GET', url: path(), headers: enf });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        municipe_id: adulto.id,
        lock_version: null,
        hipertensao: false,
        doencas_cardiacas: [],
        internacao_causa: null,
      });
      expect(
        await auditRows(t, { record_id: adulto.id, action: 'leitura', resource: 'municipes/condicoes_saude' }),
      ).toHaveLength(1);
    });

    it('creates with PUT (lock_version null), updates with the lock_version read, answers 409 to a stale save, audits each write', async () => {
      const created = await t.app.inject({
        method: 'PUT',
        url: path(),
        headers: enf,
        payload: {
          lock_version: null,
          hipertensao: true,
          diabetes: true,
          doenca_cardiaca: true,
          doencas_cardiacas: [24],
          situacao_rua: false,
          origem_alimentacao: [37],
          internacao_12_meses: true,
          internacao_causa: 'Pneumonia',
        },
      });
      expect(created.statusCode, created.body).toBe(200);
      const c = created.json<CondicaoSaude>();
      expect(c).toMatchObject({
        lock_version: 0,
        hipertensao: true,
        doencas_cardiacas: [24],
        origem_alimentacao: [],
        internacao_causa: 'Pneumonia',
      });
      const { municipe_id: _m, updated_at: _u, ...body } = c;
      const updated = await t.app.inject({
        method: 'PUT',
        url: path(),
        headers: enf,
        payload: { ...body, fumante: true },
      });
      expect(updated.statusCode, updated.body).toBe(200);
      expect(updated.json()).toMatchObject({ lock_version: 1, fumante: true });
      const stale = await t.app.inject({
        method: 'PUT',
        url: path(),
        headers: enf,
        payload: { ...body, alcool: true },
      });
      expect(stale.statusCode).toBe(409);
      expect(stale.json().code).toBe('edicao_desatualizada');
      expect(stale.json().message).toBe(msg.edicaoDesatualizada);
      const again = await t.app.inject({ method: 'POST', url: path(), headers: enf, payload: body });
      expect(again.statusCode).toBe(409);
      expect(again.json().code).toBe('edicao_desatualizada');
      const writes = await auditRows(t, { record_id: adulto.id, resource: 'municipes/condicoes_saude' });
      expect(writes.filter((w) => w.action !== 'leitura')).toMatchObject([
        { action: 'create' },
        { action: 'update', details: { campos: ['fumante'] } },
      ]);
    });

    it('requires the detail of a yes answer, word for word', async () => {
      const res = await t.app.inject({
        method: 'PUT',
        url: `${url}/${crianca.id}/condicao_saude`,
        headers: enf,
        payload: { situacao_rua: true, acesso_higiene: true },
      });
      expect(res.statusCode).toBe(422);
      expect(res.json().errors).toEqual({
        tempo_situacao_rua_id: [msg.obrigatorio],
        acesso_higiene_ids: [msg.obrigatorio],
      });
    });

    it('lets vigilância read but not write, and refuses a profile without the block with 403', async () => {
      const vig = await as('vigilancia');
      expect((await t.app.inject({ method: 'GET', url: path(), headers: vig })).statusCode).toBe(200);
      const put = await t.app.inject({ method: 'PUT', url: path(), headers: vig, payload: { fumante: true } });
      expect(put.statusCode).toBe(403);
      expect(put.json().message).toBe(msg.status403);
      const rec = await as('recepcao');
      expect((await t.app.inject({ method: 'GET', url: path(), headers: rec })).statusCode).toBe(403);
      expect(
        await auditRows(t, { action: 'permissao_negada', resource: 'municipes/condicoes_saude:show' }),
      ).not.toHaveLength(0);
    });

    it('answers 404 for a citizen that does not exist', async () => {
      const res = await t.app.inject({
        method: 'GET',
        url: `${url}/0190a0b0-0000-7000-8000-000000000000/condicao_saude`,
        headers: enf,
      });
      expect(res.statusCode).toBe(404);
    });
  });

  describe('/{id}/sociodemografica', () => {
    it('asks the caregiver question only of children aged 0 to 9', async () => {
      const adult = await t.app.inject({
        method: 'PUT',
        url: `${url}/${adulto.id}/sociodemografica`,
        headers: enf,
        payload: { responsaveis_criancas: [1] },
      });
      expect(adult.statusCode).toBe(422);
      expect(adult.json().errors).toEqual({ responsaveis_criancas: [msg.somenteCriancas] });
      const child = await t.app.inject({
        method: 'PUT',
        url: `${url}/${crianca.id}/sociodemografica`,
        headers: enf,
        payload: {
          responsaveis_criancas: [1, 134],
          frequenta_escola: true,
          curso_mais_elevado_id: '51',
          possui_deficiencia: true,
          deficiencias: [232],
        },
      });
      expect(child.statusCode, child.body).toBe(200);
      expect(child.json<Sociodemografica>()).toMatchObject({
        responsaveis_criancas: [1, 134],
        curso_mais_elevado_id: 51,
        deficiencias: [232],
        lock_version: 0,
      });
      const read = await t.app.inject({ method: 'GET', url: `${url}/${crianca.id}/sociodemografica`, headers: enf });
      expect(read.json()).toMatchObject({ responsaveis_criancas: [1, 134], lock_version: 0 });
      expect(await auditRows(t, { record_id: crianca.id, resource: 'municipes/sociodemograficas' })).toMatchObject([
        { action: 'create' },
        { action: 'leitura' },
      ]);
    });

    it('checks the occupation against the CBO table', async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: `${url}/${adulto.id}/sociodemografica`,
        headers: enf,
        payload: { ocupacao_id: '999999' },
      });
      expect(res.statusCode).toBe(422);
      expect(res.json().errors).toEqual({ ocupacao_id: [msg.naoEValido] });
      const ok = await t.app.inject({
        method: 'POST',
        url: `${url}/${adulto.id}/sociodemografica`,
        headers: enf,
        payload: { ocupacao_id: '515105' },
      });
      expect(ok.statusCode, ok.body).toBe(201);
    });

    it('refuses to create through PUT a profile that may update but not create (403), which POST would refuse too', async () => {
      const { headers } = await f.usuario({ unidade, permissoes: ['municipes/sociodemograficas:update'] });
      const fresh = await create(municipePayload());
      const put = await t.app.inject({
        method: 'PUT',
        url: `${url}/${fresh.id}/sociodemografica`,
        headers,
        payload: { frequenta_escola: true },
      });
      expect(put.statusCode).toBe(403);
      const post = await t.app.inject({
        method: 'POST',
        url: `${url}/${fresh.id}/sociodemografica`,
        headers,
        payload: { frequenta_escola: true },
      });
      expect(post.statusCode).toBe(403);
    });
  });

  describe('the first save of a block, by many at once', () => {
    // On PostgreSQL the saves run in parallel and race for the block's primary key (issue 14: 1–3 × 500 before).
    it.each([
      ['PUT', 'condicao_saude'],
      ['POST', 'condicao_saude'],
      ['PUT', 'sociodemografica'],
      ['POST', 'sociodemografica'],
    ] as const)(
      '%s /{id}/%s 20 times at once: exactly one is saved, every other answers 409, none 500',
      async (method, bloco) => {
        const m = await create(municipePayload());
        const payload = { lock_version: null, frequenta_escola: true, fumante: true };
        const res = await Promise.all(
          Array.from({ length: 20 }, () =>
            t.app.inject({ method, url: `${url}/${m.id}/${bloco}`, headers: enf, payload }),
          ),
        );
        const statuses = res.map((r) => r.statusCode);
        expect(
          statuses.filter((s) => s === 200 || s === 201),
          statuses.join(),
        ).toHaveLength(1);
        expect(
          statuses.filter((s) => s === 409),
          statuses.join(),
        ).toHaveLength(19);
        for (const r of res.filter((x) => x.statusCode === 409)) {
          expect(r.json()).toMatchObject({ code: 'edicao_desatualizada', message: msg.edicaoDesatualizada });
        }
      },
    );
  });

  it('documents every citizen route in the OpenAPI description', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/openapi.json' });
    expect(res.statusCode).toBe(200);
    const paths = Object.keys(res.json().paths);
    expect(paths).toEqual(
      expect.arrayContaining([
        '/api/v1/municipes/',
        '/api/v1/municipes/busca_avancada',
        '/api/v1/municipes/{id}/condicao_saude',
        '/api/municipes/{id}/permissao_cadastro',
      ]),
    );
  });
});
