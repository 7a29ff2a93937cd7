import { msg } from '@saude/shared';
import {
  PARENTESCO_RESPONSAVEL,
  normalizarFamilia,
  type Familia,
  type FamiliaValues,
  type MembroValues,
} from '@saude/shared/schemas/familia';
import { and, eq, inArray, ne } from 'drizzle-orm';
import { audit } from '../../../access/audit';
import type { Ctx } from '../../../access/context';
import type { DbOrTx } from '../../../db/client';
import { familiaMembros, familias, municipes, visitasDomiciliares } from '../../../db/schema';
import { changedFields, exists, nullify, otherThan, uniqueViolation } from '../../../db/sql';
import type { Dated } from '../../../lib/answer';
import { conflict, FieldErrors, notFound, unprocessable } from '../../../lib/errors';
import { newId } from '../../../lib/ids';
import { recordTrail } from '../../../access/audit-trail';
import { autor, checkVersion, nextVersion, stamped, updateVersioned, type Versioned } from '../../../lib/versioned';
import { obitoDe } from '../../municipes';
import { scopeOf, resolveHeader } from '../scope';
import { findInScope, RESOURCE, unscopedLoadFamilia } from './queries';

export { list, show } from './queries';

// Families (issue 7; docs/decisions.md "Households and families"). The head (responsavel_id) is also a member with
// PARENTESCO_RESPONSAVEL. A citizen is an ACTIVE member of one family at most: checked here with the field that
// caused it, and closed against races by the partial unique index familia_membros_municipe_ativo_key. A family
// flagged `mudou` keeps its members as inactive history, so they may join another family; it is frozen until the
// flag is cleared. Scope: the family's own team (scope.ts); out of scope answers 404. A deceased citizen joins no
// family (422 on their field); one who died while a member stays, shown "Óbito".

const trail = recordTrail(RESOURCE);
const f_ = familias;
const fm = familiaMembros;

// ---- rules that need the database ---------------------------------------------------------------------------

/** Where a citizen's error goes: its row of the member list as sent, or responsavel_id for a head sent only there. */
const campoDoMunicipe = (body: FamiliaValues, municipeId: string) => {
  const i = body.membros.findIndex((m) => m.municipe_id === municipeId);
  return i >= 0 ? `membros.${i}.municipe_id` : 'responsavel_id';
};

/** Citizens of `ids` who are active members of a family other than `familiaId`. */
async function emOutraFamilia(db: DbOrTx, ids: string[], familiaId: string | null): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: fm.municipe_id })
    .from(fm)
    .where(and(inArray(fm.municipe_id, ids), eq(fm.ativo, true), familiaId ? ne(fm.familia_id, familiaId) : undefined));
  return new Set(rows.map((r) => r.id));
}

/** 409 'Este munícipe já está cadastrado em outra família', on the field of each citizen concerned. */
function conflitoMembros(body: FamiliaValues, ordem: string[], ids: Set<string>) {
  const errors = new FieldErrors();
  for (const id of ordem) if (ids.has(id)) errors.add(campoDoMunicipe(body, id), msg.municipeEmOutraFamilia);
  return conflict(msg.municipeEmOutraFamilia, errors.map);
}

/** Record number free in the unit, citizens that exist and are alive unless already members. Adds field errors. */
async function checkReferences(
  tx: DbOrTx,
  body: FamiliaValues,
  n: FamiliaValues,
  unidadeId: string | null,
  selfId: string | null,
  membrosAntes: ReadonlySet<string>,
  errors: FieldErrors,
) {
  if (n.numero_prontuario && unidadeId) {
    const emUso = and(
      eq(f_.unidade_saude_id, unidadeId),
      eq(f_.numero_prontuario, n.numero_prontuario),
      otherThan(f_.id, selfId),
    );
    if (await exists(tx, f_, emUso)) errors.add('numero_prontuario', msg.prontuarioEmUso);
  }
  const ids = n.membros.map((m) => m.municipe_id);
  const encontrados = new Map(
    (
      await tx
        .select({ id: municipes.id, obito: obitoDe(municipes) })
        .from(municipes)
        .where(inArray(municipes.id, ids))
    ).map((r) => [r.id, r.obito]),
  );
  for (const id of ids) {
    if (!encontrados.has(id)) errors.add(campoDoMunicipe(body, id), msg.naoEValido);
    // A deceased citizen joins no family; one who died while a member stays (the family's history).
    else if (encontrados.get(id) && !membrosAntes.has(id)) errors.add(campoDoMunicipe(body, id), msg.municipeFalecido);
  }
}

/** A unique violation of one of our indexes, as the answer the check before it would have given. */
async function fromUniqueViolation(ctx: Ctx, e: unknown, body: FamiliaValues, selfId: string | null): Promise<never> {
  const u = uniqueViolation(e);
  if (!u) throw e;
  if (u.constraint.includes('familias_unidade_prontuario_key'))
    throw unprocessable({ numero_prontuario: [msg.prontuarioEmUso] });
  // Another save put one of these citizens in a family first: say which, as the check would have.
  const n = normalizarFamilia(body);
  const ordem = n.membros.map((m) => m.municipe_id);
  throw conflitoMembros(body, ordem, await emOutraFamilia(ctx.db, ordem, selfId));
}

