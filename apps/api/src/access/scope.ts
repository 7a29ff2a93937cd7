import type { Ctx } from './context';

// The user's team scope in the current unit, read from the session (issue 40: here, not in a module, because both
// primary care's records and the citizens' care rules ask it, and modules may not import each other in a cycle).
// An assignment without a team (managers, reception, surveillance) sees every record; otherwise only the user's teams.

type Lotacao = { equipe_id: string | null; ocupacao_codigo: string; micro_areas: string[] };
/** The user's active assignments in the current unit (in assignment order), and the teams they open. */
export type Scope = { all: boolean; equipeIds: string[]; lotacoes: Lotacao[] };

/** The scope comes with the session (auth/sessions.ts loads the assignments in the same query): no query here. */
export function scopeOf(ctx: Ctx): Scope {
  const u = ctx.usuario;
  if (!u?.unidadeId) return { all: false, equipeIds: [], lotacoes: [] };
  const rows = u.lotacoes;
  const all = rows.some((r) => r.equipe_id === null);
  return { all, equipeIds: [...new Set(rows.flatMap((r) => (r.equipe_id ? [r.equipe_id] : [])))], lotacoes: rows };
}
