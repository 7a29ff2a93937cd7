import { type Permission } from '@saude/shared';
import { cboVisitaDomiciliarCodigos } from '@saude/shared/codes/cbo_visita_domiciliar';
import { enderecoLinha, type EnderecoPartes } from '@saude/shared/endereco';
import { and, asc, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import { can, type Ctx } from '../../../access/context';
import type { DbOrTx } from '../../../db/client';
import { cadastrosDomiciliares, familiaMembros, familias, municipeProntuarios, municipes } from '../../../db/schema';
import { visitasDomiciliares as vd } from '../../../db/schema';
import { inScopeEquipe, type Scope } from '../scope';

// What the visits (service.ts) and the families offered for a visit (familias.ts) both need: the user as an agent,
// the scope of a visit and of a family, and the family lookups. Design: docs/decisions.md, "Home visits".

export const RESOURCE = 'atencao_primaria/visitas_domiciliares';

const cboVisita: ReadonlySet<string> = new Set(cboVisitaDomiciliarCodigos);

export type Agente = {
  /** The user's CBOs in the current unit that the visit form accepts, in assignment order. */
  ocupacoes: string[];
  /** 'equipe_id:micro_area' of the user's own micro-areas (lotacoes.micro_areas) in the current unit. */
  microAreas: string[];
};

/** Only agents launch visits: an assignment in the current unit with a CBO of LEDI table 7 (spec §5). */
export const agenteDe = (scope: Scope): Agente => ({
  ocupacoes: [...new Set(scope.lotacoes.map((l) => l.ocupacao_codigo).filter((c) => cboVisita.has(c)))],
  microAreas: scope.lotacoes.flatMap((l) => (l.equipe_id ? l.micro_areas.map((m) => `${l.equipe_id}:${m}`) : [])),
});

export const podeCriar = (ctx: Ctx) => !!ctx.usuario && can(ctx.usuario, `${RESOURCE}:create` as Permission);

export const familiaInScope = (scope: Scope): SQL | undefined => inScopeEquipe(scope, familias.equipe_id);

/** A visit is in scope when its team or its family's team is one of the user's (queries left-join familias). */
export const visitaInScope = (scope: Scope): SQL | undefined =>
  scope.all
    ? undefined
    : scope.equipeIds.length > 0
      ? or(inArray(vd.equipe_id, scope.equipeIds), inArray(familias.equipe_id, scope.equipeIds))
      : sql`false`;

/** The one-line address (shared); null without a linked home. */
export const formatEndereco = (d: EnderecoPartes | null): string | null => (d?.logradouro ? enderecoLinha(d) : null);

/** The citizen's active record number in the unit (the first one, when several). */
export async function prontuarioDoMunicipe(db: DbOrTx, municipeId: string, unidadeId: string): Promise<string | null> {
  const [p] = await db
    .select({ numero: municipeProntuarios.numero })
    .from(municipeProntuarios)
    .where(
      and(
        eq(municipeProntuarios.municipe_id, municipeId),
        eq(municipeProntuarios.unidade_saude_id, unidadeId),
        isNull(municipeProntuarios.inativado_em),
      ),
    )
    .orderBy(asc(municipeProntuarios.created_at))
    .limit(1);
  return p?.numero ?? null;
}

/** The family (with its home) if it exists and is in scope. */
export async function findFamilia(db: DbOrTx, scope: Scope, id: string) {
  const [row] = await db
    .select({ f: familias, d: cadastrosDomiciliares })
    .from(familias)
    .leftJoin(cadastrosDomiciliares, eq(cadastrosDomiciliares.id, familias.domicilio_id))
    .where(and(eq(familias.id, id), familiaInScope(scope)));
  return row ?? null;
}

export async function membroAtivo(db: DbOrTx, familiaId: string, municipeId: string) {
  const [row] = await db
    .select({ sexo_id: municipes.sexo_id })
    .from(familiaMembros)
    .innerJoin(municipes, eq(municipes.id, familiaMembros.municipe_id))
    .where(
      and(
        eq(familiaMembros.familia_id, familiaId),
        eq(familiaMembros.municipe_id, municipeId),
        eq(familiaMembros.ativo, true),
      ),
    );
  return row ?? null;
}
