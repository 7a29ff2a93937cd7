import {
  cadastroIndividualFiltersSchema,
  candidatoCadastroSchema,
  candidatosCadastroFiltersSchema,
  cadastroIndividualInputSchema,
  cadastroIndividualListItemSchema,
  cadastroIndividualSchema,
  cadastroIndividualUpdateSchema,
  saidaCadastroSchema,
} from '@saude/shared/schemas/cadastro_individual';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { listRoute, recordRoutes, stepRoute } from '../../../lib/routes';
import * as service from './service';

const RESOURCE = 'atencao_primaria/cadastros_individuais';

// /api/v1/atencao_primaria/cadastros_individuais: individual registrations with exit from the register (issue 6).
export const cadastrosIndividuaisRoutes: FastifyPluginAsyncZod = async (app) => {
  recordRoutes(app, RESOURCE, {
    record: cadastroIndividualSchema,
    list: {
      query: cadastroIndividualFiltersSchema,
      item: cadastroIndividualListItemSchema,
      run: service.listCadastros,
    },
    create: { body: cadastroIndividualInputSchema, run: service.createCadastro },
    show: service.getCadastro,
    update: { body: cadastroIndividualUpdateSchema, run: service.updateCadastro },
    destroy: service.deleteCadastro,
  });
  stepRoute(app, RESOURCE, 'saida_cadastro', {
    body: saidaCadastroSchema,
    response: cadastroIndividualSchema,
    run: service.saidaCadastro,
  });
  // The new registration's citizen picker: who may be registered, who not and why (issue 12).
  listRoute(app, '/municipes', `${RESOURCE}:create`, {
    query: candidatosCadastroFiltersSchema,
    item: candidatoCadastroSchema,
    run: service.candidatosCadastro,
  });
};