// ---- create, update, delete -----------------------------------------------------------------------------------

/** The family's own columns: the answers as normalized, absent → null (the header and the members go apart). */
function familiaColumns(n: FamiliaValues) {
  const { unidade_saude_id: _u, profissional_id: _p, equipe_id: _e, membros: _m, ...proprios } = n;
  return nullify(proprios);
}

export async function create(ctx: Ctx, v: FamiliaValues): Promise<Dated<Familia>> {
  const n = normalizarFamilia(v);
  try {
    return await ctx.db.transaction(async (tx) => {
      const scope = scopeOf(ctx);
      const errors = new FieldErrors();
      const header = await resolveHeader(tx, ctx, scope, n, errors);
      await checkReferences(tx, v, n, header.unidade_saude_id, null, new Set(), errors);
      errors.throwIfAny();
      const ordem = n.membros.map((m) => m.municipe_id);
      // A family registered as already moved away is history from the start: its members stay free.
      if (!n.mudou) {
        const outros = await emOutraFamilia(tx, ordem, null);
        if (outros.size > 0) throw conflitoMembros(v, ordem, outros);
      }
      const id = newId();
      const who = autor(ctx);
      await tx.insert(f_).values({
        id,
        unidade_saude_id: header.unidade_saude_id!,
        profissional_id: header.profissional_id!,
        equipe_id: header.equipe_id,
        ...familiaColumns(n),
        mudou_em: n.mudou ? new Date() : null,
        updated_by: who,
      });
      await tx.insert(fm).values(
        n.membros.map((m) => ({
          id: newId(),
          familia_id: id,
          municipe_id: m.municipe_id,
          parentesco_id: m.parentesco_id,
          ativo: !n.mudou,
          updated_by: who,
        })),
      );
      await trail(tx, ctx, 'create', id, {
        municipe_ids: ordem,
        details: { membros: ordem.length, designado: header.designado },
      });
      return (await unscopedLoadFamilia(tx, id))!;
    });
  } catch (e) {
    return fromUniqueViolation(ctx, e, v, null);
  }
}

const mesmoConjunto = (a: Array<{ municipe_id: string; parentesco_id: number }>, b: MembroValues[]) =>
  a.length === b.length &&
  b.every((m) => a.some((x) => x.municipe_id === m.municipe_id && x.parentesco_id === m.parentesco_id));

export async function update(ctx: Ctx, id: string, { lock_version, ...v }: Versioned<FamiliaValues>) {
  const n = normalizarFamilia(v);
  try {
    return await ctx.db.transaction(async (tx) => {
      const scope = scopeOf(ctx);
      const atual = await findInScope(tx, scope, id, true);
      checkVersion(atual, lock_version);
      const existentes = await tx.select().from(fm).where(eq(fm.familia_id, id));
      const errors = new FieldErrors();
      const header = await resolveHeader(tx, ctx, scope, n, errors, { atual });
      const membrosAntes = new Set(existentes.map((x) => x.municipe_id));
      await checkReferences(tx, v, n, header.unidade_saude_id, id, membrosAntes, errors);
      errors.throwIfAny();

      const ordem = n.membros.map((m) => m.municipe_id);
      const membrosMudaram = !mesmoConjunto(existentes, n.membros);
      const who = autor(ctx);
      if (atual.mudou && n.mudou) {
        // A family that moved away is history: its member list is frozen until the flag is cleared.
        if (membrosMudaram) throw conflict(msg.familiaMudou);
      } else {
        const ativo = !n.mudou;
        if (ativo) {
          const outros = await emOutraFamilia(tx, ordem, id);
          if (outros.size > 0) throw conflitoMembros(v, ordem, outros);
        }
        const removidos = existentes.filter((x) => !ordem.includes(x.municipe_id)).map((x) => x.id);
        if (removidos.length > 0) await tx.delete(fm).where(inArray(fm.id, removidos));
        for (const m of n.membros) {
          const antes = existentes.find((x) => x.municipe_id === m.municipe_id);
          if (!antes) {
            await tx.insert(fm).values({
              id: newId(),
              familia_id: id,
              municipe_id: m.municipe_id,
              parentesco_id: m.parentesco_id,
              ativo,
              updated_by: who,
            });
          } else if (antes.parentesco_id !== m.parentesco_id || antes.ativo !== ativo) {
            await tx
              .update(fm)
              .set({ parentesco_id: m.parentesco_id, ativo, ...stamped(ctx) })
              .where(eq(fm.id, antes.id));
          }
        }
      }
      const cols = {
        unidade_saude_id: header.unidade_saude_id!,
        profissional_id: header.profissional_id!,
        equipe_id: header.equipe_id,
        ...familiaColumns(n),
        mudou_em: n.mudou ? (atual.mudou ? atual.mudou_em : new Date()) : null,
      };
      await updateVersioned(tx, ctx, f_, { key: eq(f_.id, id), lockVersion: lock_version }, cols);
      // The trail names what changed, never the values.
      const campos = changedFields(atual, cols);
      if (membrosMudaram) campos.push('membros');
      await trail(tx, ctx, 'update', id, {
        // Those who are members now and those who left with this save.
        municipe_ids: [...ordem, ...membrosAntes],
        details: { campos, designado: header.designado },
      });
      return (await unscopedLoadFamilia(tx, id))!;
    });
  } catch (e) {
    return fromUniqueViolation(ctx, e, v, id);
  }
}

