import { alteracoesDe, MAX_LINHAS_CSV, type RegistroAcesso } from '@saude/shared/schemas/auditoria';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditoria } from '../../db/schema';
import { fixtures, type MunicipeRow, type Unidade, type Usuario } from '../../test/fixtures';
import { auditRows, useTestApp } from '../../test/helpers';
import { celulaCsv } from './service';

// The manager's access history (issue 14): "quem viu este cadastro", filterable, exportable as CSV, itself audited.
describe('/api/v1/auditoria', () => {
  const t = useTestApp();
  const f = fixtures(t);
  let unidade: Unidade;
  let gestor: Usuario;
  let medico: Usuario;
  let acs: Usuario;
  let recepcao: Usuario;
  let ana: MunicipeRow;
  let bruno: MunicipeRow;

  /** A row as the services write it, at a chosen instant (the trail only ever grows: insert, never update). */
  const linha = (over: Partial<typeof auditoria.$inferInsert>) =>
    t.db.insert(auditoria).values({ action: 'show', resource: 'municipes', ip: '10.1.1.1', ...over });

  beforeAll(async () => {
    const territorio = await f.territorio();
    unidade = territorio.unidade;
    gestor = await f.usuario({ unidade, perfil: 'gestor', nome: 'Gestora Helena' });
    medico = await f.usuario({ unidade, perfil: 'medico', equipe: territorio.equipe, nome: 'Doutor Caio' });
    acs = await f.usuario({ unidade, perfil: 'acs', equipe: territorio.equipe });
    recepcao = await f.usuario({ unidade, perfil: 'recepcao' });
    ana = await f.municipe();
    bruno = await f.municipe();
    await linha({
      profissional_id: medico.id,
      unidade_saude_id: unidade.id,
      resource: 'municipes/condicoes_saude',
      record_id: ana.id,
      municipe_ids: [ana.id],
      details: { partes: ['condicao_saude'] },
      created_at: new Date('2026-03-10T02:30:00Z'), // 09/03 23:30 in São Paulo
    });
    await linha({
      profissional_id: medico.id,
      unidade_saude_id: unidade.id,
      action: 'update',
      record_id: ana.id,
      municipe_ids: [ana.id, bruno.id],
      created_at: new Date('2026-03-10T15:00:00Z'),
    });
    await linha({
      profissional_id: acs.id,
      unidade_saude_id: unidade.id,
      record_id: bruno.id,
      municipe_ids: [bruno.id],
      created_at: new Date('2026-03-11T15:00:00Z'),
    });
  });

  const get = (u: Usuario | null, url: string) => t.app.inject({ method: 'GET', url, headers: u ? u.headers : {} });

  it("lists who read or changed the citizen's data, newest first, with the professional and the unit", async () => {
    const res = await get(gestor, `/api/v1/auditoria?municipe_id=${ana.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-total-count']).toBe('2');
    const rows = res.json<RegistroAcesso[]>();
    expect(rows.map((r) => [r.action, r.resource])).toEqual([
      ['update', 'municipes'],
      ['show', 'municipes/condicoes_saude'],
    ]);
    expect(rows[1]).toMatchObject({
      profissional_nome: 'Doutor Caio',
      unidade_nome: unidade.nome,
      record_id: ana.id,
      ip: '10.1.1.1',
      details: { partes: ['condicao_saude'] },
    });
  });

  // Reading the history is an access too: from here on, Ana's history also holds the manager's reads of it.
  it('filters by kind of access, by professional and by São Paulo day', async () => {
    const ids = async (q: string) =>
      (await get(gestor, `/api/v1/auditoria?municipe_id=${bruno.id}&${q}`))
        .json<RegistroAcesso[]>()
        .map((r) => r.action);
    expect(await ids('tipo=leitura')).toEqual(['show']);
    expect(await ids('tipo=escrita')).toEqual(['update']);
    expect(await ids('profissional=caio')).toEqual(['update']);
    const ana09 = await get(gestor, `/api/v1/auditoria?municipe_id=${ana.id}&de=2026-03-09&ate=2026-03-09`);
    expect(ana09.json<RegistroAcesso[]>().map((r) => r.resource)).toEqual(['municipes/condicoes_saude']);
    const ana10 = await get(gestor, `/api/v1/auditoria?municipe_id=${ana.id}&de=2026-03-10&ate=2026-03-31`);
    expect(ana10.json<RegistroAcesso[]>().map((r) => r.action)).toEqual(['update']);
  });

  it('reading the history leaves its own row, naming the citizen and the filters used but not their values', async () => {
    await get(gestor, `/api/v1/auditoria?municipe_id=${ana.id}&profissional=caio`);
    const rows = await auditRows(t, { resource: 'auditoria' });
    const ultima = rows.at(-1)!;
    expect(ultima).toMatchObject({ action: 'index', profissional_id: gestor.id, municipe_ids: [ana.id] });
    expect(ultima.details).toEqual({ filtros: ['municipe_id', 'profissional'], pagina: 1 });
    expect(JSON.stringify(ultima.details)).not.toContain('caio');
  });

  it('exports the history as a CSV a pt-BR spreadsheet opens, and audits the export', async () => {
    const res = await get(gestor, `/api/v1/auditoria/csv?municipe_id=${ana.id}&ate=2026-03-31`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="acessos-\d{4}-\d{2}-\d{2}\.csv"$/);
    const [cabecalho, ...linhas] = res.body
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(res.body.startsWith('\uFEFF')).toBe(true);
    expect(cabecalho).toBe('Data e hora;Profissional;Unidade;Ação;O que;Registro;Endereço IP;Detalhes');
    expect(linhas).toHaveLength(2);
    expect(linhas[1]).toBe(
      `09/03/2026 23:30;Doutor Caio;${unidade.nome};Consultou;Condições de saúde;${ana.id};10.1.1.1;"{""partes"":[""condicao_saude""]}"`,
    );
    const ultima = (await auditRows(t, { resource: 'auditoria' })).at(-1)!;
    expect(ultima.details).toEqual({ filtros: ['municipe_id', 'ate'], formato: 'csv', linhas: 2 });
  });

  it('never lets a spreadsheet run a cell as a formula', () => {
    expect(celulaCsv('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(celulaCsv('-1+1')).toBe("'-1+1");
    expect(celulaCsv('Maria; José')).toBe('"Maria; José"');
    expect(celulaCsv(null)).toBe('');
  });

  it(`refuses an export of more than ${MAX_LINHAS_CSV} rows instead of cutting it short`, async () => {
    const carla = await f.municipe();
    await t.db.execute(
      sql`insert into auditoria (action, resource, municipe_ids)
          select 'index', 'municipes', array[${carla.id}]::uuid[] from generate_series(1, ${MAX_LINHAS_CSV + 1})`,
    );
    const res = await get(gestor, `/api/v1/auditoria/csv?municipe_id=${carla.id}`);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({
      message: 'A exportação passaria de 50.000 acessos. Escolha um período menor ou um munícipe.',
      errors: { de: ['A exportação passaria de 50.000 acessos. Escolha um período menor ou um munícipe.'] },
    });
  });

  it('answers bad filters with 422 on the field', async () => {
    for (const [q, campo] of [
      ['municipe_id=abc', 'municipe_id'],
      ['de=31/02/2026', 'de'],
      ['tipo=tudo', 'tipo'],
      ['profissional=a%00b', null],
    ] as const) {
      const res = await get(gestor, `/api/v1/auditoria?${q}`);
      expect(res.statusCode, q).toBe(422);
      if (campo) expect(Object.keys(res.json().errors ?? {}), q).toContain(campo);
    }
  });

  it("filters any record's history by record_id and resource, with the before → after it stored (issue 22)", async () => {
    const perfilId = '0190a0b0-0000-7000-8000-00000000a022';
    await linha({
      profissional_id: gestor.id,
      unidade_saude_id: unidade.id,
      action: 'update',
      resource: 'administracao/perfis',
      record_id: perfilId,
      details: { alteracoes: { nome: { antes: 'Digitador', depois: 'Digitação' } } },
    });
    await linha({ action: 'update', resource: 'administracao/equipes', record_id: perfilId });
    const res = await get(gestor, `/api/v1/auditoria?record_id=${perfilId}&resource=administracao/perfis`);
    expect(res.statusCode).toBe(200);
    const rows = res.json<RegistroAcesso[]>();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      profissional_nome: 'Gestora Helena',
      details: { alteracoes: { nome: { antes: 'Digitador', depois: 'Digitação' } } },
    });
    expect((await get(gestor, `/api/v1/auditoria?record_id=${perfilId}`)).headers['x-total-count']).toBe('2');
    for (const q of ['record_id=a%20b', 'resource=Perfis', `record_id=${'a'.repeat(65)}`]) {
      expect((await get(gestor, `/api/v1/auditoria?${q}`)).statusCode, q).toBe(422);
    }
    const ultima = (await auditRows(t, { resource: 'auditoria' })).at(-1)!;
    expect(ultima.details).toEqual({ filtros: ['record_id'], pagina: 1 });
  });

  it('says the before → after in words: values, "alterado" for personal data, what a list gained and lost', () => {
    expect(
      alteracoesDe({
        alteracoes: {
          nome: { antes: 'Digitador', depois: 'Digitação' },
          cpf_numero: { alterado: true },
          ativo: { antes: true, depois: false },
          permissoes: { antes: ['municipes:index', 'lembretes:index'], depois: ['municipes:index', 'auditoria:index'] },
          codigo: { antes: null, depois: 'digitador' },
        },
      }),
    ).toEqual([
      { campo: 'Nome', texto: 'Digitador → Digitação' },
      { campo: 'CPF', texto: 'alterado' },
      { campo: 'Ativo', texto: 'Sim → Não' },
      { campo: 'Permissões', texto: 'incluiu Histórico de acessos: Listar; retirou Lembretes: Listar' },
      { campo: 'Código', texto: '(vazio) → digitador' },
    ]);
    expect(alteracoesDe({ partes: ['condicao_saude'] })).toBeNull();
    expect(alteracoesDe(null)).toBeNull();
  });

  it('is for managers only: other profiles get 403, nobody signed in 401', async () => {
    for (const u of [medico, acs, recepcao]) {
      expect((await get(u, `/api/v1/auditoria?municipe_id=${ana.id}`)).statusCode).toBe(403);
      expect((await get(u, `/api/v1/auditoria/csv?municipe_id=${ana.id}`)).statusCode).toBe(403);
    }
    expect((await get(null, '/api/v1/auditoria')).statusCode).toBe(401);
  });
});
