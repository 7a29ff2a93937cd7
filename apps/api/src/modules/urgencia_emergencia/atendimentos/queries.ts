import {
  especialidadesUrgencia,
  type Atendimento,
  type AtendimentoFilters,
  type AtendimentoListItem,
  type EventoAtendimento,
} from '@saude/shared/schemas/atendimento';
import { msg } from '@saude/shared';
import { isoToBr, todayIso, TIME_ZONE } from '@saude/shared/validation/dates';
import { and, asc, desc, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { auditedRead } from '../../../access/audit';
import type { Ctx } from '../../../access/context';
import type { DbOrTx } from '../../../db/client';
import {
  atendimentos,
  auditoria,
  municipes,
  pacientesSemIdentificacao,
  profissionais,
  unidadesSaude,
} from '../../../db/schema';
import { containsText, countAll, findRow, startsWith, totalOf, withAutorUnidade } from '../../../db/sql';
import type { Dated } from '../../../lib/answer';
import { notFound, unprocessable } from '../../../lib/errors';
import { ocupacaoNome } from '../../../lib/ocupacoes';
import { mapPage, paginate, type PageResult } from '../../../lib/paginate';
import { unidadeDeUrgencia } from '../comum';

// Reading care visits: the reception list of the unit and one visit with its history. Every read is audited with
// the citizen it shows; a visit of a patient still without identification is audited too (`always`): it is health
// data of someone not yet named.

export const RESOURCE = 'urgencia_emergencia/atendimentos';
export const RESOURCE_RETROATIVO = 'urgencia_emergencia/atendimentos_retroativos';
/** The two kinds of visit: one list and one resource (permission) each, the same table. */
export type Tipo = { retroativo: boolean; resource: string };
export const TIPOS = {
  atendimento: { retroativo: false, resource: RESOURCE },
  retroativo: { retroativo: true, resource: RESOURCE_RETROATIVO },
} as const satisfies Record<string, Tipo>;

const a = atendimentos;
const psi = pacientesSemIdentificacao;
const chamador = alias(profissionais, 'chamador');
const cancelador = alias(profissionais, 'cancelador');
const nomeEspecialidade = new Map<string, string>(especialidadesUrgencia.map((e) => [e.codigo, e.descricao]));

/** The visit's patient as shown: the citizen (also once an unidentified patient is tied to one), or the patient. */
const pacienteSelect = {
  municipe_nome: municipes.nome,
  data_nascimento: municipes.data_nascimento,
  codigo_cns: municipes.codigo_cns,
  cpf_numero: municipes.cpf_numero,
  paciente_nome: psi.nome,
  municipe_sexo_id: municipes.sexo_id,
  paciente_sexo_id: psi.sexo_id,
};

const comPaciente = <T extends { municipe_id: string | null; paciente_sem_identificacao_id: string | null }>(
  v: T,
  p: {
    municipe_nome: string | null;
    data_nascimento: string | null;
    codigo_cns: string | null;
    cpf_numero: string | null;
    paciente_nome: string | null;
    municipe_sexo_id: number | null;
    paciente_sexo_id: number | null;
  },
) => ({
  municipe_id: v.municipe_id,
  paciente_sem_identificacao_id: v.paciente_sem_identificacao_id,
  paciente_nome: p.municipe_nome ?? p.paciente_nome ?? '',
  sem_identificacao: v.paciente_sem_identificacao_id !== null,
  data_nascimento: p.data_nascimento,
  codigo_cns: p.codigo_cns,
  cpf_numero: p.cpf_numero,
  sexo_id: p.municipe_sexo_id ?? p.paciente_sexo_id,
});

/** The visit's own row in scope (the unit's, of this kind), locked for a write when asked; null otherwise. */
export async function findInScope(tx: DbOrTx, unidadeId: string, tipo: Tipo, id: string, forUpdate = false) {
  const where = and(eq(a.unidade_saude_id, unidadeId), eq(a.retroativo, tipo.retroativo));
  return findRow(tx, a, id, { where, forUpdate });
}

/** What each audited action of the visit means in its history. */
const EVENTOS: Record<string, EventoAtendimento['evento']> = {
  create: 'criado',
  update: 'alterado',
  chamar: 'chamado',
  iniciar: 'iniciado',
  concluir: 'concluido',
  cancelar: 'cancelado',
};

/**
 * The history: every write of the visit as its audit trail recorded it (each call, not only the last), oldest first.
 * A visit written without a trail (the demo seed) still tells its creation, last call and cancelling from its row.
 */
async function historico(
  db: DbOrTx,
  v: typeof a.$inferSelect,
  nomes: Map<string, string>,
): Promise<Dated<EventoAtendimento>[]> {
  const rows = await db
    .select({ action: auditoria.action, em: auditoria.created_at, por_nome: profissionais.nome })
    .from(auditoria)
    .leftJoin(profissionais, eq(profissionais.id, auditoria.profissional_id))
    .where(
      and(
        eq(auditoria.record_id, v.id),
        inArray(auditoria.resource, [RESOURCE, RESOURCE_RETROATIVO]),
        inArray(auditoria.action, Object.keys(EVENTOS)),
      ),
    )
    .orderBy(asc(auditoria.created_at), asc(auditoria.id));
  const eventos: Array<Omit<EventoAtendimento, 'em'> & { em: Date }> = rows.map((r) => ({
    evento: EVENTOS[r.action]!,
    em: r.em,
    por_nome: r.por_nome,
    detalhe: r.action === 'cancelar' ? v.justificativa_cancelamento : null,
  }));
  const tem = (e: EventoAtendimento['evento']) => eventos.some((x) => x.evento === e);
  const nome = (id: string | null) => (id ? (nomes.get(id) ?? null) : null);
  if (!tem('criado'))
    eventos.unshift({ evento: 'criado', em: v.created_at, por_nome: nome(v.created_by), detalhe: null });
  if (!tem('chamado') && v.chamado_em)
    eventos.push({ evento: 'chamado', em: v.chamado_em, por_nome: nome(v.chamado_por), detalhe: null });
  if (!tem('cancelado') && v.cancelado_em)
    eventos.push({
      evento: 'cancelado',
      em: v.cancelado_em,
      por_nome: nome(v.cancelado_por),
      detalhe: v.justificativa_cancelamento,
    });
  return eventos.sort((x, y) => x.em.getTime() - y.em.getTime());
}

/** The visit with names and history, WITHOUT scope: callers check scope first. */
export async function unscopedLoad(db: DbOrTx, id: string): Promise<Dated<Atendimento> | null> {
  const [row] = await withAutorUnidade(
    db
      .select({
        v: a,
        ...pacienteSelect,
        profissional_nome: profissionais.nome,
        unidade_saude_nome: unidadesSaude.nome,
        chamado_por_nome: chamador.nome,
        cancelado_por_nome: cancelador.nome,
      })
      .from(a)
      .$dynamic(),
    { profissional: a.profissional_id, unidade: a.unidade_saude_id },
  )
    .leftJoin(municipes, eq(municipes.id, a.municipe_id))
    .leftJoin(psi, eq(psi.id, a.paciente_sem_identificacao_id))
    .leftJoin(chamador, eq(chamador.id, a.chamado_por))
    .leftJoin(cancelador, eq(cancelador.id, a.cancelado_por))
    .where(eq(a.id, id));
  if (!row) return null;
  const { v } = row;
  const quem = [v.created_by, v.chamado_por, v.cancelado_por].filter((x): x is string => !!x);
  const nomes = new Map(
    quem.length > 0
      ? (
          await db
            .select({ id: profissionais.id, nome: profissionais.nome })
            .from(profissionais)
            .where(inArray(profissionais.id, quem))
        ).map((p) => [p.id, p.nome] as const)
      : [],
  );
  return {
    ...v,
    ...comPaciente(v, row),
    unidade_saude_nome: row.unidade_saude_nome,
    profissional_nome: row.profissional_nome,
    ocupacao_nome: ocupacaoNome(v.ocupacao_id),
    especialidade_nome: v.especialidade
      ? (nomeEspecialidade.get(v.especialidade) ?? ocupacaoNome(v.especialidade))
      : null,
    chamado_por_nome: row.chamado_por_nome,
    cancelado_por_nome: row.cancelado_por_nome,
    historico: await historico(db, v, nomes),
  };
}

/** Whose data a visit carries: its citizen (none yet for a patient without identification). */
export const titulares = (rows: Array<{ municipe_id: string | null }>) => [
  ...new Set(rows.flatMap((r) => (r.municipe_id ? [r.municipe_id] : []))),
];

export function show(ctx: Ctx, tipo: Tipo, id: string): Promise<Dated<Atendimento>> {
  return auditedRead(
    ctx,
    async (db) => {
      const unidadeId = await unidadeDeUrgencia(ctx, db);
      if (!(await findInScope(db, unidadeId, tipo, id))) throw notFound();
      return (await unscopedLoad(db, id))!;
    },
    (v) => ({
      resource: tipo.resource,
      action: 'show',
      record_id: id,
      municipe_ids: titulares([v]),
      always: true,
    }),
  );
}

export function list(ctx: Ctx, tipo: Tipo, q: AtendimentoFilters): Promise<PageResult<Dated<AtendimentoListItem>>> {
  return auditedRead(
    ctx,
    async (db) => {
      const unidadeId = await unidadeDeUrgencia(ctx, db);
      const page = await listar(db, unidadeId, tipo, q);
      return { page, quem: titulares(page.rows) };
    },
    ({ page, quem }) => ({
      resource: tipo.resource,
      action: 'index',
      municipe_ids: quem,
      details: {
        filtros: Object.keys(q)
          .filter((k) => k !== 'page' && k !== 'per_page' && q[k as keyof AtendimentoFilters] !== undefined)
          .sort(),
        pagina: q.page,
      },
      // A page of unidentified patients names nobody, and is still health data read.
      always: page.rows.length > 0,
    }),
  ).then((r) => r.page);
}

async function listar(db: DbOrTx, unidadeId: string, tipo: Tipo, q: AtendimentoFilters) {
  if (q.data_inicio && q.data_fim && q.data_fim < q.data_inicio)
    throw unprocessable({ data_fim: [msg.maiorOuIgualQue(isoToBr(q.data_inicio) ?? q.data_inicio)] });
  // The reception works on today's arrivals; the late entries are few and all shown unless a period is asked, and so
  // is one patient's history.
  const semPeriodo = !q.data_inicio && !q.data_fim && !q.municipe_id && !q.paciente_sem_identificacao_id && !q.paciente;
  const inicio = q.data_inicio ?? (semPeriodo && !tipo.retroativo ? todayIso() : undefined);
  const fim = q.data_fim ?? (semPeriodo && !tipo.retroativo ? todayIso() : undefined);
  const conds: Array<SQL | undefined> = [eq(a.unidade_saude_id, unidadeId), eq(a.retroativo, tipo.retroativo)];
  // Bounds on the timestamp itself (the index's column): from the São Paulo midnight of the first day to the next one
  // after the last.
  if (inicio) conds.push(sql`${a.data_chegada} >= (${inicio}::date::timestamp at time zone ${TIME_ZONE})`);
  if (fim) conds.push(sql`${a.data_chegada} < ((${fim}::date + 1)::timestamp at time zone ${TIME_ZONE})`);
  if (q.situacao) conds.push(eq(a.situacao, q.situacao));
  if (q.profissional_id) conds.push(eq(a.profissional_id, q.profissional_id));
  if (q.municipe_id) conds.push(eq(a.municipe_id, q.municipe_id));
  if (q.paciente_sem_identificacao_id) conds.push(eq(a.paciente_sem_identificacao_id, q.paciente_sem_identificacao_id));
  if (q.paciente) {
    const digitos = q.paciente.replace(/\D/g, '');
    conds.push(
      /^[\d.\s-]+$/.test(q.paciente) && digitos.length > 0
        ? or(startsWith(municipes.cpf_numero, digitos), startsWith(municipes.codigo_cns, digitos))
        : containsText([municipes.nome, municipes.nome_social, psi.nome], q.paciente),
    );
  }
  const where = and(...conds);
  const page = await paginate(q, {
    count: () =>
      totalOf(
        db
          .select({ total: countAll() })
          .from(a)
          .leftJoin(municipes, eq(municipes.id, a.municipe_id))
          .leftJoin(psi, eq(psi.id, a.paciente_sem_identificacao_id))
          .where(where),
      ),
    rows: ({ limit, offset }) =>
      db
        .select({
          v: {
            id: a.id,
            municipe_id: a.municipe_id,
            paciente_sem_identificacao_id: a.paciente_sem_identificacao_id,
            senha: a.senha,
            data_chegada: a.data_chegada,
            tipo_chegada_id: a.tipo_chegada_id,
            especialidade: a.especialidade,
            situacao: a.situacao,
            chamado_em: a.chamado_em,
            profissional_id: a.profissional_id,
            possui_acompanhante: a.possui_acompanhante,
          },
          ...pacienteSelect,
          profissional_nome: profissionais.nome,
          total: sql<number>`(count(*) over ())::int`,
        })
        .from(a)
        .leftJoin(municipes, eq(municipes.id, a.municipe_id))
        .leftJoin(psi, eq(psi.id, a.paciente_sem_identificacao_id))
        .leftJoin(profissionais, eq(profissionais.id, a.profissional_id))
        .where(where)
        .orderBy(desc(a.data_chegada), desc(a.id))
        .limit(limit)
        .offset(offset),
    windowTotal: (r) => r.total,
  });
  return mapPage(page, ({ v, profissional_nome, total: _t, ...p }) => ({
    ...v,
    ...comPaciente(v, p),
    especialidade_nome: v.especialidade ? (nomeEspecialidade.get(v.especialidade) ?? null) : null,
    profissional_nome,
  }));
}
