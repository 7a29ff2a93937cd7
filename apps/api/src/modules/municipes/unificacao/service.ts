import {
  CAMPOS_UNIFICAVEIS,
  rotuloCampoUnificavel,
  type CampoUnificavel,
  type Comparacao,
  type Duplicado,
  type DuplicadoFilters,
  type Unificacao,
  type UnificacaoFilters,
  type UnificarInput,
  unificacaoMsg,
} from '@saude/shared/schemas/municipe_unificacao';
import { and, eq, getTableColumns, sql, type SQL } from 'drizzle-orm';
import { audit, auditedRead } from '../../../access/audit';
import type { Ctx } from '../../../access/context';
import { queryRows, type DbOrTx } from '../../../db/client';
import {
  cadastrosIndividuais,
  familiaMembros,
  municipeDuplicados,
  municipes,
  municipeUnificacaoMovidos,
  municipeUnificacoes,
  parametrizacao,
} from '../../../db/schema';
import { conflict, notFound, staleEdit, unprocessable } from '../../../lib/errors';
import { newId } from '../../../lib/ids';
import type { PageResult } from '../../../lib/paginate';
import { autor } from '../../../lib/versioned';
import {
  apontarPara,
  chaveSql,
  contarVinculos,
  FICAM_SE_O_SOBREVIVENTE_TEM,
  ROTULOS_TABELAS,
  vinculos,
} from './vinculos';

// Merging two records of one person (issue 45, docs/decisions.md "Duplicate citizens"). One transaction: both rows
// locked, the survivor takes the picked values, every row pointing at the absorbed one moves (and is written down),
// the absorbed stays as a tombstone. The undo writes both rows back and moves each written-down row back.

export const RESOURCE = 'municipes/unificacoes';

type Linha = typeof municipes.$inferSelect;
type Lado = 'a' | 'b';

const vazio = (v: unknown) => v === null || v === undefined || v === '' || v === false;

/** The default pick: the filled one; both filled, the more recently saved record's. */
export function padrao(a: Linha, b: Linha, campo: CampoUnificavel): Lado {
  if (vazio(a[campo]) && !vazio(b[campo])) return 'b';
  if (vazio(b[campo])) return 'a';
  return b.updated_at > a.updated_at ? 'b' : 'a';
}

/** Both rows, locked in id order (two merges crossing never deadlock); 404 when one is missing or a tombstone. */
async function travarPar(tx: DbOrTx, aId: string, bId: string): Promise<{ a: Linha; b: Linha }> {
  const rows = await tx
    .select()
    .from(municipes)
    .where(sql`${municipes.id} in (${aId}, ${bId})`)
    .orderBy(municipes.id)
    .for('update');
  const a = rows.find((r) => r.id === aId);
  const b = rows.find((r) => r.id === bId);
  if (!a || !b) throw notFound();
  if (a.unificado_em_id || b.unificado_em_id) throw conflict(unificacaoMsg.unificacaoJaUnificado);
  return { a, b };
}

/** What refuses a merge: two different active families, two active individual registrations (never resolved silently). */
async function conflitos(tx: DbOrTx, aId: string, bId: string): Promise<string[]> {
  const out: string[] = [];
  const familias = await tx
    .selectDistinct({ familia_id: familiaMembros.familia_id })
    .from(familiaMembros)
    .where(and(sql`${familiaMembros.municipe_id} in (${aId}, ${bId})`, eq(familiaMembros.ativo, true)));
  if (familias.length > 1) out.push(unificacaoMsg.unificacaoDuasFamilias);
  const [ativos] = await queryRows<{ n: number }>(
    tx,
    sql`select count(distinct ${cadastrosIndividuais.municipe_id})::int as n from ${cadastrosIndividuais}
      where ${cadastrosIndividuais.municipe_id} in (${aId}, ${bId}) and ${cadastrosIndividuais.saida_em} is null`,
  );
  if ((ativos?.n ?? 0) > 1) out.push(unificacaoMsg.unificacaoDoisCadastrosIndividuais);
  return out;
}

const paraTela = (v: unknown): string | number | boolean | null =>
  v === null || v === undefined ? null : v instanceof Date ? v.toISOString() : (v as string | number | boolean);

const cabecalho = (r: Linha) => ({
  id: r.id,
  nome: r.nome,
  lock_version: r.lock_version,
  updated_at: r.updated_at.toISOString(),
});

