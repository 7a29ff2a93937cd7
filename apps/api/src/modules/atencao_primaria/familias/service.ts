import { msg } from '@saude/shared';
import {
  PARENTESCO_RESPONSAVEL,
  normalizarFamilia,
  type Familia,
  type FamiliaFilters,
  type FamiliaListItem,
  type FamiliaValues,
  type MembroValues,
} from '@saude/shared/schemas/familia';
import { idadeEmAnos } from '@saude/shared/schemas/municipe';
import { onlyDigits } from '@saude/shared/validation/digits';
import { and, asc, desc, eq, inArray, isNotNull, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import { enderecoLinha } from '@saude/shared/endereco';
import { audit, auditedRead } from '../../../access/audit';
import type { Ctx } from '../../../access/context';
import type { DbOrTx } from '../../../db/client';
import {
  cadastrosDomiciliares,
  enderecoDomicilio,
  familiaMembros,
  familias,
  municipes,
  visitasDomiciliares,
} from '../../../db/schema';
import {
  byName,
  changedFields,
  containsText,
  countAll,
  exists,
  headerNames,
  iso,
  nullify,
  startsWith,
  startsWithIgnoringCase,
  totalOf,
  uniqueViolation,
  withHeaderNames,
} from '../../../db/sql';
import { conflict, FieldErrors, notFound, unprocessable } from '../../../lib/errors';
import { newId } from '../../../lib/ids';
import { mapPage, paginate } from '../../../lib/paginate';
import { autor, checkVersion, nextVersion, stamped, updateVersioned } from '../../../lib/versioned';
import { filtrosUsados, obitoDe } from '../cadastros_domiciliares/service';
import { inScopeEquipe, scopeOf, resolveHeader, type Scope } from '../scope';

// Families (issue 7; docs/decisions.md "Households and families"). The head (responsavel_id) is also a member with
// PARENTESCO_RESPONSAVEL. A citizen is an ACTIVE member of one family at most: checked here with the field that
// caused it, and closed against races by the partial unique index familia_membros_municipe_ativo_key. A family
// flagged `mudou` keeps its members as inactive history, so they may join another family; it is frozen until the
// flag is cleared. Scope: the family's own team (scope.ts); out of scope answers 404. A deceased citizen joins no
// family (422 on their field); one who died while a member stays, shown "Óbito".

const RESOURCE = 'atencao_primaria/familias';
const f_ = familias;
const fm = familiaMembros;
const cd = cadastrosDomiciliares;

const inScope = (scope: Scope) => inScopeEquipe(scope, f_.equipe_id);
/** The e-SUS header's columns (their names come with withHeaderNames). */
const headerColumns = { unidade: f_.unidade_saude_id, equipe: f_.equipe_id, profissional: f_.profissional_id };
const numeroMembros = sql<number>`(select count(*)::int from ${fm} where ${fm.familia_id} = ${f_.id})`;

// ---- reading ----------------------------------------------------------------------------------------------

/** The family with names, members and its home, WITHOUT scope: callers check scope first. */
export async function unscopedLoadFamilia(db: DbOrTx, id: string): Promise<Familia | null> {
  const [row] = await withHeaderNames(
    db
      .select({
        f: f_,
        ...headerNames,
        responsavel: { nome: municipes.nome, cns: municipes.codigo_cns },
        casa: { ...enderecoDomicilio, micro_area: cd.st_micro_area },
      })
      .from(f_)
      .innerJoin(municipes, eq(municipes.id, f_.responsavel_id))
      .$dynamic(),
    headerColumns,
  )
    .leftJoin(cd, eq(cd.id, f_.domicilio_id))
    .where(eq(f_.id, id));
  if (!row) return null;
  const { f } = row;
  const membros = await db
    .select({
      municipe_id: fm.municipe_id,
      parentesco_id: fm.parentesco_id,
      ativo: fm.ativo,
      nome: municipes.nome,
      nome_social: municipes.nome_social,
      data_nascimento: municipes.data_nascimento,
      data_obito: municipes.data_obito,
      sexo_id: municipes.sexo_id,
      cpf_numero: municipes.cpf_numero,
      codigo_cns: municipes.codigo_cns,
      obito: obitoDe(municipes),
    })
    .from(fm)
    .innerJoin(municipes, eq(municipes.id, fm.municipe_id))
    .where(eq(fm.familia_id, id))
    .orderBy(desc(sql`${fm.municipe_id} = ${f.responsavel_id}`), byName(municipes.nome), asc(fm.id));
  return {
    id: f.id,
    lock_version: f.lock_version,
    created_at: f.created_at.toISOString(),
    updated_at: f.updated_at.toISOString(),
    unidade_saude_id: f.unidade_saude_id,
    unidade_saude_nome: row.unidade,
    profissional_id: f.profissional_id,
    profissional_nome: row.profissional,
    equipe_id: f.equipe_id,
    equipe_nome: row.equipe,
    numero_prontuario: f.numero_prontuario,
    reside_desde: f.reside_desde,
    responsavel_id: f.responsavel_id,
    responsavel_nome: row.responsavel.nome,
    responsavel_cns: row.responsavel.cns,
    renda_familiar_id: f.renda_familiar_id,
    mudou: f.mudou,
    mudou_em: iso(f.mudou_em),
    domicilio_id: f.domicilio_id,
    domicilio_endereco: f.domicilio_id && row.casa ? enderecoLinha(row.casa) : null,
    micro_area: f.domicilio_id ? (row.casa?.micro_area ?? null) : null,
    membros: membros.map(({ data_obito, ...m }) => ({
      ...m,
      idade: idadeEmAnos(m.data_nascimento, data_obito ?? undefined),
    })),
  };
}

async function findInScope(tx: DbOrTx, scope: Scope, id: string, forUpdate = false) {
  const q = tx
    .select()
    .from(f_)
    .where(and(eq(f_.id, id), inScope(scope)));
  const [row] = forUpdate ? await q.for('update') : await q;
  return row ?? null;
}

/** The family's composition (also the spec §7 read): audited with its members, history included. */
export function show(ctx: Ctx, id: string): Promise<Familia> {
  return auditedRead(
    ctx,
    async (tx) => {
      if (!(await findInScope(tx, scopeOf(ctx), id))) throw notFound();
      return (await unscopedLoadFamilia(tx, id))!;
    },
    (f) => ({
      resource: RESOURCE,
      action: 'show',
      record_id: id,
      municipe_ids: f.membros.map((m) => m.municipe_id),
      details: { partes: ['familia', 'membros'] },
    }),
  );
}

/**
 * Families matching `where`. Every family has its head (responsavel_id is a non-null foreign key): the count joins the
 * citizen only when `where` filters on it.
 */
export function contarFamilias(db: DbOrTx, where: SQL | undefined, joinResponsavel: boolean): Promise<number> {
  const contagem = db.select({ total: countAll() }).from(f_).$dynamic();
  return totalOf(
    (joinResponsavel ? contagem.innerJoin(municipes, eq(municipes.id, f_.responsavel_id)) : contagem).where(where),
  );
}

/** A page of families, audited with the heads it shows. */
export function list(ctx: Ctx, q: FamiliaFilters): Promise<{ rows: FamiliaListItem[]; total: number }> {
  return auditedRead(
    ctx,
    (tx) => listar(tx, ctx, q),
    (page) => ({
      resource: RESOURCE,
      action: 'index',
      municipe_ids: page.rows.map((r) => r.responsavel_id),
      details: { filtros: filtrosUsados(q) },
    }),
  );
}

async function listar(db: DbOrTx, ctx: Ctx, q: FamiliaFilters): Promise<{ rows: FamiliaListItem[]; total: number }> {
  const scope = scopeOf(ctx);
  const conds: Array<SQL | undefined> = [inScope(scope)];
  if (q.equipe_id) conds.push(eq(f_.equipe_id, q.equipe_id));
  if (q.profissional_id) conds.push(eq(f_.profissional_id, q.profissional_id));
  if (q.unidade_saude_id) conds.push(eq(f_.unidade_saude_id, q.unidade_saude_id));
  if (q.responsavel) {
    const digitos = onlyDigits(q.responsavel);
    if (/^[\d.\-\s]+$/.test(q.responsavel) && digitos) {
      conds.push(or(startsWith(municipes.cpf_numero, digitos), startsWith(municipes.codigo_cns, digitos)));
    } else {
      conds.push(containsText([municipes.nome, municipes.nome_social], q.responsavel));
    }
  }
  if (q.numero_prontuario) conds.push(startsWithIgnoringCase(f_.numero_prontuario, q.numero_prontuario));
  if (q.mudou !== undefined) conds.push(eq(f_.mudou, q.mudou));
  if (q.vinculada !== undefined) conds.push(q.vinculada ? isNotNull(f_.domicilio_id) : isNull(f_.domicilio_id));
  if (q.municipe_id) {
    conds.push(
      sql`exists (select 1 from ${fm} where ${fm.familia_id} = ${f_.id} and ${fm.municipe_id} = ${q.municipe_id} and ${fm.ativo})`,
    );
  }
  const where = and(...conds);

  const page = await paginate(q, {
    count: () => contarFamilias(db, where, !!q.responsavel),
    rows: ({ limit, offset }) => {
      // The page is chosen on the head's name alone (municipes_nome_ordem_idx walks it in order); only its rows read
      // the rest. The aliases are unique in the outer query: drizzle writes them unqualified there.
      const pagina = db
        .select({ id: f_.id, nome: sql<string>`${municipes.nome}`.as('pagina_nome') })
        .from(f_)
        .innerJoin(municipes, eq(municipes.id, f_.responsavel_id))
        .where(where)
        .orderBy(byName(municipes.nome), asc(f_.id))
        .limit(limit)
        .offset(offset)
        .as('pagina');
      return withHeaderNames(
        db
          .select({
            f: {
              id: f_.id,
              responsavel_id: f_.responsavel_id,
              numero_prontuario: f_.numero_prontuario,
              unidade_saude_id: f_.unidade_saude_id,
              equipe_id: f_.equipe_id,
              profissional_id: f_.profissional_id,
              mudou: f_.mudou,
              domicilio_id: f_.domicilio_id,
            },
            responsavel_nome: municipes.nome,
            responsavel_cns: municipes.codigo_cns,
            responsavel_obito: obitoDe(municipes),
            numero_membros: numeroMembros,
            ...headerNames,
            casa: enderecoDomicilio,
          })
          .from(pagina)
          .innerJoin(f_, eq(f_.id, pagina.id))
          .innerJoin(municipes, eq(municipes.id, f_.responsavel_id))
          .$dynamic(),
        headerColumns,
      )
        .leftJoin(cd, eq(cd.id, f_.domicilio_id))
        .orderBy(byName(pagina.nome), asc(pagina.id));
    },
  });
  return mapPage(page, ({ f, casa, unidade, equipe, profissional, ...r }) => ({
    ...f,
    ...r,
    unidade_saude_nome: unidade,
    equipe_nome: equipe,
    profissional_nome: profissional,
    domicilio_endereco: f.domicilio_id && casa ? enderecoLinha(casa) : null,
  }));
}

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
      selfId ? ne(f_.id, selfId) : undefined,
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

export async function create(ctx: Ctx, v: FamiliaValues): Promise<Familia> {
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
      await audit(tx, ctx, {
        action: 'create',
        resource: RESOURCE,
        record_id: id,
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

export async function update(
  ctx: Ctx,
  id: string,
  input: FamiliaValues & { lock_version: number },
): Promise<Familia> {
  const { lock_version, ...v } = input;
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
      await audit(tx, ctx, {
        action: 'update',
        resource: RESOURCE,
        record_id: id,
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
    await audit(tx, ctx, {
      action: 'destroy',
      resource: RESOURCE,
      record_id: id,
      municipe_ids: membros,
      details: { domicilio_id: atual.domicilio_id },
    });
  });
}

// ---- one member at a time ------------------------------------------------------------------------------------

const bumpFamilia = (tx: DbOrTx, ctx: Ctx, id: string) => tx.update(f_).set(nextVersion(f_, ctx)).where(eq(f_.id, id));

export async function adicionarMembro(ctx: Ctx, id: string, m: MembroValues): Promise<Familia> {
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
      await audit(tx, ctx, {
        action: 'adicionar_membro',
        resource: RESOURCE,
        record_id: id,
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

export async function removerMembro(ctx: Ctx, id: string, municipeId: string): Promise<Familia> {
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
    await audit(tx, ctx, {
      action: 'remover_membro',
      resource: RESOURCE,
      record_id: id,
      municipe_ids: [municipeId],
      details: { municipe_id: municipeId },
    });
    return (await unscopedLoadFamilia(tx, id))!;
  });
}

/** The family's members, joining and leaving. */
export const membroLinks = { link: adicionarMembro, unlink: removerMembro };
