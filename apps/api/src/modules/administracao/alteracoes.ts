import type { Ctx } from '../../access/context';
import type { recordTrail } from '../../access/audit-trail';
import type { DbOrTx } from '../../db/client';

// The audit's "before → after" of an administration record (issue 22). Staff set-up data (a unit's name, a team's
// micro-areas, a flag) is kept with its values so a manager can see what changed; personal data of a professional
// (CPF, CNS, e-mail) only says it changed, and a password never appears (audit.ts: the trail must not copy personal
// data).

export type Alteracoes = Record<string, { antes: unknown; depois: unknown } | { alterado: true }>;

const igual = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/**
 * The fields of `campos` whose value differs between `antes` and `depois` (a create passes `antes` null). Fields in
 * `pessoais` are reported without values.
 */
export function alteracoes<T extends Record<string, unknown>>(
  antes: T | null,
  depois: T,
  campos: ReadonlyArray<keyof T & string>,
  pessoais: ReadonlyArray<keyof T & string> = [],
): Alteracoes {
  const out: Alteracoes = {};
  for (const c of campos) {
    const a = antes ? antes[c] : null;
    const d = depois[c];
    if (igual(a, d)) continue;
    out[c] = pessoais.includes(c) ? { alterado: true } : { antes: a ?? null, depois: d ?? null };
  }
  return out;
}

/** A deactivation's "before → after": what DELETE of a unit, team or professional (and an import) records. */
export const DESATIVADO: Alteracoes = { ativo: { antes: true, depois: false } };

/**
 * The trail of an administration record whose catalogue fields (`campos`) are audited before → after (`pessoais` only
 * as changed): what its create, its update and its DELETE (a deactivation) record.
 */
export function trilhaDeCadastro<C extends string>(
  trail: ReturnType<typeof recordTrail>,
  campos: readonly C[],
  pessoais: readonly C[] = [],
) {
  type Valores = Record<C, unknown>;
  type Quem = Pick<Ctx, 'usuario' | 'ip'>;
  const com = (antes: Valores | null, depois: Valores) => ({
    details: { alteracoes: alteracoes<Valores>(antes, depois, campos, pessoais) },
  });
  return {
    criado: (tx: DbOrTx, ctx: Quem, id: string, depois: Valores) => trail(tx, ctx, 'create', id, com(null, depois)),
    alterado: (tx: DbOrTx, ctx: Quem, id: string, antes: Valores, depois: Valores) =>
      trail(tx, ctx, 'update', id, com(antes, depois)),
    desativado: (tx: DbOrTx, ctx: Quem, id: string) =>
      trail(tx, ctx, 'destroy', id, { details: { alteracoes: DESATIVADO } }),
  };
}
