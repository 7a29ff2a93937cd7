import { type Familia, type FamiliaFilters, type FamiliaListItem } from '@saude/shared/schemas/familia';
import { idadeEmAnos } from '@saude/shared/schemas/municipe';
import { onlyDigits } from '@saude/shared/validation/digits';
import { and, asc, desc, eq, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import { enderecoLinha } from '@saude/shared/endereco';
import { auditedRead } from '../../../access/audit';
import type { Ctx } from '../../../access/context';
import type { DbOrTx } from '../../../db/client';
import { cadastrosDomiciliares, enderecoDomicilio, familiaMembros, familias, municipes } from '../../../db/schema';
import {
  byName,
  containsText,
  countAll,
  eSusHeader,
  startsWith,
  startsWithIgnoringCase,
  totalOf,
} from '../../../db/sql';
import type { Dated } from '../../../lib/answer';
import { notFound } from '../../../lib/errors';
import { mapPage, paginate } from '../../../lib/paginate';
import { obitoDe } from '../../municipes';
import { auditedList } from '../../../access/audited-list';
import { findScoped, inScopeEquipe, scopeOf, type Scope } from '../scope';
import type { PageResult } from '../../../lib/paginate';

// Reading families: the composition and the list (the audit names their citizens).

export const RESOURCE = 'atencao_primaria/familias';
const f_ = familias;
const fm = familiaMembros;
const cd = cadastrosDomiciliares;

const inScope = (scope: Scope) => inScopeEquipe(scope, f_.equipe_id);
/** The e-SUS header: the names of the unit, team and professional the row's columns point to. */
const header = eSusHeader({ unidade: f_.unidade_saude_id, equipe: f_.equipe_id, profissional: f_.profissional_id });
const numeroMembros = sql<number>`(select count(*)::int from ${fm} where ${fm.familia_id} = ${f_.id})`;

// ---- reading ----------------------------------------------------------------------------------------------

/** The family with names, members and its home, WITHOUT scope: callers check scope first. */
export async function unscopedLoadFamilia(db: DbOrTx, id: string): Promise<Dated<Familia> | null> {
  const [row] = await header
    .join(
      db
        .select({
          f: f_,
          ...header.names,
          responsavel: { nome: municipes.nome, cns: municipes.codigo_cns },
          casa: { ...enderecoDomicilio, micro_area: cd.st_micro_area },
        })
        .from(f_)
        .innerJoin(municipes, eq(municipes.id, f_.responsavel_id))
        .$dynamic(),
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
    created_at: f.created_at,
    updated_at: f.updated_at,
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
    mudou_em: f.mudou_em,
    domicilio_id: f.domicilio_id,
    domicilio_endereco: f.domicilio_id && row.casa ? enderecoLinha(row.casa) : null,
    micro_area: f.domicilio_id ? (row.casa?.micro_area ?? null) : null,
    membros: membros.map(({ data_obito, ...m }) => ({
      ...m,
      idade: idadeEmAnos(m.data_nascimento, data_obito ?? undefined),
    })),
  };
}

export const findInScope = (tx: DbOrTx, scope: Scope, id: string, forUpdate = false) =>
  findScoped(tx, f_, id, inScope(scope), forUpdate);

/** The family's composition (also the spec §7 read): audited with its members, history included. */
export function show(ctx: Ctx, id: string): Promise<Dated<Familia>> {
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
export function list(ctx: Ctx, q: FamiliaFilters): Promise<PageResult<FamiliaListItem>> {
  const responsaveis = (page: PageResult<FamiliaListItem>) => page.rows.map((r) => r.responsavel_id);
  return auditedList(ctx, RESOURCE, q, (tx) => listar(tx, ctx, q), responsaveis);
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
      return header
        .join(
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
              ...header.names,
              casa: enderecoDomicilio,
            })
            .from(pagina)
            .innerJoin(f_, eq(f_.id, pagina.id))
            .innerJoin(municipes, eq(municipes.id, f_.responsavel_id))
            .$dynamic(),
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
