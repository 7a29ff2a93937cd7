import { msg, type PerfilCodigo } from '@saude/shared';
import type { CondicaoSaude, Municipe, Sociodemografica } from '@saude/shared/schemas/municipe';
import { beforeAll, describe, expect, it } from 'vitest';
import { type Equipe, fixtures, type Unidade, UNKNOWN_ID } from '../../test/fixtures';
import { auditRows, useTestApp } from '../../test/helpers';
import { municipePayload } from '../../test/municipe-data';

// The per-citizen blocks (spec §3, §6, §7): permissao_cadastro, sociodemographic data and health conditions.
// The worked example of test/fixtures.ts: one unit with a team, and a user per built-in profile made on demand.
const url = '/api/v1/municipes';

describe('municipes: per-citizen access and the two blocks', () => {
  const t = useTestApp();
  const f = fixtures(t);
  let unidade: Unidade;
  let equipe: Equipe;
  let enf: { authorization: string };
  let adulto: Municipe;
  let crianca: Municipe;

  /** A user of the unit with a built-in profile. */
  const as = async (perfil: PerfilCodigo) => (await f.como(perfil, { unidade, equipe })).headers;

  /** A citizen of the team's territory (in the nurse's care), through the API. */
  const create = async (payload: object) => {
    const res = await t.app.inject({
      method: 'POST',
      url,
      headers: enf,
      payload: { equipe_id: equipe.id, ...payload, confirmar_duplicados: true },
    });
    if (res.statusCode !== 201) throw new Error(res.body);
    return res.json<Municipe>();
  };

  beforeAll(async () => {
    ({ unidade, equipe } = await f.territorio());
    enf = await as('enfermagem');
    adulto = await create(municipePayload({ data_nascimento: '1970-01-01' }));
    const y = new Date().getFullYear() - 5;
    crianca = await create(municipePayload({ data_nascimento: `${y}-01-01`, cpf_numero: undefined }));
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
      // Surveillance sees the health of notified citizens only (cuidado.ts, rule d); this one is not notified.
      expect((await ask('vigilancia')).json()).toEqual({ sociodemograficas: [], condicoes_saude: [] });
      expect((await ask('acs')).json()).toEqual({
        sociodemograficas: ['create', 'update', 'show'],
        condicoes_saude: ['create', 'update', 'show'],
      });
    });

    it('answers 404 for a citizen that does not exist or a malformed id (the web shows the not-found screen)', async () => {
      expect((await ask('medico', UNKNOWN_ID)).statusCode).toBe(404);
      expect((await ask('medico', 'nao-e-uuid')).statusCode).toBe(404);
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
        await auditRows(t, { record_id: adulto.id, action: 'show', resource: 'municipes/condicoes_saude' }),
      ).toMatchObject([{ municipe_ids: [adulto.id], details: { partes: ['condicoes_saude'] } }]);
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
      expect(writes.filter((w) => w.action !== 'show')).toMatchObject([
        { action: 'create', municipe_ids: [adulto.id] },
        { action: 'update', municipe_ids: [adulto.id], details: { campos: ['fumante'] } },
      ]);
    });

    it("requires the detail of a yes answer with spec §5's 'Não deve ficar em branco' (issue 39)", async () => {
      const res = await t.app.inject({
        method: 'PUT',
        url: `${url}/${crianca.id}/condicao_saude`,
        headers: enf,
        payload: { situacao_rua: true, acesso_higiene: true },
      });
      expect(res.statusCode).toBe(422);
      expect(res.json().errors).toEqual({
        tempo_situacao_rua_id: [msg.naoDeveFicarEmBranco],
        acesso_higiene_ids: [msg.naoDeveFicarEmBranco],
      });
    });

    it('refuses a profile without the block with 403, and vigilância writing with 403', async () => {
      const vig = await as('vigilancia');
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
        url: `${url}/${UNKNOWN_ID}/condicao_saude`,
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
        { action: 'show' },
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
      // Attended in the user's unit (its reference unit): in scope, so the refusal is the profile's.
      const fresh = await create(municipePayload({ unidade_saude_referencia_id: unidade.id }));
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

  describe("who may see a citizen's health blocks (issue 14, cuidado.ts)", () => {
    const blocoDe = (id: string, headers: { authorization: string }) =>
      t.app.inject({ method: 'GET', url: `${url}/${id}/condicao_saude`, headers });
    const permissao = async (id: string, headers: { authorization: string }) =>
      (await t.app.inject({ method: 'GET', url: `/api/municipes/${id}/permissao_cadastro`, headers })).json();

    it("refuses another team's citizen with 404 on read and write, hides the tabs, and still shows the record", async () => {
      const outra = await f.territorio();
      const deles = await f.municipe({ equipe_id: outra.equipe.id, unidade_saude_referencia_id: outra.unidade.id });
      for (const method of ['GET', 'PUT', 'POST'] as const) {
        for (const bloco of ['condicao_saude', 'sociodemografica']) {
          const payload = method === 'GET' ? undefined : { fumante: true };
          const res = await t.app.inject({ method, url: `${url}/${deles.id}/${bloco}`, headers: enf, payload });
          expect(res.statusCode, `${method} ${bloco}`).toBe(404);
          expect(res.json().message).toBe(msg.cadastroNaoEncontrado);
        }
      }
      expect(await permissao(deles.id, enf)).toEqual({ sociodemograficas: [], condicoes_saude: [] });
      // Identification is municipality-wide (reception must find anyone), and that read is audited.
      const ficha = await t.app.inject({ method: 'GET', url: `${url}/${deles.id}`, headers: enf });
      expect(ficha.statusCode).toBe(200);
      expect(await auditRows(t, { record_id: deles.id, action: 'show', resource: 'municipes' })).toHaveLength(1);
      // Another team of the same unit: its own citizens only.
      const vizinha = await f.equipe(unidade);
      const medVizinha = (await f.usuario({ unidade, perfil: 'medico', equipe: vizinha })).headers;
      expect((await blocoDe(adulto.id, medVizinha)).statusCode).toBe(404);
    });

    it("lets the manager (todos) read any citizen's blocks", async () => {
      const outra = await f.territorio();
      const deles = await f.municipe({ equipe_id: outra.equipe.id });
      const gestor = await as('gestor');
      expect((await blocoDe(deles.id, gestor)).statusCode).toBe(200);
      expect((await permissao(deles.id, gestor)).condicoes_saude).toContain('show');
    });

    it('opens the blocks of an active family member of the team, not of a family that moved', async () => {
      const med = await f.usuario({ unidade, perfil: 'medico', equipe });
      const header = { unidade, equipe, profissional: med };
      const membro = await f.municipe();
      const antigo = await f.municipe();
      await f.familia(header, { membros: [membro] });
      await f.familia(header, { membros: [antigo], mudou: true });
      expect((await blocoDe(membro.id, med.headers)).statusCode).toBe(200);
      expect((await blocoDe(antigo.id, med.headers)).statusCode).toBe(404);
    });

    it('opens the blocks of a citizen attended in the current unit: its reference unit, or a visit made there', async () => {
      const semEquipe = (await f.usuario({ unidade, perfil: 'enfermagem', equipe: null })).headers;
      const referencia = await f.municipe({ unidade_saude_referencia_id: unidade.id });
      const visitado = await f.municipe();
      const estranho = await f.municipe();
      const acs = await f.usuario({ unidade, perfil: 'acs', equipe });
      await f.visita({ unidade, equipe, profissional: acs }, { municipe: visitado });
      expect((await blocoDe(referencia.id, semEquipe)).statusCode).toBe(200);
      expect((await blocoDe(visitado.id, semEquipe)).statusCode).toBe(200);
      expect((await blocoDe(estranho.id, semEquipe)).statusCode).toBe(404);
    });

    it('lets surveillance read the health of a notified citizen, and of no one else (rule d)', async () => {
      const outra = await f.territorio();
      const notificado = await f.municipe({ equipe_id: outra.equipe.id });
      const ninguem = await f.municipe({ equipe_id: outra.equipe.id });
      const vigilancia = await as('vigilancia');
      expect((await blocoDe(notificado.id, vigilancia)).statusCode).toBe(404);
      // A nurse of the other unit notifies the case.
      const enfOutra = (await f.usuario({ unidade: outra.unidade, perfil: 'enfermagem', equipe: outra.equipe }))
        .headers;
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/v1/municipes_notificacao/${notificado.id}/notificacoes`,
        headers: enfOutra,
        payload: { doenca_agravo_id: '9a', data_notificacao: '2026-01-05', hora_notificacao: '10:00' },
      });
      expect(res.statusCode, res.body).toBe(201);
      expect((await blocoDe(notificado.id, vigilancia)).statusCode).toBe(200);
      expect(await permissao(notificado.id, vigilancia)).toEqual({ sociodemograficas: [], condicoes_saude: ['show'] });
      expect((await blocoDe(ninguem.id, vigilancia)).statusCode).toBe(404);
      // A care profile does not gain the citizen by the notification alone (rule d is surveillance's).
      const medico = await as('medico');
      expect((await blocoDe(notificado.id, medico)).statusCode).toBe(404);
    });

    it('refuses gestante for a male citizen (issue 12: the question is not asked of him)', async () => {
      const homem = await create(municipePayload({ sexo_id: 0 }));
      const res = await t.app.inject({
        method: 'PUT',
        url: `${url}/${homem.id}/condicao_saude`,
        headers: enf,
        payload: { gestante: true },
      });
      expect(res.statusCode).toBe(422);
      expect(res.json().errors).toEqual({ gestante: [msg.gestanteSexoMasculino] });
      const mulher = await create(municipePayload({ sexo_id: 1 }));
      const ok = await t.app.inject({
        method: 'PUT',
        url: `${url}/${mulher.id}/condicao_saude`,
        headers: enf,
        payload: { gestante: true, maternidade_referencia: 'Hospital Regional' },
      });
      expect(ok.statusCode, ok.body).toBe(200);
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