const parDe = (x: string, y: string) => (x < y ? [x, y] : [y, x]) as [string, string];

async function duplicadoDoPar(db: DbOrTx, x: string, y: string) {
  const [a, b] = parDe(x, y);
  const [row] = await db
    .select()
    .from(municipeDuplicados)
    .where(and(eq(municipeDuplicados.municipe_a_id, a), eq(municipeDuplicados.municipe_b_id, b)));
  return row ?? null;
}

/** GET /comparar: both records field by field with the default pick, the conflicts and the links; a read, audited. */
export function comparar(ctx: Ctx, aId: string, bId: string): Promise<Comparacao> {
  return auditedRead(
    ctx,
    (db) =>
      db.transaction(async (tx) => {
        if (aId === bId) throw notFound();
        const rows = await tx
          .select()
          .from(municipes)
          .where(sql`${municipes.id} in (${aId}, ${bId})`);
        const a = rows.find((r) => r.id === aId);
        const b = rows.find((r) => r.id === bId);
        if (!a || !b) throw notFound();
        if (a.unificado_em_id || b.unificado_em_id) throw conflict(unificacaoMsg.unificacaoJaUnificado);
        return {
          a: cabecalho(a),
          b: cabecalho(b),
          duplicado_id: (await duplicadoDoPar(tx, aId, bId))?.id ?? null,
          campos: CAMPOS_UNIFICAVEIS.map((campo) => ({
            campo,
            rotulo: rotuloCampoUnificavel(campo),
            a: paraTela(a[campo]),
            b: paraTela(b[campo]),
            padrao: padrao(a, b, campo),
          })),
          conflitos: await conflitos(tx, aId, bId),
          vinculos: { a: await contarVinculos(tx, aId), b: await contarVinculos(tx, bId) },
        };
      }),
    (c) => ({ resource: RESOURCE, action: 'show', record_id: null, municipe_ids: [c.a.id, c.b.id] }),
  );
}

/** The row of `municipes` as JSON, exactly as stored (what the undo writes back). */
async function fotografia(tx: DbOrTx, id: string): Promise<unknown> {
  const [r] = await queryRows<{ j: unknown }>(tx, sql`select to_jsonb(m) as j from municipes m where m.id = ${id}`);
  return r!.j;
}

const colunasRestauradas = Object.values(getTableColumns(municipes))
  .map((c) => c.name)
  .filter((n) => !['id', 'lock_version', 'updated_at', 'updated_by'].includes(n));

/**
 * Writes a photographed row back, every column but the id and the version stamps: the version and updated_at go
 * forward, so a form opened meanwhile is stale and the e-SUS export sends the registrations again with the restored
 * identity (docs/decisions.md "Duplicate citizens").
 */
async function restaurar(tx: DbOrTx, ctx: Ctx, id: string, foto: unknown) {
  const lista = sql.raw(colunasRestauradas.map((c) => `"${c}"`).join(', '));
  await tx.execute(sql`update municipes m set (${lista}) =
      (select ${lista} from jsonb_populate_record(null::municipes, ${JSON.stringify(foto)}::jsonb)),
      lock_version = m.lock_version + 1, updated_at = now(), updated_by = ${autor(ctx)}
    where m.id = ${id}`);
}

async function prazoDias(db: DbOrTx): Promise<number> {
  const [p] = await db.select({ d: parametrizacao.unificacao_prazo_dias }).from(parametrizacao).limit(1);
  return p?.d ?? 90;
}

