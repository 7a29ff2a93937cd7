import {
  atendimentoDoPacienteSchema,
  pacienteSemIdentificacaoListItemSchema,
  pacienteSemIdentificacaoSchema,
  pseudonimo,
  type PacienteSemIdentificacao,
  type PacienteSemIdentificacaoFilters,
  type PacienteSemIdentificacaoListItem,
} from '@saude/shared/schemas/paciente_sem_identificacao';
import { TIME_ZONE } from '@saude/shared';
import { and, desc, eq, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { auditedRead } from '../../../access/audit';
import type { Ctx } from '../../../access/context';
import type { DbOrTx } from '../../../db/client';
import {
  atendimentos,
  municipes,
  municipios,
  pacientesSemIdentificacao,
  profissionais,
  unidadesSaude,
} from '../../../db/schema';
import { containsText, countWhere, findRow, selectOf, withAutorUnidade } from '../../../db/sql';
import { fieldsOf, type Dated } from '../../../lib/answer';
import { filtrosUsados } from '../../../access/audited-list';
import { notFound } from '../../../lib/errors';
import { ocupacaoNome } from '../../../lib/ocupacoes';
import { type PageResult, paginateTable } from '../../../lib/paginate';
import { unidadeDeUrgencia } from '../comum';

// Reading patients without identification. Every read is audited, with the citizen once identified, and also while
// nobody is named (`always`): the record holds health data of a person, identified or not yet.

export const RESOURCE = 'urgencia_emergencia/paciente_sem_identificacoes';
const p_ = pacientesSemIdentificacao;
const a_ = atendimentos;
const identificador = alias(profissionais, 'identificador');
const atendente = alias(profissionais, 'atendente');
const numeroAtendimentos = sql<number>`(select count(*)::int from ${a_} where ${a_.paciente_sem_identificacao_id} = ${p_.id})`;

/** The patient's row when it belongs to `unidadeId` (locked for update when asked); null otherwise (answered 404). */
export async function findInUnit(tx: DbOrTx, unidadeId: string, id: string, forUpdate = false) {
  return findRow(tx, p_, id, { where: eq(p_.unidade_saude_id, unidadeId), forUpdate });
}

const numero = (v: string | number | null) => (v === null ? null : Number(v));

/** The patient with names and care visits, WITHOUT the unit check: callers check it first. */
export async function unscopedLoadPaciente(db: DbOrTx, id: string): Promise<Dated<PacienteSemIdentificacao> | null> {
  const [row] = await withAutorUnidade(
    db
      .select({
        p: p_,
        unidade: unidadesSaude.nome,
        profissional: profissionais.nome,
        municipe: municipes.nome,
        identificador: identificador.nome,
        municipio: municipios.nome,
      })
      .from(p_)
      .$dynamic(),
    { profissional: p_.profissional_id, unidade: p_.unidade_saude_id },
  )
    .leftJoin(municipes, eq(municipes.id, p_.municipe_id))
    .leftJoin(identificador, eq(identificador.id, p_.identificado_por))
    .leftJoin(municipios, eq(municipios.codigo_ibge, p_.municipio_nascimento_ibge))
    .where(eq(p_.id, id));
  if (!row) return null;
  const { p } = row;
  const visitas = await db
    .select(selectOf(atendimentoDoPacienteSchema, a_, { profissional_nome: atendente.nome }))
    .from(a_)
    .leftJoin(atendente, eq(atendente.id, a_.profissional_id))
    .where(eq(a_.paciente_sem_identificacao_id, id))
    .orderBy(desc(a_.data_chegada), desc(a_.id));
  return {
    ...fieldsOf(pacienteSemIdentificacaoSchema, p),
    unidade_saude_nome: row.unidade,
    profissional_nome: row.profissional,
    ocupacao_nome: ocupacaoNome(p.ocupacao_id),
    deficiencia_ids: p.deficiencia_ids ?? [],
    peso_aproximado: numero(p.peso_aproximado),
    municipio_nascimento_nome: row.municipio,
    municipe_nome: row.municipe,
    identificado_por_nome: row.identificador,
    atendimentos: visitas,
  };
}

/** The citizens a patient's answer names: the identified one, if any. */
export const titulares = (p: { municipe_id: string | null }) => (p.municipe_id ? [p.municipe_id] : []);

export async function show(ctx: Ctx, id: string): Promise<Dated<PacienteSemIdentificacao>> {
  const unidadeId = await unidadeDeUrgencia(ctx);
  return auditedRead(
    ctx,
    async (db) => {
      if (!(await findInUnit(db, unidadeId, id))) throw notFound();
      return (await unscopedLoadPaciente(db, id))!;
    },
    (p) => ({
      resource: RESOURCE,
      action: 'show',
      record_id: id,
      municipe_ids: titulares(p),
      details: { partes: ['paciente', 'atendimentos'] },
      always: true,
    }),
  );
}

/** Midnight of a São Paulo day, as a timestamp. */
const inicioDoDia = (isoDate: string) => sql`(${isoDate}::date)::timestamp at time zone ${TIME_ZONE}`;

function condicoes(unidadeId: string, q: PacienteSemIdentificacaoFilters): SQL | undefined {
  const conds: Array<SQL | undefined> = [eq(p_.unidade_saude_id, unidadeId)];
  if (q.nome) conds.push(containsText([p_.nome], q.nome));
  if (q.identificado === true) conds.push(isNotNull(p_.municipe_id));
  if (q.identificado === false) conds.push(isNull(p_.municipe_id));
  if (q.data_inicio) conds.push(sql`${p_.created_at} >= ${inicioDoDia(q.data_inicio)}`);
  if (q.data_fim) conds.push(sql`${p_.created_at} < ${inicioDoDia(q.data_fim)} + interval '1 day'`);
  return and(...conds);
}

const LIST = selectOf(pacienteSemIdentificacaoListItemSchema, p_, {
  profissional_nome: profissionais.nome,
  numero_atendimentos: numeroAtendimentos,
  municipe_nome: municipes.nome,
  identificado_por_nome: identificador.nome,
});

/** A page of the current unit's patients, newest first, audited with the identified citizens it shows. */
export async function list(
  ctx: Ctx,
  q: PacienteSemIdentificacaoFilters,
): Promise<PageResult<Dated<PacienteSemIdentificacaoListItem>>> {
  const unidadeId = await unidadeDeUrgencia(ctx);
  const where = condicoes(unidadeId, q);
  return auditedRead(
    ctx,
    (db) =>
      paginateTable(q, db, p_, where, () =>
        db
          .select(LIST)
          .from(p_)
          .leftJoin(profissionais, eq(profissionais.id, p_.profissional_id))
          .leftJoin(municipes, eq(municipes.id, p_.municipe_id))
          .leftJoin(identificador, eq(identificador.id, p_.identificado_por))
          .where(where)
          .orderBy(desc(p_.created_at), desc(p_.id)),
      ),
    (page) => ({
      resource: RESOURCE,
      action: 'index',
      municipe_ids: page.rows.flatMap(titulares),
      details: { filtros: filtrosUsados(q) },
      // A page of unidentified patients still shows people's data.
      always: page.rows.length > 0,
    }),
  );
}

/** The next pseudonym of the unit: 'Desconhecido(a) n', n one more than the unit's patients. */
export async function proximoPseudonimo(ctx: Ctx): Promise<{ nome: string }> {
  const unidadeId = await unidadeDeUrgencia(ctx);
  const total = await countWhere(ctx.db, p_, eq(p_.unidade_saude_id, unidadeId));
  return { nome: pseudonimo(total + 1) };
}
