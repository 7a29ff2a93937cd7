import * as schemas from '@saude/shared/schemas/administracao_importacao_cnes';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../../lib/errors';
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

  app.get(
    '/',
    {
      config: { access: can('index') },
      schema: {
        querystring: schemas.importacaoCnesFiltersSchema,
        response: { 200: z.array(schemas.importacaoCnesSchema) },
      },
    },
    async (req, reply) => {
      const { rows, total } = await service.listar(req.ctx, req.query);
      return reply.header('X-Total-Count', total).send(rows);
    },
  );

  app.post(
    '/previa',
    {
      config: { access: can('create') },
      schema: { querystring: schemas.previaCnesQuerySchema, response: { 200: schemas.previaCnesSchema } },
    },
    async (req) => service.previa(req.ctx, await arquivo(req.body), req.query.arquivo_nome),
  );

  app.post(
    '/',
    {
      config: { access: can('create') },
      schema: { querystring: schemas.aplicarCnesQuerySchema, response: { 201: schemas.importacaoCnesSchema } },
    },
    async (req, reply) => reply.code(201).send(await service.aplicar(req.ctx, await arquivo(req.body), req.query)),
  );
};
