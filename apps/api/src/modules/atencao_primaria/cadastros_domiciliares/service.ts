import { msg } from '@saude/shared';
import { cboCadastroDomiciliarCodigos } from '@saude/shared/codes/cbo_cadastro_domiciliar';
import {
  CONFIRMACAO_RESPONSAVEL_EM_OUTRO_DOMICILIO,
  TIPO_IMOVEL_DOMICILIO,
  normalizarCadastroDomiciliar,
  type CadastroDomiciliar,
  type CadastroDomiciliarValues,
} from '@saude/shared/schemas/cadastro_domiciliar';
import { and, eq, isNotNull, ne, or, sql } from 'drizzle-orm';
import type { Ctx } from '../../../access/context';
import type { DbOrTx } from '../../../db/client';
import {
  cadastrosDomiciliares,
  familiaMembros,
  familias,
  municipes,
  municipios,
  visitasDomiciliares,
} from '../../../db/schema';
import { changedFields, exists, nullify } from '../../../db/sql';
import type { Dated } from '../../../lib/answer';
import { conflict, FieldErrors, needsConfirmation, notFound, unprocessable } from '../../../lib/errors';
import { newId } from '../../../lib/ids';
import { recordTrail } from '../../../access/audit-trail';
import { autor, checkVersion, stamped, updateVersioned, type Versioned } from '../../../lib/versioned';
import { rememberAddress } from '../../enderecos';
import { inScopeEquipe, scopeOf, resolveHeader, type Scope } from '../scope';
import { findInScope, moradores, RESOURCE, unscopedLoadDomicilio } from './queries';

export { list, show } from './queries';

// Household registrations (issue 7; docs/decisions.md "Households and families"). A row is one property of the
// territory with the e-SUS header (unit, professional, team, occupation) of whoever registered it. Families are
// linked to a home (familias.domicilio_id): only a home (tipo_imovel_id 1) without a refusal takes families, and a
// home with families is not removed. Scope: the household's own team (scope.ts); out of scope answers 404.
// One null convention (issue 13): the parsed input, cleared by the shared normalizer, is spread into the row (absent →
// null), and the answer is the row with the names joined; no field is named here unless a rule needs it.

const trail = recordTrail(RESOURCE);
const cd = cadastrosDomiciliares;
const cboPermitidos: ReadonlySet<string> = new Set(cboCadastroDomiciliarCodigos);

// ---- writing ----------------------------------------------------------------------------------------------

/** The household's own columns: the answers as normalized (what is not asked cleared), absent → null. */
function ownColumns(n: CadastroDomiciliarValues) {
  const {
    unidade_saude_id: _u,
    profissional_id: _p,
    equipe_id: _e,
    ocupacao_id: _o,
    data_cadastro: _d,
    ...respostas
  } = n;
  return nullify(respostas);
}
/**
 * Fills the header, checks every rule that needs the database and answers the columns to store (422 with every
 * field error at once). `atual` is the stored row on update.
 */
async function resolveColumns(
  tx: DbOrTx,
  ctx: Ctx,
  scope: Scope,
  v: CadastroDomiciliarValues,
  atual: typeof cd.$inferSelect | null,
) {
  const n = normalizarCadastroDomiciliar(v);
  const errors = new FieldErrors();
  const header = await resolveHeader(tx, ctx, scope, n, errors, {
    ocupacao: cboPermitidos,
    microArea: { field: 'st_micro_area', value: n.st_micro_area, foraArea: n.fora_area },
    atual,
  });
  if (n.municipio_ibge) {
    const [m] = await tx
      .select({ uf: municipios.uf, nome: municipios.nome })
      .from(municipios)
      .where(eq(municipios.codigo_ibge, n.municipio_ibge));
    if (!m || (n.uf && m.uf !== n.uf)) errors.add('municipio_ibge', msg.naoEValido);
  }
  if (atual) {
    const ligadas = await tx.select({ id: familias.id }).from(familias).where(eq(familias.domicilio_id, atual.id));
    if (ligadas.length > 0) {
      // Only a home without a refusal takes families: unlink them before changing that.
      if (n.tipo_imovel_id !== TIPO_IMOVEL_DOMICILIO) errors.add('tipo_imovel_id', msg.familiasSomenteDomicilio);
      if (n.termo_recusa) errors.add('termo_recusa', msg.familiasSomenteDomicilio);
      if (n.numero_moradores != null) {
        const membros = await membrosAtivosDoDomicilio(tx, atual.id);
        if (n.numero_moradores < membros) errors.add('numero_moradores', msg.moradoresMenorQueFamilias(membros));
      }
    }
  }
  errors.throwIfAny();
  return {
    header: {
      unidade_saude_id: header.unidade_saude_id!,
      profissional_id: header.profissional_id!,
      equipe_id: header.equipe_id,
      ocupacao_id: header.ocupacao_id!,
    },
    designado: header.designado,
    own: ownColumns(n),
  };
}

