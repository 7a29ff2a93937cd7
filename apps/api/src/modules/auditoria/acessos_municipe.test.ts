import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AcessoMunicipe } from '@saude/shared/schemas/municipe_acessos';
import { todayIso } from '@saude/shared/validation/dates';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client';
import { auditoria } from '../../db/schema';
import { fixtures, UNKNOWN_ID, type MunicipeRow, type Usuario } from '../../test/fixtures';
import { auditRows, useTestApp } from '../../test/helpers';
import { selectAcessos } from './acessos_municipe';

// "Quem acessou" a citizen (issue 46): every read and change of one person, by part, from the audit trail.
describe('/api/v1/municipes/:id/acessos', () => {
  const t = useTestApp();
  const f = fixtures(t);
  let gestor: Usuario;
  let medico: Usuario;
  let recepcao: Usuario;
  let acs: Usuario;
  let ana: MunicipeRow;
  let bruno: MunicipeRow;
  const ids: Record<string, string> = {};
  const hoje = todayIso();
  const periodo = `de=01/01/2020&ate=${hoje.split('-').reverse().join('/')}`;
  const url = (id: string, q = periodo) => `/api/v1/municipes/${id}/acessos?${q}`;
  const get = (u: Usuario, path: string) => t.app.inject({ method: 'GET', url: path, headers: u.headers });
  const acessos = async (u: Usuario, path: string) => {
    const res = await get(u, path);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<AcessoMunicipe[]>();
  };

  beforeAll(async () => {
    const { unidade, equipe } = await f.territorio({ unidade: { pronto_atendimento: true } });
    gestor = await f.usuario({ unidade, equipe, perfil: 'gestor', nome: 'Gestora Helena' });
    medico = await f.usuario({ unidade, equipe, perfil: 'medico', nome: 'Doutor Caio' });
    recepcao = await f.usuario({ unidade, perfil: 'recepcao' });
    acs = await f.usuario({ unidade, equipe, perfil: 'acs', nome: 'Agente Rita' });
    const header = { unidade, equipe, profissional: acs };
    ana = await f.municipe({ equipe_id: equipe.id, profissional_id: acs.id });
    bruno = await f.municipe({ equipe_id: equipe.id, profissional_id: acs.id });
    const familia = await f.familia(header, { membros: [ana] });
    ids.visita = (await f.visita(header, { familia, municipe: ana })).id;
    ids.individual = (await f.cadastroIndividual(ana)).id;
    ids.atendimento = (await f.atendimento(header, ana)).id;
    ids.notificacao = (await f.notificacao(header, ana)).id;
    // A read of Ana's record written before audit rows named their citizens (migration 0009): only record_id.
    await t.db.insert(auditoria).values({
      profissional_id: medico.id,
      unidade_saude_id: unidade.id,
      action: 'show',
      resource: 'municipes',
      record_id: ana.id,
      created_at: new Date('2021-06-01T15:00:00Z'),
    });

    // The accesses, through the API as people make them.
    const ok = async (u: Usuario, method: 'GET' | 'PUT', path: string, payload?: object) => {
      const res = await t.app.inject({ method, url: path, headers: u.headers, payload });
      expect(res.statusCode, `${method} ${path}: ${res.body}`).toBe(200);
    };
    await ok(medico, 'GET', `/api/v1/municipes/${ana.id}`);
    await ok(gestor, 'PUT', `/api/v1/municipes/${ana.id}/condicao_saude`, { lock_version: null, hipertensao: true });
    await ok(gestor, 'GET', `/api/v1/atencao_primaria/cadastros_individuais/${ids.individual}`);
    await ok(gestor, 'GET', `/api/v1/atencao_primaria/visitas_domiciliares/${ids.visita}`);
    await ok(gestor, 'GET', `/api/v1/municipes_notificacao/${ana.id}/notificacoes/${ids.notificacao}`);
    await ok(gestor, 'GET', `/api/v1/urgencia_emergencia/atendimentos/${ids.atendimento}`);
    await ok(medico, 'GET', `/api/v1/municipes/${bruno.id}`);
  });

  it("lists every read and change of the citizen by part, with who, profile and unit — not another citizen's", async () => {
    const rows = await acessos(gestor, url(ana.id));
    expect(rows.map((r) => [r.parte, r.tipo, r.resource])).toEqual([
      ['urgencia', 'leitura', 'urgencia_emergencia/atendimentos'],
      ['notificacoes', 'leitura', 'municipes_notificacao'],
      ['visitas', 'leitura', 'atencao_primaria/visitas_domiciliares'],
      ['cadastros', 'leitura', 'atencao_primaria/cadastros_individuais'],
      ['blocos', 'escrita', 'municipes/condicoes_saude'],
      ['identificacao', 'leitura', 'municipes'],
      ['identificacao', 'leitura', 'municipes'],
    ]);
    expect(rows[5]).toMatchObject({ profissional_nome: 'Doutor Caio', perfil_nome: 'Médico(a)', action: 'show' });
    expect(rows[4]).toMatchObject({
      profissional_nome: 'Gestora Helena',
      perfil_nome: 'Gestor(a) municipal',
      action: 'create',
    });
    expect(rows.every((r) => r.unidade_nome)).toBe(true);
    // The old row, named by its record only, is the oldest.
    expect(rows[6]!.created_at).toBe('2021-06-01T15:00:00.000Z');
    const deBruno = await acessos(gestor, url(bruno.id));
    expect(deBruno.map((r) => r.resource)).toEqual(['municipes']);
  });

  it('filters by São Paulo period (dd/MM/yyyy or ISO), professional and part; pages with X-Total-Count', async () => {
    expect((await acessos(gestor, url(ana.id, 'de=01/06/2021&ate=01/06/2021'))).map((r) => r.created_at)).toEqual([
      '2021-06-01T15:00:00.000Z',
    ]);
    expect(await acessos(gestor, url(ana.id, 'de=2021-06-02&ate=2021-12-31'))).toEqual([]);
    const caio = await acessos(gestor, url(ana.id, `${periodo}&profissional=caio`));
    expect(caio.map((r) => r.profissional_nome)).toEqual(['Doutor Caio', 'Doutor Caio']);
    const visitas = await acessos(gestor, url(ana.id, `${periodo}&parte=visitas`));
    expect(visitas.map((r) => r.resource)).toEqual(['atencao_primaria/visitas_domiciliares']);
    const p1 = await get(gestor, url(ana.id, `${periodo}&parte=identificacao&per_page=1`));
    const p2 = await get(gestor, url(ana.id, `${periodo}&parte=identificacao&per_page=1&page=2`));
    expect(p1.headers['x-total-count']).toBe('2');
    expect(p2.json<AcessoMunicipe[]>().map((r) => r.created_at)).toEqual(['2021-06-01T15:00:00.000Z']);
    expect(p1.json<AcessoMunicipe[]>()[0]!.id).not.toBe(p2.json<AcessoMunicipe[]>()[0]!.id);
  });

  it('reading it is audited as a read of the history naming the citizen, the filters without their values', async () => {
    await acessos(gestor, url(ana.id, `${periodo}&profissional=caio`));
    const ultima = (await auditRows(t, { resource: 'auditoria' })).at(-1)!;
    expect(ultima).toMatchObject({ action: 'index', profissional_id: gestor.id, municipe_ids: [ana.id] });
    expect(ultima.details).toEqual({
      filtros: ['municipe_id', 'de', 'ate', 'profissional'],
      pagina: 1,
      visao: 'quem_acessou',
    });
    expect(JSON.stringify(ultima.details)).not.toContain('caio');
    // …and so the history shows who looked at it.
    const historico = await acessos(gestor, url(ana.id, `${periodo}&parte=historico`));
    expect(historico[0]).toMatchObject({ parte: 'historico', profissional_nome: 'Gestora Helena', tipo: 'leitura' });
  });

  it('exports the period as CSV, in the screen words, and audits the export', async () => {
    const res = await get(gestor, `/api/v1/municipes/${ana.id}/acessos/csv?${periodo}&parte=identificacao`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="quem-acessou-[\d-]+\.csv"$/);
    const [cabecalho, ...linhas] = res.body
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(cabecalho).toBe('Data e hora;Profissional;Perfil;Unidade;Tipo;Parte;Ação;O que;Detalhes');
    expect(linhas).toHaveLength(2);
    expect(linhas[1]).toMatch(
      /^01\/06\/2021 12:00;Doutor Caio;Médico\(a\);[^;]+;Consulta;Identificação;Consultou;Cadastro do munícipe;$/,
    );
    expect(res.body).not.toContain(bruno.nome);
    const ultima = (await auditRows(t, { resource: 'auditoria' })).at(-1)!;
    expect(ultima).toMatchObject({ municipe_ids: [ana.id] });
    expect(ultima.details).toMatchObject({ formato: 'csv', linhas: 2 });
  });

  it('prints the period as a PDF whose text holds the citizen, the filters and each access, and audits it', async () => {
    const res = await get(gestor, `/api/v1/municipes/${ana.id}/acessos/pdf?${periodo}&parte=identificacao`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="quem-acessou-[\d-]+\.pdf"$/);
    const dir = mkdtempSync(join(tmpdir(), 'quem-acessou-'));
    writeFileSync(join(dir, 'a.pdf'), res.rawPayload);
    const r = spawnSync('pdftotext', ['-layout', join(dir, 'a.pdf'), '-'], { encoding: 'utf8' });
    if ((r.error as NodeJS.ErrnoException | undefined)?.code === 'ENOENT')
      throw new Error('pdftotext not found: install poppler-utils (README, "Requisitos")');
    const texto = r.stdout.replace(/ +/g, ' ');
    expect(texto).toContain(`Quem acessou — ${ana.nome}`);
    expect(texto).toContain(`Período: 01/01/2020 a ${hoje.split('-').reverse().join('/')} · Parte: Identificação`);
    expect(texto).toContain('Data e hora Profissional Perfil Unidade Tipo Parte Acesso');
    expect(texto).toMatch(
      /01\/06\/2021 12:00 Doutor Caio Médico\(a\) .+ Consulta Identificação Consultou · Cadastro do munícipe/,
    );
    expect(texto).toContain('2 acessos');
    expect(texto).not.toContain(bruno.nome);
    expect(texto).not.toContain('Condições de saúde');
    const ultima = (await auditRows(t, { resource: 'auditoria' })).at(-1)!;
    expect(ultima).toMatchObject({ municipe_ids: [ana.id] });
    expect(ultima.details).toMatchObject({ formato: 'pdf', linhas: 2 });
  });

  it('refuses a blank, invalid or inverted period with 422 on the field', async () => {
    const erros = async (q: string) => {
      const res = await get(gestor, url(ana.id, q));
      expect(res.statusCode).toBe(422);
      return res.json<{ errors: Record<string, string[]> }>().errors;
    };
    expect(await erros('de=&ate=')).toEqual({
      de: ['Não pode ficar em branco'],
      ate: ['Não pode ficar em branco'],
    });
    expect(await erros('ate=01/01/2026')).toEqual({ de: ['Não pode ficar em branco'] });
    expect(await erros('de=31/02/2026&ate=2026-13-01')).toEqual({
      de: ['deve ser uma data válida no formato dd/mm/aaaa'],
      ate: ['deve ser uma data válida no formato dd/mm/aaaa'],
    });
    expect(await erros('de=10/03/2026&ate=09/03/2026')).toEqual({ ate: ['não pode ser anterior a 10/03/2026'] });
    expect(await erros(`${periodo}&parte=tudo`)).toEqual({ parte: ['não é válido'] });
    const csv = await get(gestor, `/api/v1/municipes/${ana.id}/acessos/csv?de=ontem&ate=`);
    expect(csv.statusCode).toBe(422);
    expect(Object.keys(csv.json<{ errors: object }>().errors).sort()).toEqual(['ate', 'de']);
  });

  it('refuses other profiles (403), and an unknown or malformed citizen (404), auditing nothing', async () => {
    const antes = (await auditRows(t, { resource: 'auditoria' })).length;
    for (const u of [medico, recepcao, acs]) {
      expect((await get(u, url(ana.id))).statusCode).toBe(403);
      expect((await get(u, `/api/v1/municipes/${ana.id}/acessos/csv?${periodo}`)).statusCode).toBe(403);
      expect((await get(u, `/api/v1/municipes/${ana.id}/acessos/pdf?${periodo}`)).statusCode).toBe(403);
    }
    expect((await get(gestor, url(UNKNOWN_ID))).statusCode).toBe(404);
    expect((await get(gestor, url('abc'))).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: url(ana.id) })).statusCode).toBe(401);
    expect(await auditRows(t, { resource: 'auditoria' })).toHaveLength(antes);
  });

  it('a profile with "Quem acessou" but not the citizen gets 404; with the citizen too, the list', async () => {
    const { unidade } = await f.territorio();
    const soTrilha = await f.usuario({ unidade, permissoes: ['municipes/lgpd:show'] });
    expect((await get(soTrilha, url(ana.id))).statusCode).toBe(404);
    expect((await get(soTrilha, `/api/v1/municipes/${ana.id}/acessos/csv?${periodo}`)).statusCode).toBe(404);
    expect((await get(soTrilha, `/api/v1/municipes/${ana.id}/acessos/pdf?${periodo}`)).statusCode).toBe(404);
    const ambos = await f.usuario({ unidade, permissoes: ['municipes/lgpd:show', 'municipes:show'] });
    expect((await acessos(ambos, url(ana.id))).length).toBeGreaterThan(0);
  });

  it("reads a citizen's months through their GIN indexes, never walking the months' created_at indexes", async () => {
    // Six full months of 15,000 rows, one in 500 naming Carla: a small page ordered by created_at tempts PostgreSQL to
    // walk every month's created_at index backwards (measured: 416 ms against 10 ms on 1.5 million rows).
    const carla = await f.municipe();
    await t.db
      .execute(sql`select auditoria_criar_particao((date_trunc('month', now()) - make_interval(months => k))::date)
      from generate_series(1, 6) k`);
    await t.db.execute(sql`insert into auditoria (action, resource, municipe_ids, created_at)
      select 'index', 'municipes',
        array[case when g % 500 = 0 then ${carla.id}::uuid else md5(g::text)::uuid end, md5((g + 1)::text)::uuid],
        date_trunc('month', now()) - make_interval(months => 1 + g % 6) + make_interval(mins => g % 40000)
      from generate_series(1, 90000) g`);
    await t.db.execute(sql`analyze auditoria`);
    const seisMeses = { de: '2000-01-01', ate: hoje, profissional: undefined, parte: undefined };
    const consulta = selectAcessos(t.db, carla.id, seisMeses).limit(10).offset(0).getSQL();
    const [linha] = await queryRows<{ 'QUERY PLAN': unknown }>(t.db, sql`explain (format json) ${consulta}`);
    type No = { 'Index Name'?: string; Plans?: No[] };
    const indices: string[] = [];
    const visitar = (n: No) => (n['Index Name'] && indices.push(n['Index Name']), n.Plans?.forEach(visitar));
    (linha!['QUERY PLAN'] as Array<{ Plan: No }>).forEach((p) => visitar(p.Plan));
    expect(indices.filter((i) => i.endsWith('_created_at_idx'))).toEqual([]);
    expect(indices.filter((i) => i.endsWith('_municipe_ids_idx')).length).toBeGreaterThanOrEqual(6);
    const res = await get(gestor, url(carla.id, `de=01/01/2000&ate=${hoje}`));
    expect(res.headers['x-total-count']).toBe('180');
  });
});
