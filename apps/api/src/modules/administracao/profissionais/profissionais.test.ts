import { msg, perfis as perfisDemo } from '@saude/shared';
import { adminMsg } from '@saude/shared/administracao_mensagens';
import type {
  Lotacao,
  LotacaoOpcoes,
  Profissional,
  ProfissionalCriado,
  ProfissionalInput,
  ProfissionalListItem,
} from '@saude/shared/schemas/administracao_profissionais';
import { cnsWeightedSum } from '@saude/shared/validation/cns';
import { cpfCheckDigit } from '@saude/shared/validation/cpf';
import { todayIso } from '@saude/shared/validation/dates';
import { and, eq, isNull } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { lotacoes, perfis, profissionais } from '../../../db/schema';
import { uniqueViolation } from '../../../db/sql';
import { newId } from '../../../lib/ids';
import { fixtures, type Equipe, type Headers, type Unidade, type Usuario, UNKNOWN_ID } from '../../../test/fixtures';
import { auditRows, login, useTestApp } from '../../../test/helpers';

const url = '/api/v1/administracao/profissionais';
/** The unique index a write broke (both drivers), or the error itself when it is something else. */
const indiceRecusado = (e: unknown) => {
  const u = uniqueViolation(e);
  if (!u) throw e;
  return u.constraint;
};
const lotUrl = '/api/v1/administracao/lotacoes';

let seq = 0;
function novoCpf(): string {
  const base = String(100_000_000 + ((Date.now() + seq++ * 7919) % 800_000_000));
  const d1 = cpfCheckDigit(base);
  return `${base}${d1}${cpfCheckDigit(`${base}${d1}`)}`;
}
function novoCns(): string {
  for (;;) {
    const base = `7${Array.from({ length: 13 }, () => Math.floor(Math.random() * 10)).join('')}`;
    const ultimo = (11 - (cnsWeightedSum(base) % 11)) % 11;
    if (ultimo < 10) return `${base}${ultimo}`;
  }
}
const mascara = (cpf: string) => `${cpf.slice(0, 3)}.${cpf.slice(3, 6)}.${cpf.slice(6, 9)}-${cpf.slice(9)}`;

