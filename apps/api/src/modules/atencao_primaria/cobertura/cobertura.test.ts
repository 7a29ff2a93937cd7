import { msg } from '@saude/shared';
import {
  pontosDoMapa,
  type CoberturaLinha,
  type CoberturaListaItem,
  type TerritorioMapa,
} from '@saude/shared/schemas/cobertura';
import { and, desc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditoria, municipeCondicoesSaude } from '../../../db/schema';
import { type Equipe, fixtures, type Unidade, type Usuario } from '../../../test/fixtures';
import { useTestApp } from '../../../test/helpers';

// Coverage of the territory (issue 44): each count of a micro-area, the blank cases (no birth date, no coordinates,
// never visited, deceased and moved-out people, moved-away families), the list behind each number, the CSV, the map,
// the scope of each profile and the audit.
const url = '/api/v1/atencao_primaria/cobertura';

const diasAtras = (dias: number) => new Date(Date.now() - dias * 86_400_000);
const dataAtras = (dias: number) => diasAtras(dias).toISOString().slice(0, 10);

describe(url, () => {
  const t = useTestApp();
  const f = fixtures(t);
  let unidade: Unidade;
  let equipeA: Equipe;
  let equipeB: Equipe;
  let acs: Usuario;
  let enfermagem: Usuario;
  let gestor: Usuario;
  const p: Record<string, { id: string; nome: string }> = {};
  const fam: Record<string, { id: string }> = {};

  const pessoa = async (
    nome: string,
    o: { nascimento?: string; condicoes?: Record<string, boolean | null>; obito?: boolean; saida?: number } = {},
  ) => {
    const m = await f.municipe({
      ...(o.nascimento !== undefined ? { data_nascimento: o.nascimento } : {}),
      ...(o.obito ? { data_obito: dataAtras(1), motivo_saida_cadastro_id: 135 } : {}),
      ...(o.saida ? { motivo_saida_cadastro_id: o.saida } : {}),
    });
    if (o.condicoes)
      await t.db.insert(municipeCondicoesSaude).values({ municipe_id: m.id, dados: o.condicoes as never });
    p[nome] = m;
    return m;
  };
  const get = async <T>(u: Usuario, path: string, status = 200) => {
    const res = await t.app.inject({ method: 'GET', url: `${url}${path}`, headers: u.headers });
    expect(res.statusCode, res.body).toBe(status);
    return { body: res.json<T>(), res };
  };
  const linha = (linhas: CoberturaLinha[], equipe: Equipe, micro: string | null) =>
    linhas.find((l) => l.equipe_id === equipe.id && l.micro_area === micro);

  beforeAll(async () => {
    unidade = await f.unidade();
    equipeA = await f.equipe(unidade, { micro_areas: ['01', '02'], nome: 'Equipe Aroeira' });
    equipeB = await f.equipe(unidade, { micro_areas: ['01'], nome: 'Equipe Buriti' });
    acs = await f.usuario({ unidade, equipe: equipeA, perfil: 'acs', micro_areas: ['01'] });
    enfermagem = await f.usuario({ unidade, equipe: equipeA, perfil: 'enfermagem' });
    gestor = await f.usuario({ unidade, equipe: null, perfil: 'gestor' });
    const hA = { unidade, equipe: equipeA, profissional: acs };
    const hB = { unidade, equipe: equipeB, profissional: acs };

    // Team A, micro-area 01: a home with coordinates visited 10 days ago.
    await pessoa('gestante', { condicoes: { gestante: true, hipertensao: null } });
    await pessoa('hipertenso', { condicoes: { hipertensao: true } });
    // municipes.data_nascimento is required: no citizen lacks it. An adult with a blank block is in no group.
    await pessoa('adulto', { nascimento: dataAtras(30 * 365), condicoes: { gestante: null } });
    await pessoa('falecida', { condicoes: { gestante: true }, obito: true });
    await pessoa('mudouSe', { condicoes: { diabetes: true }, saida: 136 });
    const d1 = await f.domicilio(hA, { st_micro_area: '01', latitude: -15.79, longitude: -47.88 });
    fam.f1 = await f.familia(hA, {
      membros: [p.gestante!, p.hipertenso!, p.adulto!, p.falecida!, p.mudouSe!],
      domicilio: d1,
    });
    await f.visita(hA, {
      familia: { id: fam.f1.id, domicilio_id: d1.id },
      municipe: p.gestante,
      data_visita: diasAtras(10),
    });

    // Team A, micro-area 01: a home without coordinates, last visited 40 days ago.
    await pessoa('crianca', { nascimento: dataAtras(400) });
    await pessoa('recem', { nascimento: dataAtras(3) });
    await pessoa('acamado', { condicoes: { acamado: true } });
    const d2 = await f.domicilio(hA, { st_micro_area: '01' });
    fam.f2 = await f.familia(hA, { membros: [p.crianca!, p.recem!, p.acamado!], domicilio: d2 });
    await f.visita(hA, {
      familia: { id: fam.f2.id, domicilio_id: d2.id },
      municipe: p.acamado,
      data_visita: diasAtras(40),
    });

    // Team A, micro-area 01: a family that moved away is never counted.
    await pessoa('mudouFamilia', { condicoes: { gestante: true } });
    await f.familia(hA, { membros: [p.mudouFamilia!], domicilio: await f.domicilio(hA), mudou: true });

    // Team A, micro-area 02: never visited, both registrations three years old.
    await pessoa('diabetico', { condicoes: { diabetes: true } });
    const velho = new Date(Date.now() - 3 * 365 * 86_400_000);
    await f.cadastroIndividual(p.diabetico!, { updated_at: velho });
    const d3 = await f.domicilio(hA, { st_micro_area: '02', updated_at: velho, latitude: -15.8, longitude: -47.9 });
    fam.f3 = await f.familia(hA, { membros: [p.diabetico!], domicilio: d3 });

    // Team B: another team's family.
    await pessoa('outraEquipe', { condicoes: { gestante: true } });
    fam.fB = await f.familia(hB, { membros: [p.outraEquipe!], domicilio: await f.domicilio(hB) });
  });

  it('counts people, families, visits, groups and blanks per team and micro-area', async () => {
    const { body } = await get<CoberturaLinha[]>(gestor, `?equipe_id=${equipeA.id}`);
    const um = linha(body, equipeA, '01')!;
    expect(um).toMatchObject({
      equipe_nome: 'Equipe Aroeira',
      // gestante, hipertenso, adulto, crianca, recem, acamado: not the dead, the moved-out, the moved family.
      pessoas: 6,
      familias: 2,
      familias_visitadas_30: 1,
      familias_visitadas_90: 2,
      familias_sem_coordenadas: 1,
      cadastros_individuais_desatualizados: 0,
      cadastros_domiciliares_desatualizados: 0,
    });
    expect(um.grupos).toEqual({
      gestante: { pessoas: 1, em_dia: 1 },
      recem_nascido: { pessoas: 1, em_dia: 0 },
      crianca_menor_2: { pessoas: 1, em_dia: 0 },
      hipertensao: { pessoas: 1, em_dia: 0 },
      diabetes: { pessoas: 0, em_dia: 0 },
      acamado: { pessoas: 1, em_dia: 0 },
      domiciliado: { pessoas: 0, em_dia: 0 },
    });
    const dois = linha(body, equipeA, '02')!;
    expect(dois).toMatchObject({
      pessoas: 1,
      familias: 1,
      familias_visitadas_30: 0,
      familias_visitadas_90: 0,
      familias_sem_coordenadas: 0,
      cadastros_individuais_desatualizados: 1,
      cadastros_domiciliares_desatualizados: 1,
    });
    expect(dois.grupos.diabetes).toEqual({ pessoas: 1, em_dia: 0 });
    expect(body.map((l) => l.micro_area)).toEqual(['01', '02']);
  });

  it('lists the people or families behind each number, and names them in the audit row', async () => {
    const lista = async (q: string) =>
      (await get<CoberturaListaItem[]>(gestor, `/lista?equipe_id=${equipeA.id}&micro_area=01&per_page=100&${q}`)).body;
    const nomes = (l: CoberturaListaItem[]) => l.map((i) => i.municipe_id ?? i.familia_id).sort();
    const ids = (...k: string[]) => k.map((n) => p[n]!.id).sort();

    expect(nomes(await lista('indicador=pessoas'))).toEqual(
      ids('gestante', 'hipertenso', 'adulto', 'crianca', 'recem', 'acamado'),
    );
    expect(nomes(await lista('indicador=familias'))).toEqual([fam.f1!.id, fam.f2!.id].sort());
    expect(nomes(await lista('indicador=familias_visitadas_30'))).toEqual([fam.f1!.id]);
    expect(nomes(await lista('indicador=familias_sem_coordenadas'))).toEqual([fam.f2!.id]);
    expect(nomes(await lista('indicador=grupo&grupo=gestante'))).toEqual(ids('gestante'));
    expect(nomes(await lista('indicador=grupo_em_dia&grupo=gestante'))).toEqual(ids('gestante'));
    expect(nomes(await lista('indicador=grupo_em_dia&grupo=acamado'))).toEqual([]);
    const acamado = (await lista('indicador=grupo&grupo=acamado'))[0]!;
    expect(acamado).toMatchObject({ nome: p.acamado!.nome, micro_area: '01', dias_sem_visita: 40 });
    expect((await lista('indicador=grupo&grupo=hipertensao'))[0]!.dias_sem_visita).toBeNull();

    const [row] = await t.db
      .select()
      .from(auditoria)
      .where(and(eq(auditoria.resource, 'atencao_primaria/cobertura'), eq(auditoria.profissional_id, gestor.id)))
      .orderBy(desc(auditoria.id))
      .limit(1);
    expect(row).toMatchObject({ action: 'index', municipe_ids: [p.hipertenso!.id] });
    expect(row!.details).toMatchObject({ indicador: 'grupo', grupo: 'hipertensao' });
  });

  it('refuses a group indicator without its group and an unknown indicator with 422', async () => {
    const r1 = await get<{ errors: Record<string, string[]> }>(
      gestor,
      `/lista?equipe_id=${equipeA.id}&indicador=grupo`,
      422,
    );
    expect(r1.body.errors.grupo).toEqual([msg.obrigatorio]);
    const r2 = await get<{ errors: Record<string, string[]> }>(
      gestor,
      `/lista?equipe_id=${equipeA.id}&indicador=tudo&micro_area=1`,
      422,
    );
    expect(Object.keys(r2.body.errors).sort()).toEqual(['indicador', 'micro_area']);
  });

  it('scopes: the agent sees their micro-areas, the team its team, the manager every team', async () => {
    const doAgente = (await get<CoberturaLinha[]>(acs, '')).body;
    expect(doAgente.map((l) => [l.equipe_id, l.micro_area])).toEqual([[equipeA.id, '01']]);
    const daEquipe = (await get<CoberturaLinha[]>(enfermagem, '')).body;
    expect(daEquipe.map((l) => [l.equipe_id, l.micro_area])).toEqual([
      [equipeA.id, '01'],
      [equipeA.id, '02'],
    ]);
    const doGestor = (await get<CoberturaLinha[]>(gestor, '')).body;
    expect(linha(doGestor, equipeB, '01')).toMatchObject({ pessoas: 1, familias: 1 });

    // Another team asked by name: 404, as an absent record.
    await get(acs, `?equipe_id=${equipeB.id}`, 404);
    await get(enfermagem, `/lista?equipe_id=${equipeB.id}`, 404);
    await get(enfermagem, `/territorio/mapa?equipe_id=${equipeB.id}`, 404);
    // The agent's other micro-area of their own team: nobody.
    expect((await get<CoberturaListaItem[]>(acs, `/lista?equipe_id=${equipeA.id}&micro_area=02`)).body).toEqual([]);
  });

  it('refuses the profiles without coverage (reception, endemic agents, surveillance)', async () => {
    for (const perfil of ['recepcao', 'ace', 'vigilancia'] as const) {
      const u = await f.usuario({ unidade, equipe: equipeA, perfil });
      for (const path of ['', `/lista?equipe_id=${equipeA.id}`, '/exportacao.csv', '/territorio/mapa'])
        await get(u, path, 403);
    }
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(401);
  });

  it('exports the table as CSV and audits the read', async () => {
    const antes = await t.db.$count(auditoria, eq(auditoria.profissional_id, enfermagem.id));
    const res = await t.app.inject({ method: 'GET', url: `${url}/exportacao.csv`, headers: enfermagem.headers });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/csv/);
    const linhas = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(linhas[0]).toMatch(/^Equipe;Microárea;Pessoas cadastradas;Famílias cadastradas;/);
    expect(linhas.slice(1).map((l) => l.split(';').slice(0, 6))).toEqual([
      ['Equipe Aroeira', '01', '6', '2', '1', '2'],
      ['Equipe Aroeira', '02', '1', '1', '0', '0'],
    ]);
    expect(await t.db.$count(auditoria, eq(auditoria.profissional_id, enfermagem.id))).toBe(antes + 1);
  });

  it('maps the homes with coordinates, never visited first, filtered by group; counts those without', async () => {
    const { body } = await get<TerritorioMapa>(enfermagem, '/territorio/mapa');
    // Columns, home i at position i of each.
    expect(body).toMatchObject({
      familia_ids: [fam.f3!.id, fam.f1!.id],
      micro_areas: ['02', '01'],
      dias_sem_visita: [null, 10],
    });
    expect(pontosDoMapa(body).map((x) => [x.familia_id, x.dias_sem_visita, x.micro_area])).toEqual([
      [fam.f3!.id, null, '02'],
      [fam.f1!.id, 10, '01'],
    ]);
    expect(pontosDoMapa(body)[0]).toMatchObject({ latitude: -15.8, longitude: -47.9 });
    expect(body).toMatchObject({ sem_coordenadas: 1, limitado: false });
    const gestantes = (await get<TerritorioMapa>(enfermagem, '/territorio/mapa?grupo=gestante')).body;
    expect(gestantes.familia_ids).toEqual([fam.f1!.id]);
    expect(gestantes.coordenadas).toHaveLength(2);
    const acamados = (await get<TerritorioMapa>(enfermagem, '/territorio/mapa?grupo=acamado')).body;
    expect(acamados).toMatchObject({ familia_ids: [], coordenadas: [], sem_coordenadas: 1 });
    const doAgente = (await get<TerritorioMapa>(acs, '/territorio/mapa?micro_area=02')).body;
    expect(doAgente.familia_ids).toEqual([]);
  });
});
