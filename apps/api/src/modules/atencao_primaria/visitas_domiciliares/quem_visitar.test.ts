import type { PerfilCodigo } from '@saude/shared';
import type { QuemVisitar } from '@saude/shared/schemas/quem_visitar';
import type { VisitaDomiciliarInput } from '@saude/shared/schemas/visita_domiciliar';
import { and, desc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditoria, cadastrosDomiciliares, cadastrosIndividuais, municipeCondicoesSaude } from '../../../db/schema';
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
});
