import { msg } from '@saude/shared';
import {
  codigoSenha,
  podeSerChamada,
  type ChamarProximaInput,
  type ChamarSenhaInput,
  type EmitirSenhaInput,
  type EncaminharSenhaInput,
  type EventoSenhaTipo,
  type PassoSenhaInput,
  type SenhaListItem,
  type SituacaoSenha,
} from '@saude/shared/schemas/senha';
import { todayIso } from '@saude/shared/validation/dates';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Ctx } from '../../../access/context';
import { queryRows, type DbOrTx } from '../../../db/client';
import { uniqueViolation } from '../../../db/sql';
import {
  categorias,
  filaCategorias,
  filaLocais,
  filas,
  senhaContadores,
  senhaEventos,
  senhas,
  unidadesSaude,
} from '../../../db/schema';
import { recordTrail } from '../../../access/audit-trail';
import { AppError, conflict, FieldErrors, staleEdit, unprocessable } from '../../../lib/errors';
import { newId } from '../../../lib/ids';
import { autor, nextVersion } from '../../../lib/versioned';
import { unidadeComFilas } from '../comum';
import { notificarChamada } from '../painel/eventos';
import { findInScope, RESOURCE, tempoChamadas, unscopedItem } from './queries';

export { contexto, list, show } from './queries';

// Tickets (issue 17; docs/decisions.md "Tickets"). Every step is one transaction: the ticket row locked, its state
// and version checked, the change, one senha_eventos row (who, queue, location, when), one audit row and — for a call
// — the panel's NOTIFY, delivered at commit. Numbers come from senha_contadores by `insert … on conflict do update`,
// and "call next" takes its ticket with `for update skip locked`: both are race-free across API processes.

const trail = recordTrail(RESOURCE);
const s = senhas;
type Row = typeof s.$inferSelect;

async function evento(
  tx: DbOrTx,
  ctx: Ctx,
  senhaId: string,
  tipo: EventoSenhaTipo,
  filaId: string,
  localId: string | null = null,
) {
  await tx.insert(senhaEventos).values({
    id: newId(),
    senha_id: senhaId,
    tipo,
    fila_id: filaId,
    local_id: localId,
    profissional_id: autor(ctx),
  });
}

/** Announces the ticket's call to the unit's panels (at commit). */
async function anunciar(tx: DbOrTx, unidadeId: string, t: SenhaListItem, rechamada: boolean) {
  await notificarChamada(tx, {
    unidade_saude_id: unidadeId,
    senha_id: t.id,
    codigo: t.codigo,
    categoria: { nome: t.categoria.nome, cor: t.categoria.cor },
    fila: t.fila.nome,
    local: t.local?.nome ?? '',
    chamada_em: t.chamada_em!,
    rechamada,
  });
}

/**
 * POST /: a ticket of the category, in the queue the unit's parametrization gives it, numbered for the day. The
 * screen sends the new ticket's `id` (one per press): a retry of the same press (a lost answer, a double submit)
 * answers the ticket already issued instead of a second number.
 */
