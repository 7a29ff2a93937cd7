import { msg, type Permission } from '@saude/shared';
import type { FastifyContextConfig, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Access, Ctx } from '../access/context';
import type { Dated } from './answer';
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
export { isUuid } from '../db/sql';
/** The params of a url without any: `/opcoes`, `/unidade`. */
export const noParams = z.object({});

type Schema = z.ZodType;
/** What a handler returns: what the response schema accepts before serialising, timestamps as Dates or strings. */
type Answer<S extends Schema> = Dated<z.input<S>>;
type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
/** Who may call a route: its access, or its whole config when it also says more (`allowsPendingTerms`…). */
type RouteAccess = Access | (FastifyContextConfig & { access: Access });

/**
 * The shared schemas of a record's routes: the record as show, create and update answer it, the :id of show, update
 * and destroy (`idParams`, a uuid, 422 otherwise, by default; `anyIdParams` where the service answers a malformed id
 * with 404), and the ones each action the service has needs: `filters` and `item` for list, `input` for create,
 * `update` for update.
 */
export type RecordSchemas<R extends Schema, Q extends Schema, L extends Schema, C extends Schema, U extends Schema> = {
  record: R;
  params?: typeof idParams | typeof anyIdParams;
  filters?: Q;
  item?: L;
  input?: C;
  update?: U;
};

/** A record module's service: the actions it has among the five, under their route names. */
export type RecordService<R extends Schema, Q extends Schema, L extends Schema, C extends Schema, U extends Schema> = {
  list?: (ctx: Ctx, query: z.output<Q>) => Promise<PageResult<Answer<L>>>;
  create?: (ctx: Ctx, body: z.output<C>) => Promise<Answer<R>>;
  show?: (ctx: Ctx, id: string) => Promise<Answer<R>>;
  update?: (ctx: Ctx, id: string, body: z.output<U>) => Promise<Answer<R>>;
  destroy?: (ctx: Ctx, id: string) => Promise<void>;
};

// The request as the validator left it (the schemas above type it for the module).
type Validated = FastifyRequest & { query: never; params: never; body: never };

function add(
  app: FastifyInstance,
  method: Method,
  url: string,
  access: RouteAccess,
  schema: Record<string, unknown>,
  handler: (req: Validated, reply: FastifyReply) => Promise<unknown>,
) {
  const config = typeof access === 'string' ? { access } : access;
  app.route({ method, url, config, schema, handler: handler as never });
}

function needs<T>(schema: T | undefined, action: string, name: string): T {
  if (!schema) throw new Error(`recordModuleRoutes: ${action} needs the '${name}' schema`);
  return schema;
}

/**
 * The one declaration of a record module's routes, for the actions its service has: GET / (`resource:index`),
 * POST / (`:create`, 201), GET /:id (`:show`), PUT /:id (`:update`), DELETE /:id (`:destroy`, 204). Pass the service
 * module itself (`import * as service`) when it exports the record's actions under these names, or an object with
 * the ones the module has (an action taking more than ctx, id and body wraps its call here). Type-checked against
 * the schemas; an action without its schema fails at start.
 */
export function recordModuleRoutes<
  R extends Schema,
  Q extends Schema,
  L extends Schema,
  C extends Schema,
  U extends Schema,
>(
  app: FastifyInstance,
  resource: string,
  schemas: RecordSchemas<R, Q, L, C, U>,
  service: RecordService<R, Q, L, C, U>,
): void {
  const can = (action: string) => `${resource}:${action}` as Permission;
  const { record: response, params = idParams } = schemas;
  const { list, create, show, update, destroy } = service;
  if (list) {
    const query = needs(schemas.filters, 'list', 'filters');
    listRoute(app, '/', can('index'), { query, item: needs(schemas.item, 'list', 'item'), run: list });
  }
  if (create) {
    const s = { body: needs(schemas.input, 'create', 'input'), response, creates: true };
    recordAction(app, 'POST', '/', can('create'), s, (ctx, _p, body) => create(ctx, body));
  }
  if (show) recordAction(app, 'GET', '/:id', can('show'), { params, response }, (ctx, p) => show(ctx, p.id));
  if (update) {
    const s = { params, body: needs(schemas.update, 'update', 'update'), response };
    recordAction(app, 'PUT', '/:id', can('update'), s, (ctx, p, body) => update(ctx, p.id, body));
  }
  if (destroy) {
    add(app, 'DELETE', '/:id', can('destroy'), { params }, async (req, reply) => {
      await destroy(req.ctx, (req.params as { id: string }).id);
      return reply.code(204).send();
    });
  }
}

/** A list: GET with filters and paging in the query; the page as an array, the total in X-Total-Count. */
export function listRoute<Q extends Schema, L extends Schema, P extends z.ZodObject = typeof noParams>(
  app: FastifyInstance,
  url: string,
  access: Permission,
  l: {
    query: Q;
    item: L;
    /** The url's params, for a list under one record: `/:id/aceites`. */
    params?: P;
    run: (ctx: Ctx, query: z.output<Q>, params: z.output<P>) => Promise<PageResult<Answer<L>>>;
  },
): void {
  const schema = {
    ...(l.params ? { params: l.params } : {}),
    querystring: l.query,
    response: { 200: z.array(l.item) },
  };
  add(app, 'GET', url, access, schema, async (req, reply) => {
    const { rows, total, limited } = await l.run(req.ctx, req.query, req.params);
    // A capped count (issue 15): the total is "more than" X-Total-Count; the pager pages up to it.
    if (limited) reply.header('X-Total-Count-Limitado', 'true');
    // Timestamps may still be Dates: the serializer writes them as ISO strings (http/serializer.ts).
    return reply.header('X-Total-Count', total).send(rows);
  });
}

/** When an action `creates: 'if-new'`, it says whether it did: a retried save answers the stored record with 200. */
export type MaybeCreated<T> = { created: boolean; answer: T };

/**
 * Every route other than the record's five (POST /:id/saida_cadastro, DELETE /:id/membros/:municipeId, GET
 * /opcoes…), answering `response` with 200, or 201 when it `creates` ('if-new': 201 or 200 as the action says).
 * `params` defaults to { id } on a url with `:id`, to none otherwise; `query` validates the query string.
 */
export function recordAction<
  R extends Schema,
  P extends z.ZodObject = typeof idParams,
  B extends Schema = z.ZodUndefined,
  Q extends Schema = z.ZodUndefined,
  K extends boolean | 'if-new' = false,
>(
  app: FastifyInstance,
  method: Method,
  url: string,
  access: RouteAccess,
  s: { params?: P; body?: B; query?: Q; response: R; creates?: K },
  run: (
    ctx: Ctx,
    params: z.output<P>,
    body: z.output<B>,
    query: z.output<Q>,
  ) => Promise<K extends 'if-new' ? MaybeCreated<Answer<R>> : Answer<R>>,
): void {
  const schema = {
    params: s.params ?? (url.includes('/:') ? idParams : noParams),
    ...(s.body ? { body: s.body } : {}),
    ...(s.query ? { querystring: s.query } : {}),
    response: s.creates === 'if-new' ? { 200: s.response, 201: s.response } : { [s.creates ? 201 : 200]: s.response },
  };
  add(app, method, url, access, schema, async (req, reply) => {
    const answer = await run(req.ctx, req.params, req.body, req.query);
    if (s.creates === 'if-new') {
      const { created, answer: record } = answer as MaybeCreated<unknown>;
      return reply.code(created ? 201 : 200).send(record);
    }
    return reply.code(s.creates ? 201 : 200).send(answer);
  });
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
