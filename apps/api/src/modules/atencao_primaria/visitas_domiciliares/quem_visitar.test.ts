import type { PerfilCodigo } from '@saude/shared';
import type { UnidadeParametros } from '@saude/shared/schemas/parametrizacao_sistema';
import type { QuemVisitar, QuemVisitarImovel } from '@saude/shared/schemas/quem_visitar';
import type { VisitaDomiciliarInput } from '@saude/shared/schemas/visita_domiciliar';
import { and, desc, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  auditoria,
  cadastrosDomiciliares,
  cadastrosIndividuais,
  domicilioUltimasVisitasVetoriais,
  familiaMembros,
  familias,
  municipeCondicoesSaude,
  municipes,
} from '../../../db/schema';
import { queryRows } from '../../../db/client';
import { newId } from '../../../lib/ids';
import { type Equipe, fixtures, type Headers, type Unidade, type Usuario } from '../../../test/fixtures';
import { useTestApp } from '../../../test/helpers';

// "Quem visitar" (issue 44): each rule, the blank and unanswered cases, the scope of each profile, the audit.
const base = '/api/v1/atencao_primaria/visitas_domiciliares';
const url = `${base}/quem_visitar`;

const diasAtras = (dias: number) => new Date(Date.now() - dias * 86_400_000);
const dataAtras = (dias: number) => diasAtras(dias).toISOString().slice(0, 10);