export async function emitir(ctx: Ctx, input: EmitirSenhaInput): Promise<SenhaListItem> {
  const id = input.id ?? newId();
  try {
    return await ctx.db.transaction(async (tx) => {
      const unidadeId = await unidadeComFilas(ctx, tx);
      const ja = await jaEmitida(tx, unidadeId, id, input.categoria_id);
      if (ja) return ja;
      const [p] = await tx
        .select({ fila_id: filaCategorias.fila_id, sigla: categorias.sigla, ativa: categorias.ativo })
        .from(filaCategorias)
        .innerJoin(categorias, eq(categorias.id, filaCategorias.categoria_id))
        .innerJoin(filas, eq(filas.id, filaCategorias.fila_id))
        .where(
          and(
            eq(filaCategorias.unidade_saude_id, unidadeId),
            eq(filaCategorias.categoria_id, input.categoria_id),
            eq(filas.ativo, true),
          ),
        );
      if (!p) throw unprocessable({ categoria_id: [msg.senhaCategoriaSemFila] });
      if (!p.ativa) throw unprocessable({ categoria_id: [msg.categoriaInativa] });
      const data = todayIso();
      // One statement: concurrent issues of the same category wait on the counter row and each get the next number.
      const [contador] = await tx
        .insert(senhaContadores)
        .values({ unidade_saude_id: unidadeId, categoria_id: input.categoria_id, data, ultimo: 1 })
        .onConflictDoUpdate({
          target: [senhaContadores.unidade_saude_id, senhaContadores.categoria_id, senhaContadores.data],
          set: { ultimo: sql`${senhaContadores.ultimo} + 1` },
        })
        .returning({ ultimo: senhaContadores.ultimo });
      const numero = contador!.ultimo;
      const agora = new Date();
      const who = autor(ctx);
      await tx.insert(s).values({
        id,
        unidade_saude_id: unidadeId,
        categoria_id: input.categoria_id,
        fila_id: p.fila_id,
        data,
        numero,
        codigo: codigoSenha(p.sigla, numero),
        situacao: 'aguardando',
        emitida_em: agora,
        na_fila_desde: agora,
        emitida_por: who,
        updated_by: who,
      });
      await evento(tx, ctx, id, 'emitida', p.fila_id);
      await trail(tx, ctx, 'create', id, { details: { fila_id: p.fila_id } });
      return unscopedItem(tx, id);
    });
  } catch (e) {
    // The same press twice at once: the second waited on the counter and lost the insert; it answers the first's.
    if (!input.id || !uniqueViolation(e)?.constraint.includes('senhas_pkey')) throw e;
    const unidadeId = await unidadeComFilas(ctx);
    const ja = await jaEmitida(ctx.db, unidadeId, id, input.categoria_id);
    if (!ja) throw e;
    return ja;
  }
}

/** The ticket a press already issued (same id, unit and category); another unit's or category's id is refused. */
async function jaEmitida(tx: DbOrTx, unidadeId: string, id: string, categoriaId: string) {
  const [r] = await tx.select({ unidade: s.unidade_saude_id, categoria: s.categoria_id }).from(s).where(eq(s.id, id));
  if (!r) return null;
  if (r.unidade !== unidadeId || r.categoria !== categoriaId) throw unprocessable({ id: [msg.naoEValido] });
  return unscopedItem(tx, id);
}

/** The refusal of a step the ticket's state does not allow (spec §8). */
function recusa(situacao: SituacaoSenha): AppError {
  if (situacao === 'concluida') return conflict(msg.senhaIndisponivel);
  if (situacao === 'chamada' || situacao === 'em_atendimento') return conflict(msg.senhaEmAtendimento);
  return conflict(msg.senhaNaoChamada);
}

/**
 * The ticket of the unit locked for a step: 404 when absent or of another unit, 409 with the state's refusal when the
 * step does not start from its state, then 409 edicao_desatualizada on a stale version (the state's word first: two
 * desks calling the same ticket hear 'Senha já se encontra em atendimento', not "reload").
 */
async function paraPasso(
  tx: DbOrTx,
  ctx: Ctx,
  id: string,
  lockVersion: number,
  de: (s: SituacaoSenha) => boolean,
): Promise<{ unidadeId: string; atual: Row }> {
  const unidadeId = await unidadeComFilas(ctx, tx);
  const atual = await findInScope(tx, unidadeId, id, true);
  if (!de(atual.situacao)) throw recusa(atual.situacao);
  if (atual.lock_version !== lockVersion) throw staleEdit();
  return { unidadeId, atual };
}

/**
 * An active location of the queue (else 422 on local_id), locked for the call: the same desk's calls run one after
 * the other, and one made while the desk's last call is still unanswered and younger than the unit's tempo_chamadas
 * is refused (409 with the seconds left) — a double click calls one ticket, not two.
 */
