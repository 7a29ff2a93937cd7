import { msg } from '@saude/shared';
import {
  NOMES_CANAL,
  CANAIS_SOLICITACAO,
  PROXIMAS_SITUACOES,
  solicitacaoUpdateIssues,
  type OuvidoriaOpcoes,
  type Solicitacao,
  type SolicitacaoFilters,
  type SolicitacaoListItem,
  type SolicitacaoUpdateValues,
  type SolicitacaoValues,
} from '@saude/shared/schemas/ouvidoria';
import { todayIso } from '@saude/shared/validation/dates';
import { and, asc, desc, eq, gte, inArray, lt, sql, type SQL } from 'drizzle-orm';
import { alias, type PgSelect } from 'drizzle-orm/pg-core';
import { auditedRead } from '../../access/audit';
import type { Ctx } from '../../access/context';
import type { DbOrTx } from '../../db/client';
import {
  municipes,
  ouvidoriaNotificacoes,
  prioridadesSolicitacao,
  profissionais,
  solicitacaoEventos,
  solicitacoesOuvidoria,
  tiposSolicitacao,
  unidadesSaude,
} from '../../db/schema';
import { byName, finderOf, startsWith } from '../../db/sql';
import { recordTrail } from '../../access/audit-trail';
import { FieldErrors, notFound } from '../../lib/errors';
import { newId } from '../../lib/ids';
import { mapPage, type PageResult, paginateTable } from '../../lib/paginate';
import { isUuid } from '../../lib/routes';
import { autor, checkVersion, updateVersioned } from '../../lib/versioned';
import type { Dated } from '../../lib/answer';

// The ombudsman's requests (issue 20). No health data, but the requester's personal data: reads of a request that
// names a citizen are audited like a citizen read; writes leave an audit row in their transaction (fields, never text).

export const RESOURCE = 'ouvidoria';
const trail = recordTrail(RESOURCE);
const so = solicitacoesOuvidoria;
const t = tiposSolicitacao;
const p = prioridadesSolicitacao;

/** A seam for the deadline tests: today in São Paulo. */
export const relogio = { agora: (): Date => new Date() };
const hoje = () => todayIso(relogio.agora());

