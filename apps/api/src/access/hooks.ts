import { msg, type Permission } from '@saude/shared';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/client';
import type { SessionCache } from '../auth/session-cache';
import { bearerToken, loadSession, SEGUNDO_PLANO_HEADER, type SessionPolicy } from '../auth/sessions';
import { pathOnly } from '../http/logging';
import { AppError } from '../lib/errors';
import { audit } from './audit';
import { can, type Access } from './context';

/** `body`: the route's body schema (Zod), for tests that walk the routes by what they accept. */
export type RegisteredRoute = { method: string; url: string; access: Access; body?: unknown };

/**
 * Every /api route declares its access; one that forgets stops the boot [Immich]. The hook answers 401/403 before
 * validation, so a stranger never learns our field names from a 422.
 */
export function registerAccess(
  app: FastifyInstance,
  db: Db,
  policy: SessionPolicy,
  sessions?: SessionCache,
  leitura: Db = db,
): RegisteredRoute[] {
  const session = sessions
    ? (token: string, touch: boolean) => sessions.load(token, touch)
    : (token: string, touch: boolean) => loadSession(db, token, policy, touch);
  const registered: RegisteredRoute[] = [];
  app.decorateRequest('usuario', null);
  app.decorateRequest('ctx', null as never);

  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/')) return;
    const access = route.config?.access;
    if (!access) throw new Error(`${String(route.method)} ${route.url}: no access declared`);
    for (const method of [route.method].flat()) {
      if (method !== 'HEAD') registered.push({ method, url: route.url, access, body: route.schema?.body });
    }
  });

  // Hooks with nothing to wait for take a callback: an async one costs a promise and a turn of the queue per request.
  app.addHook('onRequest', (req, _reply, done) => {
    req.ctx = { db, leitura, usuario: null, ip: req.ip };
    done();
  });

  app.addHook('preValidation', async (req) => {
    const access = req.routeOptions.config.access;
    if (!access || access === 'public') return;
    const token = bearerToken(req.headers.authorization);
    // A poll (the web app marks it) is not the user's activity: it does not keep an idle session alive.
    const touch = req.headers[SEGUNDO_PLANO_HEADER] !== '1';
    const usuario = token ? await session(token, touch) : null;
    if (!usuario) throw new AppError(401, msg.naoAutenticado);
    req.usuario = usuario;
    req.ctx.usuario = usuario;
    if (usuario.senhaProvisoria && !req.routeOptions.config.allowsOneTimePassword)
      throw new AppError(403, msg.senhaProvisoria);
    // The newest terms of use come before anything else (issue 21), after the one-time password (whose routes allow
    // this too).
    if (usuario.termoPendente && !req.routeOptions.config.allowsPendingTerms)
      throw new AppError(403, msg.termoPendente, { code: 'termo_pendente' });
    // A SenhaSimples token (issue 17) is for the ticket service only: no other route answers it, not even /me.
    if (usuario.escopo === 'filas' && !access.startsWith('filas/')) throw new AppError(403, msg.senhaSimplesEscopo);
    if (access === 'authenticated') return;
    if (!usuario.unidadeId) throw new AppError(403, msg.semUnidadeAtual);
    if (!can(usuario, access as Permission)) {
      await audit(db, req.ctx, {
        action: 'permissao_negada',
        resource: access,
        record_id: null,
        // The path only: a query string may carry a CPF or a name (the log drops it the same way).
        details: { method: req.method, url: pathOnly(req.url) },
      });
      throw new AppError(403, msg.naoAutorizado);
    }
  });
  return registered;
}