/** Active members of the families living in the home (moved families left). */
async function membrosAtivosDoDomicilio(tx: DbOrTx, domicilioId: string): Promise<number> {
  const [{ n } = { n: 0 }] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(familiaMembros)
    .innerJoin(familias, eq(familias.id, familiaMembros.familia_id))
    .where(and(eq(familias.domicilio_id, domicilioId), eq(familias.mudou, false), eq(familiaMembros.ativo, true)));
  return n;
}

/** A CEP typed once fills the address for everyone after (as the citizen registry does). */
export async function create(ctx: Ctx, v: CadastroDomiciliarValues): Promise<Dated<CadastroDomiciliar>> {
  return ctx.db.transaction(async (tx) => {
    const scope = scopeOf(ctx);
    const { header, designado, own } = await resolveColumns(tx, ctx, scope, v, null);
    const id = newId();
    await tx.insert(cd).values({
      id,
      ...header,
      ...own,
      data_cadastro: v.data_cadastro ? new Date(v.data_cadastro) : new Date(),
      updated_by: autor(ctx),
    });
    await rememberAddress(tx, own);
    await trail(tx, ctx, 'create', id, {
      details: { tipo_imovel_id: own.tipo_imovel_id, designado },
    });
    return (await unscopedLoadDomicilio(tx, id))!;
  });
}

export async function update(ctx: Ctx, id: string, { lock_version, ...v }: Versioned<CadastroDomiciliarValues>) {
  return ctx.db.transaction(async (tx) => {
    const scope = scopeOf(ctx);
    const atual = await findInScope(tx, scope, id, true);
    checkVersion(atual, lock_version);
    const { header, designado, own } = await resolveColumns(tx, ctx, scope, v, atual);
    const cols = {
      ...header,
      ...own,
      data_cadastro: v.data_cadastro ? new Date(v.data_cadastro) : atual.data_cadastro,
    };
    await updateVersioned(tx, ctx, cd, { key: eq(cd.id, id), lockVersion: lock_version }, cols);
    await rememberAddress(tx, own);
    // The trail names what changed, never the values.
    const campos = changedFields(atual, cols);
    await trail(tx, ctx, 'update', id, {
      municipe_ids: await moradores(tx, [id]),
      details: { campos, designado },
    });
    return (await unscopedLoadDomicilio(tx, id))!;
  });
}

export async function destroy(ctx: Ctx, id: string): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const scope = scopeOf(ctx);
    if (!(await findInScope(tx, scope, id, true))) throw notFound();
    if (await exists(tx, familias, eq(familias.domicilio_id, id))) throw conflict(msg.domicilioComFamilias);
    // A visit is a fact already reported: its home stays (never a foreign-key 500).
    if (await exists(tx, visitasDomiciliares, eq(visitasDomiciliares.domicilio_id, id)))
      throw conflict(msg.domicilioComVisitas);
    await tx.delete(cd).where(eq(cd.id, id));
    await trail(tx, ctx, 'destroy', id);
  });
}

// ---- linking families (the household's `familias` tab) ------------------------------------------------------