describe(url, () => {
  const t = useTestApp();
  const f = fixtures(t);
  let unidade: Unidade;
  let equipe: Equipe;
  let acsU: Usuario;
  let acs: Headers;
  let header: { unidade: Unidade; equipe: Equipe; profissional: Usuario };

  const usuario = (perfil: PerfilCodigo, o: { equipe?: Equipe | null; micro_areas?: string[] } = {}) =>
    f.usuario({ unidade, perfil, equipe: o.equipe === undefined ? equipe : o.equipe, ...o });

  /** A citizen with the health-conditions block answered as given (no block at all when `condicoes` is undefined). */
  const pessoa = async (
    o: { nascimento?: string; condicoes?: Record<string, boolean | null>; obito?: boolean } = {},
  ) => {
    const m = await f.municipe({
      ...(o.nascimento ? { data_nascimento: o.nascimento } : {}),
      ...(o.obito ? { data_obito: dataAtras(1) } : {}),
    });
    if (o.condicoes)
      await t.db.insert(municipeCondicoesSaude).values({ municipe_id: m.id, dados: o.condicoes as never });
    return m;
  };
  const familia = async (
    membros: Array<{ id: string }>,
    o: { micro_area?: string; mudou?: boolean; eq?: Equipe } = {},
  ) => {
    const h = { ...header, equipe: o.eq ?? equipe };
    const domicilio = await f.domicilio(h, { st_micro_area: o.micro_area ?? '01' });
    const fam = await f.familia(h, { membros, domicilio, mudou: o.mudou });
    return { id: fam.id, domicilioId: domicilio.id };
  };
  const visitar = async (familiaId: string, over: Partial<VisitaDomiciliarInput> = {}) => {
    const res = await t.app.inject({
      method: 'POST',
      url: base,
      headers: acs,
      payload: { id: newId(), familia_id: familiaId, desfecho_id: 1, motivo_visita_ids: [29], ...over },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<{ id: string }>().id;
  };
  const lista = async (headers = acs, query = '') => {
    const res = await t.app.inject({ method: 'GET', url: `${url}?per_page=100${query}`, headers });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<QuemVisitar[]>();
  };
  const daFamilia = (linhas: QuemVisitar[], id: string) => linhas.filter((l) => l.familia_id === id);

  beforeAll(async () => {
    unidade = await f.unidade();
    equipe = await f.equipe(unidade, { micro_areas: ['01', '02'] });
    acsU = await usuario('acs', { micro_areas: ['01'] });
    acs = acsU.headers;
    header = { unidade, equipe, profissional: acsU };
  });

  it('lists each person due by rule, most urgent first, and the family never visited; the unanswered and the dead never', async () => {
    const gestante = await pessoa({ condicoes: { gestante: true } });
    const recem = await pessoa({ nascimento: dataAtras(3) });
    const crianca = await pessoa({ nascimento: dataAtras(400) });
    const hipertenso = await pessoa({ condicoes: { hipertensao: true, diabetes: true } });
    const acamado = await pessoa({ condicoes: { acamado: true } });
    const semResposta = await pessoa({ condicoes: { gestante: null, hipertensao: null, diabetes: null } });
    const semBloco = await pessoa();
    const respondeuNao = await pessoa({ condicoes: { gestante: false, hipertensao: false } });
    const falecida = await pessoa({ condicoes: { gestante: true }, obito: true });
    const fam = await familia([
      semBloco,
      gestante,
      recem,
      crianca,
      hipertenso,
      acamado,
      semResposta,
      respondeuNao,
      falecida,
    ]);

    const linhas = daFamilia(await lista(), fam.id);
    expect(linhas.map((l) => [l.municipe_id, l.motivos])).toEqual([
      [recem.id, ['recem_nascido']],
      [gestante.id, ['gestante']],
      [crianca.id, ['crianca_menor_2']],
      [acamado.id, ['acamado']],
      [hipertenso.id, ['hipertensao', 'diabetes']],
      [null, ['familia_sem_visita']],
    ]);
    expect(linhas.every((l) => l.dias_sem_visita === null)).toBe(true);
    const familiar = linhas.at(-1)!;
    expect(familiar).toMatchObject({ nome: semBloco.nome, responsavel_nome: semBloco.nome, micro_area: '01' });
    expect(familiar.endereco).toMatch(/ACÁCIAS/i);
  });

  it('a person visited within the interval leaves the list; one visited longer ago comes back with the days', async () => {
    const g1 = await pessoa({ condicoes: { gestante: true } });
    const g2 = await pessoa({ condicoes: { gestante: true } });
    const fam = await familia([g1, g2]);
    await visitar(fam.id, { municipe_id: g1.id, data_visita: diasAtras(10).toISOString(), motivo_visita_ids: [5] });
    await visitar(fam.id, { municipe_id: g2.id, data_visita: diasAtras(40).toISOString(), motivo_visita_ids: [5] });
    const linhas = daFamilia(await lista(), fam.id);
    expect(linhas.map((l) => [l.municipe_id, l.motivos, l.dias_sem_visita])).toEqual([[g2.id, ['gestante'], 40]]);
    // The last visit is kept by the visits' triggers: a cancelled one no longer counts, the one before it does.
    const antes = await visitar(fam.id, {
      municipe_id: g2.id,
      data_visita: diasAtras(3).toISOString(),
      motivo_visita_ids: [5],
    });
    expect(daFamilia(await lista(), fam.id).filter((l) => l.municipe_id === g2.id)).toEqual([]);
    const cancelada = await t.app.inject({
      method: 'POST',
      url: `${base}/${antes}/cancelar`,
      headers: acs,
      payload: { justificativa: 'Lançada para a pessoa errada' },
    });
    expect(cancelada.statusCode, cancelada.body).toBe(200);
    expect(
      daFamilia(await lista(), fam.id)
        .filter((l) => l.municipe_id === g2.id)
        .map((l) => l.dias_sem_visita),
    ).toEqual([40]);
  });

  it('a family whose last visit found nobody or was refused is tried again; a cancelled visit does not count', async () => {
    const ausente = await familia([await pessoa()]);
    await visitar(ausente.id, { data_visita: diasAtras(2).toISOString(), desfecho_id: 3, motivo_visita_ids: [] });
    expect(daFamilia(await lista(), ausente.id).map((l) => [l.municipe_id, l.motivos, l.dias_sem_visita])).toEqual([
      [null, ['nova_tentativa'], 2],
    ]);
    const visitada = await familia([await pessoa()]);
    const v = await visitar(visitada.id, { data_visita: diasAtras(1).toISOString() });
    expect(daFamilia(await lista(), visitada.id)).toEqual([]);
    const cancelada = await t.app.inject({
      method: 'POST',
      url: `${base}/${v}/cancelar`,
      headers: acs,
      payload: { justificativa: 'Registrada na família errada' },
    });
    expect(cancelada.statusCode, cancelada.body).toBe(200);
    expect(daFamilia(await lista(), visitada.id).map((l) => l.motivos)).toEqual([['familia_sem_visita']]);
  });

  it('out-of-date registrations (over two years) are to update: the home and the person', async () => {
    const p = await pessoa();
    const fam = await familia([p]);
    await visitar(fam.id, { data_visita: diasAtras(1).toISOString() });
    await t.db
      .update(cadastrosDomiciliares)
      .set({ updated_at: diasAtras(800) })
      .where(eq(cadastrosDomiciliares.id, fam.domicilioId));
    await t.db.insert(cadastrosIndividuais).values({ id: newId(), municipe_id: p.id, updated_at: diasAtras(900) });
    const linhas = daFamilia(await lista(), fam.id);
    expect(linhas.map((l) => [l.municipe_id, l.motivos])).toEqual([
      [p.id, ['cadastro_desatualizado']],
      [null, ['cadastro_desatualizado']],
    ]);
  });

  it('a family that moved away is never listed, though its members are due', async () => {
    const fam = await familia([await pessoa({ condicoes: { gestante: true } })], { mudou: true });
    expect(daFamilia(await lista(), fam.id)).toEqual([]);
  });

  it('scope: the agent sees their micro-areas, the team its team, the manager the unit, another team and unit nothing', async () => {
    const fam02 = await familia([await pessoa({ condicoes: { gestante: true } })], { micro_area: '02' });
    expect(daFamilia(await lista(), fam02.id)).toEqual([]);
    expect(daFamilia(await lista(acs, '&micro_area=02'), fam02.id)).toEqual([]);
    const medico = await usuario('medico');
    expect(daFamilia(await lista(medico.headers), fam02.id)).toHaveLength(2);
    expect(daFamilia(await lista(medico.headers, '&micro_area=01'), fam02.id)).toEqual([]);
    // A user without a team (the manager) plans over the unit.
    const gestor = await usuario('gestor', { equipe: null });
    expect(daFamilia(await lista(gestor.headers), fam02.id)).toHaveLength(2);
    const outraEquipe = await f.equipe(unidade, { micro_areas: ['02'] });
    const acsOutra = await usuario('acs', { equipe: outraEquipe, micro_areas: ['02'] });
    expect(daFamilia(await lista(acsOutra.headers), fam02.id)).toEqual([]);
    const outra = await f.territorio();
    const enfOutra = await f.usuario({ unidade: outra.unidade, perfil: 'enfermagem', equipe: outra.equipe });
    expect(daFamilia(await lista(enfOutra.headers), fam02.id)).toEqual([]);
  });

  it('profiles without home visits get 403; no session 401; bad filters 422 with the field', async () => {
    for (const perfil of ['recepcao', 'vigilancia'] as const) {
      const u = await usuario(perfil, { equipe: null });
      expect((await t.app.inject({ method: 'GET', url, headers: u.headers })).statusCode, perfil).toBe(403);
    }
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    for (const q of ['micro_area=abc', 'page=0', 'per_page=500', 'micro_area=%00']) {
      const res = await t.app.inject({ method: 'GET', url: `${url}?${q}`, headers: acs });
      expect(res.statusCode, q).toBe(422);
      expect(Object.keys(res.json<{ errors: Record<string, string[]> }>().errors)).toEqual([q.split('=')[0]]);
    }
  });

  it('every read is audited with the citizens it shows, never the filter values', async () => {
    const p = await pessoa({ condicoes: { diabetes: true } });
    await familia([p]);
    await lista(acs, '&micro_area=01');
    const [row] = await t.db
      .select()
      .from(auditoria)
      .where(and(eq(auditoria.resource, 'atencao_primaria/visitas_domiciliares'), eq(auditoria.action, 'index')))
      .orderBy(desc(auditoria.id))
      .limit(1);
    expect(row!.details).toMatchObject({ lista: 'quem_visitar', filtros: ['micro_area'] });
    expect(JSON.stringify(row!.details)).not.toContain('"01"');
    expect(row!.municipe_ids).toContain(p.id);
  });

  it('the copy the worklist reads follows every source at once: name, health answer, family, moving out, death', async () => {
    const p = await pessoa();
    const outra = await pessoa();
    const fam = await familia([outra, p]);
    const linhaDe = async () => (await lista()).find((l) => l.municipe_id === p.id);
    expect(await linhaDe()).toBeUndefined();
    // Answered later: the person enters with the reason; the name on the line is the new one.
    await t.db.insert(municipeCondicoesSaude).values({ municipe_id: p.id, dados: { diabetes: true } as never });
    await t.db.update(municipes).set({ nome_social: 'Nome Social Novo' }).where(eq(municipes.id, p.id));
    expect(await linhaDe()).toMatchObject({ nome: 'Nome Social Novo', motivos: ['diabetes'] });
    // Another micro-area's family: out of the agent's list; back, and in again.
    await t.db.update(familias).set({ micro_area: '02' }).where(eq(familias.id, fam.id));
    expect(await linhaDe()).toBeUndefined();
    await t.db.update(familias).set({ micro_area: '01' }).where(eq(familias.id, fam.id));
    expect(await linhaDe()).toBeDefined();
    // Leaves the family: gone; a death date: gone for good.
    await t.db
      .update(familiaMembros)
      .set({ ativo: false })
      .where(and(eq(familiaMembros.familia_id, fam.id), eq(familiaMembros.municipe_id, p.id)));
    expect(await linhaDe()).toBeUndefined();
    await t.db
      .update(familiaMembros)
      .set({ ativo: true })
      .where(and(eq(familiaMembros.familia_id, fam.id), eq(familiaMembros.municipe_id, p.id)));
    expect(await linhaDe()).toBeDefined();
    // An exit for moving out of the territory (136): gone, as a death is.
    await t.db.update(municipes).set({ motivo_saida_cadastro_id: 136 }).where(eq(municipes.id, p.id));
    expect(await linhaDe()).toBeUndefined();
    await t.db.update(municipes).set({ motivo_saida_cadastro_id: null }).where(eq(municipes.id, p.id));
    expect(await linhaDe()).toBeDefined();
    await t.db
      .update(municipes)
      .set({ data_obito: dataAtras(1) })
      .where(eq(municipes.id, p.id));
    expect(await linhaDe()).toBeUndefined();
    // Whatever happened above and in the other tests, the kept copy equals what its sources say now.
    const diferencas = await queryRows(
      t.db,
      sql`
      (select * from quem_visitar_pessoas except select * from quem_visitar_pessoas_fonte)
      union all (select * from quem_visitar_pessoas_fonte except select * from quem_visitar_pessoas)`,
    );
    expect(diferencas).toEqual([]);
  });

  it("a family made and linked to its home through the API enters the list of the home's micro-area", async () => {
    const bebe = await pessoa({ nascimento: dataAtras(2) });
    const criada = await t.app.inject({
      method: 'POST',
      url: '/api/v1/atencao_primaria/familias',
      headers: acs,
      payload: { responsavel_id: bebe.id, membros: [{ municipe_id: bebe.id, parentesco_id: 1 }] },
    });
    expect(criada.statusCode, criada.body).toBe(201);
    const familiaId = criada.json<{ id: string }>().id;
    expect((await lista()).filter((l) => l.municipe_id === bebe.id)).toEqual([]);
    const casa = await f.domicilio(header, { st_micro_area: '01' });
    const ligada = await t.app.inject({
      method: 'POST',
      url: `/api/v1/atencao_primaria/cadastros_domiciliares/${casa.id}/familias`,
      headers: acs,
      payload: { familia_id: familiaId },
    });
    expect(ligada.statusCode, ligada.body).toBe(200);
    expect((await lista()).filter((l) => l.municipe_id === bebe.id).map((l) => [l.familia_id, l.motivos])).toEqual([
      [familiaId, ['recem_nascido']],
    ]);
  });

  describe('a unit adjusts the intervals (parametros/unidades_saude)', () => {
    const PARAMS = '/api/v1/parametros/unidades_saude';
    const put = async (headers: Headers, intervalos: Record<string, unknown>) => {
      const gestor = (await usuario('gestor', { equipe: null })).headers;
      const todas = await t.app.inject({ method: 'GET', url: PARAMS, headers: gestor });
      const {
        id,
        nome: _n,
        cnes: _c,
        ativo: _a,
        intervalos_visita,
        ...resto
      } = todas.json<UnidadeParametros[]>().find((u) => u.id === unidade.id)!;
      return t.app.inject({
        method: 'PUT',
        url: `${PARAMS}/${id}`,
        headers,
        payload: { ...resto, intervalos_visita: { ...intervalos_visita, ...intervalos } },
      });
    };

    it('a longer interval keeps a person visited within it off the list; the defaults come back when reset', async () => {
      const g = await pessoa({ condicoes: { gestante: true } });
      const fam = await familia([g]);
      await visitar(fam.id, { municipe_id: g.id, data_visita: diasAtras(40).toISOString(), motivo_visita_ids: [5] });
      const daGestante = async () => (await lista()).filter((l) => l.municipe_id === g.id).map((l) => l.motivos);
      expect(await daGestante()).toEqual([['gestante']]);
      const gestor = (await usuario('gestor', { equipe: null })).headers;
      const res = await put(gestor, { gestante: 60 });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json<UnidadeParametros>().intervalos_visita).toMatchObject({ gestante: 60, diabetes: 30 });
      expect(await daGestante()).toEqual([]);
      expect((await put(gestor, { gestante: 30 })).statusCode).toBe(200);
      expect(await daGestante()).toEqual([['gestante']]);
    });

    it('refuses a blank, zero, fractional or too long interval with the field (422), and any profile but the manager', async () => {
      const gestor = (await usuario('gestor', { equipe: null })).headers;
      for (const v of [0, 366, 1.5, null, 'trinta']) {
        const res = await put(gestor, { familia_sem_visita: v });
        expect(res.statusCode, String(v)).toBe(422);
        expect(Object.keys(res.json<{ errors: Record<string, string[]> }>().errors)).toEqual([
          'intervalos_visita.familia_sem_visita',
        ]);
      }
      for (const perfil of ['acs', 'enfermagem', 'ace'] as const)
        expect((await put((await usuario(perfil)).headers, { gestante: 10 })).statusCode, perfil).toBe(403);
    });
  });

  describe('the ACE: properties due an endemic-control visit', () => {
    let ace: Headers;
    let aceHeader: typeof header;
    beforeAll(async () => {
      const u = await usuario('ace', { micro_areas: ['01'] });
      ace = u.headers;
      aceHeader = { ...header, profissional: u };
    });
    const imovel = (o: Partial<typeof cadastrosDomiciliares.$inferInsert> = {}) =>
      f.domicilio(aceHeader, { st_micro_area: '01', ...o });
    const visitarImovel = async (domicilioId: string, over: Partial<VisitaDomiciliarInput> = {}, headers = ace) => {
      const res = await t.app.inject({
        method: 'POST',
        url: base,
        headers,
        payload: { id: newId(), domicilio_id: domicilioId, desfecho_id: 1, motivo_visita_ids: [34], ...over },
      });
      expect(res.statusCode, res.body).toBe(201);
      return res.json<{ id: string }>().id;
    };
    const imoveis = async (headers = ace, query = '') => {
      const res = await t.app.inject({ method: 'GET', url: `${url}/imoveis?per_page=100${query}`, headers });
      expect(res.statusCode, res.body).toBe(200);
      return res.json<QuemVisitarImovel[]>();
    };
    const de = (linhas: QuemVisitarImovel[], id: string) =>
      linhas.filter((l) => l.domicilio_id === id).map((l) => [l.motivos, l.dias_sem_visita]);

    it('lists by rule: never visited, a focus found, a strategic point, absent or refused; a recent visit clears it', async () => {
      const nunca = await imovel({ tipo_imovel_id: 2 });
      const visitado = await imovel({ tipo_imovel_id: 2 });
      const foco = await imovel({ tipo_imovel_id: 3 });
      const pe = await imovel({ tipo_imovel_id: 4 });
      const ausente = await imovel({ tipo_imovel_id: 2 });
      await visitarImovel(visitado.id, { data_visita: diasAtras(10).toISOString() });
      await visitarImovel(foco.id, { data_visita: diasAtras(10).toISOString(), motivo_visita_ids: [35, 37] });
      await visitarImovel(pe.id, { data_visita: diasAtras(20).toISOString(), motivo_visita_ids: [36] });
      await visitarImovel(ausente.id, {
        data_visita: diasAtras(5).toISOString(),
        desfecho_id: 3,
        motivo_visita_ids: [],
      });
      const linhas = await imoveis();
      expect(de(linhas, nunca.id)).toEqual([[['ciclo_vetorial'], null]]);
      expect(de(linhas, visitado.id)).toEqual([]);
      expect(de(linhas, foco.id)).toEqual([[['imovel_com_foco'], 10]]);
      expect(de(linhas, pe.id)).toEqual([[['ponto_estrategico'], 20]]);
      expect(de(linhas, ausente.id)).toEqual([[['imovel_nova_tentativa'], 5]]);
      // Priority order: retry, focus, strategic point, then the cycle.
      const ordem = linhas
        .map((l) => l.domicilio_id)
        .filter((id) => [nunca.id, foco.id, pe.id, ausente.id].includes(id));
      expect(ordem).toEqual([ausente.id, foco.id, pe.id, nunca.id]);
    });

    it("an ACS's visit for other reasons does not count; a cancelled vector-control visit recounts the last one", async () => {
      const casa = await imovel();
      const fam = await f.familia(aceHeader, { membros: [await pessoa()], domicilio: casa });
      await visitar(fam.id, { data_visita: diasAtras(1).toISOString() });
      expect((await imoveis()).filter((l) => l.domicilio_id === casa.id).map((l) => [l.familia_id, l.motivos])).toEqual(
        [[fam.id, ['ciclo_vetorial']]],
      );
      const velha = await visitarImovel(casa.id, { data_visita: diasAtras(90).toISOString() });
      const nova = await visitarImovel(casa.id, { data_visita: diasAtras(3).toISOString() });
      expect(de(await imoveis(), casa.id)).toEqual([]);
      const cancelar = (id: string) =>
        t.app.inject({
          method: 'POST',
          url: `${base}/${id}/cancelar`,
          headers: ace,
          payload: { justificativa: 'Lançada no imóvel errado' },
        });
      expect((await cancelar(nova)).statusCode).toBe(200);
      expect(de(await imoveis(), casa.id)).toEqual([[['ciclo_vetorial'], 90]]);
      expect((await cancelar(velha)).statusCode).toBe(200);
      expect(de(await imoveis(), casa.id)).toEqual([[['ciclo_vetorial'], null]]);
      const [guardada] = await t.db
        .select()
        .from(domicilioUltimasVisitasVetoriais)
        .where(eq(domicilioUltimasVisitasVetoriais.domicilio_id, casa.id));
      expect(guardada).toBeUndefined();
    });

    it("scope: the ACE's micro-areas only; another team's properties never; the visit form's context opens a property", async () => {
      const fora = await imovel({ st_micro_area: '02' });
      const outraEquipe = await f.equipe(unidade, { micro_areas: ['01'] });
      const deOutra = await f.domicilio({ ...aceHeader, equipe: outraEquipe }, { st_micro_area: '01' });
      const dentro = await imovel({ tipo_imovel_id: 3 });
      const linhas = await imoveis();
      expect(de(linhas, fora.id)).toEqual([]);
      expect(de(linhas, deOutra.id)).toEqual([]);
      expect(de(linhas, dentro.id)).toHaveLength(1);
      const ctx = await t.app.inject({
        method: 'GET',
        url: `${base}/contexto?domicilio_id=${dentro.id}`,
        headers: ace,
      });
      expect(ctx.statusCode, ctx.body).toBe(200);
      expect(ctx.json()).toMatchObject({
        domicilio_id: dentro.id,
        tipo_imovel_id: 3,
        familia_id: null,
        pode_lancar: true,
      });
      expect(ctx.json<{ endereco: { logradouro: string } }>().endereco.logradouro).toBe(dentro.logradouro);
      const alheio = await t.app.inject({
        method: 'GET',
        url: `${base}/contexto?domicilio_id=${deOutra.id}`,
        headers: ace,
      });
      expect(alheio.statusCode).toBe(404);
      for (const perfil of ['recepcao', 'vigilancia'] as const) {
        const u = await usuario(perfil, { equipe: null });
        expect((await t.app.inject({ method: 'GET', url: `${url}/imoveis`, headers: u.headers })).statusCode).toBe(403);
      }
      const ruim = await t.app.inject({ method: 'GET', url: `${url}/imoveis?micro_area=1`, headers: ace });
      expect(ruim.statusCode).toBe(422);
    });
  });
});
