import { auditedRead } from './audit';
import type { Ctx } from './context';
import type { DbOrTx } from '../db/client';
import type { PageResult } from '../lib/paginate';

/** The names of the filters a list used (never their values), sorted: what its audit row says. */
export const filtrosUsados = (f: object) =>
  Object.entries(f)
    .filter(([k, v]) => k !== 'page' && k !== 'per_page' && v !== undefined)
    .map(([k]) => k)
    .sort();

/**
 * A page of a record list read in one transaction and audited as `resource:index` with the citizens it shows (no
 * citizen, no row) and the filters it used. `shown` names them from the page, reading more in the same transaction
 * when the rows do not carry them.
 */
export async function auditedList<R>(
  ctx: Ctx,
  resource: string,
  filters: object,
  read: (tx: DbOrTx) => Promise<PageResult<R>>,
  shown: (page: PageResult<R>, tx: DbOrTx) => string[] | Promise<string[]>,
): Promise<PageResult<R>> {
  const { page } = await auditedRead(
    ctx,
    async (tx) => {
      const page = await read(tx);
      return { page, municipe_ids: await shown(page, tx) };
    },
    ({ municipe_ids }) => ({ resource, action: 'index', municipe_ids, details: { filtros: filtrosUsados(filters) } }),
  );
  return page;
}
