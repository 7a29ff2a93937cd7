import * as schemas from '@saude/shared/schemas/cadastro_individual';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { listRoute, recordModuleRoutes, stepRoute } from '../../../lib/routes';
import { RESOURCE } from './queries';
import * as service from './service';

// /api/v1/atencao_primaria/cadastros_individuais: individual registrations with exit from the register (issue 6).
export const cadastrosIndividuaisRoutes: FastifyPluginAsyncZod = async (app) => {
  recordModuleRoutes(
    app,
    RESOURCE,
    {
      record: schemas.cadastroIndividualSchema,
      filters: schemas.cadastroIndividualFiltersSchema,
      item: schemas.cadastroIndividualListItemSchema,
      input: schemas.cadastroIndividualInputSchema,
      update: schemas.cadastroIndividualUpdateSchema,
    },
    service,
  );
  stepRoute(app, RESOURCE, 'saida_cadastro', {
    body: schemas.saidaCadastroSchema,
    response: schemas.cadastroIndividualSchema,
    run: service.saidaCadastro,
  });
  // The new registration's citizen picker: who may be registered, who not and why (issue 12).
  listRoute(app, '/municipes', `${RESOURCE}:create`, {
    query: schemas.candidatosCadastroFiltersSchema,
    item: schemas.candidatoCadastroSchema,
    run: service.candidatosCadastro,
  });
};
