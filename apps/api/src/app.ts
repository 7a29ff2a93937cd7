import Fastify, { type FastifyInstance } from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { registerAccess, type RegisteredRoute } from './access/hooks';
import { SessionCache } from './auth/session-cache';
import { Sso, type SsoOptions } from './auth/sso';
import type { Config } from './config';
import type { Database } from './db/client';
import { registerCompression } from './http/compression';
import { clientErrorHandler, errorHandler, frameworkErrors } from './http/errors';
import { registerInputGuard } from './http/input';
import { loggerOptions } from './http/logging';
import { registerRoutes } from './http/routes';
import { registerSecurityHeaders } from './http/security';
import { serializerCompiler } from './http/serializer';
import { registerWeb } from './http/web';

export type App = FastifyInstance & { registeredRoutes: RegisteredRoute[]; sessionCache: SessionCache };

export type BuildOptions = {
  /** false: no log (tests); a stream: the log goes there (the log test reads it). */
  logger?: false | { stream: NodeJS.WritableStream };
  serveWeb?: boolean;
  /** Single sign-on options the environment does not set (tests: the clock when checking tokens). */
  sso?: SsoOptions;
};

/** A hop count trusts that many proxies nearest the server (what proxy-addr does with a number). */
const trustProxy = (t: Config['TRUST_PROXY']) =>
  typeof t === 'number' ? (_address: string, hop: number) => hop < t : t;

/** The database as the app uses it: queries through drizzle, and LISTEN for the calling panel. */
export type AppDatabase = Pick<Database, 'db' | 'listen'> &
  Partial<Pick<Database, 'leitura' | 'engine' | 'pool' | 'replica'>>;

/** Builds the whole API without listening: main.ts listens, tests inject. */
export async function buildApp(config: Config, database: AppDatabase, opts: BuildOptions = {}): Promise<App> {
  const { db } = database;
  const app = Fastify({
    logger: opts.logger === false ? false : loggerOptions(config, opts.logger?.stream),
    trustProxy: trustProxy(config.TRUST_PROXY),
    bodyLimit: 2 * 1024 * 1024,
    frameworkErrors,
    clientErrorHandler,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.setErrorHandler(errorHandler);

  await registerSecurityHeaders(app, config);
  await registerCompression(app);
  const sso = new Sso(config, opts.sso);
  const policy = {
    idleMinutes: config.SESSION_IDLE_MINUTES,
    maxHours: config.SESSION_MAX_HOURS,
    renewSso: (d: typeof db, sessionId: string) => sso.renew(d, sessionId),
  };
  const sessions = new SessionCache(db, policy);
  await sessions.start(database.listen);
  app.addHook('onClose', () => sessions.stop());
  const registeredRoutes = registerAccess(app, db, policy, sessions, database.leitura);
  // After the access hook: a stranger gets 401/403 before learning any field name.
  registerInputGuard(app);
  await registerRoutes(app, config, database, policy, sso);
  await registerWeb(app, config, opts.serveWeb !== false);

  return Object.assign(app, { registeredRoutes, sessionCache: sessions }) as unknown as App;
}