export function somarDias(iso: string, dias: number): string {
  const d = new Date(`${iso}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + dias);
  return d.toISOString().slice(0, 10);
}
const diasEntre = (de: string, ate: string) =>
  Math.round((Date.parse(`${ate}T12:00:00Z`) - Date.parse(`${de}T12:00:00Z`)) / 86_400_000);

const emAberto = (situacao: string) => situacao === 'aberta' || situacao === 'em_analise';
const diasRestantes = (situacao: string, prazo: string) => (emAberto(situacao) ? diasEntre(hoje(), prazo) : null);

// ---- options ------------------------------------------------------------------------------------------------

export async function opcoes(ctx: Ctx): Promise<OuvidoriaOpcoes> {
  const tipos = await ctx.db
    .select({ id: t.id, nome: t.nome, icone: t.icone, prazo_dias: t.prazo_dias })
    .from(t)
    .orderBy(asc(t.ordem), asc(t.id));
  const prioridades = await ctx.db
    .select({ id: p.id, nome: p.nome, cor: p.cor })
    .from(p)
    .orderBy(asc(p.ordem), asc(p.id));
  const unidades = await ctx.db
    .select({ id: unidadesSaude.id, nome: unidadesSaude.nome })
    .from(unidadesSaude)
    .where(eq(unidadesSaude.ativo, true))
    .orderBy(byName(unidadesSaude.nome), asc(unidadesSaude.id));
  return { tipos, prioridades, canais: CANAIS_SOLICITACAO.map((id) => ({ id, nome: NOMES_CANAL[id] })), unidades };
}

// ---- reads --------------------------------------------------------------------------------------------------

function condicoes(q: SolicitacaoFilters): SQL | undefined {
  const hj = hoje();
  return and(
    q.protocolo ? startsWith(so.protocolo, q.protocolo.replace(/\D/g, '')) : undefined,
    q.situacao ? eq(so.situacao, q.situacao) : undefined,
    q.tipo_solicitacao_id ? eq(so.tipo_solicitacao_id, q.tipo_solicitacao_id) : undefined,
    q.prioridade_id ? eq(so.prioridade_id, q.prioridade_id) : undefined,
    q.unidade_saude_id ? eq(so.unidade_saude_id, q.unidade_saude_id) : undefined,
    q.canal ? eq(so.canal, q.canal) : undefined,
    // The period is of São Paulo days.
    q.criada_de
      ? gte(so.created_at, sql`(${q.criada_de}::date)::timestamp at time zone 'America/Sao_Paulo'`)
      : undefined,
    q.criada_ate
      ? lt(so.created_at, sql`(${q.criada_ate}::date + 1)::timestamp at time zone 'America/Sao_Paulo'`)
      : undefined,
    q.vencidas ? and(inArray(so.situacao, ['aberta', 'em_analise']), lt(so.prazo, hj)) : undefined,
  );
}

/** What a request is shown by beside its own columns: its type, priority and unit (see comNomes). */
const nomes = {
  tipo: { id: t.id, nome: t.nome, icone: t.icone },
  prioridade: { id: p.id, nome: p.nome, cor: p.cor },
  unidade_saude_nome: unidadesSaude.nome,
};

/** Joins what `nomes` reads to a query from the requests made `$dynamic()`: a request may name no unit. */
const comNomes = <T extends PgSelect>(q: T) =>
  q
    .innerJoin(t, eq(t.id, so.tipo_solicitacao_id))
    .innerJoin(p, eq(p.id, so.prioridade_id))
    .leftJoin(unidadesSaude, eq(unidadesSaude.id, so.unidade_saude_id));

export async function list(ctx: Ctx, q: SolicitacaoFilters): Promise<PageResult<Dated<SolicitacaoListItem>>> {
  const where = condicoes(q);
  const page = await paginateTable(q, ctx.db, so, where, () =>
    comNomes(
      ctx.db
        .select({
          id: so.id,
          protocolo: so.protocolo,
          assunto: so.assunto,
          canal: so.canal,
          situacao: so.situacao,
          ...nomes,
          prazo: so.prazo,
          created_at: so.created_at,
        })
        .from(so)
        .$dynamic(),
    )
      .where(where)
      .orderBy(desc(so.created_at), desc(so.id)),
  );
  return mapPage(page, (r) => ({ ...r, dias_restantes: diasRestantes(r.situacao, r.prazo) }));
}

const find = finderOf(so);

/** The original deadline: the request's São Paulo day plus its type's days (a later one was extended). */
async function prorrogada(db: DbOrTx, r: typeof so.$inferSelect): Promise<boolean> {
  const [tipo] = await db.select({ dias: t.prazo_dias }).from(t).where(eq(t.id, r.tipo_solicitacao_id));
  return r.prazo > somarDias(todayIso(r.created_at), tipo?.dias ?? 30);
}

async function load(db: DbOrTx, id: string): Promise<Dated<Solicitacao> | null> {
  const resp = alias(profissionais, 'respondente');
  const [row] = await comNomes(
    db
      .select({ s: so, ...nomes, municipe_nome: municipes.nome, respondida_por_nome: resp.nome })
      .from(so)
      .$dynamic(),
  )
    .leftJoin(municipes, eq(municipes.id, so.municipe_id))
    .leftJoin(resp, eq(resp.id, so.respondida_por))
    .where(eq(so.id, id));
  if (!row) return null;
  const r = row.s;
  const eventos = await db
    .select({
      id: solicitacaoEventos.id,
      situacao_anterior: solicitacaoEventos.situacao_anterior,
      situacao: solicitacaoEventos.situacao,
      observacao: solicitacaoEventos.observacao,
      profissional_nome: profissionais.nome,
      created_at: solicitacaoEventos.created_at,
    })
    .from(solicitacaoEventos)
    .innerJoin(profissionais, eq(profissionais.id, solicitacaoEventos.profissional_id))
    .where(eq(solicitacaoEventos.solicitacao_id, id))
    .orderBy(asc(solicitacaoEventos.created_at), asc(solicitacaoEventos.id));
  return {
    id: r.id,
    lock_version: r.lock_version,
    created_at: r.created_at,
    updated_at: r.updated_at,
    protocolo: r.protocolo,
    anonimo: r.anonimo,
    municipe_id: r.municipe_id,
    municipe_nome: row.municipe_nome,
    nome_solicitante: r.nome_solicitante,
    contato_solicitante: r.contato_solicitante,
    canal: r.canal,
    tipo: row.tipo,
    prioridade: row.prioridade,
    unidade_saude_id: r.unidade_saude_id,
    unidade_saude_nome: row.unidade_saude_nome,
    assunto: r.assunto,
    texto: r.texto,
    situacao: r.situacao,
    prazo: r.prazo,
    dias_restantes: diasRestantes(r.situacao, r.prazo),
    prorrogada: await prorrogada(db, r),
    resposta: r.resposta,
    respondida_em: r.respondida_em ?? null,
    respondida_por_nome: row.respondida_por_nome,
    eventos,
  };
}

/** GET /:id — audited like a citizen read when it names one. */
export async function show(ctx: Ctx, id: string): Promise<Dated<Solicitacao>> {
  if (!isUuid(id)) throw notFound();
  const s = await auditedRead(
    ctx,
    (db) => load(db, id),
    (r) =>
      r
        ? { resource: RESOURCE, action: 'show', record_id: r.id, municipe_ids: r.municipe_id ? [r.municipe_id] : [] }
        : null,
  );
  if (!s) throw notFound();
  return s;
}

// ---- writes -------------------------------------------------------------------------------------------------

async function existe(db: DbOrTx, table: typeof t | typeof p | typeof unidadesSaude | typeof municipes, id: string) {
  const [r] = await db.select({ id: table.id }).from(table).where(eq(table.id, id));
  return Boolean(r);
}

/**
 * The next protocol of the year: 'AAAA' + 6 digits. A transaction-scoped advisory lock serializes the creators of
 * the year, so two concurrent creates never read the same maximum (the unique index is the last guard).
 */
async function proximoProtocolo(tx: DbOrTx, ano: string): Promise<string> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`ouvidoria_protocolo_${ano}`}))`);
  const [r] = await tx
    .select({ max: sql<string | null>`max(${so.protocolo})` })
    .from(so)
    .where(startsWith(so.protocolo, ano));
  const seq = r?.max ? Number(r.max.slice(4)) + 1 : 1;
  return `${ano}${String(seq).padStart(6, '0')}`;
}