async function localParaChamar(tx: DbOrTx, unidadeId: string, filaId: string, localId: string, agora: Date) {
  const [l] = await tx
    .select({ id: filaLocais.id })
    .from(filaLocais)
    .where(and(eq(filaLocais.id, localId), eq(filaLocais.fila_id, filaId), eq(filaLocais.ativo, true)))
    .for('update');
  if (!l) throw unprocessable({ local_id: [msg.senhaLocalForaDaFila] });
  const [ultima] = await tx
    .select({ em: s.chamada_em })
    .from(s)
    .where(and(eq(s.local_id, localId), eq(s.situacao, 'chamada'), eq(s.data, todayIso(agora))))
    .orderBy(desc(s.chamada_em))
    .limit(1);
  const restante = segundosRestantes(ultima?.em ?? null, await tempoChamadas(tx, unidadeId), agora);
  if (restante > 0) throw chamadaCedo(restante);
}

/** The columns of a call: where to, by whom, when, one more call in this queue. */
const chamada = (ctx: Ctx, localId: string, agora: Date) => ({
  situacao: 'chamada' as const,
  local_id: localId,
  profissional_id: autor(ctx),
  chamada_em: agora,
  chamadas: sql`${s.chamadas} + 1`,
  ...nextVersion(s, ctx),
});

/** POST /chamar_proxima: the queue's next waiting ticket (category priority, then arrival), race-safe. */
export async function chamarProxima(ctx: Ctx, input: ChamarProximaInput): Promise<SenhaListItem> {
  return ctx.db.transaction(async (tx) => {
    const unidadeId = await unidadeComFilas(ctx, tx);
    const [f] = await tx
      .select({ id: filas.id })
      .from(filas)
      .where(and(eq(filas.id, input.fila_id), eq(filas.unidade_saude_id, unidadeId), eq(filas.ativo, true)));
    if (!f) throw unprocessable({ fila_id: [msg.naoEValido] });
    const agora = new Date();
    await localParaChamar(tx, unidadeId, input.fila_id, input.local_id, agora);
    const who = autor(ctx);
    // One statement: a ticket another desk is taking right now is skipped (its row is locked), so twenty desks
    // pressing at once take twenty different tickets; one already taken is re-checked and skipped.
    const [taken] = await queryRows<{ id: string }>(
      tx,
      sql`update ${s} set
            situacao = 'chamada', local_id = ${input.local_id}, profissional_id = ${who},
            chamada_em = ${agora.toISOString()}::timestamptz, chamadas = ${s.chamadas} + 1,
            lock_version = ${s.lock_version} + 1, updated_at = ${agora.toISOString()}::timestamptz, updated_by = ${who}
          where ${s.situacao} = 'aguardando' and ${s.id} = (
            select x.id from senhas x join categorias c on c.id = x.categoria_id
            where x.fila_id = ${input.fila_id} and x.situacao = 'aguardando' and x.data = ${todayIso(agora)}
            order by c.prioridade, x.na_fila_desde, x.id
            limit 1
            for update of x skip locked)
          returning ${s.id}`,
    );
    if (!taken) throw conflict(msg.filaSemSenhasAguardando);
    await evento(tx, ctx, taken.id, 'chamada', input.fila_id, input.local_id);
    await trail(tx, ctx, 'chamar', taken.id, { details: { local_id: input.local_id } });
    const t = await unscopedItem(tx, taken.id);
    await anunciar(tx, unidadeId, t, false);
    return t;
  });
}

/** POST /:id/chamar: this waiting (or absent) ticket, to a location of its queue. */
export async function chamar(ctx: Ctx, id: string, input: ChamarSenhaInput): Promise<SenhaListItem> {
  return ctx.db.transaction(async (tx) => {
    const { unidadeId, atual } = await paraPasso(tx, ctx, id, input.lock_version, podeSerChamada);
    const agora = new Date();
    await localParaChamar(tx, unidadeId, atual.fila_id, input.local_id, agora);
    await tx
      .update(s)
      .set(chamada(ctx, input.local_id, agora))
      .where(eq(s.id, id));
    await evento(tx, ctx, id, 'chamada', atual.fila_id, input.local_id);
    await trail(tx, ctx, 'chamar', id, { details: { local_id: input.local_id } });
    const t = await unscopedItem(tx, id);
    await anunciar(tx, unidadeId, t, false);
    return t;
  });
}

