import type { EventoSenha, Senha, SenhaContexto, SenhaFilters, SenhaListItem } from '@saude/shared/schemas/senha';
import { todayIso } from '@saude/shared/validation/dates';
import { and, asc, desc, eq, inArray, isNotNull, type SQL } from 'drizzle-orm';
import { auditedRead } from '../../../access/audit';
import { alias } from 'drizzle-orm/pg-core';
import type { Ctx } from '../../../access/context';
import type { DbOrTx } from '../../../db/client';
import {
  atendimentos,
  categorias,
  filaCategorias,
  filaLocais,
  filas,
  profissionais,
  senhaEventos,
  senhas,
  unidadesSaude,
} from '../../../db/schema';
import { byName, countWhere, findRow, iso, startsWith } from '../../../db/sql';
import { notFound } from '../../../lib/errors';
import { filtrosUsados } from '../../../access/audited-list';
import { mapPage, type PageResult, paginate } from '../../../lib/paginate';
import { categoriaColunas, unidadeComFilas } from '../comum';

// Reading tickets: today's tickets of the current unit and one ticket with its steps. Reads are audited as the other
// personal-data reads (issue 39): a ticket tells who came when and where they were sent, and a ticket taken by an
// urgent-care arrival names its citizen (`municipe_ids`). Writes are audited in service.ts.

export const RESOURCE = 'filas/senhas';

const s = senhas;
const origem = alias(filas, 'origem');
const chamador = alias(profissionais, 'chamador');

const selectSenha = {
  s,
  categoria: { id: categorias.id, nome: categorias.nome, sigla: categorias.sigla, cor: categorias.cor },
  prioridade: categorias.prioridade,
  fila_nome: filas.nome,
  origem_nome: origem.nome,
  local_nome: filaLocais.nome,
  chamador_nome: chamador.nome,
};

const comNomes = <T extends ReturnType<typeof baseSelect>>(q: T) =>
  q
    .innerJoin(categorias, eq(categorias.id, s.categoria_id))
    .innerJoin(filas, eq(filas.id, s.fila_id))
    .leftJoin(origem, eq(origem.id, s.encaminhada_de_fila_id))
    .leftJoin(filaLocais, eq(filaLocais.id, s.local_id))
    .leftJoin(chamador, eq(chamador.id, s.profissional_id));
const baseSelect = (db: DbOrTx) => db.select(selectSenha).from(s);

type Row = {
  s: typeof s.$inferSelect;
  categoria: { id: string; nome: string; sigla: string; cor: string };
  prioridade: number;
  fila_nome: string;
  origem_nome: string | null;
  local_nome: string | null;
  chamador_nome: string | null;
};

const refOf = (id: string | null, nome: string | null) => (id && nome !== null ? { id, nome } : null);

function item(r: Row): SenhaListItem {
  const v = r.s;
  return {
    id: v.id,
    codigo: v.codigo,
    numero: v.numero,
    data: v.data,
    categoria: { ...r.categoria, prioridade: r.prioridade },
    fila: { id: v.fila_id, nome: r.fila_nome },
    situacao: v.situacao,
    emitida_em: v.emitida_em.toISOString(),
    na_fila_desde: v.na_fila_desde.toISOString(),
    encaminhada_de: refOf(v.encaminhada_de_fila_id, r.origem_nome),
    local: refOf(v.local_id, r.local_nome),
    chamada_por: refOf(v.profissional_id, r.chamador_nome),
    chamada_em: iso(v.chamada_em),
    chamadas: v.chamadas,
    atendimento_iniciado_em: iso(v.atendimento_iniciado_em),
    concluida_em: iso(v.concluida_em),
    atendimento_id: v.atendimento_id,
    lock_version: v.lock_version,
  };
}

/** The ticket row of the unit, locked for a step when asked; 404 when absent or of another unit. */
export async function findInScope(tx: DbOrTx, unidadeId: string, id: string, forUpdate = false) {
  const row = await findRow(tx, s, id, { where: eq(s.unidade_saude_id, unidadeId), forUpdate });
  if (!row) throw notFound();
  return row;
}

/** The ticket as answered, WITHOUT scope: callers check scope first. */
export async function unscopedItem(db: DbOrTx, id: string): Promise<SenhaListItem> {
  const [row] = await comNomes(baseSelect(db)).where(eq(s.id, id));
  return item(row as Row);
}

const profissionalEvento = alias(profissionais, 'profissional_evento');
const filaEvento = alias(filas, 'fila_evento');

async function eventos(db: DbOrTx, id: string): Promise<EventoSenha[]> {
  const rows = await db
    .select({
      tipo: senhaEventos.tipo,
      em: senhaEventos.created_at,
      fila_id: senhaEventos.fila_id,
      fila_nome: filaEvento.nome,
      local_id: senhaEventos.local_id,
      local_nome: filaLocais.nome,
      profissional_id: senhaEventos.profissional_id,
      profissional_nome: profissionalEvento.nome,
    })
    .from(senhaEventos)
    .innerJoin(filaEvento, eq(filaEvento.id, senhaEventos.fila_id))
    .leftJoin(filaLocais, eq(filaLocais.id, senhaEventos.local_id))
    .leftJoin(profissionalEvento, eq(profissionalEvento.id, senhaEventos.profissional_id))
    .where(eq(senhaEventos.senha_id, id))
    .orderBy(asc(senhaEventos.created_at), asc(senhaEventos.id));
  return rows.map((e) => ({
    tipo: e.tipo,
    em: e.em.toISOString(),
    fila: { id: e.fila_id, nome: e.fila_nome },
    local: refOf(e.local_id, e.local_nome),
    profissional: refOf(e.profissional_id, e.profissional_nome),
  }));
}