/** POST /: the merge. 409 on a stale lock_version or a record already merged, 422 on a conflict. */
export async function unificar(ctx: Ctx, input: UnificarInput): Promise<Unificacao> {
  const id = await ctx.db.transaction(async (tx) => {
    const { a, b } = await travarPar(tx, input.municipe_a_id, input.municipe_b_id);
    if (a.lock_version !== input.lock_version_a || b.lock_version !== input.lock_version_b) throw staleEdit();
    const problemas = await conflitos(tx, a.id, b.id);
    if (problemas.length > 0) throw unprocessable({ base: problemas }, problemas[0]);

    const [sobrevivente, absorvido] = input.sobrevivente === 'a' ? [a, b] : [b, a];
    const escolhas = input.escolhas ?? {};
    const valores: Record<string, unknown> = {};
    const doAbsorvido: string[] = [];
    for (const campo of CAMPOS_UNIFICAVEIS) {
      const lado = escolhas[campo] ?? padrao(a, b, campo);
      const origem = lado === 'a' ? a : b;
      valores[campo] = origem[campo];
      if (origem.id === absorvido.id && origem[campo] !== sobrevivente[campo]) doAbsorvido.push(campo);
    }

    const unificacaoId = newId();
    const sobreviventeAntes = await fotografia(tx, sobrevivente.id);
    const absorvidoAntes = await fotografia(tx, absorvido.id);
    // The tombstone gives up its documents first: CPF and CNS are unique and may be the survivor's now.
    await tx
      .update(municipes)
      .set({
        unificado_em_id: sobrevivente.id,
        cpf_numero: null,
        codigo_cns: null,
        lock_version: sql`${municipes.lock_version} + 1`,
        updated_at: new Date(),
        updated_by: autor(ctx),
      })
      .where(eq(municipes.id, absorvido.id));
    const [depois] = await tx
      .update(municipes)
      .set({
        ...(valores as Partial<Linha>),
        lock_version: sql`${municipes.lock_version} + 1`,
        updated_at: new Date(),
        updated_by: autor(ctx),
      })
      .where(eq(municipes.id, sobrevivente.id))
      .returning({ v: municipes.lock_version });

    const duplicado = await duplicadoDoPar(tx, a.id, b.id);
    await tx.insert(municipeUnificacoes).values({
      id: unificacaoId,
      sobrevivente_id: sobrevivente.id,
      absorvido_id: absorvido.id,
      duplicado_id: duplicado?.id ?? null,
      sobrevivente_antes: sobreviventeAntes,
      absorvido_antes: absorvidoAntes,
      sobrevivente_versao: depois!.v,
      unificado_por: autor(ctx),
    });
    const movidos = await moverVinculos(tx, unificacaoId, absorvido.id, sobrevivente.id);
    if (duplicado)
      await tx
        .update(municipeDuplicados)
        .set({ situacao: 'unificado', decidido_por: autor(ctx), updated_at: new Date() })
        .where(eq(municipeDuplicados.id, duplicado.id));
    await audit(tx, ctx, {
      action: 'create',
      resource: RESOURCE,
      record_id: unificacaoId,
      municipe_ids: [sobrevivente.id, absorvido.id],
      details: { sobrevivente_id: sobrevivente.id, absorvido_id: absorvido.id, movidos, campos: doAbsorvido },
    });
    return unificacaoId;
  });
  return carregar(ctx.db, id);
}

/** Moves every link of `de` to `para`, writing each moved row down; answers how many per table. */
async function moverVinculos(tx: DbOrTx, unificacaoId: string, de: string, para: string) {
  const movidos: Record<string, number> = {};
  for (const v of await vinculos(tx)) {
    const fica = FICAM_SE_O_SOBREVIVENTE_TEM[v.tabela];
    const rows = await queryRows<{ n: number }>(
      tx,
      sql`with movidos as (
          update ${sql.identifier(v.tabela)} t set ${apontarPara(v, para)}
          where t.${sql.identifier(v.coluna)} = ${de} ${fica ? sql`and not ${fica(para)}` : sql``}
          returning ${chaveSql(v)} as chave
        ), anotados as (
          insert into ${municipeUnificacaoMovidos} (id, unificacao_id, tabela, chave, coluna, valor_antigo)
          select gen_random_uuid(), ${unificacaoId}, ${v.tabela}, chave, ${v.coluna}, ${de} from movidos
          returning 1
        )
        select count(*)::int as n from anotados`,
    );
    const n = rows[0]?.n ?? 0;
    if (n > 0) movidos[v.tabela] = (movidos[v.tabela] ?? 0) + n;
  }
  return movidos;
}

