import { painelChaveGeradaSchema, painelSnapshotSchema } from '@saude/shared/schemas/painel';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { msg } from '@saude/shared';
import type { Config } from '../../../config';
import { AppError } from '../../../lib/errors';
import { recordAction } from '../../../lib/routes';
import type { PainelHub } from './hub';
import * as service from './service';

const params = z.object({ unidadeId: z.string().max(64) });
// The panel key comes in the query string (a TV opens a link); the log keeps only the path (http/logging.ts).
const querystring = z.object({ chave: z.string().max(200).optional() });

/** Heartbeat comment: proxies and NATs keep an idle stream, and a dead TV's socket is noticed. */
export const HEARTBEAT_MS = 15_000;
/** EventSource's wait before reconnecting after the stream ends. */
export const RETRY_MS = 3_000;

// The calling panel (issue 17): /api/v1/filas/painel. The TV's two routes are public and authorised by the panel key.
export const painelRoutes =
  (config: Config, hub: PainelHub): FastifyPluginAsyncZod =>
  async (app) => {
    const snapshot = { params, query: querystring, response: painelSnapshotSchema };
    recordAction(app, 'GET', '/:unidadeId', 'public', snapshot, async (ctx, p, _b, query) => {
      const nome = await service.autorizarPainel(ctx.db, p.unidadeId, query.chave);
      return service.snapshot(ctx.db, p.unidadeId, nome);
    });

    // Server-Sent Events (a stream, not JSON: a raw route): `event: chamada` per call of the unit. The reply is hijacked, so compression and the
    // serializer never see it; nothing times it out (Node's requestTimeout covers receiving the request only).
    app.get(
      '/:unidadeId/eventos',
      { config: { access: 'public' }, schema: { params, querystring } },
      async (req, reply) => {
        const { unidadeId } = req.params;
        await service.autorizarPainel(req.ctx.db, unidadeId, req.query.chave);
        const res = reply.raw;
        let fechado = false;
        let iniciado = false;
        const vivo: { heartbeat?: NodeJS.Timeout; sair?: () => void } = {};
        const encerrar = () => {
          if (fechado) return;
          fechado = true;
          clearInterval(vivo.heartbeat);
          vivo.sair?.();
          if (iniciado) res.end();
        };
        // Subscribed before the answer starts: a call made as soon as the panel sees 200 is not missed. Nothing runs
        // between the subscription and the head being written, so no frame goes out before it.
        vivo.sair = await hub.entrar({ unidadeId, enviar: (frame) => res.write(frame), encerrar });
        // A new key came while subscribing: this one opens nothing more.
        if (fechado) throw new AppError(403, msg.painelChaveInvalida);
        iniciado = true;
        reply.hijack();
        res.on('close', encerrar);
        const socket = req.raw.socket;
        socket.setTimeout(0);
        socket.setNoDelay(true);
        socket.setKeepAlive(true, HEARTBEAT_MS);
        // The security headers the hooks set on the reply, which a hijacked reply does not send by itself.
        for (const [name, value] of Object.entries(reply.getHeaders()))
          if (value !== undefined) res.setHeader(name, value);
        res.writeHead(200, {
          'content-type': 'text/event-stream; charset=utf-8',
          'cache-control': 'no-store',
          // nginx and similar proxies would buffer the stream otherwise.
          'x-accel-buffering': 'no',
        });
        res.write(`retry: ${RETRY_MS}\n: conectado\n\n`);
        vivo.heartbeat = setInterval(() => res.write(': ping\n\n'), HEARTBEAT_MS);
        // The client left (or a new key ended it) while the answer was being prepared.
        if (req.raw.destroyed) encerrar();
      },
    );

    recordAction(app, 'POST', '/chave', 'filas/parametrizacoes:update', { response: painelChaveGeradaSchema }, (ctx) =>
      service.gerarChave(ctx, config.PUBLIC_URL),
    );
  };