const membrosDaFamilia = async (tx: DbOrTx, familiaId: string) =>
  (
    await tx
      .select({ id: familiaMembros.municipe_id })
      .from(familiaMembros)
      .where(eq(familiaMembros.familia_id, familiaId))
  ).map((r) => r.id);

export async function vincularFamilia(
  ctx: Ctx,
  id: string,
  v: { familia_id: string; confirmar: boolean },
): Promise<Dated<CadastroDomiciliar>> {
  return ctx.db.transaction(async (tx) => {
    const scope = scopeOf(ctx);
    const domicilio = await findInScope(tx, scope, id, true);
    if (!domicilio) throw notFound();
    // The family row is locked: of two links racing for one family, the second waits and then sees it linked.
    const [familia] = await tx
      .select()
      .from(familias)
      .where(and(eq(familias.id, v.familia_id), inScopeEquipe(scope, familias.equipe_id)))
      .for('update');
    if (!familia) throw unprocessable({ familia_id: [msg.naoEValido] });
    if (familia.domicilio_id) throw conflict(msg.familiaJaVinculada);
    if (domicilio.tipo_imovel_id !== TIPO_IMOVEL_DOMICILIO || domicilio.termo_recusa)
      throw conflict(msg.familiasSomenteDomicilio);
    // A family that moved away is history: it is not moved into a home.
    if (familia.mudou) throw conflict(msg.familiaMudou);
    // spec §8: the head (same citizen, or same CNS) already heads a family of another home → ask before linking.
    const [responsavel] = await tx
      .select({ cns: municipes.codigo_cns })
      .from(municipes)
      .where(eq(municipes.id, familia.responsavel_id));
    const [outra] = await tx
      .select({ id: familias.id })
      .from(familias)
      .innerJoin(municipes, eq(municipes.id, familias.responsavel_id))
      .where(
        and(
          ne(familias.id, familia.id),
          isNotNull(familias.domicilio_id),
          ne(familias.domicilio_id, id),
          or(
            eq(familias.responsavel_id, familia.responsavel_id),
            responsavel?.cns ? eq(municipes.codigo_cns, responsavel.cns) : undefined,
          ),
        ),
      )
      .limit(1);
    if (outra && !v.confirmar) {
      throw needsConfirmation(msg.responsavelEmOutroDomicilio, {
        confirmacao: CONFIRMACAO_RESPONSAVEL_EM_OUTRO_DOMICILIO,
      });
    }
    await tx
      .update(familias)
      .set({ domicilio_id: id, vinculado_em: new Date(), ...stamped(ctx) })
      .where(eq(familias.id, familia.id));
    await trail(tx, ctx, 'vincular_familia', id, {
      municipe_ids: await membrosDaFamilia(tx, familia.id),
      details: { familia_id: familia.id, ...(outra ? { responsavel_em_outro_domicilio: outra.id } : {}) },
    });
    return (await unscopedLoadDomicilio(tx, id))!;
  });
}

export async function desvincularFamilia(ctx: Ctx, id: string, familiaId: string): Promise<Dated<CadastroDomiciliar>> {
  return ctx.db.transaction(async (tx) => {
    const scope = scopeOf(ctx);
    if (!(await findInScope(tx, scope, id, true))) throw notFound();
    const [row] = await tx
      .update(familias)
      .set({ domicilio_id: null, vinculado_em: null, ...stamped(ctx) })
      .where(and(eq(familias.id, familiaId), eq(familias.domicilio_id, id)))
      .returning({ id: familias.id });
    if (!row) throw notFound(msg.familiaNaoVinculada);
    await trail(tx, ctx, 'desvincular_familia', id, {
      municipe_ids: await membrosDaFamilia(tx, familiaId),
      details: { familia_id: familiaId },
    });
    return (await unscopedLoadDomicilio(tx, id))!;
  });
}

/** The household's families, linked and unlinked from its `familias` tab. */
export const familiaLinks = { link: vincularFamilia, unlink: desvincularFamilia };
