import { parametrizacaoSchema } from '@saude/shared';
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { demoAccountsExist } from '../../../auth/service';
import type { Config } from '../../../config';
import { parametrizacao } from '../../../db/schema';

// GET /api/ferramentas/parametrizacao: read by the web app at start, before sign-in (the login page shows the crest).
export const parametrizacaoRoutes =
  (config: Config): FastifyPluginAsyncZod =>
  async (app) => {
    app.get('/', { config: { access: 'public' }, schema: { response: { 200: parametrizacaoSchema } } }, async (req) => {
      const [p] = await req.ctx.db.select().from(parametrizacao).where(eq(parametrizacao.id, 1));
      return {
        cliente_nome: p?.cliente_nome ?? 'Saúde Municipal',
        brasao: p?.brasao ?? null,
        habilita_biometria: p?.habilita_biometria ?? false,
        versao: p?.versao ?? '',
        esus_versao: p?.esus_versao ?? '',
        pec_versao: p?.pec_versao ?? '',
        mapas: { chave: config.MAPS_API_KEY, latitude: config.MAPS_DEFAULT_LAT, longitude: config.MAPS_DEFAULT_LNG },
        widgets: { chat_url: config.CHAT_WIDGET_URL, libras_url: config.LIBRAS_WIDGET_URL },
        sso_habilitado: Boolean(config.SSO_ISSUER_URL && config.SSO_CLIENT_ID),
        demonstracao: await demoAccountsExist(req.ctx.db),
      };
    });
  };
