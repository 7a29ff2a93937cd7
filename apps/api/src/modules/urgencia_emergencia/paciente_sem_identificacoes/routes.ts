import * as schemas from '@saude/shared/schemas/paciente_sem_identificacao';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { recordAction, recordModuleRoutes, stepRoute } from '../../../lib/routes';
import { RESOURCE } from './queries';
import * as service from './service';

// /api/v1/urgencia_emergencia/paciente_sem_identificacoes: patients without identification (issue 16).
export const pacienteSemIdentificacoesRoutes: FastifyPluginAsyncZod = async (app) => {
  // Before /:id: the next pseudonym of the unit, for the form of a new patient.
  recordAction(
    app,
    'GET',
    '/pseudonimo',
    `${RESOURCE}:create`,
    { params: z.object({}), response: schemas.pseudonimoSchema },
    (ctx) => service.proximoPseudonimo(ctx),
  );
  recordModuleRoutes(
    app,
    RESOURCE,
    {
      record: schemas.pacienteSemIdentificacaoSchema,
      filters: schemas.pacienteSemIdentificacaoFiltersSchema,
      item: schemas.pacienteSemIdentificacaoListItemSchema,
      input: schemas.pacienteSemIdentificacaoInputSchema,
      update: schemas.pacienteSemIdentificacaoUpdateSchema,
    },
    service,
  );
  const response = schemas.pacienteSemIdentificacaoSchema;
  stepRoute(app, RESOURCE, 'identificar', {
    body: schemas.identificarPacienteSchema,
    response,
    run: service.identificar,
  });
  stepRoute(app, RESOURCE, 'desfazer_identificacao', {
    body: z.object({}).nullish(),
    response,
    run: (ctx, id) => service.desfazerIdentificacao(ctx, id),
  });
};
