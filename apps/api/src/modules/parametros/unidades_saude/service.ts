import { unidadeFlags } from '@saude/shared';
import type { UnidadeParametros, unidadeParametrosUpdateSchema } from '@saude/shared/schemas/parametrizacao_sistema';
import { intervalosDaUnidade } from '@saude/shared/schemas/quem_visitar';
import { asc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Ctx } from '../../../access/context';
import { unidadesSaude } from '../../../db/schema';
import { byName } from '../../../db/sql';
import { recordTrail } from '../../../access/audit-trail';
import { notFound } from '../../../lib/errors';
import { isUuid } from '../../../lib/routes';
import { updateVersioned } from '../../../lib/versioned';

// The managers' page of unit parameter flags (issue 21, spec §3 "Unit parameter flags"): every unit with its nine
// flags, tempo_chamadas and "Quem visitar" intervals (issue 44), and the edit of one unit. The flags are configuration, not personal data: the audit row
// keeps each changed one before → after.

export const RESOURCE = 'parametros/unidades_saude';
const trail = recordTrail(RESOURCE);
const u = unidadesSaude;
type Row = typeof u.$inferSelect;
const CAMPOS = [...unidadeFlags, 'tempo_chamadas'] as const;

const answer = (r: Row): UnidadeParametros => ({
  id: r.id,
  nome: r.nome,
  cnes: r.cnes,
  ativo: r.ativo,
  ...(Object.fromEntries(unidadeFlags.map((f) => [f, r[f]])) as Record<(typeof unidadeFlags)[number], boolean>),
  tempo_chamadas: r.tempo_chamadas,
  intervalos_visita: intervalosDaUnidade(r.intervalos_visita),
  lock_version: r.lock_version,
});

export async function list(ctx: Ctx): Promise<UnidadeParametros[]> {
  const rows = await ctx.db.select().from(u).orderBy(byName(u.nome), asc(u.id));
  return rows.map(answer);
}

export async function update(
  ctx: Ctx,
  id: string,
  body: z.output<typeof unidadeParametrosUpdateSchema>,
): Promise<UnidadeParametros> {
  if (!isUuid(id)) throw notFound();
  const { lock_version, ...values } = body;
  return ctx.db.transaction(async (tx) => {
    const [antes] = await tx.select().from(u).where(eq(u.id, id)).for('update');
    if (!antes) throw notFound();
    const depois = await updateVersioned(tx, ctx, u, { key: eq(u.id, id), lockVersion: lock_version }, values);
    const alteracoes: Record<string, { de: unknown; para: unknown }> = {};
    for (const c of CAMPOS) if (antes[c] !== depois[c]) alteracoes[c] = { de: antes[c], para: depois[c] };
    // The "Quem visitar" intervals (issue 44), each changed one.
    const [ivAntes, ivDepois] = [
      intervalosDaUnidade(antes.intervalos_visita),
      intervalosDaUnidade(depois.intervalos_visita),
    ];
    for (const [c, de] of Object.entries(ivAntes) as Array<[keyof typeof ivAntes, number]>)
      if (de !== ivDepois[c]) alteracoes[`intervalos_visita.${c}`] = { de, para: ivDepois[c] };
    await trail(tx, ctx, 'update', id, { details: { alteracoes } });
    return answer(depois);
  });
}