export async function create(ctx: Ctx, v: SolicitacaoValues): Promise<Dated<Solicitacao>> {
  return ctx.db.transaction(async (tx) => {
    const errors = new FieldErrors();
    if (!(await existe(tx, t, v.tipo_solicitacao_id))) errors.add('tipo_solicitacao_id', msg.naoEValido);
    if (!(await existe(tx, p, v.prioridade_id))) errors.add('prioridade_id', msg.naoEValido);
    if (v.unidade_saude_id && !(await existe(tx, unidadesSaude, v.unidade_saude_id)))
      errors.add('unidade_saude_id', msg.naoEValido);
    if (v.municipe_id && !(await existe(tx, municipes, v.municipe_id))) errors.add('municipe_id', msg.naoEValido);
    errors.throwIfAny();
    const [tipo] = await tx.select({ dias: t.prazo_dias }).from(t).where(eq(t.id, v.tipo_solicitacao_id));
    const dia = hoje();
    const id = newId();
    const who = autor(ctx);
    await tx.insert(so).values({
      id,
      protocolo: await proximoProtocolo(tx, dia.slice(0, 4)),
      anonimo: v.anonimo,
      municipe_id: v.anonimo ? null : (v.municipe_id ?? null),
      nome_solicitante: v.anonimo || v.municipe_id ? null : (v.nome_solicitante ?? null),
      contato_solicitante: v.anonimo ? null : (v.contato_solicitante ?? null),
      canal: v.canal,
      tipo_solicitacao_id: v.tipo_solicitacao_id,
      prioridade_id: v.prioridade_id,
      unidade_saude_id: v.unidade_saude_id ?? null,
      assunto: v.assunto,
      texto: v.texto,
      prazo: somarDias(dia, tipo!.dias),
      created_by: who,
      updated_by: who,
    });
    await tx
      .insert(solicitacaoEventos)
      .values({ id: newId(), solicitacao_id: id, situacao: 'aberta', profissional_id: ctx.usuario!.profissionalId });
    await tx.insert(ouvidoriaNotificacoes).values({ id: newId(), solicitacao_id: id, motivo: 'nova' });
    await trail(tx, ctx, 'create', id, { municipe_ids: v.municipe_id && !v.anonimo ? [v.municipe_id] : [] });
    return (await load(tx, id))!;
  });
}