describe(url, () => {
  const t = useTestApp();
  const f = fixtures(t);
  let gestor: Usuario;
  let unidade: Unidade;
  let equipe: Equipe;
  let acsPerfilId: string;
  const outros = new Map<string, Usuario>();

  beforeAll(async () => {
    ({ unidade, equipe } = await f.territorio());
    gestor = await f.usuario({ unidade, perfil: 'gestor' });
    for (const perfil of perfisDemo.filter((p) => p !== 'gestor'))
      outros.set(perfil, await f.usuario({ unidade, equipe, perfil }));
    const [acs] = await t.db.select({ id: perfis.id }).from(perfis).where(eq(perfis.codigo, 'acs'));
    acsPerfilId = acs!.id;
  });

  const novo = (over: Partial<ProfissionalInput> = {}): ProfissionalInput => {
    const n = `${Date.now().toString(36)}${seq++}`;
    return { nome: `Ana Teste ${n}`, cpf_numero: mascara(novoCpf()), login: `ana.${n}`, ...over };
  };
  const post = (b: object, headers: Headers = gestor.headers) =>
    t.app.inject({ method: 'POST', url, headers, payload: b });
  const create = async (over: Partial<ProfissionalInput> = {}) => {
    const res = await post(novo(over));
    if (res.statusCode !== 201) throw new Error(`create: ${res.statusCode} ${res.body}`);
    return res.json<ProfissionalCriado>();
  };
  const put = (c: Profissional, over: object = {}, headers: Headers = gestor.headers) => {
    const { nome, login: lg, cpf_numero, codigo_cns, email, ativo, lock_version } = c;
    return t.app.inject({
      method: 'PUT',
      url: `${url}/${c.id}`,
      headers,
      payload: { nome, login: lg, cpf_numero, codigo_cns, email, ativo, lock_version, ...over },
    });
  };
  const errorsOf = async (b: object) => {
    const res = await post(b);
    expect(res.statusCode, res.body).toBe(422);
    return res.json<{ errors: Record<string, string[]> }>().errors;
  };
  const lotacao = (profissional_id: string, over: object = {}) => ({
    profissional_id,
    unidade_saude_id: unidade.id,
    ocupacao_codigo: '515105',
    equipe_id: equipe.id,
    perfil_id: acsPerfilId,
    micro_areas: ['01'],
    inicio: '2026-01-05',
    ...over,
  });
  const postLot = (b: object, headers: Headers = gestor.headers) =>
    t.app.inject({ method: 'POST', url: lotUrl, headers, payload: b });
  /** Signs in with the one-time password, changes it, chooses the unit: the headers of a working session. */
  const entrar = async (p: { login: string }, senha: string) => {
    const res = await login(t, p.login, senha);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().usuario.senha_provisoria).toBe(true);
    const headers = { authorization: `Bearer ${res.json().token}` };
    const troca = await t.app.inject({
      method: 'PUT',
      url: '/api/v2/auth/senha',
      headers,
      payload: { senha_atual: senha, nova_senha: 'Outra-senha-forte-42', confirmacao: 'Outra-senha-forte-42' },
    });
    expect(troca.statusCode, troca.body).toBeLessThan(300);
    return headers;
  };
  const me = (headers: Headers) => t.app.inject({ method: 'GET', url: '/api/v2/auth/me', headers });

  it('creates with a one-time password shown once, stores only its hash, and audits without personal values', async () => {
    const cpf = novoCpf();
    const cns = novoCns();
    const c = await create({
      cpf_numero: mascara(cpf),
      codigo_cns: cns,
      email: 'ana.silva@saude.gov.br',
      login: 'Ana.X' + seq,
    });
    expect(c).toMatchObject({ cpf_numero: cpf, codigo_cns: cns, ativo: true, senha_provisoria: true, lotacoes: [] });
    expect(c.login).toBe(c.login.toLowerCase());
    expect(c.senha_temporaria).toMatch(/^[a-z2-9]{4}-[a-z2-9]{4}-[a-z2-9]{4}$/);
    const [row] = await t.db.select().from(profissionais).where(eq(profissionais.id, c.id));
    expect(row!.senha_hash).not.toContain(c.senha_temporaria);
    const lido = (await t.app.inject({ method: 'GET', url: `${url}/${c.id}`, headers: gestor.headers })).json();
    expect(lido).not.toHaveProperty('senha_temporaria');
    expect(lido).not.toHaveProperty('senha_hash');
    const [a] = await auditRows(t, { resource: 'administracao/profissionais', record_id: c.id });
    expect(a).toMatchObject({ action: 'create' });
    const alt = (a!.details as { alteracoes: Record<string, unknown> }).alteracoes;
    expect(alt.cpf_numero).toEqual({ alterado: true });
    expect(alt.codigo_cns).toEqual({ alterado: true });
    expect(alt.email).toEqual({ alterado: true });
    expect(alt.nome).toEqual({ antes: null, depois: c.nome });
    expect(JSON.stringify(a)).not.toContain(cpf);
    expect(JSON.stringify(a)).not.toContain(c.senha_temporaria);
  });

  it('refuses blanks, a bad CPF, CNS, e-mail and login, and a NUL byte, each on its field (422)', async () => {
    expect(await errorsOf({})).toMatchObject({
      nome: [msg.obrigatorio],
      cpf_numero: [msg.obrigatorio],
      login: [msg.obrigatorio],
    });
    expect(await errorsOf(novo({ nome: '   ' }))).toEqual({ nome: [msg.obrigatorio] });
    expect(
      await errorsOf(novo({ cpf_numero: '111.111.111-11', codigo_cns: '123', email: 'x@', login: 'tem espaço' })),
    ).toEqual({
      cpf_numero: [msg.naoEValido],
      codigo_cns: [msg.naoEValido],
      email: [msg.emailInvalido],
      login: [msg.naoEValido],
    });
    expect(Object.keys(await errorsOf(novo({ nome: 'Ana\u0000Maria' })))).toEqual(['nome']);
  });

  it('refuses a login in use (ignoring case) and a CPF in use', async () => {
    const a = await create();
    expect(await errorsOf(novo({ login: a.login.toUpperCase() }))).toEqual({ login: [msg.jaEmUso] });
    expect(await errorsOf(novo({ cpf_numero: a.cpf_numero! }))).toEqual({ cpf_numero: [msg.jaEmUso] });
    // Its own login and CPF are no conflict on an edit.
    expect((await put(a, { nome: 'Outro nome' })).statusCode).toBe(200);
    // Past the screens (the CNES import, a race): the database's own unique index refuses a second CPF.
    const [linha] = await t.db.select().from(profissionais).where(eq(profissionais.id, a.id));
    const recusa = await t.db
      .insert(profissionais)
      .values({ ...linha!, id: UNKNOWN_ID, login: `outro.${a.login}` })
      .then(() => null, indiceRecusado);
    expect(recusa).toContain('profissionais_cpf_key');
  });

  it('updates with the version read: a stale one answers 409, an unknown id 404', async () => {
    const c = await create();
    const ok = await put(c, { nome: 'Nome novo', email: 'novo@saude.gov.br' });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json<Profissional>()).toMatchObject({ nome: 'Nome novo', lock_version: c.lock_version + 1 });
    expect((await put(c, { nome: 'Atrasado' })).statusCode).toBe(409);
    expect((await put({ ...c, id: UNKNOWN_ID })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `${url}/abc`, headers: gestor.headers })).statusCode).toBe(404);
    expect(
      (await t.app.inject({ method: 'DELETE', url: `${url}/${UNKNOWN_ID}`, headers: gestor.headers })).statusCode,
    ).toBe(404);
    const [u] = await auditRows(t, { resource: 'administracao/profissionais', record_id: c.id, action: 'update' });
    expect((u!.details as { alteracoes: unknown }).alteracoes).toEqual({
      nome: { antes: c.nome, depois: 'Nome novo' },
      email: { alterado: true },
    });
  });

  it('does not read the digits inside a login as a CPF', async () => {
    const c = await create({ cpf_numero: '529.982.247-25' });
    const busca = async (texto: string) =>
      (await t.app.inject({ method: 'GET', url, headers: gestor.headers, query: { texto } })).json<
        ProfissionalListItem[]
      >();
    expect((await busca('529.982')).map((r) => r.id)).toContain(c.id);
    expect((await busca('ana.z982')).map((r) => r.id)).not.toContain(c.id);
  });

  it('lists by name, login or CPF digits, by unit and by active, 10 a page with X-Total-Count', async () => {
    const marca = `zq${Date.now().toString(36)}`;
    const a = await create({ nome: `Bruna ${marca}` });
    const b = await create({ nome: `Carla ${marca}`, ativo: false });
    await postLot(lotacao(a.id));
    const q = async (query: Record<string, string>) => {
      const res = await t.app.inject({ method: 'GET', url, headers: gestor.headers, query });
      expect(res.statusCode, res.body).toBe(200);
      return { rows: res.json<ProfissionalListItem[]>(), total: Number(res.headers['x-total-count']) };
    };
    expect((await q({ texto: marca })).rows.map((r) => r.id)).toEqual([a.id, b.id]);
    expect((await q({ texto: mascara(a.cpf_numero!) })).rows.map((r) => r.id)).toEqual([a.id]);
    expect((await q({ texto: a.login })).rows.map((r) => r.id)).toEqual([a.id]);
    expect((await q({ texto: marca, ativo: 'false' })).rows.map((r) => r.id)).toEqual([b.id]);
    const naUnidade = await q({ texto: marca, unidade_saude_id: unidade.id });
    expect(naUnidade.rows).toEqual([expect.objectContaining({ id: a.id, unidades: [unidade.nome] })]);
    const pagina = await q({});
    expect(pagina.rows.length).toBeLessThanOrEqual(10);
    expect(pagina.total).toBeGreaterThanOrEqual(pagina.rows.length);
    expect((await t.app.inject({ method: 'GET', url, headers: gestor.headers, query: { page: '0' } })).statusCode).toBe(
      422,
    );
  });

  it('deactivating ends every session of the professional at once (their token gets 401)', async () => {
    const c = await create();
    await postLot(lotacao(c.id));
    const headers = await entrar(c, c.senha_temporaria);
    expect((await me(headers)).statusCode).toBe(200);
    const del = await t.app.inject({ method: 'DELETE', url: `${url}/${c.id}`, headers: gestor.headers });
    expect(del.statusCode).toBe(204);
    expect((await me(headers)).statusCode).toBe(401);
    const lido = (
      await t.app.inject({ method: 'GET', url: `${url}/${c.id}`, headers: gestor.headers })
    ).json<Profissional>();
    expect(lido.ativo).toBe(false);
    expect((await login(t, c.login, 'Outra-senha-forte-42')).statusCode).toBe(401);
    expect(
      await auditRows(t, { resource: 'administracao/profissionais', record_id: c.id, action: 'destroy' }),
    ).toHaveLength(1);
  });

  it('a save with ativo false ends the sessions too', async () => {
    const c = await create();
    await postLot(lotacao(c.id));
    const headers = await entrar(c, c.senha_temporaria);
    const atual = (
      await t.app.inject({ method: 'GET', url: `${url}/${c.id}`, headers: gestor.headers })
    ).json<Profissional>();
    expect((await put(atual, { ativo: false })).statusCode).toBe(200);
    expect((await me(headers)).statusCode).toBe(401);
  });

  it('a reset gives a working one-time password, ends the sessions and never audits the password', async () => {
    const c = await create();
    await postLot(lotacao(c.id));
    const headers = await entrar(c, c.senha_temporaria);
    const res = await t.app.inject({ method: 'POST', url: `${url}/${c.id}/redefinir_senha`, headers: gestor.headers });
    expect(res.statusCode, res.body).toBe(200);
    const { senha_temporaria, login: lg } = res.json<{ senha_temporaria: string; login: string }>();
    expect(lg).toBe(c.login);
    expect(senha_temporaria).not.toBe(c.senha_temporaria);
    expect((await me(headers)).statusCode).toBe(401);
    expect((await login(t, c.login, 'Outra-senha-forte-42')).statusCode).toBe(401);
    const novas = await entrar(c, senha_temporaria);
    // The new one-time password opens a session (limited to /me and the password change until it is changed).
    expect((await me(novas)).statusCode).toBe(200);
    const [a] = await auditRows(t, {
      resource: 'administracao/profissionais',
      record_id: c.id,
      action: 'redefinir_senha',
    });
    expect(JSON.stringify(a)).not.toContain(senha_temporaria);
    expect(
      (await t.app.inject({ method: 'POST', url: `${url}/${UNKNOWN_ID}/redefinir_senha`, headers: gestor.headers }))
        .statusCode,
    ).toBe(404);
  });

  describe('assignments', () => {
    it('creates one with names to show, lists it with the professional, and audits it under the professional', async () => {
      const c = await create();
      const res = await postLot(lotacao(c.id));
      expect(res.statusCode, res.body).toBe(201);
      const l = res.json<Lotacao>();
      expect(l).toMatchObject({
        unidade_nome: unidade.nome,
        equipe_nome: equipe.nome,
        perfil_nome: expect.any(String),
        ocupacao_codigo: '515105',
        ocupacao_nome: expect.stringMatching(/AGENTE COMUNIT/i),
        micro_areas: ['01'],
        inicio: '2026-01-05',
        fim: null,
        ativo: true,
      });
      const p = (
        await t.app.inject({ method: 'GET', url: `${url}/${c.id}`, headers: gestor.headers })
      ).json<Profissional>();
      expect(p.lotacoes).toEqual([l]);
      const lista = await t.app.inject({
        method: 'GET',
        url: lotUrl,
        headers: gestor.headers,
        query: { profissional_id: c.id },
      });
      expect(lista.json()).toEqual([l]);
      expect(lista.headers['x-total-count']).toBe('1');
      const rows = await auditRows(t, { resource: 'administracao/lotacoes', record_id: c.id });
      expect(rows).toMatchObject([{ action: 'create', details: { lotacao_id: l.id } }]);
    });

    it('refuses blanks, an unknown CBO, a team of another unit, micro-areas outside the team, an end before the start', async () => {
      const c = await create();
      const erros = async (b: object) => {
        const res = await postLot(b);
        expect(res.statusCode, res.body).toBe(422);
        return res.json<{ errors: Record<string, string[]> }>().errors;
      };
      expect(await erros({ profissional_id: c.id })).toMatchObject({
        unidade_saude_id: [msg.obrigatorio],
        ocupacao_codigo: [msg.obrigatorio],
        perfil_id: [msg.obrigatorio],
        inicio: [msg.obrigatorio],
      });
      const outra = await f.territorio();
      expect(await erros(lotacao(c.id, { ocupacao_codigo: '999999', equipe_id: outra.equipe.id }))).toEqual({
        ocupacao_codigo: [msg.naoEValido],
        equipe_id: [msg.naoEValido],
      });
      expect(await erros(lotacao(c.id, { micro_areas: ['01', '09'] }))).toEqual({ micro_areas: [msg.naoEValido] });
      expect(await erros(lotacao(c.id, { equipe_id: null }))).toEqual({
        micro_areas: [adminMsg.lotacaoMicroAreasSemEquipe],
      });
      expect(await erros(lotacao(c.id, { fim: '2026-01-04' }))).toEqual({ fim: [adminMsg.lotacaoFimAntesDoInicio] });
      expect(await erros(lotacao(c.id, { inicio: '05/01/2026' }))).toEqual({ inicio: [msg.dateFormat] });
      const inativa = await f.unidade({ ativo: false });
      expect(await erros(lotacao(c.id, { unidade_saude_id: inativa.id, equipe_id: null, micro_areas: [] }))).toEqual({
        unidade_saude_id: [msg.naoEValido],
      });
      expect(await erros(lotacao(UNKNOWN_ID))).toEqual({ profissional_id: [msg.naoEValido] });
      expect(Object.keys(await erros(lotacao(c.id, { ocupacao_codigo: '5151\u000005' })))).toEqual(['ocupacao_codigo']);
    });

    it('refuses the same professional × unit × CBO × team active twice, but not once the first has ended', async () => {
      const c = await create();
      const l = (await postLot(lotacao(c.id))).json<Lotacao>();
      const dup = await postLot(lotacao(c.id, { micro_areas: ['02'] }));
      expect(dup.statusCode).toBe(422);
      expect(dup.json().errors).toEqual({ unidade_saude_id: [adminMsg.lotacaoDuplicada] });
      expect((await postLot(lotacao(c.id, { equipe_id: null, micro_areas: [] }))).statusCode).toBe(201);
      // Past the screens, the database's own index refuses the same active assignment (no team counts as one team).
      for (const equipe of [l.equipe_id, null]) {
        const [ativa] = await t.db
          .select()
          .from(lotacoes)
          .where(
            and(
              eq(lotacoes.profissional_id, c.id),
              equipe ? eq(lotacoes.equipe_id, equipe) : isNull(lotacoes.equipe_id),
            ),
          );
        const recusa = await t.db
          .insert(lotacoes)
          .values({ ...ativa!, id: newId() })
          .then(() => null, indiceRecusado);
        expect(recusa).toContain('lotacoes_ativa_key');
      }
      const fim = await t.app.inject({ method: 'POST', url: `${lotUrl}/${l.id}/encerrar`, headers: gestor.headers });
      expect(fim.statusCode, fim.body).toBe(200);
      expect(fim.json<Lotacao>()).toMatchObject({ ativo: false, fim: todayIso() });
      expect((await postLot(lotacao(c.id))).statusCode).toBe(201);
      const denovo = await t.app.inject({ method: 'POST', url: `${lotUrl}/${l.id}/encerrar`, headers: gestor.headers });
      expect(denovo.statusCode).toBe(409);
    });

    it('updates with the version read (409 stale, 404 unknown)', async () => {
      const c = await create();
      const l = (await postLot(lotacao(c.id))).json<Lotacao>();
      const corpo = { ...lotacao(c.id), lock_version: l.lock_version };
      const { profissional_id: _p, ...semProf } = corpo;
      const ok = await t.app.inject({
        method: 'PUT',
        url: `${lotUrl}/${l.id}`,
        headers: gestor.headers,
        payload: { ...semProf, micro_areas: ['02', '03'] },
      });
      expect(ok.statusCode, ok.body).toBe(200);
      expect(ok.json<Lotacao>()).toMatchObject({ micro_areas: ['02', '03'], lock_version: l.lock_version + 1 });
      const velho = await t.app.inject({
        method: 'PUT',
        url: `${lotUrl}/${l.id}`,
        headers: gestor.headers,
        payload: semProf,
      });
      expect(velho.statusCode).toBe(409);
      const nada = await t.app.inject({
        method: 'PUT',
        url: `${lotUrl}/${UNKNOWN_ID}`,
        headers: gestor.headers,
        payload: semProf,
      });
      expect(nada.statusCode).toBe(404);
      const [u] = await auditRows(t, { resource: 'administracao/lotacoes', record_id: c.id, action: 'update' });
      expect((u!.details as { alteracoes: unknown }).alteracoes).toEqual({
        micro_areas: { antes: ['01'], depois: ['02', '03'] },
      });
    });

    it('ending an assignment ends the sessions in that unit at once, not in another', async () => {
      const c = await create();
      const l = (await postLot(lotacao(c.id))).json<Lotacao>();
      const outra = await f.unidade();
      await postLot(lotacao(c.id, { unidade_saude_id: outra.id, equipe_id: null, micro_areas: [] }));
      const aqui = await entrar(c, c.senha_temporaria);
      const escolher = (h: Headers, id: string) =>
        t.app.inject({
          method: 'PUT',
          url: '/api/v2/auth/unidade_atual',
          headers: h,
          payload: { unidade_saude_id: id },
        });
      expect((await escolher(aqui, unidade.id)).statusCode).toBe(200);
      const la = { authorization: `Bearer ${(await login(t, c.login, 'Outra-senha-forte-42')).json().token}` };
      expect((await escolher(la, outra.id)).statusCode).toBe(200);
      await t.app.inject({ method: 'POST', url: `${lotUrl}/${l.id}/encerrar`, headers: gestor.headers });
      expect((await me(aqui)).statusCode).toBe(401);
      expect((await me(la)).statusCode).toBe(200);
    });

    it('answers the form options: active units with their teams, and the profiles', async () => {
      const res = await t.app.inject({ method: 'GET', url: `${lotUrl}/opcoes`, headers: gestor.headers });
      expect(res.statusCode).toBe(200);
      const o = res.json<LotacaoOpcoes>();
      const u = o.unidades.find((x) => x.id === unidade.id);
      expect(u?.equipes).toEqual([{ id: equipe.id, nome: equipe.nome, micro_areas: ['01', '02', '03'] }]);
      expect(o.perfis.map((p) => p.codigo)).toEqual(expect.arrayContaining(['acs', 'gestor']));
    });
  });

  it('every other profile gets 403 on every route', async () => {
    const c = await create();
    const l = (await postLot(lotacao(c.id))).json<Lotacao>();
    const rotas: Array<[string, string]> = [
      ['GET', url],
      ['POST', url],
      ['GET', `${url}/${c.id}`],
      ['PUT', `${url}/${c.id}`],
      ['DELETE', `${url}/${c.id}`],
      ['POST', `${url}/${c.id}/redefinir_senha`],
      ['GET', `${lotUrl}?profissional_id=${c.id}`],
      ['GET', `${lotUrl}/opcoes`],
      ['POST', lotUrl],
      ['GET', `${lotUrl}/${l.id}`],
      ['PUT', `${lotUrl}/${l.id}`],
      ['POST', `${lotUrl}/${l.id}/encerrar`],
    ];
    expect(outros.size).toBe(perfisDemo.length - 1);
    for (const [perfil, u] of outros) {
      for (const [method, rota] of rotas) {
        const res = await t.app.inject({
          method: method as 'GET',
          url: rota,
          headers: u.headers,
          payload: method === 'GET' || method === 'DELETE' ? undefined : {},
        });
        expect(res.statusCode, `${perfil} ${method} ${rota}`).toBe(403);
      }
    }
    // Nothing changed.
    const p = (
      await t.app.inject({ method: 'GET', url: `${url}/${c.id}`, headers: gestor.headers })
    ).json<Profissional>();
    expect(p).toMatchObject({ ativo: true, lock_version: 0 });
  });
});
