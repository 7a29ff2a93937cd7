import { sql, type SQL } from 'drizzle-orm';
import { agenteDe, type Escopo } from './queries';

// The families of a user's territory (alias `f`), one rule for "Quem visitar" and the coverage (issue 44): moved-away
// families never; an agent's own micro-areas; a team member's teams; a user without a team the current unit's
// families (`semEquipe: 'unidade'`, the worklist) or the whole town's (`'municipio'`, the coverage).
export function familiasDoTerritorio(e: Escopo, semEquipe: 'unidade' | 'municipio'): SQL {
  const minhas = agenteDe(e).microAreas.map((k) => k.split(':') as [string, string]);
  const lista = (itens: SQL[]) => sql.join(itens, sql`, `);
  if (minhas.length > 0)
    return sql`not f.mudou and (f.equipe_id, coalesce(f.micro_area, '')) in (${lista(
      minhas.map(([equipe, m]) => sql`(${equipe}::uuid, ${m})`),
    )})`;
  if (e.all) {
    if (semEquipe === 'municipio') return sql`not f.mudou`;
    return e.unidadeId ? sql`not f.mudou and f.unidade_saude_id = ${e.unidadeId}` : sql`false`;
  }
  if (e.equipeIds.length === 0) return sql`false`;
  return sql`not f.mudou and f.equipe_id in (${lista(e.equipeIds.map((id) => sql`${id}::uuid`))})`;
}
