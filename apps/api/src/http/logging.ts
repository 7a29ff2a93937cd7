import type { FastifyServerOptions } from 'fastify';
import type { Config } from '../config';

// Health data is personal data (LGPD): the log carries no query string and no SQL parameter value (issue 14). Paths
// keep only ids; errors keep their type, SQLSTATE, constraint and stack, never the values the driver echoes back.

/** The path of a URL, without its query string (`?q=80000008575`). */
export const pathOnly = (url: string | undefined) => (url ?? '').split('?')[0] ?? '';

// drizzle's DrizzleQueryError message is "Failed query: <sql>\nparams: <values>"; the stack repeats the message.
const PARAMS = /\nparams: [\s\S]*?(?=\n\s+at |$)/;
// PostgreSQL quotes the offending value after a colon: 'invalid input syntax for type uuid: "…"'.
const QUOTED_VALUE = /(:\s*)"(?:[^"\\]|\\.)*"/g;

const clean = (text: unknown) =>
  typeof text === 'string'
    ? text.replace(PARAMS, '\nparams: [omitidos]').replace(QUOTED_VALUE, '$1"[omitido]"')
    : undefined;

type ErrorLike = {
  name?: unknown;
  message?: unknown;
  stack?: unknown;
  code?: unknown;
  statusCode?: unknown;
  constraint?: unknown;
  table?: unknown;
  column?: unknown;
  cause?: unknown;
};

/**
 * An error as the log may show it: a fixed list of fields (never the driver's `detail`, `where`, `params` or `query`,
 * which hold the row's values), its message and stack without parameter values, and its causes the same way.
 */
export function safeError(err: unknown, depth = 0): Record<string, unknown> | undefined {
  if (!err || typeof err !== 'object' || depth > 4) return undefined;
  const e = err as ErrorLike;
  const out: Record<string, unknown> = {
    type: typeof e.name === 'string' ? e.name : err.constructor?.name,
    message: clean(e.message),
    stack: clean(e.stack),
  };
  for (const k of ['code', 'statusCode', 'constraint', 'table', 'column'] as const) {
    if (typeof e[k] === 'string' || typeof e[k] === 'number') out[k] = e[k];
  }
  const cause = safeError(e.cause, depth + 1);
  if (cause) out.cause = cause;
  return out;
}

type RequestLike = { method?: string; url?: string; ip?: string; id?: unknown };

export function loggerOptions(
  config: Pick<Config, 'LOG_LEVEL'>,
  stream?: NodeJS.WritableStream,
): FastifyServerOptions['logger'] {
  return {
    level: config.LOG_LEVEL,
    ...(stream ? { stream } : {}),
    serializers: {
      req: (req: RequestLike) => ({ method: req.method, url: pathOnly(req.url), remoteAddress: req.ip }),
      err: (err: unknown) => (safeError(err) ?? {}) as { type: string; message: string; stack: string },
    },
  };
}
