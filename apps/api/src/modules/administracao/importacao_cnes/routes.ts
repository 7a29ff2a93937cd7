import * as schemas from '@saude/shared/schemas/administracao_importacao_cnes';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../../config';
import { AppError } from '../../../lib/errors';
import { listRoute, recordAction } from '../../../lib/routes';
import { arquivoDoZip, ZipInvalido } from '../../../lib/unzip';
import { CNES_MAX_BYTES, grandeDemais, invalido, parseCnes, type CnesArquivo } from './parser';
import * as service from './service';
import { RESOURCE } from './service';

// /api/v1/administracao/importacao_cnes (issue 22): the CNES file as the raw body (application/xml or text/xml),
// parsed while it arrives — never buffered whole nor kept on the server — or the .zip the CNES portal delivers
// (application/zip, issue 43: the zip is read whole, up to the same 50 MB, and the XML inside inflated as it is parsed).
// A file of another municipality (IDENTIFICACAO's CO_IBGE_MUN against ESUS_MUNICIPIO_IBGE) is refused.
// POST /previa answers the plan and the file's SHA-256; POST / applies the same file (the hash must match) in one transaction; GET / lists past imports.

/**
 * The request body as the stream it arrived in, out of reach of generic object walks: the XML itself, or the .zip kept
 * whole (compressed) until the XML inside is streamed out of it.
 */
class CorpoCnes {
  readonly #stream: AsyncIterable<Buffer>;
  readonly #zip: boolean;
  constructor(stream: AsyncIterable<Buffer>, zip: boolean) {
    this.#stream = stream;
    this.#zip = zip;
  }
  async xml(): Promise<AsyncIterable<Buffer>> {
    if (!this.#zip) return this.#stream;
    const partes: Buffer[] = [];
    let bytes = 0;
    for await (const parte of this.#stream) {
      bytes += parte.length;
      if (bytes > CNES_MAX_BYTES) throw grandeDemais();
      partes.push(parte);
    }
    return arquivoDoZip(Buffer.concat(partes), (nome) => /\.xml$/i.test(nome));
  }
}

/** CNES writes the IBGE code with 6 digits (no check digit) or 7: the first six name the municipality. */
const mesmoMunicipio = (a: string, b: string) => a.slice(0, 6) === b.slice(0, 6);

const can = (action: 'index' | 'create') => `${RESOURCE}:${action}` as const;

export const importacaoCnesRoutes =
  (config: Config): FastifyPluginAsyncZod =>
  async (app) => {
    // The body stays a stream: the parser counts its bytes (50 MB limit) and hashes it as it reads. It is wrapped in a
    // private field so the input guard's walk over the body (http/input.ts) does not descend into the socket.
    app.addContentTypeParser(['application/xml', 'text/xml'], (_req, payload, done) =>
      done(null, new CorpoCnes(payload, false)),
    );
    app.addContentTypeParser(['application/zip', 'application/x-zip-compressed'], (_req, payload, done) =>
      done(null, new CorpoCnes(payload, true)),
    );
    const ler = async (body: unknown): Promise<CnesArquivo> => {
      if (!(body instanceof CorpoCnes))
        throw new AppError(422, 'Arquivo CNES inválido: envie o arquivo XML exportado do CNES');
      try {
        return await parseCnes(await body.xml());
      } catch (err) {
        // A corrupt zip may fail only while its XML is inflated, inside the parser's read.
        if (err instanceof ZipInvalido) throw invalido(err.message);
        throw err;
      }
    };
    const arquivo = async (body: unknown) => {
      const arq = await ler(body);
      if (!arq.municipio_ibge) throw invalido('o arquivo não diz de que município é (IDENTIFICACAO, CO_IBGE_MUN)');
      if (!mesmoMunicipio(arq.municipio_ibge, config.ESUS_MUNICIPIO_IBGE))
        throw new AppError(
          422,
          `Arquivo CNES de outro município (código IBGE ${arq.municipio_ibge}); este município é o ${config.ESUS_MUNICIPIO_IBGE}.`,
        );
      return arq;
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
