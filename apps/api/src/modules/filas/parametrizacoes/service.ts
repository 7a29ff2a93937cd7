import { msg } from '@saude/shared';
import type { Fila, FilaUnidade, FilaValues } from '@saude/shared/schemas/fila';
import { and, eq, inArray, notInArray, or, sql } from 'drizzle-orm';
import type { Ctx } from '../../../access/context';
import type { DbOrTx } from '../../../db/client';
import { categorias, filaCategorias, filaLocais, filas, senhaEventos, senhas, unidadesSaude } from '../../../db/schema';
import { changedFields, otherThan } from '../../../db/sql';
import { recordTrail } from '../../../access/audit-trail';
import { conflict, FieldErrors, notFound } from '../../../lib/errors';
import { answeringUnique } from '../../../lib/unique';
import { newId } from '../../../lib/ids';
import { autor, checkVersion, updateVersioned, type Versioned } from '../../../lib/versioned';
import { unidadeComFilas } from '../comum';
import { abertos, findInUnit, loadFilas, pendentes, RESOURCE, unidade } from './queries';
import type { Dated } from '../../../lib/answer';

export { categoriasDisponiveis, list, show, unidade } from './queries';

// The queue parametrization (issue 17, spec §5; docs/decisions.md "Queue parametrization"). Each refusal has its own
// message: a category that feeds another queue of the unit (422 on categoria_ids, also when two saves race: the
// unique index (unidade, categoria) has the last word), editing with pending forwardings (409), removing with open
// forwardings (409). A location that tickets name is never deleted: left out of the list, it is kept inactive.

const trail = recordTrail(RESOURCE);
const f_ = filas;
const l_ = filaLocais;
const fc = filaCategorias;

/**
 * Categories that do not exist, inactive ones the queue did not have yet (an inactive one it keeps stays), and those
 * that feed another queue of the unit: 422 on categoria_ids.
 */
async function checkCategorias(
  tx: DbOrTx,
  unidadeId: string,
  v: FilaValues,
  selfId: string | null,
  errors: FieldErrors,
) {
  if (v.categoria_ids.length === 0) return;
  const existentes = await tx
    .select({ id: categorias.id, ativo: categorias.ativo })
    .from(categorias)
    .where(inArray(categorias.id, v.categoria_ids));
  if (existentes.length !== v.categoria_ids.length) errors.add('categoria_ids', msg.naoEValido);
  const inativas = existentes.filter((c) => !c.ativo).map((c) => c.id);
  if (inativas.length > 0) {
    const jaTinha = selfId
      ? await tx
          .select({ id: fc.categoria_id })
          .from(fc)
          .where(and(eq(fc.fila_id, selfId), inArray(fc.categoria_id, inativas)))
      : [];
    if (jaTinha.length < inativas.length) errors.add('categoria_ids', msg.categoriaInativa);
  }
  const emOutra = await tx
    .select({ id: fc.categoria_id })
    .from(fc)
    .where(
      and(eq(fc.unidade_saude_id, unidadeId), inArray(fc.categoria_id, v.categoria_ids), otherThan(fc.fila_id, selfId)),
    )
    .limit(1);
  if (emOutra.length > 0) errors.add('categoria_ids', msg.filaCategoriaEmOutraFila);
}

async function checkNome(tx: DbOrTx, unidadeId: string, nome: string, selfId: string | null, errors: FieldErrors) {
  const [outra] = await tx
    .select({ id: f_.id })
    .from(f_)
    .where(and(eq(f_.unidade_saude_id, unidadeId), sql`lower(${f_.nome}) = lower(${nome})`, otherThan(f_.id, selfId)))
    .limit(1);
  if (outra) errors.add('nome', msg.jaEmUso);
}

/** The unique indexes a queue's save may break, by the field each is about. */
const UNICOS = {
  fila_categorias_unidade_categoria_key: { field: 'categoria_ids', message: msg.filaCategoriaEmOutraFila },
  filas_unidade_nome_key: 'nome',
  fila_locais_fila_nome_key: { field: 'locais', message: msg.localRepetido },
};

/** Whether a location is named by a ticket or a ticket's step (its history). */
async function locaisComHistorico(tx: DbOrTx, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const a = await tx.selectDistinct({ id: senhas.local_id }).from(senhas).where(inArray(senhas.local_id, ids));
  const b = await tx
    .selectDistinct({ id: senhaEventos.local_id })
    .from(senhaEventos)
    .where(inArray(senhaEventos.local_id, ids));
  return new Set([...a, ...b].map((r) => r.id!));
}

