import { sql, type SQL } from 'drizzle-orm';
import { agenteDe, type Escopo } from './queries';

// A user's territory, one rule for "Quem visitar" (its families, people and properties) and the coverage (issue 44):
// an agent's own micro-areas; a team member's teams; a user without a team the current unit's (`semEquipe: 'unidade'`,
// the worklists) or the whole town's (`'municipio'`, the coverage). Over a table alias `x` with `equipe_id`,
// `unidade_saude_id` and its micro-area column.
export function noTerritorio(e: Escopo, x: string, o: { microArea: string; semEquipe: 'unidade' | 'municipio' }): SQL {
  const col = (c: string) => sql.raw(`${x}.${c}`);
  const minhas = agenteDe(e).microAreas.map((k) => k.split(':') as [string, string]);
  const lista = (itens: SQL[]) => sql.join(itens, sql`, `);
  if (minhas.length > 0)
    return sql`(${col('equipe_id')}, coalesce(${col(o.microArea)}, '')) in (${lista(
      minhas.map(([equipe, m]) => sql`(${equipe}::uuid, ${m})`),
    )})`;
  if (e.all) {
    if (o.semEquipe === 'municipio') return sql`true`;
    return e.unidadeId ? sql`${col('unidade_saude_id')} = ${e.unidadeId}` : sql`false`;
  }
  if (e.equipeIds.length === 0) return sql`false`;
  return sql`${col('equipe_id')} in (${lista(e.equipeIds.map((id) => sql`${id}::uuid`))})`;
}

/** The families of the user's territory (alias `f`); moved-away families never. */
export const familiasDoTerritorio = (e: Escopo, semEquipe: 'unidade' | 'municipio'): SQL =>
  sql`not f.mudou and ${noTerritorio(e, 'f', { microArea: 'micro_area', semEquipe })}`;