/** POST /:id/rechamar: the called ticket again, to the same place, once the unit's tempo_chamadas has passed. */
export async function rechamar(ctx: Ctx, id: string, input: PassoSenhaInput): Promise<SenhaListItem> {
  return ctx.db.transaction(async (tx) => {
    const { unidadeId, atual } = await paraPasso(tx, ctx, id, input.lock_version, (x) => x === 'chamada');
    const agora = new Date();
    const restante = segundosRestantes(atual.chamada_em, await tempoChamadas(tx, unidadeId), agora);
    if (restante > 0) throw chamadaCedo(restante);
    await tx
      .update(s)
      .set(chamada(ctx, atual.local_id!, agora))
      .where(eq(s.id, id));
    await evento(tx, ctx, id, 'rechamada', atual.fila_id, atual.local_id);
    await trail(tx, ctx, 'rechamar', id);
    const t = await unscopedItem(tx, id);
    await anunciar(tx, unidadeId, t, true);
    return t;
  });
}

/** Whole seconds left before a call made at `em` may be repeated (0: now). */
export function segundosRestantes(em: Date | null, tempo: number, agora = new Date()): number {
  if (!em) return 0;
  return Math.max(0, Math.ceil((em.getTime() + tempo * 1000 - agora.getTime()) / 1000));
}

/** 409 of a call repeated too soon: the message says how long is left, `segundos_restantes` lets a screen count. */
export const chamadaCedo = (segundos: number) =>
  new AppError(409, msg.chamadaRepetidaCedo(segundos), { extra: { segundos_restantes: segundos } });

/** A step that changes only the state (and its moment): iniciar, concluir, ausente. */
async function mudarSituacao(
  ctx: Ctx,
  id: string,
  input: PassoSenhaInput,
  o: {
    de: (x: SituacaoSenha) => boolean;
    para: SituacaoSenha;
    evento: EventoSenhaTipo;
    acao: string;
    cols?: (agora: Date) => Partial<Row>;
  },
): Promise<SenhaListItem> {
  return ctx.db.transaction(async (tx) => {
    const { atual } = await paraPasso(tx, ctx, id, input.lock_version, o.de);
    await tx
      .update(s)
      .set({ situacao: o.para, ...o.cols?.(new Date()), ...nextVersion(s, ctx) })
      .where(eq(s.id, id));
    await evento(tx, ctx, id, o.evento, atual.fila_id, atual.local_id);
    await trail(tx, ctx, o.acao, id);
    return unscopedItem(tx, id);
  });
}

/** POST /:id/iniciar: the called ticket is being attended. */
export const iniciar = (ctx: Ctx, id: string, input: PassoSenhaInput) =>
  mudarSituacao(ctx, id, input, {
    de: (x) => x === 'chamada',
    para: 'em_atendimento',
    evento: 'em_atendimento',
    acao: 'iniciar',
    cols: (agora) => ({ atendimento_iniciado_em: agora }),
  });

/** POST /:id/concluir: a called or attended ticket is done. */
export const concluir = (ctx: Ctx, id: string, input: PassoSenhaInput) =>
  mudarSituacao(ctx, id, input, {
    de: (x) => x === 'chamada' || x === 'em_atendimento',
    para: 'concluida',
    evento: 'concluida',
    acao: 'concluir',
    cols: (agora) => ({ concluida_em: agora }),
  });

/** POST /:id/ausente: nobody came to the call; the ticket may be called again later. */
export const ausente = (ctx: Ctx, id: string, input: PassoSenhaInput) =>
  mudarSituacao(ctx, id, input, { de: (x) => x === 'chamada', para: 'ausente', evento: 'ausente', acao: 'ausente' });

