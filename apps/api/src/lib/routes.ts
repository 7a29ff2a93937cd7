import { msg, type Permission } from '@saude/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Ctx } from '../access/context';
import type { PageResult } from './paginate';

// How a module declares its routes: the record's five (list, create, show, update, destroy) in one call, and each
// other action in one more. Every route names its permission, validates with the shared schemas and answers as the
// architecture says (201 on create, 204 on delete, X-Total-Count on lists). Services receive ctx, never the request.

export const uuidParam = () => z.uuid({ error: msg.naoEValido });
export const idParams = z.object({ id: uuidParam() });
/**
 * An id checked by the service instead: a malformed one is answered like an unknown one, 404 'Cadastro não
 * encontrado' (issue 12: `/municipes/abc/edit` said 422 and the screen went back silently). Pair with `isUuid`.
 */
export const anyIdParams = z.object({ id: z.string() });
export const isUuid = (id: string) => z.uuid().safeParse(id).success;

type Schema = z.ZodType;
/** What a handler returns: what the response schema accepts before serialising. */
type Answer<S extends Schema> = z.input<S>;
type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

export type RecordRoutes<R extends Schema, Q extends Schema, L extends Schema, C extends Schema, U extends Schema> = {
  /** The record as show, create and update answer it. */
  record: R;
  /** The :id of show, update and destroy. @default idParams (a uuid, 422 otherwise) */
  params?: typeof idParams | typeof anyIdParams;
  list?: { query: Q; item: L; run: (ctx: Ctx, query: z.output<Q>) => Promise<PageResult<Answer<L>>> };
  create?: { body: C; run: (ctx: Ctx, body: z.output<C>) => Promise<Answer<R>> };
  show?: (ctx: Ctx, id: string) => Promise<Answer<R>>;
  update?: { body: U; run: (ctx: Ctx, id: string, body: z.output<U>) => Promise<Answer<R>> };
  destroy?: (ctx: Ctx, id: string) => Promise<void>;
};

// The request as the validator left it (the schemas above type it for the module).
type Validated = FastifyRequest & { query: never; params: never; body: never };

function add(
  app: FastifyInstance,
  method: Method,
  url: string,
  access: Permission,
  schema: Record<string, unknown>,
  handler: (req: Validated, reply: FastifyReply) => Promise<unknown>,
) {
  app.route({ method, url, config: { access }, schema, handler: handler as never });
}

/**
 * GET / (`resource:index`), POST / (`:create`, 201), GET /:id (`:show`), PUT /:id (`:update`), DELETE /:id
 * (`:destroy`, 204): the ones given.
 */
export function recordRoutes<R extends Schema, Q extends Schema, L extends Schema, C extends Schema, U extends Schema>(
  app: FastifyInstance,
  resource: string,
  r: RecordRoutes<R, Q, L, C, U>,
): void {
  const can = (action: string) => `${resource}:${action}` as Permission;
  const { list, create, show, update, destroy, params = idParams } = r;
  if (list) listRoute(app, '/', can('index'), list);
  if (create) {
    const s = { params: z.object({}), body: create.body, response: r.record, creates: true };
    recordAction(app, 'POST', '/', can('create'), s, (ctx, _p, body) => create.run(ctx, body));
  }
  if (show) recordAction(app, 'GET', '/:id', can('show'), { params, response: r.record }, (ctx, p) => show(ctx, p.id));
  if (update) {
    recordAction(app, 'PUT', '/:id', can('update'), { params, body: update.body, response: r.record }, (ctx, p, body) =>
      update.run(ctx, p.id, body),
    );
  }
  if (destroy) {
    add(app, 'DELETE', '/:id', can('destroy'), { params }, async (req, reply) => {
      await destroy(req.ctx, (req.params as { id: string }).id);
      return reply.code(204).send();
    });
  }
}

/** The schemas a record module's shared file names after its record: `familiaSchema`, `familiaFiltersSchema`… */
type RecordSchemaNames<N extends string> = {
  record: `${N}Schema`;
  filters: `${N}FiltersSchema`;
  item: `${N}ListItemSchema`;
  input: `${N}InputSchema`;
  update: `${N}UpdateSchema`;
};
type RecordSchemasOf<N extends string> = { [K in RecordSchemaNames<N>[keyof RecordSchemaNames<N>]]: Schema };

/** A record module's service: its five actions under their route names. */
export type RecordService<N extends string, M extends RecordSchemasOf<N>> = {
  list: (ctx: Ctx, query: z.output<M[`${N}FiltersSchema`]>) => Promise<PageResult<Answer<M[`${N}ListItemSchema`]>>>;
  create: (ctx: Ctx, body: z.output<M[`${N}InputSchema`]>) => Promise<Answer<M[`${N}Schema`]>>;
  show: (ctx: Ctx, id: string) => Promise<Answer<M[`${N}Schema`]>>;
  update: (ctx: Ctx, id: string, body: z.output<M[`${N}UpdateSchema`]>) => Promise<Answer<M[`${N}Schema`]>>;
  destroy: (ctx: Ctx, id: string) => Promise<void>;
};

/**
 * The five routes of a record module that follows the kit's names: the shared schemas named after the record
 * (`<name>Schema`, `<name>FiltersSchema`, `<name>ListItemSchema`, `<name>InputSchema`, `<name>UpdateSchema`) and a
 * service exporting `list`, `create`, `show`, `update` and `destroy`. Type-checked: a missing or mismatched name fails.
 */
