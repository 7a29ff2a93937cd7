import { diasDoGrupo, type GrupoPrioritario } from '@saude/shared/schemas/cobertura';
import { MOTIVOS_QUEM_VISITAR } from '@saude/shared/schemas/quem_visitar';
import { sql, type SQL } from 'drizzle-orm';

// Who is in which priority group, and who is due a visit, as SQL: the one rule that "Quem visitar" (quem_visitar.ts)
// and the coverage of the territory (cobertura/) both read, so the worklist and the table never disagree. The caller
// names its columns (`Pessoa`); an interval is a number of days or an SQL expression (a unit's own interval).

/** The person's columns the rules read, as the caller's query names them. */
export type Pessoa = {
  /** municipes.data_nascimento (a date; null: unknown, in no age group). */
  nascimento: SQL;
  /** municipe_condicoes_saude.dados (jsonb; null: the block was never filled). */
  dados: SQL;
  /** The last visit to the person (timestamptz; null: never). */
  ultima: SQL;
};

export type Dias = number | SQL;
const dias = (d: Dias): SQL => (typeof d === 'number' ? sql`${d}::int` : d);

/** A yes of the health-conditions block; a blank or a no is not. */
const sim = (p: Pessoa, campo: string) => sql`((${p.dados} ->> ${campo}) = 'true')`;
const RECEM = MOTIVOS_QUEM_VISITAR.recem_nascido.dias;

/** The person belongs to the group (an age group needs a birth date). Newborns are not also "children under 2". */
export function noGrupo(g: GrupoPrioritario, p: Pessoa): SQL {
  if (g === 'recem_nascido') return sql`(${p.nascimento} > current_date - ${RECEM}::int)`;
  if (g === 'crianca_menor_2')
    return sql`(${p.nascimento} > current_date - interval '2 years' and ${p.nascimento} <= current_date - ${RECEM}::int)`;
  return sim(p, g);
}

/** Due: never visited, or last visited `d` days ago or more. */
export const vencida = (ultima: SQL, d: Dias): SQL =>
  sql`(${ultima} is null or ${ultima} <= now() - make_interval(days => ${dias(d)}))`;

/**
 * The person of the group is due a visit: a newborn until visited since birth; the others when the group's interval
 * has passed since the last visit. `d` defaults to the group's default interval.
 */
export function devida(g: GrupoPrioritario, p: Pessoa, d: Dias = diasDoGrupo(g)): SQL {
  if (g === 'recem_nascido') return sql`(${p.ultima} is null or ${p.ultima}::date < ${p.nascimento})`;
  return vencida(p.ultima, d);
}

/** In the group and due: the worklist's line for that reason. */
export const grupoDevido = (g: GrupoPrioritario, p: Pessoa, d?: Dias): SQL =>
  sql`(${noGrupo(g, p)} and ${devida(g, p, d)})`;

/** In the group and visited within its interval: the coverage's "up to date". */
export const grupoEmDia = (g: GrupoPrioritario, p: Pessoa, d?: Dias): SQL =>
  sql`(${noGrupo(g, p)} and not ${devida(g, p, d)})`;

/** A registration last updated `DIAS_CADASTRO_VALIDO` days ago or more (e-SUS validity): to update. */
export const cadastroDesatualizado = (atualizadoEm: SQL): SQL =>
  sql`(${atualizadoEm} <= now() - make_interval(days => ${MOTIVOS_QUEM_VISITAR.cadastro_desatualizado.dias}::int))`;

/**
 * The citizen (alias given) still lives in the territory: no exit from the registration (death, moved out) and no
 * death date. The coverage counts only these; families that moved (`familias.mudou`) are left out by the caller.
 */
export const noTerritorio = (m: string): SQL =>
  sql`(${sql.identifier(m)}.motivo_saida_cadastro_id is null and ${sql.identifier(m)}.data_obito is null)`;