/** POST /:id/encaminhar: to another active queue of the unit, waiting there from now (its order starts again). */
export async function encaminhar(ctx: Ctx, id: string, input: EncaminharSenhaInput): Promise<SenhaListItem> {
  return ctx.db.transaction(async (tx) => {
    const { unidadeId, atual } = await paraPasso(tx, ctx, id, input.lock_version, (x) => x !== 'concluida');
    const [destino] = await tx
      .select({ id: filas.id, ativo: filas.ativo })
      .from(filas)
      .where(and(eq(filas.id, input.fila_id), eq(filas.unidade_saude_id, unidadeId)));
    const errors = new FieldErrors();
    if (!destino) errors.add('fila_id', msg.naoEValido);
    else if (destino.id === atual.fila_id) errors.add('fila_id', msg.senhaFilaIgualAtual);
    errors.throwIfAny();
    // A queue closed meanwhile: the ticket stays where it is.
    if (!destino!.ativo) throw conflict(msg.senhaNaoEncaminhada);
    await tx
      .update(s)
      .set({
        fila_id: input.fila_id,
        situacao: 'aguardando',
        na_fila_desde: new Date(),
        encaminhada_de_fila_id: atual.fila_id,
        local_id: null,
        profissional_id: null,
        chamada_em: null,
        chamadas: 0,
        atendimento_iniciado_em: null,
        ...nextVersion(s, ctx),
      })
      .where(eq(s.id, id));
    await evento(tx, ctx, id, 'encaminhada', input.fila_id);
    await trail(tx, ctx, 'encaminhar', id, { details: { de: atual.fila_id, para: input.fila_id } });
    return unscopedItem(tx, id);
  });
}

/**
 * Urgent care (issue 17): an arrival saved with the code of one of today's tickets of the unit takes the ticket — it
 * is linked to the arrival and concluded. A ticket another arrival took is refused on `senha`; a code that is no
 * ticket of today stays free text. Runs in the arrival's transaction, only in a unit that manages queues.
 */
export async function vincularAoAtendimento(
  tx: DbOrTx,
  ctx: Ctx,
  unidadeId: string,
  atendimentoId: string,
  codigo: string | null | undefined,
  errors: FieldErrors,
): Promise<void> {
  const [u] = await tx
    .select({ filas: unidadesSaude.gerenciamento_filas })
    .from(unidadesSaude)
    .where(eq(unidadesSaude.id, unidadeId));
  if (!u?.filas) return;
  const alvo = codigo?.trim().toUpperCase() ?? '';
  // The ticket this arrival held before, when its code changed: it goes back to being nobody's.
  await tx
    .update(s)
    .set({ atendimento_id: null, ...nextVersion(s, ctx) })
    .where(and(eq(s.atendimento_id, atendimentoId), sql`${s.codigo} <> ${alvo}`));
  if (!alvo) return;
  const [t] = await tx
    .select()
    .from(s)
    .where(and(eq(s.unidade_saude_id, unidadeId), eq(s.data, todayIso()), eq(s.codigo, alvo)))
    .for('update');
  if (!t) return;
  if (t.atendimento_id === atendimentoId) return;
  if (t.atendimento_id) {
    errors.add('senha', msg.senhaConcluidaEmOutroAtendimento);
    return;
  }
  const concluir = t.situacao !== 'concluida';
  await tx
    .update(s)
    .set({
      atendimento_id: atendimentoId,
      ...(concluir ? { situacao: 'concluida' as const, concluida_em: new Date() } : {}),
      ...nextVersion(s, ctx),
    })
    .where(eq(s.id, t.id));
  if (concluir) await evento(tx, ctx, t.id, 'concluida', t.fila_id, t.local_id);
  await trail(tx, ctx, 'vincular_atendimento', t.id, { details: { atendimento_id: atendimentoId } });
}