export function recordModuleRoutes<N extends string, M extends RecordSchemasOf<N>>(
  app: FastifyInstance,
  resource: string,
  name: N,
  schemas: M,
  service: RecordService<N, M>,
): void {
  const schema = <K extends keyof RecordSchemaNames<N>>(k: K) => {
    const suffix = { record: '', filters: 'Filters', item: 'ListItem', input: 'Input', update: 'Update' }[k];
    return schemas[`${name}${suffix}Schema` as RecordSchemaNames<N>[K]];
  };
  recordRoutes(app, resource, {
    record: schema('record'),
    list: { query: schema('filters'), item: schema('item'), run: service.list },
    create: { body: schema('input'), run: service.create },
    show: service.show,
    update: { body: schema('update'), run: service.update },
    destroy: service.destroy,
  });
}

/** A list: GET with filters and paging in the query; the page as an array, the total in X-Total-Count. */
export function listRoute<Q extends Schema, L extends Schema>(
  app: FastifyInstance,
  url: string,
  access: Permission,
  l: { query: Q; item: L; run: (ctx: Ctx, query: z.output<Q>) => Promise<PageResult<Answer<L>>> },
): void {
  add(app, 'GET', url, access, { querystring: l.query, response: { 200: z.array(l.item) } }, async (req, reply) => {
    const { rows, total, limited } = await l.run(req.ctx, req.query);
    // A capped count (issue 15): the total is "more than" X-Total-Count; the pager pages up to it.
    if (limited) reply.header('X-Total-Count-Limitado', 'true');
    return reply.header('X-Total-Count', total).send(rows);
  });
}

/**
 * Any other route on one record (POST /:id/saida_cadastro, DELETE /:id/membros/:municipeId…), answering `response`
 * with 200, or 201 when it `creates`. `params` defaults to { id }.
 */
export function recordAction<
  R extends Schema,
  P extends z.ZodObject = typeof idParams,
  B extends Schema = z.ZodUndefined,
>(
  app: FastifyInstance,
  method: Method,
  url: string,
  access: Permission,
  s: { params?: P; body?: B; response: R; creates?: boolean },
  run: (ctx: Ctx, params: z.output<P>, body: z.output<B>) => Promise<Answer<R>>,
): void {
  const status = s.creates ? 201 : 200;
  const schema = {
    params: s.params ?? idParams,
    ...(s.body ? { body: s.body } : {}),
    response: { [status]: s.response },
  };
  add(app, method, url, access, schema, async (req, reply) =>
    reply.code(status).send(await run(req.ctx, req.params, req.body)),
  );
}

/** The name of a url's last parameter: '/:id/familias/:familiaId' → 'familiaId'. */
function lastParam(url: string): string {
  const name = /\/:(\w+)$/.exec(url)?.[1];
  if (!name) throw new Error(`${url} does not end with a parameter`);
  return name;
}

/** GET of one record by the uuid the url's last parameter holds (422 when it is not one): `/:familiaId`. */
export function showRoute<R extends Schema>(
  app: FastifyInstance,
  url: string,
  access: Permission,
  response: R,
  run: (ctx: Ctx, id: string) => Promise<Answer<R>>,
): void {
  const key = lastParam(url);
  const params = z.object({ [key]: uuidParam() });
  recordAction(app, 'GET', url, access, { params, response }, (ctx, p) => run(ctx, p[key] as string));
}

/**
 * POST /:id/<action> under the permission `resource:<action>`, a named step of a record's life that answers the
 * record (a registration's exit, a visit's cancelling).
 */
export function stepRoute<R extends Schema, B extends Schema>(
  app: FastifyInstance,
  resource: string,
  action: string,
  s: { body: B; response: R; run: (ctx: Ctx, id: string, body: z.output<B>) => Promise<Answer<R>> },
): void {
  const access = `${resource}:${action}` as Permission;
  const { body, response, run } = s;
  recordAction(app, 'POST', `/:id/${action}`, access, { body, response }, (ctx, p, b) => run(ctx, p.id, b));
}

/**
 * The pair that links other records to a record and unlinks one, under `resource:update` and answering the record:
 * POST /:id/<things> (the body names the one to link) and DELETE `url`, e.g. '/:id/membros/:municipeId'.
 */
export function linkRoutes<R extends Schema, B extends Schema>(
  app: FastifyInstance,
  resource: string,
  url: string,
  s: { body: B; response: R },
  run: {
    link: (ctx: Ctx, id: string, body: z.output<B>) => Promise<Answer<R>>;
    unlink: (ctx: Ctx, id: string, linkedId: string) => Promise<Answer<R>>;
  },
): void {
  const access = `${resource}:update` as Permission;
  const key = lastParam(url);
  const { body, response } = s;
  recordAction(app, 'POST', url.slice(0, url.lastIndexOf('/')), access, { body, response }, (ctx, p, b) =>
    run.link(ctx, p.id, b),
  );
  const params = idParams.extend({ [key]: uuidParam() });
  recordAction(app, 'DELETE', url, access, { params, response }, (ctx, p) => {
    const ids = p as Record<string, string>;
    return run.unlink(ctx, ids.id as string, ids[key] as string);
  });
}

/** A plugin of one GET of a record (`resource:show`) by the url's last parameter: spec §7 reads some outside /v1. */
export const showRoutes =
  <R extends Schema>(resource: string, url: string, response: R, run: (ctx: Ctx, id: string) => Promise<Answer<R>>) =>
  async (app: FastifyInstance) =>
    showRoute(app, url, `${resource}:show` as Permission, response, run);
