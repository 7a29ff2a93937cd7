import {
  perfilListItemSchema,
  perfilSchema,
  type Perfil,
  type PerfilFilters,
  type PerfilListItem,
} from '@saude/shared/schemas/administracao_perfil';
import { allPermissions } from '@saude/shared';
import { and, asc, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { perfilFiltersSchema } from '@saude/shared/schemas/administracao_perfil';
import type { Ctx } from '../../../access/context';
import type { DbOrTx } from '../../../db/client';
import { lotacoes, perfilPermissoes, perfis } from '../../../db/schema';
import { byName, containsText, countWhere, finderOf, selectOf } from '../../../db/sql';
import { fieldsOf } from '../../../lib/answer';
import { notFound } from '../../../lib/errors';
import { type PageResult, paginateTable } from '../../../lib/paginate';

// Reading profiles (issue 22). They hold nobody's personal data (a code, a name, permission strings): reads are not
// audited.

export const RESOURCE = 'administracao/perfis';

/** The profile's row (locked for update when asked), or null; a malformed id is an unknown one. */
export const findPerfil = finderOf(perfis);

/** Its permissions in the catalogue's order; strings the code no longer has (a removed action) are left out. */
export async function permissoesDo(db: DbOrTx, id: string): Promise<string[]> {
  const rows = await db
    .select({ p: perfilPermissoes.permission })
    .from(perfilPermissoes)
    .where(eq(perfilPermissoes.perfil_id, id));
  const tem = new Set(rows.map((r) => r.p));
  return allPermissions.filter((p) => tem.has(p));
}

// Correlated subqueries name their tables: drizzle writes a bare "id", which would be read as the inner table's.
const ativas = () => sql<number>`(select count(*)::int from lotacoes l where l.perfil_id = "perfis"."id" and l.ativo)`;
const quantasPermissoes = () =>
  sql<number>`(select count(*)::int from perfil_permissoes pp where pp.perfil_id = "perfis"."id")`;

/** Every assignment that points at the profile, active or ended: each keeps the row from being deleted. */
export async function lotacoesDo(db: DbOrTx, id: string): Promise<number> {
  return countWhere(db, lotacoes, eq(lotacoes.perfil_id, id));
}

export async function paraApi(db: DbOrTx, row: typeof perfis.$inferSelect): Promise<Perfil> {
  const [uso] = await db.select({ n: ativas() }).from(perfis).where(eq(perfis.id, row.id));
  return {
    ...fieldsOf(perfilSchema, row),
    permissoes: await permissoesDo(db, row.id),
    lotacoes_ativas: uso?.n ?? 0,
  };
}

export async function show(ctx: Ctx, id: string): Promise<Perfil> {
  const row = await findPerfil(ctx.db, id);
  if (!row) throw notFound();
  return paraApi(ctx.db, row);
}

type Filters = z.output<typeof perfilFiltersSchema>;

function condicoes(q: Omit<Filters, 'page' | 'per_page'>): SQL | undefined {
  return and(
    q.texto ? containsText([perfis.nome, perfis.codigo], q.texto) : undefined,
    q.tipo ? eq(perfis.sistema, q.tipo === 'sistema') : undefined,
  );
}

/** A page of profiles: the built-in ones first, then by name. */
export async function list(ctx: Ctx, q: Filters & PerfilFilters): Promise<PageResult<PerfilListItem>> {
  const where = condicoes(q);
  return paginateTable(q, ctx.db, perfis, where, () =>
    ctx.db
      .select(selectOf(perfilListItemSchema, perfis, { permissoes: quantasPermissoes(), lotacoes_ativas: ativas() }))
      .from(perfis)
      .where(where)
      .orderBy(desc(perfis.sistema), byName(perfis.nome), asc(perfis.id)),
  );
}
