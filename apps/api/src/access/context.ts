import type { Permission } from '@saude/shared';
import type { Db } from '../db/client';

export type Access = Permission | 'public' | 'authenticated';

/** The signed-in user as every service sees it: one query per request builds it (auth/sessions.ts). */
export type SessionUser = {
  sessionId: string;
  profissionalId: string;
  login: string;
  nome: string;
  email: string | null;
  unidadeId: string | null;
  unidadeNome: string | null;
  perfil: string | null;
  permissions: ReadonlySet<string>;
  /** Active assignments (lotações) in the current unit, oldest first: the team scope of primary care. */
  lotacoes: Array<{ equipe_id: string | null; ocupacao_codigo: string; micro_areas: string[] }>;
  /** Signed in with a one-time password: only routes marked `allowsOneTimePassword` answer (auth/sessions.ts). */
  senhaProvisoria: boolean;
  /** The newest published terms of use, not yet accepted: only routes marked `allowsPendingTerms` answer. */
  termoPendente: { id: string; versao: number; titulo: string } | null;
  /** null: the whole product; 'filas': a SenhaSimples token from the popup, which reaches only the filas/ routes. */
  escopo: 'filas' | null;
};

/**
 * What services receive instead of the request (style guide §6). `db`: the primary, for every write and for every read
 * a user must see right after writing. `leitura`: the read replica when DATABASE_REPLICA_URL is set (else the same as
 * `db`), for heavy read-only work that may be a moment behind the primary — reports, exports, the audit trail's
 * searches (docs/decisions.md "Read replica"). A read there never sits in a transaction with a write.
 */
export type Ctx = { db: Db; leitura: Db; usuario: SessionUser | null; ip: string };

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
  }
  interface FastifyRequest {
    usuario: SessionUser | null;
    ctx: Ctx;
  }
}

export function can(usuario: SessionUser, permission: Permission): boolean {
  return usuario.unidadeId !== null && usuario.permissions.has(permission);
}
