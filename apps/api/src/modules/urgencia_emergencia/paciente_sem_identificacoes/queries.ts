import {
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
import { containsText, countWhere, iso } from '../../../db/sql';
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
  const q = tx
    .select()
    .from(p_)
    .where(and(eq(p_.id, id), eq(p_.unidade_saude_id, unidadeId)));
  const [row] = forUpdate ? await q.for('update') : await q;
  return row ?? null;
}

const numero = (v: string | number | null) => (v === null ? null : Number(v));

/** The patient with names and care visits, WITHOUT the unit check: callers check it first. */
export async function unscopedLoadPaciente(db: DbOrTx, id: string): Promise<PacienteSemIdentificacao | null> {
  const [row] = await db
    .select({
      p: p_,
      unidade: unidadesSaude.nome,
      profissional: profissionais.nome,
      municipe: municipes.nome,
      identificador: identificador.nome,
      municipio: municipios.nome,
    })
    .from(p_)
    .leftJoin(unidadesSaude, eq(unidadesSaude.id, p_.unidade_saude_id))
    .leftJoin(profissionais, eq(profissionais.id, p_.profissional_id))
    .leftJoin(municipes, eq(municipes.id, p_.municipe_id))
    .leftJoin(identificador, eq(identificador.id, p_.identificado_por))
    .leftJoin(municipios, eq(municipios.codigo_ibge, p_.municipio_nascimento_ibge))
    .where(eq(p_.id, id));
  if (!row) return null;
  const { p } = row;
  const visitas = await db
    .select({
      id: a_.id,
      data_chegada: a_.data_chegada,
      situacao: a_.situacao,
      retroativo: a_.retroativo,
      senha: a_.senha,
      especialidade: a_.especialidade,
      profissional_nome: atendente.nome,
    })
    .from(a_)
    .leftJoin(atendente, eq(atendente.id, a_.profissional_id))
    .where(eq(a_.paciente_sem_identificacao_id, id))
    .orderBy(desc(a_.data_chegada), desc(a_.id));
  return {
    id: p.id,
    lock_version: p.lock_version,
    created_at: p.created_at.toISOString(),
    updated_at: p.updated_at.toISOString(),
    unidade_saude_id: p.unidade_saude_id,
    unidade_saude_nome: row.unidade,
    profissional_id: p.profissional_id,
    profissional_nome: row.profissional,
    ocupacao_id: p.ocupacao_id,
    ocupacao_nome: ocupacaoNome(p.ocupacao_id),
    nome: p.nome,
    data_nascimento_estimada: p.data_nascimento_estimada,
    idade_estimada: p.idade_estimada,
    possui_deficiencia: p.possui_deficiencia,
    deficiencia_ids: p.deficiencia_ids ?? [],
    sexo_id: p.sexo_id,
    raca_cor_id: p.raca_cor_id,
    cor_cabelo_id: p.cor_cabelo_id,
    cor_olhos_id: p.cor_olhos_id,
    altura_aproximada: p.altura_aproximada,
    peso_aproximado: numero(p.peso_aproximado),
    outras_caracteristicas: p.outras_caracteristicas,
    nome_mae: p.nome_mae,
    nome_mae_sem_informacao: p.nome_mae_sem_informacao,
    nacionalidade_id: p.nacionalidade_id,
    municipio_nascimento_ibge: p.municipio_nascimento_ibge,
    municipio_nascimento_nome: row.municipio,
    pais_nascimento_id: p.pais_nascimento_id,
    municipe_id: p.municipe_id,
    municipe_nome: row.municipe,
    identificado_em: iso(p.identificado_em),
    identificado_por: p.identificado_por,
    identificado_por_nome: row.identificador,
    atendimentos: visitas.map((v) => ({ ...v, data_chegada: v.data_chegada.toISOString() })),
  };
}

/** The citizens a patient's answer names: the identified one, if any. */
export const titulares = (p: { municipe_id: string | null }) => (p.municipe_id ? [p.municipe_id] : []);

export async function show(ctx: Ctx, id: string): Promise<PacienteSemIdentificacao> {
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

/** A page of the current unit's patients, newest first, audited with the identified citizens it shows. */
export async function list(
  ctx: Ctx,
  q: PacienteSemIdentificacaoFilters,
): Promise<PageResult<PacienteSemIdentificacaoListItem>> {
  const unidadeId = await unidadeDeUrgencia(ctx);
  const where = condicoes(unidadeId, q);
  return auditedRead(
    ctx,
    (db) =>
      paginateTable(q, db, p_, where, ({ limit, offset }) =>
        db
          .select({
            id: p_.id,
            nome: p_.nome,
            idade_estimada: p_.idade_estimada,
            sexo_id: p_.sexo_id,
            created_at: p_.created_at,
            profissional_nome: profissionais.nome,
            numero_atendimentos: numeroAtendimentos,
            municipe_id: p_.municipe_id,
            municipe_nome: municipes.nome,
            identificado_em: p_.identificado_em,
            identificado_por: p_.identificado_por,
            identificado_por_nome: identificador.nome,
          })
          .from(p_)
          .leftJoin(profissionais, eq(profissionais.id, p_.profissional_id))
          .leftJoin(municipes, eq(municipes.id, p_.municipe_id))
          .leftJoin(identificador, eq(identificador.id, p_.identificado_por))
          .where(where)
          .orderBy(desc(p_.created_at), desc(p_.id))
          .limit(limit)
          .offset(offset)
          .then((rows) =>
            rows.map((r) => ({
              ...r,
              created_at: r.created_at.toISOString(),
              identificado_em: iso(r.identificado_em),
            })),
          ),
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
