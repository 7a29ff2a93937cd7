import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { msg } from '@saude/shared';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';
import { errorBody } from '../lib/errors';
import { pathOnly } from './logging';

/**
 * The built SPA, with history-mode fallback, and the 404 of everything else. /api/* never falls back (an unknown API
 * path answers JSON 404), nor does a missing asset file.
 */
export async function registerWeb(app: FastifyInstance, config: Config, serve: boolean): Promise<void> {
  const serveWeb = serve && fs.existsSync(path.join(config.WEB_DIST, 'index.html'));
  if (serveWeb) {
    await app.register(fastifyStatic, {
      root: config.WEB_DIST,
      wildcard: false,
      index: false,
      // The .br and .gz copies written by the build, picked by the browser's Accept-Encoding.
      preCompressed: true,
      setHeaders: (res, file) => {
        // Hashed assets are immutable; index.html must always be revalidated to pick up a new release.
        const hashed = file.includes(`${path.sep}assets${path.sep}`);
        res.header('Cache-Control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
        // An immutable file is never revalidated nor fetched in ranges: its validators are bytes on every first-load
        // request (issue 41; the document-only headers go in security.ts).
        if (hashed) for (const h of ['etag', 'last-modified', 'accept-ranges']) res.removeHeader(h);
      },
    });
  }
  app.setNotFoundHandler((req, reply) => {
    const url = pathOnly(req.url);
    const isApp = serveWeb && (req.method === 'GET' || req.method === 'HEAD');
    if (!isApp || url === '/api' || url.startsWith('/api/') || url.startsWith('/assets/')) {
      return reply.code(404).send(errorBody('nao_encontrado', msg.status404));
    }
    return reply.header('Cache-Control', 'no-cache').sendFile('index.html');
  });
}
