import type { Lembrete, lembreteInputSchema, lembreteUpdateSchema } from '@saude/shared/schemas/lembrete';
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Ctx } from '../../access/context';
import { lembretes } from '../../db/schema';
import { recordTrail } from '../../access/audit-trail';
import { notFound } from '../../lib/errors';
import { newId } from '../../lib/ids';
import { isUuid } from '../../lib/routes';
import { updateVersioned } from '../../lib/versioned';
import type { Dated } from '../../lib/answer';

// Personal reminders (issue 21, spec §3 "Reminder"): a user reads and writes only their own rows. Another user's id
// answers 404, like an absent one, so ids leak nothing. Writes are audited (without the text: it is the user's note).

export const RESOURCE = 'lembretes';
/** The most a user's list shows: the card is a short list, not an archive. */
export const LEMBRETES_LISTA_MAX = 200;
const trail = recordTrail(RESOURCE);
const l = lembretes;
type Row = typeof l.$inferSelect;

const answer = (r: Row): Dated<Lembrete> => ({
  id: r.id,
  descricao: r.descricao,
  data: r.data,
  concluido_em: r.concluido_em,
  lock_version: r.lock_version,
  created_at: r.created_at,
});

const meus = (ctx: Ctx) => eq(l.profissional_id, ctx.usuario!.profissionalId);

/** GET /: the user's reminders, the open ones first (by date, undated last), then the done ones, newest first. */
export async function list(ctx: Ctx): Promise<Dated<Lembrete>[]> {
  const rows = await ctx.db
    .select()
    .from(l)
    .where(meus(ctx))
    .orderBy(sql`${l.concluido_em} is not null`, sql`${l.data} asc nulls last`, desc(l.created_at), asc(l.id))
    .limit(LEMBRETES_LISTA_MAX);
  return rows.map(answer);
}

export async function create(ctx: Ctx, body: z.output<typeof lembreteInputSchema>): Promise<Dated<Lembrete>> {
  const who = ctx.usuario!.profissionalId;
  return ctx.db.transaction(async (tx) => {
    const id = newId();
    const [row] = await tx
      .insert(l)
      .values({ id, profissional_id: who, descricao: body.descricao, data: body.data ?? null, updated_by: who })
      .returning();
    await trail(tx, ctx, 'create', id);
    return answer(row!);
  });
}

export async function update(
  ctx: Ctx,
  id: string,
  body: z.output<typeof lembreteUpdateSchema>,
): Promise<Dated<Lembrete>> {
  if (!isUuid(id)) throw notFound();
  const { lock_version, concluido, ...rest } = body;
  const set: Partial<typeof l.$inferInsert> = {};
  if (rest.descricao !== undefined) set.descricao = rest.descricao;
  if (rest.data !== undefined) set.data = rest.data;
  if (concluido !== undefined) set.concluido_em = concluido ? new Date() : null;
  return ctx.db.transaction(async (tx) => {
    const row = await updateVersioned(
      tx,
      ctx,
      l,
      { key: eq(l.id, id), scope: meus(ctx), lockVersion: lock_version },
      set,
    );
    await trail(tx, ctx, 'update', id, { details: { campos: Object.keys(set) } });
    return answer(row);
  });
}

export async function destroy(ctx: Ctx, id: string): Promise<void> {
  if (!isUuid(id)) throw notFound();
  await ctx.db.transaction(async (tx) => {
    const [gone] = await tx
      .delete(l)
      .where(and(eq(l.id, id), meus(ctx)))
      .returning({ id: l.id });
    if (!gone) throw notFound();
    await trail(tx, ctx, 'destroy', id);
  });
}
