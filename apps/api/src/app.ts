import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import compress from '@fastify/compress';
import helmet from '@fastify/helmet';
import fastifyStatic from '@fastify/static';
import fastifySwagger from '@fastify/swagger';
import { msg } from '@saude/shared';
import { sql } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import {
  hasZodFastifySchemaValidationErrors,
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { registerAccess, type RegisteredRoute } from './access/hooks';
import { menusRoutes, permissoesRoutes } from './access/routes';
import { authRoutes } from './auth/routes';
import type { Config } from './config';
import type { Db } from './db/client';
import { AppError } from './lib/errors';
import { cadastrosIndividuaisRoutes } from './modules/atencao_primaria/cadastros_individuais/routes';
import {
  cadastroDomiciliarSpecRoutes,
  cadastrosDomiciliaresRoutes,
} from './modules/atencao_primaria/cadastros_domiciliares/routes';
import { familiaSpecRoutes, familiasRoutes } from './modules/atencao_primaria/familias/routes';
import { opcoesFiltroRoutes } from './modules/atencao_primaria/opcoes/routes';
import { visitasDomiciliaresRoutes } from './modules/atencao_primaria/visitas_domiciliares/routes';
import { enderecosRoutes } from './modules/enderecos/routes';
import { municipesPermissaoRoutes, municipesRoutes } from './modules/municipes/routes';
import { parametrizacaoRoutes } from './modules/ferramentas/parametrizacao/routes';
import { parametrosUnidadeRoutes } from './modules/parametros/unidades_saude/routes';

export type App = FastifyInstance & { registeredRoutes: RegisteredRoute[] };

function toFieldErrors(validation: Array<{ instancePath: string; message?: string }>): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  for (const v of validation) {
    const field = v.instancePath.replace(/^\//, '').replaceAll('/', '.') || 'base';
    (errors[field] ??= []).push(v.message ?? msg.naoEValido);
  }
  return errors;
}

/** Builds the whole API without listening: main.ts listens, tests inject. */
export async function buildApp(
  config: Config,
  db: Db,
  opts: { logger?: boolean; serveWeb?: boolean } = {},
): Promise<App> {
  const app = Fastify({
    logger: opts.logger === false ? false : { level: config.LOG_LEVEL },
    trustProxy: config.TRUST_PROXY,
    bodyLimit: 2 * 1024 * 1024,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  // The only place that picks a status (style guide §4). Nothing a user sends may answer 500 with details.
  app.setErrorHandler((err, req, reply) => {
    if (hasZodFastifySchemaValidationErrors(err)) {
      const errors = toFieldErrors(err.validation);
      return reply
        .code(422)
        .send({ message: msg.naoFoiPossivelGravar('o registro', Object.keys(errors).length), errors });
    }
    if (err instanceof AppError) {
      const retryAfter = (err as AppError & { retryAfter?: number }).retryAfter;
      if (retryAfter) void reply.header('Retry-After', String(retryAfter));
      return reply.code(err.statusCode).send({ ...err.extra, message: err.message, errors: err.errors });
    }
    const e = err as { statusCode?: number; code?: string };
    // Fastify's own client errors (bad JSON, wrong content type, body too large) stay 4xx, in Portuguese.
    if (e.statusCode && e.statusCode >= 400 && e.statusCode < 500) {
      const status = e.statusCode === 400 || e.statusCode === 415 ? 422 : e.statusCode;
      return reply.code(status).send({ message: 'Requisição inválida.', errors: {} });
    }
    req.log.error({ err }, 'unhandled');
    return reply.code(500).send({ message: msg.status500, errors: {} });
  });

  const csp = {
    defaultSrc: ["'self'"],
    scriptSrc: [
      "'self'",
      ...[config.CHAT_WIDGET_URL, config.LIBRAS_WIDGET_URL]
        .filter((u): u is string => !!u)
        .map((u) => new URL(u).origin),
    ],
    // Mantine sets style attributes at run time; no inline script is ever allowed.
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc: ["'self'", 'data:', 'blob:'],
    fontSrc: ["'self'", 'data:'],
    connectSrc: ["'self'"],
    objectSrc: ["'none'"],
    frameAncestors: ["'none'"],
    baseUri: ["'self'"],
    formAction: ["'self'"],
  };
  await app.register(helmet, { contentSecurityPolicy: { directives: csp }, crossOriginEmbedderPolicy: false });
  // Field work on a weak connection (issue 12): answers above 1 kB go out compressed, at a brotli level cheap enough
  // for every request; the built assets are compressed once at build (preCompressed below).
  await app.register(compress, {
    threshold: 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } },
    zlibOptions: { level: 6 },
  });
  await app.register(fastifySwagger, {
    openapi: { info: { title: 'Saúde Municipal API', version: '1.0.0' } },
    transform: jsonSchemaTransform,
  });

  const policy = { idleMinutes: config.SESSION_IDLE_MINUTES, maxHours: config.SESSION_MAX_HOURS };
  const registeredRoutes = registerAccess(app, db, policy);

  app.get('/api/health', { config: { access: 'public' } }, async (_req, reply) => {
    try {
      await db.execute(sql`select 1`);
      return { status: 'ok', database: 'ok' };
    } catch {
      return reply.code(503).send({ status: 'erro', database: 'indisponível' });
    }
  });
  app.get('/api/docs/openapi.json', { config: { access: 'public' }, schema: { hide: true } }, async () =>
    app.swagger(),
  );

  await app.register(authRoutes(policy), { prefix: '/api/v2/auth' });
  await app.register(permissoesRoutes, { prefix: '/api/ferramentas/permissoes' });
  await app.register(menusRoutes, { prefix: '/api/menus' });
  await app.register(parametrizacaoRoutes(config), { prefix: '/api/ferramentas/parametrizacao' });
  await app.register(parametrosUnidadeRoutes, { prefix: '/api/v1/parametros/unidades_saude' });
  await app.register(enderecosRoutes(config), { prefix: '/api/v1/enderecos' });
  await app.register(municipesRoutes, { prefix: '/api/v1/municipes' });
  await app.register(municipesPermissaoRoutes, { prefix: '/api/municipes' });
  await app.register(cadastrosIndividuaisRoutes, { prefix: '/api/v1/atencao_primaria/cadastros_individuais' });
  await app.register(cadastrosDomiciliaresRoutes, { prefix: '/api/v1/atencao_primaria/cadastros_domiciliares' });
  await app.register(cadastroDomiciliarSpecRoutes, { prefix: '/api/atencao_primaria/cadastros_domiciliares' });
  await app.register(familiasRoutes, { prefix: '/api/v1/atencao_primaria/familias' });
  await app.register(familiaSpecRoutes, { prefix: '/api/atencao_primaria/familias' });
  await app.register(opcoesFiltroRoutes, { prefix: '/api/v1/atencao_primaria/opcoes_filtro' });
  await app.register(visitasDomiciliaresRoutes, { prefix: '/api/v1/atencao_primaria/visitas_domiciliares' });

  // The built SPA, with history-mode fallback. /api/* never falls back (unknown API path: JSON 404).
  const indexHtml = path.join(config.WEB_DIST, 'index.html');
  const serveWeb = opts.serveWeb !== false && fs.existsSync(indexHtml);
  if (serveWeb) {
    await app.register(fastifyStatic, {
      root: config.WEB_DIST,
      wildcard: false,
      index: false,
      // The .br and .gz copies written by the build, picked by the browser's Accept-Encoding.
      preCompressed: true,
      setHeaders: (res, file) => {
        // Hashed assets are immutable; index.html must always be revalidated to pick up a new release.
        res.header(
          'Cache-Control',
          file.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  }
  app.setNotFoundHandler((req, reply) => {
    const url = req.url.split('?')[0] ?? '';
    if (url.startsWith('/api/') || url === '/api' || !serveWeb || (req.method !== 'GET' && req.method !== 'HEAD')) {
      return reply.code(404).send({ message: msg.status404, errors: {} });
    }
    // A missing asset file is a 404, not the app shell.
    if (url.startsWith('/assets/')) return reply.code(404).send({ message: msg.status404, errors: {} });
    return reply.header('Cache-Control', 'no-cache').sendFile('index.html');
  });

  return Object.assign(app, { registeredRoutes }) as unknown as App;
}