/** DELETE /:id: the undo, within the municipality's period; 409 when the survivor was edited after the merge. */
export async function desfazer(ctx: Ctx, id: string): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const [u] = await tx.select().from(municipeUnificacoes).where(eq(municipeUnificacoes.id, id)).for('update');
    if (!u) throw notFound();
    if (u.desfeito_em) throw conflict(unificacaoMsg.unificacaoJaDesfeita);
    const dias = await prazoDias(tx);
    if (Date.now() > u.unificado_em.getTime() + dias * 86_400_000)
      throw conflict(unificacaoMsg.unificacaoPrazoEncerrado(dias));
    const rows = await tx
      .select({ id: municipes.id, v: municipes.lock_version })
      .from(municipes)
      .where(sql`${municipes.id} in (${u.sobrevivente_id}, ${u.absorvido_id})`)
      .orderBy(municipes.id)
      .for('update');
    if (rows.find((r) => r.id === u.sobrevivente_id)?.v !== u.sobrevivente_versao)
      throw conflict(unificacaoMsg.unificacaoAlteradoDepois);

    const movidos = await tx
      .select()
      .from(municipeUnificacaoMovidos)
      .where(eq(municipeUnificacaoMovidos.unificacao_id, id));
    const porTabela = new Map((await vinculos(tx)).map((v) => [`${v.tabela}.${v.coluna}`, v]));
    for (const m of movidos) {
      const v = porTabela.get(`${m.tabela}.${m.coluna}`);
      if (!v) continue;
      await tx.execute(
        sql`update ${sql.identifier(v.tabela)} t set ${apontarPara(v, m.valor_antigo)}
          where t.${sql.identifier(v.coluna)} = ${u.sobrevivente_id} and ${chaveSql(v)} = ${JSON.stringify(m.chave)}::jsonb`,
      );
    }
    // The survivor first: it gives the absorbed one's documents back before the tombstone takes them again.
    await restaurar(tx, ctx, u.sobrevivente_id, u.sobrevivente_antes);
    await restaurar(tx, ctx, u.absorvido_id, u.absorvido_antes);
    if (u.duplicado_id)
      await tx
        .update(municipeDuplicados)
        .set({ situacao: 'pendente', decidido_por: null, updated_at: new Date() })
        .where(eq(municipeDuplicados.id, u.duplicado_id));
    await tx
      .update(municipeUnificacoes)
      .set({ desfeito_em: new Date(), desfeito_por: autor(ctx) })
      .where(eq(municipeUnificacoes.id, id));
    await audit(tx, ctx, {
      action: 'destroy',
      resource: RESOURCE,
      record_id: id,
      municipe_ids: [u.sobrevivente_id, u.absorvido_id],
      details: { sobrevivente_id: u.sobrevivente_id, absorvido_id: u.absorvido_id, restaurados: movidos.length },
    });
  });
}

// ---- reads ----------------------------------------------------------------------------------------------------

type LinhaUnificacao = {
  id: string;
  sobrevivente_id: string;
  sobrevivente_nome: string;
  absorvido_id: string;
  absorvido_nome: string;
  unificado_em: Date | string;
  desfeito_em: Date | string | null;
  movidos: Record<string, number> | null;
  total: number;
};

const unificacoesSql = (where: ReturnType<typeof sql>, dias: number, limit: number, offset: number) => sql`
  select u.id, u.sobrevivente_id, s.nome as sobrevivente_nome, u.absorvido_id, a.nome as absorvido_nome,
    u.unificado_em, u.desfeito_em,
    (select jsonb_object_agg(x.tabela, x.n) from (select tabela, count(*)::int as n from municipe_unificacao_movidos
      where unificacao_id = u.id group by tabela) x) as movidos,
    count(*) over ()::int as total, ${dias}::int as dias
  from municipe_unificacoes u join municipes s on s.id = u.sobrevivente_id join municipes a on a.id = u.absorvido_id
  where ${where}
  order by u.unificado_em desc, u.id limit ${limit} offset ${offset}`;

function paraUnificacao(dias: number) {
  return (r: LinhaUnificacao): Unificacao => {
    const em = new Date(r.unificado_em);
    const movidos: Record<string, number> = {};
    for (const [t, n] of Object.entries(r.movidos ?? {})) movidos[ROTULOS_TABELAS[t] ?? t] = n;
    return {
      id: r.id,
      sobrevivente_id: r.sobrevivente_id,
      sobrevivente_nome: r.sobrevivente_nome,
      absorvido_id: r.absorvido_id,
      absorvido_nome: r.absorvido_nome,
      unificado_em: em.toISOString(),
      desfeito_em: r.desfeito_em ? new Date(r.desfeito_em).toISOString() : null,
      desfazer_ate: new Date(em.getTime() + dias * 86_400_000).toISOString(),
      movidos,
    };
  };
}

async function carregar(db: DbOrTx, id: string): Promise<Unificacao> {
  const dias = await prazoDias(db);
  const [r] = await queryRows<LinhaUnificacao>(db, unificacoesSql(sql`u.id = ${id}`, dias, 1, 0));
  if (!r) throw notFound();
  return paraUnificacao(dias)(r);
}

