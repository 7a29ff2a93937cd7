import { isPermission, menuItemSchema, msg, permissaoCheckSchema, unidadeOferece, type MenuItem } from '@saude/shared';
import { asc } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { menus } from '../db/schema';
import { AppError } from '../lib/errors';
import { isUuid } from '../lib/routes';
import { flagsDaUnidade } from '../lib/unidade_flags';
import { visivel } from '../modules/municipes_notificacao/queries';
import { audit } from './audit';
import { can, type Ctx } from './context';

/**
 * Spec §6: a notification page asks with its notificacaoId, and the answer is 200 only when the user may also see that
 * notification (its unit, or every unit with `municipes_notificacao:todos`). Another id (the citizen of a new
 * notification's page) is no notification: the permission alone decides.
 */
async function registroVisivel(ctx: Ctx, authorize: string, resourceId: string | number | null | undefined) {
  if (!authorize.startsWith('municipes_notificacao:') || typeof resourceId !== 'string' || !isUuid(resourceId))
    return true;
  return (await visivel(ctx, resourceId)) !== false;
}

// POST /api/ferramentas/permissoes (spec §6, §7): 200 when the current unit's profile allows, 403 otherwise.
export const permissoesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/',
    {
      config: { access: 'authenticated' },
      schema: { body: permissaoCheckSchema, response: { 200: z.object({ autorizado: z.literal(true) }) } },
    },
    async (req) => {
      const { authorize, resource_id } = req.body;
      const usuario = req.usuario!;
      if (
        isPermission(authorize) &&
        can(usuario, authorize) &&
        usuario.unidadeId !== null &&
        unidadeOferece(await flagsDaUnidade(req.ctx.db, usuario.unidadeId), authorize) &&
        (await registroVisivel(req.ctx, authorize, resource_id))
      )
        return { autorizado: true as const };
      await audit(req.ctx.db, req.ctx, {
        action: 'permissao_negada',
        resource: authorize.slice(0, 120),
        record_id: resource_id == null ? null : String(resource_id).slice(0, 100),
      });
      throw new AppError(403, usuario.unidadeId ? msg.naoAutorizado : msg.semUnidadeAtual);
    },
  );
};

// GET /api/menus (spec §7): the tree, holding only what the user may open in the current unit.
export const menusRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/',
    { config: { access: 'authenticated' }, schema: { response: { 200: z.array(menuItemSchema) } } },
    async (req) => {
      const usuario = req.usuario!;
      if (!usuario.unidadeId) return [];
      const rows = await req.ctx.db.select().from(menus).orderBy(asc(menus.ordem));
      const flags = await flagsDaUnidade(req.ctx.db, usuario.unidadeId);
      const build = (parent: string | null, depth: number): MenuItem[] =>
        rows
          .filter((r) => r.parent_id === parent)
          .flatMap((r): MenuItem[] => {
            const submenus = build(r.id, depth + 1);
            const allowed =
              r.authorize === null
                ? r.url !== null || submenus.length > 0
                : isPermission(r.authorize) && can(usuario, r.authorize) && unidadeOferece(flags, r.authorize);
            return allowed ? [{ id: r.id, nome: r.nome, url: r.url, v3: r.v3, depth, submenus }] : [];
          });
      return build(null, 0);
    },
  );
};
