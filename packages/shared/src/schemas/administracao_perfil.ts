import { z } from 'zod';
import { adminMsg } from '../administracao_mensagens';
import { allPermissions, isPermission } from '../access';
import { msg } from '../messages';
import { zRequired } from '../validation/zod';
import { paginationSchema } from './auth';
import { lockVersion, opt, textoFiltro } from './comum';

// Profiles and their permissions (issue 22): the built-in profiles (`sistema`) follow the code's catalogue and are
// read-only; a municipality adds its own, each a code, a name and a set of the product's `resource:action` strings.

/** Lengths chosen for a code typed by a manager and a name that fits the assignment lists (docs/decisions.md). */
export const LIMITES_PERFIL = { codigo: 30, nome: 60 } as const;

/** The code as stored: lowercase letters, digits and underscore, starting with a letter (it names the profile in logs). */
const CODIGO_PERFIL = /^[a-z][a-z0-9_]*$/;

const zPermissoes = () =>
  z
    .array(z.string({ error: msg.naoEValido }), { error: msg.naoEValido })
    .max(allPermissions.length * 2, { error: msg.naoEValido })
    .nullish()
    .superRefine((v, ctx) => {
      const desconhecida = (v ?? []).find((p) => !isPermission(p));
      if (desconhecida !== undefined)
        ctx.addIssue({ code: 'custom', message: adminMsg.permissaoDesconhecida(desconhecida) });
    })
    // One row per permission, in the catalogue's order (the audit's before → after compares lists).
    .transform((v) => allPermissions.filter((p) => (v ?? []).includes(p)));

export const perfilInputSchema = z.object({
  codigo: zRequired({ max: LIMITES_PERFIL.codigo })
    .transform((v) => v.toLowerCase())
    .pipe(z.string().regex(CODIGO_PERFIL, { error: adminMsg.perfilCodigoInvalido })),
  nome: zRequired({ max: LIMITES_PERFIL.nome }),
  permissoes: zPermissoes(),
});
export type PerfilInput = z.input<typeof perfilInputSchema>;
export type PerfilValues = z.output<typeof perfilInputSchema>;

export const perfilUpdateSchema = perfilInputSchema.extend({ lock_version: lockVersion() });
export type PerfilUpdate = z.input<typeof perfilUpdateSchema>;

/** GET /api/v1/administracao/perfis/{id} (also what every write answers). */
export const perfilSchema = z.object({
  id: z.uuid(),
  lock_version: z.int(),
  codigo: z.string(),
  nome: z.string(),
  sistema: z.boolean(),
  permissoes: z.array(z.string()),
  lotacoes_ativas: z.int(),
});
export type Perfil = z.infer<typeof perfilSchema>;

/** A list row: how many permissions and how many active assignments use it. */
export const perfilListItemSchema = perfilSchema.omit({ lock_version: true }).extend({ permissoes: z.int() });
export type PerfilListItem = z.infer<typeof perfilListItemSchema>;

/** GET list filters: part of the name or code; built-in or custom (absent: both). Built-in first, then by name. */
export const perfilFiltersSchema = paginationSchema.extend({
  texto: opt(textoFiltro(LIMITES_PERFIL.nome)),
  tipo: opt(z.enum(['sistema', 'personalizado'], { error: msg.naoEValido })),
});
export type PerfilFilters = z.input<typeof perfilFiltersSchema>;

export {
  ACOES,
  AREAS,
  RECURSOS,
  acaoPermissaoTexto,
  areaDe,
  areaTexto,
  gruposPermissoes,
  permissaoTexto,
  recursoPermissaoTexto,
  type GrupoPermissoes,
} from './administracao_perfil_textos';
