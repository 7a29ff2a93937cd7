import { diasDoGrupo, type GrupoPrioritario } from '@saude/shared/schemas/cobertura';
import { MOTIVOS_QUEM_VISITAR } from '@saude/shared/schemas/quem_visitar';
import { sql, type SQL } from 'drizzle-orm';

// Who is in which priority group, and who is due a visit, as SQL over the rows of quem_visitar_pessoas (migration
// 0037: one row per living active member of a family that has not moved, kept by the writes): the one rule that "Quem
// visitar" (quem_visitar.ts) and the coverage of the territory (cobertura/) both read, so the worklist and the table
// never disagree. `p` is the alias the caller gives that table; an interval is a number of days or an SQL expression
// (a unit's own interval).

export type Dias = number | SQL;
const dias = (d: Dias): SQL => (typeof d === 'number' ? sql`${d}::int` : d);
const col = (p: string, c: string) => sql.raw(`${p}.${c}`);
const RECEM = MOTIVOS_QUEM_VISITAR.recem_nascido.dias;

/**
 * The person belongs to the group: an age group by the birth date; the others by a "yes" of the health-conditions block
 * (kept as false when unanswered: a blank never makes a reason). Newborns are not also "children under 2".
 */
export function noGrupo(g: GrupoPrioritario, p: string): SQL {
  const nascimento = col(p, 'data_nascimento');
  if (g === 'recem_nascido') return sql`(${nascimento} > current_date - ${RECEM}::int)`;
  if (g === 'crianca_menor_2')
    return sql`(${nascimento} > current_date - interval '2 years' and ${nascimento} <= current_date - ${RECEM}::int)`;
  return col(p, g);
}

/** Due: never visited, or last visited `d` days ago or more. */
export const vencida = (ultima: SQL, d: Dias): SQL =>
  sql`(${ultima} is null or ${ultima} <= now() - make_interval(days => ${dias(d)}))`;

/**
 * The person of the group is due a visit: a newborn until visited since birth; the others when the group's interval
 * has passed since the last visit. `d` defaults to the group's default interval.
 */
export function devida(g: GrupoPrioritario, p: string, d: Dias = diasDoGrupo(g)): SQL {
  const ultima = col(p, 'ultima');
  if (g === 'recem_nascido') return sql`(${ultima} is null or ${ultima}::date < ${col(p, 'data_nascimento')})`;
  return vencida(ultima, d);
}

/** In the group and due: the worklist's line for that reason. */
export const grupoDevido = (g: GrupoPrioritario, p: string, d?: Dias): SQL =>
  sql`(${noGrupo(g, p)} and ${devida(g, p, d)})`;

/** In the group and visited within its interval: the coverage's "up to date". */
export const grupoEmDia = (g: GrupoPrioritario, p: string, d?: Dias): SQL =>
  sql`(${noGrupo(g, p)} and not ${devida(g, p, d)})`;

/**
 * The interval of group `g` at the unit whose row is aliased `u` (unidades_saude.intervalos_visita holds only what the
 * unit changed, checked on the way in): the coverage of a town counts each family by its own unit's intervals.
 */
export const intervaloDaUnidade = (g: GrupoPrioritario, u: string): SQL =>
  g === 'recem_nascido'
    ? sql`${diasDoGrupo(g)}::int`
    : sql`coalesce((${col(u, 'intervalos_visita')} ->> ${g})::int, ${diasDoGrupo(g)}::int)`;

/** A registration last updated `DIAS_CADASTRO_VALIDO` days ago or more (e-SUS validity): to update. */
export const cadastroDesatualizado = (atualizadoEm: SQL): SQL =>
  sql`(${atualizadoEm} <= now() - make_interval(days => ${MOTIVOS_QUEM_VISITAR.cadastro_desatualizado.dias}::int))`;
