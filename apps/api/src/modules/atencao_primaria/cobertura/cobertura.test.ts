import { msg } from '@saude/shared';
import {
  LIMITE_DOMICILIOS_MAPA,
  pontosDoMapa,
  zoomQueCabe,
  type CoberturaLinha,
  type CoberturaListaItem,
  type TerritorioMapa,
} from '@saude/shared/schemas/cobertura';
import { and, desc, eq, sql } from 'drizzle-orm';
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
    expect(body.pontos).toMatchObject({
      familia_ids: [fam.f3!.id, fam.f1!.id],
      micro_areas: ['02', '01'],
      dias_sem_visita: [null, 10],
    });
    expect(pontosDoMapa(body).map((x) => [x.familia_id, x.dias_sem_visita, x.micro_area])).toEqual([
      [fam.f3!.id, null, '02'],
      [fam.f1!.id, 10, '01'],
    ]);
    expect(pontosDoMapa(body)[0]).toMatchObject({ latitude: -15.8, longitude: -47.9 });
    expect(body).toMatchObject({
      sem_coordenadas: 1,
      total: 2,
      por_faixa: { recente: 1, atencao: 0, atrasada: 0, nunca: 1 },
      grupos: { coordenadas: [], quantidades: [] },
    });
    expect(body.limites).toHaveLength(4);
    const gestantes = (await get<TerritorioMapa>(enfermagem, '/territorio/mapa?grupo=gestante')).body;
    expect(gestantes.pontos.familia_ids).toEqual([fam.f1!.id]);
    expect(gestantes.pontos.coordenadas).toHaveLength(2);
    const acamados = (await get<TerritorioMapa>(enfermagem, '/territorio/mapa?grupo=acamado')).body;
    expect(acamados).toMatchObject({ limites: null, total: 0, sem_coordenadas: 1 });
    expect(acamados.pontos.familia_ids).toEqual([]);
    const doAgente = (await get<TerritorioMapa>(acs, '/territorio/mapa?micro_area=02')).body;
    expect(doAgente.pontos.familia_ids).toEqual([]);
    // A view that holds only one of the two homes; a view refused as such.
    const [sul, oeste] = [pontosDoMapa(body)[0]!.latitude, pontosDoMapa(body)[0]!.longitude];
    const caixa = [oeste - 0.0001, sul - 0.0001, oeste + 0.0001, sul + 0.0001].join(',');
    const vista = (await get<TerritorioMapa>(enfermagem, `/territorio/mapa?zoom=17&caixa=${caixa}`)).body;
    expect(vista.pontos.familia_ids).toEqual([fam.f3!.id]);
    expect(vista).toMatchObject({ zoom: 17, total: 2 });
    for (const ruim of ['caixa=1,2,3', 'caixa=10,0,5,1', 'zoom=19', 'zoom=um', 'largura=5'])
      await get<unknown>(enfermagem, `/territorio/mapa?${ruim}`, 422);
  });
  it('past LIMITE_DOMICILIOS_MAPA homes in view, groups them by cells of the view; a close view, one by one', async () => {
    const equipeC = await f.equipe(unidade, { micro_areas: ['01'], nome: 'Equipe Cedro' });
    const hC = { unidade, equipe: equipeC, profissional: acs };
    const d = await f.domicilio(hC, { st_micro_area: '01', latitude: -10, longitude: -50 });
    const modelo = await f.familia(hC, { membros: [await pessoa('cedro')], domicilio: d });
    // LIMITE_DOMICILIOS_MAPA copies of that home and family: odd ones at the opposite corner of a 0.1° square.
    const n = LIMITE_DOMICILIOS_MAPA;
    // A valid version-4 id from a hash (the answer's schema checks every id).
    const id = (prefixo: string) =>
      sql.raw(`(overlay(overlay(md5('${prefixo}' || i) placing '4' from 13) placing '8' from 17))::uuid`);
    await t.db.execute(sql`insert into cadastros_domiciliares
      select (jsonb_populate_record(null::cadastros_domiciliares, to_jsonb(d) || jsonb_build_object(
        'id', ${id('dom')}, 'latitude', case when i % 2 = 0 then -10 else -10.1 end,
        'longitude', case when i % 2 = 0 then -50 else -50.1 end))).*
      from cadastros_domiciliares d, generate_series(1, ${n}) i where d.id = ${d.id}`);
    await t.db.execute(sql`insert into familias
      select (jsonb_populate_record(null::familias, to_jsonb(f) || jsonb_build_object(
        'id', ${id('fam')}, 'domicilio_id', ${id('dom')}, 'numero_prontuario', null))).*
      from familias f, generate_series(1, ${n}) i where f.id = ${modelo.id}`);

    const { body } = await get<TerritorioMapa>(
      gestor,
      `/territorio/mapa?equipe_id=${equipeC.id}&largura=800&altura=560`,
    );
    expect(body).toMatchObject({ total: n + 1, limites: [-10.1, -50.1, -10, -50], sem_coordenadas: 0 });
    expect(body.por_faixa).toEqual({ recente: 0, atencao: 0, atrasada: 0, nunca: n + 1 });
    expect(body.zoom).toBe(zoomQueCabe([-10.1, -50.1, -10, -50], 800, 560, 32, 16));
    // Two cells: each corner's homes, as a group at its place; no home one by one.
    expect(body.pontos.familia_ids).toEqual([]);
    expect([...body.grupos.quantidades].sort()).toEqual([n / 2, n / 2 + 1]);
    const lugares = [0, 1].map((g) => body.grupos.coordenadas.slice(2 * g, 2 * g + 2).map((c) => c.toFixed(4)));
    expect(lugares.sort()).toEqual([
      ['-10.0000', '-50.0000'],
      ['-10.1000', '-50.1000'],
    ]);
    // Close to one corner: its homes one by one, every one at its place.
    const perto = (
      await get<TerritorioMapa>(
        gestor,
        `/territorio/mapa?equipe_id=${equipeC.id}&zoom=17&caixa=-50.001,-10.001,-49.999,-9.999`,
      )
    ).body;
    expect(perto).toMatchObject({ zoom: 17, total: n + 1, grupos: { quantidades: [] } });
    expect(perto.pontos.familia_ids).toHaveLength(n / 2 + 1);
    expect(perto.pontos.familia_ids).toContain(modelo.id);
    expect(new Set(perto.pontos.coordenadas)).toEqual(new Set([-10, -50]));
  });
});