/** The citizens of the urgent-care arrivals that took these tickets. */
async function titulares(db: DbOrTx, tickets: Array<Pick<SenhaListItem, 'atendimento_id'>>): Promise<string[]> {
  const ids = tickets.flatMap((t) => (t.atendimento_id ? [t.atendimento_id] : []));
  if (ids.length === 0) return [];
  const rows = await db
    .selectDistinct({ id: atendimentos.municipe_id })
    .from(atendimentos)
    .where(and(inArray(atendimentos.id, ids), isNotNull(atendimentos.municipe_id)));
  return rows.map((r) => r.id!);
}

export async function show(ctx: Ctx, id: string): Promise<Senha> {
  const unidadeId = await unidadeComFilas(ctx);
  const { senha } = await auditedRead(
    ctx,
    async (db) => {
      await findInScope(db, unidadeId, id);
      const senha: Senha = { ...(await unscopedItem(db, id)), eventos: await eventos(db, id) };
      return { senha, municipe_ids: await titulares(db, [senha]) };
    },
    ({ municipe_ids }) => ({ resource: RESOURCE, action: 'show', record_id: id, municipe_ids, always: true }),
  );
  return senha;
}

/**
 * Today's tickets of the unit (São Paulo day). Waiting ones in call order when a queue's waiting list is asked (what
 * "Chamar próxima" would take first on top); otherwise the newest first.
 */
export async function list(ctx: Ctx, q: SenhaFilters): Promise<PageResult<SenhaListItem>> {
  const unidadeId = await unidadeComFilas(ctx);
  const conds: Array<SQL | undefined> = [eq(s.unidade_saude_id, unidadeId), eq(s.data, todayIso())];
  if (q.fila_id) conds.push(eq(s.fila_id, q.fila_id));
  if (q.local_id) conds.push(eq(s.local_id, q.local_id));
  if (q.categoria_id) conds.push(eq(s.categoria_id, q.categoria_id));
  if (q.situacao) conds.push(eq(s.situacao, q.situacao));
  if (q.codigo) conds.push(startsWith(s.codigo, q.codigo));
  const where = and(...conds);
  const ordemDeChamada = q.situacao === 'aguardando';
  const { page } = await auditedRead(
    ctx,
    async (db) => {
      const lida = await paginate(q, {
        count: () => countWhere(db, s, where),
        rows: ({ limit, offset }) =>
          comNomes(baseSelect(db))
            .where(where)
            .orderBy(
              ...(ordemDeChamada
                ? [asc(categorias.prioridade), asc(s.na_fila_desde), asc(s.id)]
                : [desc(s.emitida_em), desc(s.id)]),
            )
            .limit(limit)
            .offset(offset),
      });
      const page = mapPage(lida, (r) => item(r as Row));
      return { page, municipe_ids: await titulares(db, page.rows) };
    },
    ({ page, municipe_ids }) => ({
      resource: RESOURCE,
      action: 'index',
      municipe_ids,
      details: { filtros: filtrosUsados(q) },
      // A page of tickets says who waited, was called and where, even before any arrival names them.
      always: page.rows.length > 0,
    }),
  );
  return page;
}

/** The door's categories (the unit's parametrization), the unit's queues with their locations and tempo_chamadas. */
export async function contexto(ctx: Ctx): Promise<SenhaContexto> {
  const unidadeId = await unidadeComFilas(ctx);
  const cats = await ctx.db
    .select({
      ...categoriaColunas,
      fila_id: filaCategorias.fila_id,
    })
    .from(filaCategorias)
    .innerJoin(categorias, eq(categorias.id, filaCategorias.categoria_id))
    .innerJoin(filas, eq(filas.id, filaCategorias.fila_id))
    .where(and(eq(filaCategorias.unidade_saude_id, unidadeId), eq(categorias.ativo, true), eq(filas.ativo, true)))
    .orderBy(asc(categorias.prioridade), byName(categorias.nome), asc(categorias.id), asc(filaCategorias.fila_id));
  const filasDaUnidade = await ctx.db
    .select({ id: filas.id, nome: filas.nome })
    .from(filas)
    .where(and(eq(filas.unidade_saude_id, unidadeId), eq(filas.ativo, true)))
    .orderBy(byName(filas.nome));
  const locais =
    filasDaUnidade.length === 0
      ? []
      : await ctx.db
          .select({ id: filaLocais.id, nome: filaLocais.nome, fila_id: filaLocais.fila_id })
          .from(filaLocais)
          .where(
            and(
              inArray(
                filaLocais.fila_id,
                filasDaUnidade.map((f) => f.id),
              ),
              eq(filaLocais.ativo, true),
            ),
          )
          .orderBy(byName(filaLocais.nome));
  return {
    categorias: cats,
    filas: filasDaUnidade.map((f) => ({
      ...f,
      locais: locais.filter((l) => l.fila_id === f.id).map(({ id, nome }) => ({ id, nome })),
    })),
    tempo_chamadas: await tempoChamadas(ctx.db, unidadeId),
  };
}

/** The unit's seconds between two calls of the same ticket or patient (spec §7 tempo_chamadas). */
export async function tempoChamadas(db: DbOrTx, unidadeId: string): Promise<number> {
  const [u] = await db
    .select({ tempo: unidadesSaude.tempo_chamadas })
    .from(unidadesSaude)
    .where(eq(unidadesSaude.id, unidadeId));
  return u?.tempo ?? 30;
}
