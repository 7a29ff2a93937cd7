import { msg, parametrizacaoSchema } from '@saude/shared';
import { tempoChamadasSchema } from '@saude/shared/schemas/fila';
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { demoAccountsExist } from '../../../auth/service';
import type { Sso } from '../../../auth/sso';
import type { Config } from '../../../config';
import { parametrizacao, unidadesSaude } from '../../../db/schema';
import { forbidden } from '../../../lib/errors';
import { recordAction } from '../../../lib/routes';

// GET /api/ferramentas/parametrizacao: read by the web app at start, before sign-in (the login page shows the crest).
export const parametrizacaoRoutes =
  (config: Config, sso: Sso): FastifyPluginAsyncZod =>
  async (app) => {
    recordAction(app, 'GET', '/', 'public', { response: parametrizacaoSchema }, async (ctx) => {
      const [p] = await ctx.db.select().from(parametrizacao).where(eq(parametrizacao.id, 1));
      return {
        cliente_nome: p?.cliente_nome ?? 'Saúde Municipal',
        brasao: p?.brasao ?? null,
        habilita_biometria: p?.habilita_biometria ?? false,
        versao: p?.versao ?? '',
        esus_versao: p?.esus_versao ?? '',
        pec_versao: p?.pec_versao ?? '',
        mapas: {
          chave: config.MAPS_API_KEY,
          latitude: config.MAPS_DEFAULT_LAT,
          longitude: config.MAPS_DEFAULT_LNG,
          tiles_url: config.MAP_TILES_URL,
        },
        widgets: {
          chat_url: config.CHAT_WIDGET_URL,
          libras_url: config.LIBRAS_WIDGET_URL,
          biometria_agente_url: config.BIOMETRIA_AGENTE_URL,
        },
        sso_habilitado: sso.enabled,
        sso_nome: sso.enabled ? (config.SSO_PROVIDER_NAME ?? 'acesso único do município') : null,
        demonstracao: await demoAccountsExist(ctx.db),
      };
    });

    // GET /api/ferramentas/parametrizacao/tempo_chamadas (spec §7): the current unit's seconds between repeated calls
    // of a ticket or a patient. Any signed-in staff member reads it (the reception's call, the desk); no unit, 403.
    recordAction(app, 'GET', '/tempo_chamadas', 'authenticated', { response: tempoChamadasSchema }, async (ctx) => {
      const unidadeId = ctx.usuario?.unidadeId;
      if (!unidadeId) throw forbidden(msg.semUnidadeAtual);
      const [u] = await ctx.db
        .select({ tempo: unidadesSaude.tempo_chamadas })
        .from(unidadesSaude)
        .where(eq(unidadesSaude.id, unidadeId));
      if (!u) throw forbidden(msg.semUnidadeAtual);
      return { tempo_unidade_atual: u.tempo };
    });
  };
