import { type Permission } from '@saude/shared';
import { cboVisitaDomiciliarCodigos } from '@saude/shared/codes/cbo_visita_domiciliar';
import { enderecoLinha, type EnderecoPartes } from '@saude/shared/endereco';
import { MOTIVO_SAIDA_OBITO } from '@saude/shared/schemas/municipe';
import { and, asc, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import { can, type Ctx } from '../../../access/context';
import type { DbOrTx } from '../../../db/client';
import { preparedOnce } from '../../../db/sql';
import {
  cadastrosDomiciliares,
  enderecoDomicilio,
  familiaMembros,
  familias,
  municipeProntuarios,
  municipes,
  visitasDomiciliares as vd,
} from '../../../db/schema';
import { inScopeEquipe, scopeOf, type Scope } from '../scope';

// What the visits (service.ts) and the families offered for a visit (familias.ts) both need: the user as an agent,
// the scope of a visit, a family and a citizen, and the family lookups. Design: docs/decisions.md, "Home visits".

export const RESOURCE = 'atencao_primaria/visitas_domiciliares';

const cboVisita: ReadonlySet<string> = new Set(cboVisitaDomiciliarCodigos);

/** The team scope (scope.ts) and the current unit: a user without a team sees the unit's records, not the town's. */
export type Escopo = Scope & { unidadeId: string | null };
export const escopoDe = (ctx: Ctx): Escopo => ({ ...scopeOf(ctx), unidadeId: ctx.usuario?.unidadeId ?? null });

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

const daUnidade = (e: Escopo, column: typeof familias.unidade_saude_id | typeof vd.unidade_saude_id) =>
  e.unidadeId ? eq(column, e.unidadeId) : sql`false`;

/** The family is the user's teams' (any of the current unit's for a user without a team). */
export const familiaInScope = (e: Escopo): SQL | undefined =>
  e.all ? daUnidade(e, familias.unidade_saude_id) : inScopeEquipe(e, familias.equipe_id);

/** A visit is in scope when its team or its family's team is one of the user's (queries left-join familias). */
export const visitaInScope = (e: Escopo): SQL | undefined =>
  e.all
    ? daUnidade(e, vd.unidade_saude_id)
    : e.equipeIds.length > 0
      ? or(inArray(vd.equipe_id, e.equipeIds), inArray(familias.equipe_id, e.equipeIds))
      : sql`false`;

/** A citizen's death is registered: an exit by death, or a death date alone. */
export const falecido = sql<boolean>`(${municipes.motivo_saida_cadastro_id} = ${MOTIVO_SAIDA_OBITO} or ${municipes.data_obito} is not null)`;

/** Whole days since a visit; null: never visited (the worklists and the coverage). */
export const diasDesde = (ultima: Date | string | null): number | null =>
  ultima === null ? null : Math.floor((Date.now() - new Date(ultima).getTime()) / 86_400_000);

/** The one-line address (shared); null without a street. */
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

/** How a reader's scope enters a prepared query (its values are placeholders `unidade` and `equipes`). */
export type Alcance = 'unidade' | 'equipes' | 'nenhum';
export const alcanceDe = (e: Escopo): Alcance =>
  e.all ? (e.unidadeId ? 'unidade' : 'nenhum') : e.equipeIds.length > 0 ? 'equipes' : 'nenhum';

/**
 * The family lookup, prepared once per scope kind (db/sql.ts `preparedOnce`; issue 41: building it was most of the
 * family detail's CPU): the same condition as `familiaInScope`, the teams as one array.
 */
const familiaPorId = (db: DbOrTx, alcance: Alcance) =>
  preparedOnce(db, `visitas:familia:${alcance}`, (name) =>
    db
      // What the callers read, not the two wide rows (issue 15: every family read maps it).
      .select({
        f: {
          id: familias.id,
          responsavel_id: familias.responsavel_id,
          responsavel_nome: familias.responsavel_nome,
          numero_prontuario: familias.numero_prontuario,
          domicilio_id: familias.domicilio_id,
          unidade_saude_id: familias.unidade_saude_id,
          equipe_id: familias.equipe_id,
          mudou: familias.mudou,
          ultima_visita: familias.ultima_visita,
        },
        d: {
          ...enderecoDomicilio,
          tipo_imovel_id: cadastrosDomiciliares.tipo_imovel_id,
          st_micro_area: cadastrosDomiciliares.st_micro_area,
          fora_area: cadastrosDomiciliares.fora_area,
        },
      })
      .from(familias)
      .leftJoin(cadastrosDomiciliares, eq(cadastrosDomiciliares.id, familias.domicilio_id))
      .where(
        and(
          eq(familias.id, sql.placeholder('id')),
          alcance === 'unidade'
            ? eq(familias.unidade_saude_id, sql.placeholder('unidade'))
            : alcance === 'equipes'
              ? sql`${familias.equipe_id} = any(${sql.placeholder('equipes')}::uuid[])`
              : sql`false`,
        ),
      )
      .prepare(name),
  );

/** The family (with its home) if it exists and is in scope. */
export async function findFamilia(db: DbOrTx, e: Escopo, id: string) {
  const [row] = await familiaPorId(db, alcanceDe(e)).execute({ id, unidade: e.unidadeId, equipes: e.equipeIds });
  return row ?? null;
}

/** The family's active member (sex, name, death), or null. */
export async function membroAtivo(db: DbOrTx, familiaId: string, municipeId: string) {
  const [row] = await db
    .select({ sexo_id: municipes.sexo_id, nome: municipes.nome, obito: falecido })
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

/** The citizen's active family, if any (in or out of scope: the caller checks it). */
export async function familiaDoMunicipe(db: DbOrTx, municipeId: string): Promise<string | null> {
  const [m] = await db
    .select({ familia_id: familiaMembros.familia_id })
    .from(familiaMembros)
    .where(and(eq(familiaMembros.municipe_id, municipeId), eq(familiaMembros.ativo, true)));
  return m?.familia_id ?? null;
}

/**
 * A citizen visited without a family, if in scope: of one of the user's teams, or of no team yet (not registered in
 * any territory). Another team's citizen is answered as absent (404), as another team's family.
 */
export async function municipeSemFamilia(db: DbOrTx, e: Escopo, id: string) {
  const [m] = await db
    .select({
      id: municipes.id,
      nome: municipes.nome,
      sexo_id: municipes.sexo_id,
      obito: falecido,
      cep: municipes.residencia_cep,
      uf: municipes.residencia_uf,
      municipio_ibge: municipes.residencia_municipio_ibge,
      tipo_logradouro: municipes.residencia_tipo_logradouro,
      logradouro: municipes.residencia_logradouro,
      numero: municipes.residencia_numero,
      complemento: municipes.residencia_complemento,
      bairro: municipes.residencia_bairro,
    })
    .from(municipes)
    .where(
      and(
        eq(municipes.id, id),
        e.all ? undefined : or(isNull(municipes.equipe_id), inScopeEquipe(e, municipes.equipe_id)),
      ),
    );
  return m ?? null;
}

/** A registered household of the user's teams (the place of a visit without a family). */
export async function domicilioInScope(db: DbOrTx, e: Escopo, id: string) {
  const [d] = await db
    .select()
    .from(cadastrosDomiciliares)
    .where(
      and(
        eq(cadastrosDomiciliares.id, id),
        e.all
          ? e.unidadeId
            ? eq(cadastrosDomiciliares.unidade_saude_id, e.unidadeId)
            : sql`false`
          : inScopeEquipe(e, cadastrosDomiciliares.equipe_id),
      ),
    );
  return d ?? null;
}
