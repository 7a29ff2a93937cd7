import { msg } from '@saude/shared';
import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Ctx } from '../../access/context';
import type { Scope } from '../../access/scope';
import { findRow } from '../../db/sql';
import type { DbOrTx } from '../../db/client';
import { equipes, lotacoes, profissionais, unidadesSaude } from '../../db/schema';
import type { FieldErrors } from '../../lib/errors';

// Team scope shared by the primary-care modules (individual registrations, households, families, home visits).
// The user's assignments (lotações) in the current unit decide: an assignment without a team (managers, reception,
// surveillance) sees every record; otherwise only records of the user's teams in this unit. Out of scope answers
// 404 'Cadastro não encontrado', like absent.

// The scope itself is the session's (access/scope.ts); the primary-care modules take it from here with its helpers.
export { scopeOf, type Scope } from '../../access/scope';

/** The row of `table` with this id when `inScope` reaches it (locked for update when asked), null otherwise. */
export async function findScoped<T extends PgTable & { id: AnyPgColumn }>(
  tx: DbOrTx,
  table: T,
  id: string,
  inScope: SQL | undefined,
  forUpdate = false,
): Promise<T['$inferSelect'] | null> {
  return findRow(tx, table, id, { where: inScope, forUpdate });
}

/** The where-condition that keeps rows whose team column is one of the user's teams (none for `all`). */
export const inScopeEquipe = (scope: Scope, column: AnyPgColumn): SQL | undefined =>
  scope.all ? undefined : scope.equipeIds.length > 0 ? inArray(column, scope.equipeIds) : sql`false`;

// ---- the e-SUS header (unit, professional, team, occupation) ------------------------------------------------

export type HeaderInput = {
  unidade_saude_id?: string | undefined;
  profissional_id?: string | undefined;
  equipe_id?: string | undefined;
  ocupacao_id?: string | undefined;
};
export type Header = {
  unidade_saude_id: string | null;
  profissional_id: string | null;
  equipe_id: string | null;
  ocupacao_id: string | null;
};

/**
 * Fills the header as the individual registration does (spec §5), from the session, never from the client alone
 * (issue 14: work must not be recorded in a colleague's name):
 * - the unit is the record's (`atual`, on update) or the current one; another unit sent by the client is refused;
 * - the professional is the record's or the user; a coordinator (an assignment without a team) may designate another
 *   professional assigned to the unit — the answer says so (`designado`) and the caller puts it in the audit row;
 * - the team is one of the user's teams (any team of the unit for a coordinator); the occupation is the
 *   professional's assignment's.
 * Checks references and adds the field errors to `errors` (the caller answers 422 with all of them).
 * `ocupacao` is the list of CBO codes the form accepts (absent: the form has no occupation);
 * `microArea` is checked against the team's micro-areas unless outside the area.
 */
export async function resolveHeader(
  tx: DbOrTx,
  ctx: Ctx,
  scope: Scope,
  v: HeaderInput,
  errors: FieldErrors,
  opts: {
    ocupacao?: ReadonlySet<string>;
    microArea?: { field: string; value: string | undefined; foraArea: boolean };
    /** The stored header, on update: the record keeps its unit and professional unless a coordinator changes it. */
    atual?: { unidade_saude_id: string; profissional_id: string } | null;
  } = {},
): Promise<Header & { designado: boolean }> {
  const u = ctx.usuario;
  const unidade = opts.atual?.unidade_saude_id ?? u?.unidadeId ?? null;
  if (v.unidade_saude_id && v.unidade_saude_id !== unidade) errors.add('unidade_saude_id', msg.naoEValido);
  const proprio = opts.atual?.profissional_id ?? (scope.all ? undefined : u?.profissionalId);
  let { equipe_id, ocupacao_id } = v;
  let profissional_id = v.profissional_id ?? proprio;
  let designado = false;
  if (profissional_id && profissional_id !== proprio) {
    // Only a coordinator records in another professional's name; a team member's choice is refused.
    if (!scope.all) {
      errors.add('profissional_id', msg.naoEValido);
      profissional_id = proprio;
    } else designado = profissional_id !== u?.profissionalId;
  }
  if (profissional_id === u?.profissionalId && unidade === u?.unidadeId) {
    const minha = scope.lotacoes.find((l) => l.equipe_id !== null && (!equipe_id || l.equipe_id === equipe_id));
    if (minha) {
      equipe_id ??= minha.equipe_id ?? undefined;
      ocupacao_id ??= minha.ocupacao_codigo;
    }
  } else if (profissional_id && unidade && (!equipe_id || !ocupacao_id)) {
    const [dele] = await tx
      .select({ equipe_id: lotacoes.equipe_id, ocupacao_codigo: lotacoes.ocupacao_codigo })
      .from(lotacoes)
      .where(
        and(
          eq(lotacoes.profissional_id, profissional_id),
          eq(lotacoes.unidade_saude_id, unidade),
          eq(lotacoes.ativo, true),
        ),
      )
      .orderBy(sql`${lotacoes.equipe_id} is null`, asc(lotacoes.created_at))
      .limit(1);
    if (dele) {
      equipe_id ??= dele.equipe_id ?? undefined;
      ocupacao_id ??= dele.ocupacao_codigo;
    } else if (designado) errors.add('profissional_id', msg.naoEValido);
  }
  if (!unidade) errors.add('unidade_saude_id', msg.obrigatorio);
  else if (
    (await tx.select({ id: unidadesSaude.id }).from(unidadesSaude).where(eq(unidadesSaude.id, unidade))).length === 0
  ) {
    errors.add('unidade_saude_id', msg.naoEValido);
  }
  if (!profissional_id) errors.add('profissional_id', msg.obrigatorio);
  else if (
    (await tx.select({ id: profissionais.id }).from(profissionais).where(eq(profissionais.id, profissional_id)))
      .length === 0
  ) {
    errors.add('profissional_id', msg.naoEValido);
  }
  if (opts.ocupacao) {
    if (!ocupacao_id) errors.add('ocupacao_id', msg.obrigatorio);
    else if (!opts.ocupacao.has(ocupacao_id)) errors.add('ocupacao_id', msg.naoEValido);
  }
  if (equipe_id) {
    const [team] = await tx
      .select({ unidade: equipes.unidade_saude_id, micro_areas: equipes.micro_areas })
      .from(equipes)
      .where(eq(equipes.id, equipe_id));
    // The team belongs to the unit, and a team-scoped user records only for their own teams.
    if (!team || (unidade && team.unidade !== unidade) || (!scope.all && !scope.equipeIds.includes(equipe_id))) {
      errors.add('equipe_id', msg.naoEValido);
    } else if (opts.microArea) {
      const { field, value, foraArea } = opts.microArea;
      if (value && !foraArea && team.micro_areas.length > 0 && !team.micro_areas.includes(value))
        errors.add(field, msg.naoEValido);
    }
  } else if (!scope.all) {
    errors.add('equipe_id', msg.obrigatorio);
  }
  return {
    unidade_saude_id: unidade,
    profissional_id: profissional_id ?? null,
    equipe_id: equipe_id ?? null,
    ocupacao_id: opts.ocupacao ? (ocupacao_id ?? null) : null,
    designado,
  };
}
