import { msg, type Permission } from '@saude/shared';
import { and, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import { can, type Ctx } from '../../access/context';
import { scopeOf } from '../../access/scope';
import type { DbOrTx } from '../../db/client';
import {
  equipes,
  familiaMembros,
  familias,
  municipes,
  notificacoesCompulsorias,
  visitasDomiciliares,
} from '../../db/schema';
import type { FieldErrors } from '../../lib/errors';

// Who may see and edit a citizen's health blocks — condição de saúde and sociodemográfica (issue 14; the rule and its
// reasons are in docs/decisions.md, "Health data scope"). The registry record itself (identification) is visible
// municipality-wide to whoever holds municipes:index/show; the blocks only to the citizen's carers. This file is the
// ONE row-level condition every health read and write goes through; what skips it is named `unscoped…`.

export type Bloco = 'sociodemograficas' | 'condicoes_saude';
export const blocoResource = {
  sociodemograficas: 'municipes/sociodemograficas',
  condicoes_saude: 'municipes/condicoes_saude',
} as const;
/** What the care scope guards: the two blocks and the fingerprints (issue 39), each with its own `todos`. */
export type Escopo = Bloco | 'biometrias';
const escopoResource = { ...blocoResource, biometrias: 'municipes/biometrias' } as const;

/** The user's care scope in the current unit, from the session (no query). */
export type Cuidado = {
  /** (a) The profile holds `<block>:todos` (the manager): every citizen. */
  todos: boolean;
  unidadeId: string | null;
  /** (b) The user's teams in the current unit. */
  equipeIds: string[];
  /** (d) Surveillance: the profile reads every unit's compulsory notifications (`municipes_notificacao:todos`). */
  vigilancia: boolean;
};

export function cuidadoDe(ctx: Ctx, bloco: Escopo): Cuidado {
  const u = ctx.usuario;
  return {
    todos: u !== null && can(u, `${escopoResource[bloco]}:todos` as Permission),
    unidadeId: u?.unidadeId ?? null,
    equipeIds: scopeOf(ctx).equipeIds,
    vigilancia: u !== null && can(u, 'municipes_notificacao:todos'),
  };
}

/**
 * A reason to see a citizen's health data, as a condition on the citizen row (`municipes` in the statement). Later
 * modules add theirs to `regrasDeCuidado`: surveillance reads the citizens with a compulsory notification (the
 * notifications module), urgent care the citizens attended in the unit (its care visits).
 */
export type RegraDeCuidado = (c: Cuidado) => SQL | undefined;

/** (b) The territory of the user's teams: the citizen's team (which is also its individual registration's: the
 * registration's header is the citizen's columns), or an active member of a family of one of those teams. */
const territorioDaEquipe: RegraDeCuidado = (c) =>
  c.equipeIds.length === 0
    ? undefined
    : or(
        inArray(municipes.equipe_id, c.equipeIds),
        sql`exists (select 1 from ${familiaMembros} join ${familias} on ${familias.id} = ${familiaMembros.familia_id}
          where ${familiaMembros.municipe_id} = ${municipes.id} and ${familiaMembros.ativo}
            and ${inArray(familias.equipe_id, c.equipeIds)})`,
      );

/** (c) Attended in the current unit: its reference unit (the unit of its individual registration too), or a home
 * visit recorded in this unit. */
const atendidoNaUnidade: RegraDeCuidado = (c) =>
  c.unidadeId === null
    ? undefined
    : or(
        eq(municipes.unidade_saude_referencia_id, c.unidadeId),
        sql`exists (select 1 from ${visitasDomiciliares} where ${visitasDomiciliares.municipe_id} = ${municipes.id}
          and ${and(eq(visitasDomiciliares.unidade_saude_id, c.unidadeId), isNull(visitasDomiciliares.cancelada_em))})`,
      );

/**
 * (d) Surveillance (who reads every unit's notifications) sees the health blocks of the citizens with a compulsory
 * notification — the case it investigates — and of no one else. Uses the index on notificacoes_compulsorias(municipe_id, …).
 */
const notificadoAVigilancia: RegraDeCuidado = (c) =>
  c.vigilancia
    ? sql`exists (select 1 from ${notificacoesCompulsorias}
        where ${notificacoesCompulsorias.municipe_id} = ${municipes.id})`
    : undefined;

/**
 * Every reason but the manager's: (b), (c) and (d) surveillance's, the citizens with a compulsory notification.
 */
export const regrasDeCuidado: RegraDeCuidado[] = [territorioDaEquipe, atendidoNaUnidade, notificadoAVigilancia];

/** THE condition: the citizen row is in the user's care (undefined: no restriction, for `todos`). */
export function emCuidado(c: Cuidado): SQL | undefined {
  if (c.todos) return undefined;
  const reasons = regrasDeCuidado.map((r) => r(c)).filter((s): s is SQL => s !== undefined);
  return reasons.length > 0 ? or(...reasons) : sql`false`;
}

/** The citizen's fields the blocks' rules need, when it exists and is in the user's care for `bloco`; else null. */
export async function municipeEmCuidado(tx: DbOrTx, ctx: Ctx, bloco: Escopo, id: string, forUpdate = false) {
  const q = tx
    .select({
      id: municipes.id,
      data_nascimento: municipes.data_nascimento,
      data_obito: municipes.data_obito,
      sexo_id: municipes.sexo_id,
    })
    .from(municipes)
    .where(and(eq(municipes.id, id), emCuidado(cuidadoDe(ctx, bloco))));
  const [m] = await (forUpdate ? q.for('update') : q);
  return m ?? null;
}

/** For each block, whether the citizen is in the user's care: one statement for both (permissao_cadastro). */
export async function blocosEmCuidado(tx: DbOrTx, ctx: Ctx, id: string): Promise<Record<Bloco, boolean> | null> {
  const cond = (b: Bloco) => emCuidado(cuidadoDe(ctx, b)) ?? sql`true`;
  const [row] = await tx
    .select({
      sociodemograficas: sql<boolean>`${cond('sociodemograficas')}`,
      condicoes_saude: sql<boolean>`${cond('condicoes_saude')}`,
    })
    .from(municipes)
    .where(eq(municipes.id, id));
  return row ?? null;
}

/** The two columns that decide who cares for a citizen (rules b and c above). */
type Vinculo = { equipe_id: string | null; unidade_saude_referencia_id: string | null };

/**
 * Moving a citizen to another team or reference unit hands their health data to that team (issue 39): only the
 * manager (anywhere in the municipality) or a current carer may do it, and a carer only into the current unit and,
 * when their assignment has a team, into one of their teams. Adds the field errors to `errors`; an unchanged pair is
 * never refused (reception keeps correcting everything else).
 */
export async function checkMudancaDeVinculo(
  tx: DbOrTx,
  ctx: Ctx,
  id: string,
  atual: Vinculo,
  novo: { [K in keyof Vinculo]?: string | null },
  errors: FieldErrors,
): Promise<void> {
  const mudou = (k: keyof Vinculo) => (novo[k] ?? null) !== atual[k];
  if (!mudou('equipe_id') && !mudou('unidade_saude_referencia_id')) return;
  const u = ctx.usuario;
  if (!u || cuidadoDe(ctx, 'condicoes_saude').todos) return;
  const emCuidadoPorBloco = await blocosEmCuidado(tx, ctx, id);
  const cuida = (['condicoes_saude', 'sociodemograficas'] as const).some(
    (b) => can(u, `${blocoResource[b]}:show` as Permission) && emCuidadoPorBloco?.[b] === true,
  );
  if (!cuida) {
    for (const k of ['equipe_id', 'unidade_saude_referencia_id'] as const)
      if (mudou(k)) errors.add(k, msg.transferenciaSemCuidado);
    return;
  }
  if (
    mudou('unidade_saude_referencia_id') &&
    novo.unidade_saude_referencia_id &&
    novo.unidade_saude_referencia_id !== u.unidadeId
  )
    errors.add('unidade_saude_referencia_id', msg.unidadeForaDoEscopo);
  if (mudou('equipe_id') && novo.equipe_id) {
    const scope = scopeOf(ctx);
    const [equipe] = scope.all
      ? await tx.select({ unidade: equipes.unidade_saude_id }).from(equipes).where(eq(equipes.id, novo.equipe_id))
      : [];
    const permitida = scope.all ? equipe?.unidade === u.unidadeId : scope.equipeIds.includes(novo.equipe_id);
    if (!permitida) errors.add('equipe_id', msg.equipeForaDaLotacao);
  }
}
