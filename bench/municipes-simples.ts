// The bare route of bench:municipes (issue 15): a plain Fastify server, in its own process, that answers
// GET /busca?q=&page= by sending PostgreSQL exactly the statements the API sends for that search (the correction of
// misspelt words, the page with its audit row, the capped count) and writing the rows as JSON. No session, no access
// check, no validation, no mapping: what is left between it and the API is our code's per-request cost; what is left
// between it and the raw SQL is HTTP and the audit row. DATABASE_URL and PROFISSIONAL_ID (whose audit rows these are)
// come from the bench; it prints its port and ends when its stdin closes.
import Fastify from 'fastify';
import { auditedSelect } from '../apps/api/src/access/audit';
import { openPostgres, queryRows, queryRowsPrepared } from '../apps/api/src/db/client';
import { paginate } from '../apps/api/src/lib/paginate';
import { buscaSimples, countSql, pageSql, prepararBusca } from '../apps/api/src/modules/municipes/search';

const database = await openPostgres(process.env.DATABASE_URL!, 10);
const db = database.db;
const ctx = { usuario: { profissionalId: process.env.PROFISSIONAL_ID!, unidadeId: null }, ip: '127.0.0.1' } as const;
const app = Fastify({ logger: false });

app.get<{ Querystring: { q?: string; page?: string } }>('/busca', async (req) => {
  const page = { page: Number(req.query.page ?? 1), per_page: 10 };
  const busca = buscaSimples(req.query.q);
  const b = await prepararBusca((s) => queryRows(db, s), busca);
  const rowsOf = b.preparada ? queryRowsPrepared : queryRows;
  const trilha = { resource: 'municipes', action: 'index' as const, details: { busca: 'simples', filtros: b.filtros } };
  const { rows } = await paginate(page, {
    rows: () => rowsOf<{ total: string | number | null }>(db, auditedSelect(ctx as never, pageSql(b, page), trilha)),
    windowTotal: (r) => r.total,
    count: async () => Number((await rowsOf<{ total: string }>(db, countSql(b)))[0]?.total ?? 0),
  });
  return rows;
});

await app.listen({ port: 0, host: '127.0.0.1' });
process.stdout.write(`${(app.server.address() as { port: number }).port}\n`);
process.stdin.resume();
process.stdin.on('end', () => void app.close().then(() => database.close()));
