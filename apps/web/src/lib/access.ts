// In-page permission checks (spec §6): GET /api/v2/auth/me lists the current unit's `resource:action` strings, so a
// button or a locked form costs no request. The route guard (app/guards.ts) still asks POST /api/ferramentas/permissoes
// before a screen opens, and the API refuses whatever it would refuse anyway.
import type { Permission, Usuario } from '@saude/shared';
import { useUsuario } from './session';

export const pode = (usuario: Pick<Usuario, 'permissoes'> | undefined, permission: Permission): boolean =>
  usuario?.permissoes.includes(permission) ?? false;

/** Whether the signed-in user may do `permission` in the current unit. */
export function usePode(permission: Permission): boolean {
  return pode(useUsuario(), permission);
}
