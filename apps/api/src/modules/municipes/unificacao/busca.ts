import type { BuscaDuplicados } from '@saude/shared/schemas/municipe_unificacao';
import { desc, eq, sql } from 'drizzle-orm';
import { audit } from '../../../access/audit';
import type { Ctx } from '../../../access/context';
import { queryRows, type Db } from '../../../db/client';
import { municipeDuplicadosBuscas } from '../../../db/schema';
import { newId } from '../../../lib/ids';
import { autor } from '../../../lib/versioned';
import { RESOURCE } from './service';

// The whole-registry duplicate search (issue 45): one step per birth year, each a statement of its own (the function
// of migration 0033), two at a time on PostgreSQL's pool. The progress lives in the database, so any API process
// answers the poll; a run whose process died stops being "em andamento" after PARADA_MS without news.

const PARADA_MS = 5 * 60_000;
const PARALELO = 2;

type Row = typeof municipeDuplicadosBuscas.$inferSelect;
const paraTela = (r: Row): BuscaDuplicados => ({
  id: r.id,
  situacao: r.situacao === 'em_andamento' && Date.now() - r.atualizada_em.getTime() > PARADA_MS ? 'falhou' : r.situacao,
  etapas: r.etapas,
  etapas_concluidas: r.etapas_concluidas,
  encontrados: r.encontrados,
  iniciada_em: r.iniciada_em.toISOString(),
  concluida_em: r.concluida_em?.toISOString() ?? null,
});

/** The latest run, or null before the first. */
export async function buscaAtual(ctx: Ctx): Promise<{ busca: BuscaDuplicados | null }> {
  const [r] = await ctx.db
    .select()
    .from(municipeDuplicadosBuscas)
    .orderBy(desc(municipeDuplicadosBuscas.iniciada_em))
    .limit(1);
  return { busca: r ? paraTela(r) : null };
}

/** The birth years to walk, oldest first (one step each). */
async function anos(db: Db): Promise<Array<[string, string]>> {
  const [r] = await queryRows<{ de: number | null; ate: number | null }>(
    db,
    sql`select extract(year from min(data_nascimento))::int as de, extract(year from max(data_nascimento))::int as ate
      from municipes`,
  );
  if (r?.de == null || r.ate == null) return [];
  const out: Array<[string, string]> = [];
  for (let y = r.de; y <= r.ate; y++) out.push([`${y}-01-01`, `${y}-12-31`]);
  return out;
}

/** POST /buscas: starts a run (or answers the one already running) and returns at once; the screen polls. */
export async function iniciarBusca(ctx: Ctx): Promise<{ busca: BuscaDuplicados; concluir: Promise<void> }> {
  const atual = (await buscaAtual(ctx)).busca;
  if (atual?.situacao === 'em_andamento') return { busca: atual, concluir: Promise.resolve() };
  const etapas = await anos(ctx.db);
  const id = newId();
  const [row] = await ctx.db.transaction(async (tx) => {
    await audit(tx, ctx, { action: 'update', resource: RESOURCE, record_id: id, details: { busca: 'duplicados' } });
    return tx
      .insert(municipeDuplicadosBuscas)
      .values({ id, etapas: etapas.length, iniciada_por: autor(ctx) })
      .returning();
  });
  return { busca: paraTela(row!), concluir: executar(ctx.db, id, etapas) };
}

async function executar(db: Db, id: string, etapas: Array<[string, string]>): Promise<void> {
  const fila = [...etapas];
  const passo = async () => {
    for (let e = fila.shift(); e; e = fila.shift()) {
      const [r] = await queryRows<{ n: number }>(
        db,
        sql`select municipe_duplicados_registrar(${e[0]}::date, ${e[1]}::date, null) as n`,
      );
      await db
        .update(municipeDuplicadosBuscas)
        .set({
          etapas_concluidas: sql`${municipeDuplicadosBuscas.etapas_concluidas} + 1`,
          encontrados: sql`${municipeDuplicadosBuscas.encontrados} + ${r?.n ?? 0}`,
          atualizada_em: new Date(),
        })
        .where(eq(municipeDuplicadosBuscas.id, id));
    }
  };
  try {
    await Promise.all(Array.from({ length: PARALELO }, passo));
    await db
      .update(municipeDuplicadosBuscas)
      .set({ situacao: 'concluida', concluida_em: new Date(), atualizada_em: new Date() })
      .where(eq(municipeDuplicadosBuscas.id, id));
  } catch {
    await db
      .update(municipeDuplicadosBuscas)
      .set({ situacao: 'falhou', atualizada_em: new Date() })
      .where(eq(municipeDuplicadosBuscas.id, id))
      .catch(() => {});
  }
}
