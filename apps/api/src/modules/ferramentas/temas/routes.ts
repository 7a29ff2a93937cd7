import * as schemas from '@saude/shared/schemas/tema';
import { todayIso } from '@saude/shared/validation/dates';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sendWithEtag } from '../../../lib/etag';
import { anyIdParams, recordModuleRoutes } from '../../../lib/routes';
import { RESOURCE, temaEmVigor } from './queries';
import * as service from './service';

// /api/v1/ferramentas/temas (issue 21, spec §2): the campaign themes, managers only.
// A 5 MB image must be answered on its field (422 'não deve ter mais que 500 kB'), not by the server-wide 2 MB body
// limit (a bare 413): these routes read up to 8 MB, and the schema refuses anything over 500 kB before decoding it.
export const temasRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRoute', (route) => {
    route.bodyLimit = 8 * 1024 * 1024;
  });
  recordModuleRoutes(
    app,
    RESOURCE,
    {
      record: schemas.temaSchema,
      params: anyIdParams,
      filters: schemas.temaFiltersSchema,
      item: schemas.temaListItemSchema,
      input: schemas.temaInputSchema,
      update: schemas.temaUpdateSchema,
    },
    service,
  );
};

// GET /api/v1/ferramentas/tema_atual (spec §7): read by every signed-in browser at start, right after parametrizacao.
// One query; 204 when no theme is in force today (São Paulo's day); an ETag of the theme's id and version, so a
// revalidation answers 304 without the image.
export const temaAtualRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/',
    {
      config: { access: 'authenticated' },
      schema: { response: { 200: schemas.temaAtualSchema, 204: z.null(), 304: z.null() } },
    },
    async (req, reply) => {
      const tema = await temaEmVigor(req.ctx.db, todayIso());
      reply.header('Cache-Control', 'private, no-cache');
      // No body on 204 (nor on 304): outside the response schema, whose serializer would write `null`.
      if (!tema) return (reply as FastifyReply).code(204).send();
      const { lock_version, ...corpo } = tema;
      return sendWithEtag(req, reply as FastifyReply, `${tema.id}:${lock_version}`, corpo);
    },
  );
};
