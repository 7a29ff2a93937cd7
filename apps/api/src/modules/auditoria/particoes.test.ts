import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows, type Database } from '../../db/client';
import { auditoria, parametrizacao } from '../../db/schema';
import { openTestDatabase } from '../../test/helpers';
import { arquivarAuditoria } from './arquivo';
import { criarParticoesAuditoria, MESES_A_FRENTE, mesesParaArquivar, primeiroMesOnline } from './particoes';
import { select } from './service';

// The audit trail partitioned by month (issue 41): months made ahead, rows routed, append-only kept, old months
// archived to verified files, and a citizen's history read through the partitions' indexes.

/** The São Paulo month `n` months from now, as a partition's suffix (AAAA_MM). */
const mes = (n: number) => primeiroMesOnline(new Date(), -n);
const ONDE = (tabela: string) =>
  sql`select tableoid::regclass::text as tabela from auditoria where record_id = ${tabela}`;

describe('auditoria partitioned by month', () => {
  let database: Database;
  let drop: () => Promise<void>;
  const db = () => database.db;
  const particoes = async () =>
    (
      await queryRows<{ nome: string }>(
        db(),
        sql`select c.relname as nome from pg_inherits i join pg_class c on c.oid = i.inhrelid
          where i.inhparent = 'auditoria'::regclass order by 1`,
      )
    ).map((r) => r.nome);
  const erro = (q: ReturnType<typeof sql>) =>
    db()
      .execute(q)
      .then(
        () => 'ok',
        (e: { message?: string; cause?: { message?: string } }) => `${e.message} ${e.cause?.message ?? ''}`,
      );

  beforeAll(async () => {
    ({ database, drop } = await openTestDatabase());
  });
  afterAll(async () => {
    await database.close();
    await drop();
  });

  it('has the current month and the next ones after the migration, and creating them again creates nothing', async () => {
    const nomes = await particoes();
    for (let i = 0; i <= MESES_A_FRENTE; i++) expect(nomes).toContain(`auditoria_${mes(i)}`);
    expect(nomes).toContain('auditoria_padrao');
    // Several API processes starting together: each call waits its turn and finds the months made.
    expect(await Promise.all([1, 2, 3].map(() => criarParticoesAuditoria(db())))).toEqual([0, 0, 0]);
    expect(await particoes()).toEqual(nomes);
  });

  it('routes a row to its month, and one with no month to the default partition instead of failing', async () => {
    await db().insert(auditoria).values({ action: 'show', resource: 'municipes', record_id: 'agora' });
    await db()
      .insert(auditoria)
      .values({
        action: 'show',
        resource: 'municipes',
        record_id: 'antigo',
        created_at: new Date('2001-05-05T12:00Z'),
      });
    expect((await queryRows<{ tabela: string }>(db(), ONDE('agora')))[0]?.tabela).toBe(`auditoria_${mes(0)}`);
    expect((await queryRows<{ tabela: string }>(db(), ONDE('antigo')))[0]?.tabela).toBe('auditoria_padrao');
    // A month whose rows sit in the default partition is left there: no error, no partition.
    const [r] = await queryRows<{ n: number }>(db(), sql`select auditoria_criar_particao('2001-05-01')::int as n`);
    expect(r?.n).toBe(0);
    expect(await particoes()).not.toContain('auditoria_2001_05');
  });

  it('keeps every partition append-only', async () => {
    const atual = sql.identifier(`auditoria_${mes(0)}`);
    expect(await erro(sql`delete from ${atual}`)).toContain('DELETE não é permitido');
    expect(await erro(sql`update ${atual} set action = 'x'`)).toContain('UPDATE não é permitido');
    expect(await erro(sql`truncate ${atual}`)).toContain('TRUNCATE não é permitido');
    expect(await erro(sql`truncate auditoria_padrao`)).toContain('TRUNCATE não é permitido');
    expect(await erro(sql`truncate auditoria`)).toContain('TRUNCATE não é permitido');
  });

  it("reads one citizen's history through the partitions' indexes, never a scan of a large month", async () => {
    const atual = `auditoria_${mes(0)}`;
    // 30,000 rows of this month over 3,000 citizens: a month large enough for the planner to weigh its choices.
    await db().execute(sql`insert into auditoria (action, resource, record_id, municipe_ids)
      select 'show', 'municipes', g::text, array[md5((g % 3000)::text)::uuid] from generate_series(1, 30000) g`);
    await db().execute(sql`analyze auditoria`);
    const alvo = (await queryRows<{ id: string }>(db(), sql`select md5('7')::uuid::text as id`))[0]!.id;
    const consulta = select(db(), { municipe_id: alvo }).limit(20).offset(0).getSQL();
    const [linha] = await queryRows<{ 'QUERY PLAN': unknown }>(db(), sql`explain (format json) ${consulta}`);
    const plano = JSON.stringify(linha?.['QUERY PLAN']);
    type No = { 'Node Type': string; 'Relation Name'?: string; 'Index Name'?: string; Plans?: No[] };
    const nos: No[] = [];
    const visitar = (n: No) => (nos.push(n), n.Plans?.forEach(visitar));
    (JSON.parse(plano) as Array<{ Plan: No }>).forEach((p) => visitar(p.Plan));
    expect(nos.filter((n) => n['Relation Name'] === atual).map((n) => n['Node Type'])).not.toContain('Seq Scan');
    expect(nos.some((n) => n['Index Name'] === `${atual}_municipe_ids_idx`)).toBe(true);
    // And it answers that citizen's rows, newest first.
    const rows = await select(db(), { municipe_id: alvo }).limit(20);
    expect(rows).toHaveLength(10);
  });

  it('archives the months past the retention to verified files, then drops them; the rest stays', async () => {
    await db()
      .update(parametrizacao)
      .set({ auditoria_meses_online: 24 })
      .where(sql`id = 1`);
    for (const m of ['2019-01-01', '2019-02-01', '2019-03-01'])
      await db().execute(sql`select auditoria_criar_particao(${m}::date)`);
    await db()
      .insert(auditoria)
      .values([
        {
          action: 'show',
          resource: 'municipes',
          record_id: 'r1',
          ip: '10.0.0.1',
          details: { nota: 'aspas " e vírgula, e\nquebra' },
          municipe_ids: ['6f1c1c9e-4a4e-4b8e-9d0e-2a3b4c5d6e7f'],
          created_at: new Date('2019-01-10T12:00Z'),
        },
        { action: 'update', resource: 'municipes', record_id: 'r2', created_at: new Date('2019-01-20T12:00Z') },
        { action: 'show', resource: 'familias', record_id: 'r3', created_at: new Date('2019-02-03T12:00Z') },
      ]);
    // A run interrupted after detaching March: the next one finishes it.
    await db().execute(sql`alter table auditoria detach partition auditoria_2019_03`);
    const agora = new Date();
    expect(await mesesParaArquivar(db(), agora, 24)).toEqual([
      'auditoria_2019_01',
      'auditoria_2019_02',
      'auditoria_2019_03',
    ]);
    const antes = (await queryRows<{ n: number }>(db(), sql`select count(*)::int as n from auditoria`))[0]!.n;

    const pasta = fs.mkdtempSync(path.join(os.tmpdir(), 'auditoria-arquivo-'));
    try {
      const feitos = await arquivarAuditoria(db(), { pasta, agora });
      expect(feitos.map((f) => [f.tabela, f.linhas])).toEqual([
        ['auditoria_2019_01', 2],
        ['auditoria_2019_02', 1],
        ['auditoria_2019_03', 0],
      ]);
      const texto = execFileSync('gzip', ['-dc', path.join(pasta, 'auditoria_2019_01.csv.gz')], { encoding: 'utf8' });
      expect(texto.split('\n')[0]).toBe(
        'id,profissional_id,unidade_saude_id,action,resource,record_id,ip,details,created_at,municipe_ids',
      );
      expect(texto).toContain('"{""nota"": ""aspas \\"" e vírgula, e\\nquebra""}"');
      expect(texto).toContain('"{6f1c1c9e-4a4e-4b8e-9d0e-2a3b4c5d6e7f}"');
      // The checksum file is what `sha256sum -c` reads.
      expect(fs.readFileSync(path.join(pasta, 'auditoria_2019_01.csv.gz.sha256'), 'utf8')).toBe(
        `${feitos[0]!.sha256}  auditoria_2019_01.csv.gz\n`,
      );
      const restantes = await queryRows<{ n: number }>(
        db(),
        sql`select count(*)::int as n from pg_class where relname like 'auditoria_2019_%'`,
      );
      expect(restantes[0]?.n).toBe(0);
      const depois = (await queryRows<{ n: number }>(db(), sql`select count(*)::int as n from auditoria`))[0]!.n;
      expect(depois).toBe(antes - 3);
      expect(await particoes()).toContain(`auditoria_${mes(0)}`);
      expect(await arquivarAuditoria(db(), { pasta, agora })).toEqual([]);
    } finally {
      fs.rmSync(pasta, { recursive: true, force: true });
    }
  });

  it('counts the retention in São Paulo calendar months', () => {
    expect(primeiroMesOnline(new Date('2026-11-29T12:00Z'), 60)).toBe('2021_11');
    // 01/12 00:30 UTC is still 30/11 in São Paulo.
    expect(primeiroMesOnline(new Date('2026-12-01T00:30Z'), 1)).toBe('2026_10');
    expect(primeiroMesOnline(new Date('2026-01-15T12:00Z'), 1)).toBe('2025_12');
  });
});