export async function destroy(ctx: Ctx, id: string): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const scope = scopeOf(ctx);
    const atual = await findInScope(tx, scope, id, true);
    if (!atual) throw notFound();
    // Visits are facts already reported: the family stays (flag it as moved instead).
    if (await exists(tx, visitasDomiciliares, eq(visitasDomiciliares.familia_id, id)))
      throw conflict(msg.familiaComVisitas);
    const membros = (await tx.select({ id: fm.municipe_id }).from(fm).where(eq(fm.familia_id, id))).map((r) => r.id);
    if (atual.domicilio_id) {
      await audit(tx, ctx, {
        action: 'desvincular_familia',
        resource: 'atencao_primaria/cadastros_domiciliares',
        record_id: atual.domicilio_id,
        municipe_ids: membros,
        details: { familia_id: id },
      });
    }
    await tx.delete(f_).where(eq(f_.id, id));
    await trail(tx, ctx, 'destroy', id, {
      municipe_ids: membros,
      details: { domicilio_id: atual.domicilio_id },
    });
  });
}

// ---- one member at a time ------------------------------------------------------------------------------------

const bumpFamilia = (tx: DbOrTx, ctx: Ctx, id: string) => tx.update(f_).set(nextVersion(f_, ctx)).where(eq(f_.id, id));

export async function adicionarMembro(ctx: Ctx, id: string, m: MembroValues): Promise<Dated<Familia>> {
  try {
    return await ctx.db.transaction(async (tx) => {
      const scope = scopeOf(ctx);
      const familia = await findInScope(tx, scope, id, true);
      if (!familia) throw notFound();
      if (familia.mudou) throw conflict(msg.familiaMudou);
      const errors = new FieldErrors();
      if (m.parentesco_id === PARENTESCO_RESPONSAVEL) errors.add('parentesco_id', msg.somenteUmResponsavel);
      const [ja] = await tx
        .select({ id: fm.id })
        .from(fm)
        .where(and(eq(fm.familia_id, id), eq(fm.municipe_id, m.municipe_id)));
      if (ja) errors.add('municipe_id', msg.membroRepetido);
      else {
        const [cidadao] = await tx
          .select({ obito: obitoDe(municipes) })
          .from(municipes)
          .where(eq(municipes.id, m.municipe_id));
        if (!cidadao) errors.add('municipe_id', msg.naoEValido);
        else if (cidadao.obito) errors.add('municipe_id', msg.municipeFalecido);
      }
      errors.throwIfAny();
      if ((await emOutraFamilia(tx, [m.municipe_id], id)).size > 0) throw membroEmOutraFamilia();
      await tx.insert(fm).values({
        id: newId(),
        familia_id: id,
        municipe_id: m.municipe_id,
        parentesco_id: m.parentesco_id,
        updated_by: autor(ctx),
      });
      // The member list is part of the family's version: a form opened before this save is stale now.
      await bumpFamilia(tx, ctx, id);
      await trail(tx, ctx, 'adicionar_membro', id, {
        municipe_ids: [m.municipe_id],
        details: { municipe_id: m.municipe_id },
      });
      return (await unscopedLoadFamilia(tx, id))!;
    });
  } catch (e) {
    if (uniqueViolation(e)) throw membroEmOutraFamilia();
    throw e;
  }
}

const membroEmOutraFamilia = () => conflict(msg.municipeEmOutraFamilia, { municipe_id: [msg.municipeEmOutraFamilia] });

export async function removerMembro(ctx: Ctx, id: string, municipeId: string): Promise<Dated<Familia>> {
  return ctx.db.transaction(async (tx) => {
    const scope = scopeOf(ctx);
    const familia = await findInScope(tx, scope, id, true);
    if (!familia) throw notFound();
    if (familia.responsavel_id === municipeId) throw unprocessable({ municipe_id: [msg.responsavelNaoRemovivel] });
    if (familia.mudou) throw conflict(msg.familiaMudou);
    const [row] = await tx
      .delete(fm)
      .where(and(eq(fm.familia_id, id), eq(fm.municipe_id, municipeId)))
      .returning({ id: fm.id });
    if (!row) throw notFound();
    await bumpFamilia(tx, ctx, id);
    await trail(tx, ctx, 'remover_membro', id, {
      municipe_ids: [municipeId],
      details: { municipe_id: municipeId },
    });
    return (await unscopedLoadFamilia(tx, id))!;
  });
}

/** The family's members, joining and leaving. */
export const membroLinks = { link: adicionarMembro, unlink: removerMembro };