/**
 * Writes the queue's locations as the list says: kept ones renamed or (de)activated, new ones added, those left out
 * deleted — or kept inactive when tickets name them. Ids of another queue's locations are refused.
 */
async function gravarLocais(ctx: Ctx, tx: DbOrTx, filaId: string, v: FilaValues, novo: boolean) {
  const atuais = novo ? [] : await tx.select().from(l_).where(eq(l_.fila_id, filaId));
  const porId = new Map(atuais.map((l) => [l.id, l]));
  const errors = new FieldErrors();
  v.locais.forEach((l, i) => {
    if (l.id && !porId.has(l.id)) errors.add(`locais.${i}.id`, msg.naoEValido);
  });
  const mantidos = new Set(v.locais.flatMap((l) => (l.id ? [l.id] : [])));
  const saindo = atuais.filter((l) => !mantidos.has(l.id));
  const historico = await locaisComHistorico(
    tx,
    saindo.map((l) => l.id),
  );
  // A location kept inactive keeps its name: a new one may not take it.
  const guardados = new Set(saindo.filter((l) => historico.has(l.id)).map((l) => l.nome.toLocaleLowerCase('pt-BR')));
  v.locais.forEach((l, i) => {
    if (guardados.has(l.nome.toLocaleLowerCase('pt-BR'))) errors.add(`locais.${i}.nome`, msg.localRepetido);
  });
  errors.throwIfAny();
  const apagar = saindo.filter((l) => !historico.has(l.id)).map((l) => l.id);
  if (apagar.length > 0) await tx.delete(l_).where(inArray(l_.id, apagar));
  const desativar = saindo.filter((l) => historico.has(l.id) && l.ativo).map((l) => l.id);
  const agora = { updated_at: new Date(), updated_by: autor(ctx) };
  if (desativar.length > 0)
    await tx
      .update(l_)
      .set({ ativo: false, ...agora })
      .where(inArray(l_.id, desativar));
  // Renamed locations first take their own id as a name, then their new one: two desks may swap names (or one take
  // the name another leaves) without the unique index (fila, lower(nome)) seeing both names at once.
  const renomeados = v.locais.flatMap((l) => {
    const atual = l.id ? porId.get(l.id) : undefined;
    return atual && atual.nome !== l.nome ? [atual.id] : [];
  });
  if (renomeados.length > 1)
    await tx
      .update(l_)
      .set({ nome: sql`${l_.id}::text` })
      .where(inArray(l_.id, renomeados));
  for (const l of v.locais) {
    const atual = l.id ? porId.get(l.id) : undefined;
    if (atual) {
      if (atual.nome !== l.nome || atual.ativo !== l.ativo)
        await tx
          .update(l_)
          .set({ nome: l.nome, ativo: l.ativo, ...agora })
          .where(eq(l_.id, atual.id));
    }
  }
  for (const l of v.locais) {
    if (!l.id) await tx.insert(l_).values({ id: newId(), fila_id: filaId, nome: l.nome, ativo: l.ativo, ...agora });
  }
  return { removidos: apagar.length, desativados: desativar.length };
}

/** Writes the queue's categories: those left out go, new ones come (the unique index refuses a race). */
async function gravarCategorias(ctx: Ctx, tx: DbOrTx, unidadeId: string, filaId: string, v: FilaValues) {
  await tx
    .delete(fc)
    .where(
      and(
        eq(fc.fila_id, filaId),
        v.categoria_ids.length > 0 ? notInArray(fc.categoria_id, v.categoria_ids) : undefined,
      ),
    );
  if (v.categoria_ids.length === 0) return;
  await tx
    .insert(fc)
    .values(
      v.categoria_ids.map((categoria_id) => ({
        fila_id: filaId,
        categoria_id,
        unidade_saude_id: unidadeId,
        updated_by: autor(ctx),
      })),
    )
    .onConflictDoNothing({ target: [fc.fila_id, fc.categoria_id] });
}