export async function update(ctx: Ctx, id: string, v: SolicitacaoUpdateValues): Promise<Dated<Solicitacao>> {
  return ctx.db.transaction(async (tx) => {
    const atual = await find(tx, id, true);
    if (!atual) throw notFound();
    checkVersion(atual, v.lock_version);
    const errors = new FieldErrors();
    for (const i of solicitacaoUpdateIssues(v, atual.situacao)) errors.add(String(i.path[0]), i.message);
    const muda = v.situacao !== undefined && v.situacao !== atual.situacao;
    if (muda && !PROXIMAS_SITUACOES[atual.situacao].includes(v.situacao!)) errors.add('situacao', msg.naoEValido);
    const fechada = atual.situacao === 'encerrada';
    const unidade = v.unidade_saude_id ?? null;
    if (v.prioridade_id !== atual.prioridade_id) {
      if (fechada) errors.add('prioridade_id', msg.naoEValido);
      else if (!(await existe(tx, p, v.prioridade_id))) errors.add('prioridade_id', msg.naoEValido);
    }
    if (unidade !== atual.unidade_saude_id) {
      if (fechada) errors.add('unidade_saude_id', msg.naoEValido);
      else if (unidade && !(await existe(tx, unidadesSaude, unidade))) errors.add('unidade_saude_id', msg.naoEValido);
    }
    if (v.prorrogacao_dias !== undefined && (!emAberto(atual.situacao) || (await prorrogada(tx, atual))))
      errors.add('prorrogacao_dias', msg.naoEValido);
    // An answer only with the move to respondida.
    if (v.resposta !== undefined && !(muda && v.situacao === 'respondida')) errors.add('resposta', msg.naoEValido);
    errors.throwIfAny();

    const cols: Partial<typeof so.$inferInsert> = { prioridade_id: v.prioridade_id, unidade_saude_id: unidade };
    if (muda) cols.situacao = v.situacao!;
    if (muda && v.situacao === 'respondida') {
      cols.resposta = v.resposta!;
      cols.respondida_em = new Date();
      cols.respondida_por = ctx.usuario!.profissionalId;
    }
    if (v.prorrogacao_dias !== undefined) cols.prazo = somarDias(atual.prazo, v.prorrogacao_dias);
    await updateVersioned(tx, ctx, so, { key: eq(so.id, id), lockVersion: v.lock_version }, cols);
    const evento = (situacao: typeof atual.situacao, observacao: string | null) =>
      tx.insert(solicitacaoEventos).values({
        id: newId(),
        solicitacao_id: id,
        situacao_anterior: atual.situacao,
        situacao,
        observacao,
        profissional_id: ctx.usuario!.profissionalId,
      });
    if (v.prorrogacao_dias !== undefined) {
      const [a, m, d] = cols.prazo!.split('-');
      await evento(
        atual.situacao,
        `Prazo prorrogado por ${v.prorrogacao_dias} dias, até ${d}/${m}/${a}: ${v.observacao}`,
      );
    }
    if (muda) await evento(v.situacao!, v.prorrogacao_dias !== undefined ? null : (v.observacao ?? null));
    const campos = Object.keys(cols).filter((k) => k !== 'respondida_em' && k !== 'respondida_por');
    await trail(tx, ctx, 'update', id, {
      municipe_ids: atual.municipe_id ? [atual.municipe_id] : [],
      details: {
        campos: campos.filter((k) => String(cols[k as keyof typeof cols]) !== String(atual[k as keyof typeof atual])),
      },
    });
    return (await load(tx, id))!;
  });
}
