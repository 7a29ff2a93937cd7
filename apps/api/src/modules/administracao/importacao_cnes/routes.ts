import * as schemas from '@saude/shared/schemas/administracao_importacao_cnes';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../../lib/errors';
import { listRoute, recordAction } from '../../../lib/routes';
import { parseCnes } from './parser';
import * as service from './service';
import { RESOURCE } from './service';

// /api/v1/administracao/importacao_cnes (issue 22): the CNES file as the raw body (application/xml or text/xml),
// parsed while it arrives — never buffered whole nor kept on the server. POST /previa answers the plan and the file's
// SHA-256; POST / applies the same file (the hash must match) in one transaction; GET / lists past imports.

/** The request body as the stream it arrived in, out of reach of generic object walks. */
class CorpoXml {
  readonly #stream: AsyncIterable<Buffer>;
  constructor(stream: AsyncIterable<Buffer>) {
    this.#stream = stream;
  }
  get stream() {
    return this.#stream;
  }
}

const can = (action: 'index' | 'create') => `${RESOURCE}:${action}` as const;

export const importacaoCnesRoutes: FastifyPluginAsyncZod = async (app) => {
  // The body stays a stream: the parser counts its bytes (50 MB limit) and hashes it as it reads. It is wrapped in a
  // private field so the input guard's walk over the body (http/input.ts) does not descend into the socket.
  app.addContentTypeParser(['application/xml', 'text/xml'], (_req, payload, done) => done(null, new CorpoXml(payload)));
  const arquivo = (body: unknown) => {
    if (!(body instanceof CorpoXml))
      throw new AppError(422, 'Arquivo CNES inválido: envie o arquivo XML exportado do CNES');
    return parseCnes(body.stream);
  };

  listRoute(app, '/', can('index'), {
    query: schemas.importacaoCnesFiltersSchema,
    item: schemas.importacaoCnesSchema,
    run: service.list,
  });

  // No body schema: the body is the XML stream, read by `arquivo`.
  const previa = { query: schemas.previaCnesQuerySchema, response: schemas.previaCnesSchema };
  recordAction(app, 'POST', '/previa', can('create'), previa, async (ctx, _p, body, query) =>
    service.previa(ctx, await arquivo(body), query.arquivo_nome),
  );

  const aplicar = { query: schemas.aplicarCnesQuerySchema, response: schemas.importacaoCnesSchema, creates: true };
  recordAction(app, 'POST', '/', can('create'), aplicar, async (ctx, _p, body, query) =>
    service.aplicar(ctx, await arquivo(body), query),
  );
};