/**
 * What `desfazer` accepts, as SQL over `u` (the merge) and `s` (the survivor): not undone, within the period (the same
 * 24-hour days as its check), the survivor's version the one the merge left.
 */
const desfazivelSql = (dias: number) => sql`(u.desfeito_em is null
  and now() <= u.unificado_em + ${dias}::int * interval '24 hours'
  and s.lock_version = u.sobrevivente_versao)`;

/**
 * GET /: the merges, newest first; of one citizen (survivor or absorbed, with municipe_id), received by one
 * (sobrevivente_id), only those that can still be undone (desfazivel); audited as a list.
 */
export function listUnificacoes(ctx: Ctx, f: UnificacaoFilters): Promise<PageResult<Unificacao>> {
  return auditedRead(
    ctx,
    async (db) => {
      const dias = await prazoDias(db);
      const filtros: SQL[] = [sql`true`];
      if (f.municipe_id) filtros.push(sql`(u.sobrevivente_id = ${f.municipe_id} or u.absorvido_id = ${f.municipe_id})`);
      if (f.sobrevivente_id) filtros.push(sql`u.sobrevivente_id = ${f.sobrevivente_id}`);
      if (f.desfazivel !== undefined)
        filtros.push(f.desfazivel ? desfazivelSql(dias) : sql`not ${desfazivelSql(dias)}`);
      const where = sql.join(filtros, sql` and `);
      const rows = await queryRows<LinhaUnificacao>(
        db,
        unificacoesSql(where, dias, f.per_page, (f.page - 1) * f.per_page),
      );
      return { rows: rows.map(paraUnificacao(dias)), total: rows[0]?.total ?? 0 };
    },
    (p) => ({
      resource: RESOURCE,
      action: 'index',
      municipe_ids: p.rows.flatMap((r) => [r.sobrevivente_id, r.absorvido_id]),
    }),
  );
}

type LinhaDuplicado = Omit<Duplicado, 'a' | 'b'> & { total: number } & Record<string, unknown>;

/** GET /duplicados: the queue, highest score first; pairs with a tombstone drop out. Audited (names and documents). */
export function listDuplicados(ctx: Ctx, f: DuplicadoFilters): Promise<PageResult<Duplicado>> {
  const pessoa = (p: string) =>
    sql.raw(`json_build_object('id', ${p}.id, 'nome', ${p}.nome, 'data_nascimento', ${p}.data_nascimento::text,
      'nome_mae', ${p}.nome_mae, 'cpf_numero', ${p}.cpf_numero, 'codigo_cns', ${p}.codigo_cns,
      'cartao_provisorio', ${p}.cartao_provisorio)`);
  return auditedRead(
    ctx,
    async (db) => {
      const rows = await queryRows<LinhaDuplicado>(
        db,
        sql`select d.id, d.score, d.motivos, d.situacao, ${pessoa('a')} as a, ${pessoa('b')} as b,
            count(*) over ()::int as total
          from ${municipeDuplicados} d join municipes a on a.id = d.municipe_a_id join municipes b on b.id = d.municipe_b_id
          where d.situacao = 'pendente' and a.unificado_em_id is null and b.unificado_em_id is null
          order by d.score desc, d.id
          limit ${f.per_page} offset ${(f.page - 1) * f.per_page}`,
      );
      return {
        rows: rows.map(({ total: _t, ...r }) => r as unknown as Duplicado),
        total: rows[0]?.total ?? 0,
      };
    },
    (p) => ({ resource: RESOURCE, action: 'index', municipe_ids: p.rows.flatMap((r) => [r.a.id, r.b.id]) }),
  );
}

/** PUT /duplicados/:id: "Não é a mesma pessoa"; the pair keeps that answer and is never offered again. */
export async function descartarDuplicado(ctx: Ctx, id: string): Promise<{ id: string; situacao: string }> {
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .update(municipeDuplicados)
      .set({ situacao: 'nao_mesma_pessoa', decidido_por: autor(ctx), updated_at: new Date(), updated_by: autor(ctx) })
      .where(and(eq(municipeDuplicados.id, id), eq(municipeDuplicados.situacao, 'pendente')))
      .returning();
    if (!row) throw notFound();
    await audit(tx, ctx, {
      action: 'update',
      resource: RESOURCE,
      record_id: id,
      municipe_ids: [row.municipe_a_id, row.municipe_b_id],
      details: { situacao: 'nao_mesma_pessoa' },
    });
    return { id: row.id, situacao: row.situacao };
  });
}