export async function create(ctx: Ctx, v: FilaValues): Promise<Dated<Fila>> {
  const unidadeId = await unidadeComFilas(ctx);
  return answeringUnique(UNICOS, () =>
    ctx.db.transaction(async (tx) => {
      const errors = new FieldErrors();
      await checkNome(tx, unidadeId, v.nome, null, errors);
      await checkCategorias(tx, unidadeId, v, null, errors);
      errors.throwIfAny();
      const id = newId();
      await tx
        .insert(f_)
        .values({ id, unidade_saude_id: unidadeId, nome: v.nome, ativo: v.ativo, updated_by: autor(ctx) });
      await gravarLocais(ctx, tx, id, v, true);
      await gravarCategorias(ctx, tx, unidadeId, id, v);
      await trail(tx, ctx, 'create', id);
      return (await loadFilas(tx, [id]))[0]!;
    }),
  );
}

export async function update(
  ctx: Ctx,
  id: string,
  { lock_version, ...v }: Versioned<FilaValues>,
): Promise<Dated<Fila>> {
  const unidadeId = await unidadeComFilas(ctx);
  return answeringUnique(UNICOS, () =>
    ctx.db.transaction(async (tx) => {
      const atual = await findInUnit(tx, unidadeId, id, true);
      checkVersion(atual, lock_version);
      const [pendente] = await tx.select({ id: senhas.id }).from(senhas).where(pendentes(id)).limit(1);
      if (pendente) throw conflict(msg.filaEncaminhamentosPendentes);
      const errors = new FieldErrors();
      await checkNome(tx, unidadeId, v.nome, id, errors);
      await checkCategorias(tx, unidadeId, v, id, errors);
      errors.throwIfAny();
      const antes = (await loadFilas(tx, [id]))[0]!;
      await updateVersioned(
        tx,
        ctx,
        f_,
        { key: eq(f_.id, id), lockVersion: lock_version },
        {
          nome: v.nome,
          ativo: v.ativo,
        },
      );
      const locais = await gravarLocais(ctx, tx, id, v, false);
      await gravarCategorias(ctx, tx, unidadeId, id, v);
      const depois = (await loadFilas(tx, [id]))[0]!;
      const campos = changedFields(
        { ...antes, categorias: antes.categorias.map((c) => c.id) },
        { ...depois, categorias: depois.categorias.map((c) => c.id) },
        ['nome', 'ativo', 'locais', 'categorias'],
      );
      await trail(tx, ctx, 'update', id, { details: { campos, locais } });
      return depois;
    }),
  );
}

export async function destroy(ctx: Ctx, id: string): Promise<void> {
  const unidadeId = await unidadeComFilas(ctx);
  await ctx.db.transaction(async (tx) => {
    const atual = await findInUnit(tx, unidadeId, id, true);
    if (!atual) throw notFound();
    const [aberto] = await tx.select({ id: senhas.id }).from(senhas).where(abertos(id)).limit(1);
    if (aberto) throw conflict(msg.filaEncaminhamentosAbertos);
    // Concluded tickets and their steps are history: the queue they name stays (deactivated by the user).
    const [senha] = await tx
      .select({ id: senhas.id })
      .from(senhas)
      .where(or(eq(senhas.fila_id, id), eq(senhas.encaminhada_de_fila_id, id)))
      .limit(1);
    const [evento] = await tx
      .select({ id: senhaEventos.id })
      .from(senhaEventos)
      .where(eq(senhaEventos.fila_id, id))
      .limit(1);
    if (senha || evento) throw conflict(msg.filaComSenhas);
    // Locations and categories go with it (on delete cascade).
    await tx.delete(f_).where(eq(f_.id, id));
    await trail(tx, ctx, 'destroy', id);
  });
}

/** Changes the unit's time between repeated calls (the unit's lock_version guards it). */
export async function atualizarUnidade(
  ctx: Ctx,
  { lock_version, tempo_chamadas }: { lock_version: number; tempo_chamadas: number },
): Promise<FilaUnidade> {
  const unidadeId = await unidadeComFilas(ctx);
  return ctx.db.transaction(async (tx) => {
    const [u] = await tx
      .select({ lock_version: unidadesSaude.lock_version, tempo_chamadas: unidadesSaude.tempo_chamadas })
      .from(unidadesSaude)
      .where(eq(unidadesSaude.id, unidadeId))
      .for('update');
    checkVersion(u, lock_version);
    await updateVersioned(
      tx,
      ctx,
      unidadesSaude,
      { key: eq(unidadesSaude.id, unidadeId), lockVersion: lock_version },
      { tempo_chamadas },
    );
    await trail(tx, ctx, 'update_unidade', unidadeId, {
      details: { campos: u.tempo_chamadas === tempo_chamadas ? [] : ['tempo_chamadas'] },
    });
    return unidade(ctx, tx);
  });
}
