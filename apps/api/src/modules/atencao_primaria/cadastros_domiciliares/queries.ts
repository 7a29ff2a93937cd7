import {
  type CadastroDomiciliar,
  type CadastroDomiciliarFilters,
  type CadastroDomiciliarListItem,
  type FamiliaDoDomicilio,
} from '@saude/shared/schemas/cadastro_domiciliar';
import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { enderecoLinha } from '@saude/shared/endereco';
import { auditedRead } from '../../../access/audit';
import type { Ctx } from '../../../access/context';
import type { DbOrTx } from '../../../db/client';
import { cadastrosDomiciliares, familiaMembros, familias, municipes, municipios } from '../../../db/schema';
import { byName, containsText, countWhere, eSusHeader, iso, startsWith } from '../../../db/sql';
import type { Dated } from '../../../lib/answer';
import { notFound } from '../../../lib/errors';
import { ocupacaoNome } from '../../../lib/ocupacoes';
import { mapPage, paginate } from '../../../lib/paginate';
import { obitoDe } from '../../municipes';
import { findScoped, inScopeEquipe, scopeOf, type Scope } from '../scope';
import { auditedList } from '../../../access/audited-list';
import type { PageResult } from '../../../lib/paginate';

// Reading household registrations: the detail, the list and whom they show (the audit names them).

export const RESOURCE = 'atencao_primaria/cadastros_domiciliares';
const cd = cadastrosDomiciliares;

const inScope = (scope: Scope) => inScopeEquipe(scope, cd.equipe_id);
/** The e-SUS header: the names of the unit, team and professional the row's columns point to. */
const header = eSusHeader({ unidade: cd.unidade_saude_id, equipe: cd.equipe_id, profissional: cd.profissional_id });

// ---- reading ----------------------------------------------------------------------------------------------

const numeroMembros = sql<number>`(select count(*)::int from ${familiaMembros} where ${familiaMembros.familia_id} = ${familias.id})`;

/** The families linked to a home (moved ones included), for its `familias` tab. */
async function familiasDoDomicilio(db: DbOrTx, domicilioId: string): Promise<FamiliaDoDomicilio[]> {
  const rows = await db
    .select({
      id: familias.id,
      responsavel_id: familias.responsavel_id,
      responsavel_nome: municipes.nome,
      responsavel_cns: municipes.codigo_cns,
      responsavel_obito: obitoDe(municipes),
      numero_prontuario: familias.numero_prontuario,
      numero_membros: numeroMembros,
      mudou: familias.mudou,
      vinculado_em: familias.vinculado_em,
    })
    .from(familias)
    .innerJoin(municipes, eq(municipes.id, familias.responsavel_id))
    .where(eq(familias.domicilio_id, domicilioId))
    .orderBy(asc(familias.mudou), byName(municipes.nome), asc(familias.id));
  return rows.map((r) => ({ ...r, vinculado_em: iso(r.vinculado_em) }));
}

/** The household with its names and families, WITHOUT scope: callers check scope first. */
export async function unscopedLoadDomicilio(db: DbOrTx, id: string): Promise<Dated<CadastroDomiciliar> | null> {
  const [row] = await header
    .join(
      db
        .select({
          c: cd,
          ...header.names,
          municipio: municipios.nome,
        })
        .from(cd)
        .$dynamic(),
    )
    .leftJoin(municipios, eq(municipios.codigo_ibge, cd.municipio_ibge))
    .where(eq(cd.id, id));
  if (!row) return null;
  const { updated_by: _autor, ...c } = row.c;
  return {
    ...c,
    unidade_saude_nome: row.unidade,
    profissional_nome: row.profissional,
    equipe_nome: row.equipe,
    ocupacao_nome: ocupacaoNome(c.ocupacao_id),
    municipio_nome: row.municipio,
    familias: await familiasDoDomicilio(db, id),
  };
}

/** Every member (moved families' included) of the families linked to these homes: whose home the answer shows. */
export async function moradores(db: DbOrTx, domicilioIds: string[]): Promise<string[]> {
  if (domicilioIds.length === 0) return [];
  const rows = await db
    .select({ id: familiaMembros.municipe_id })
    .from(familiaMembros)
    .innerJoin(familias, eq(familias.id, familiaMembros.familia_id))
    .where(inArray(familias.domicilio_id, domicilioIds));
  return rows.map((r) => r.id);
}

/** The household row if it exists and is in the user's scope (locked for update when asked). */
export const findInScope = (tx: DbOrTx, scope: Scope, id: string, forUpdate = false) =>
  findScoped(tx, cd, id, inScope(scope), forUpdate);

/** The household's detail (also the spec §7 read): audited with the members of its families. */
export async function show(ctx: Ctx, id: string): Promise<Dated<CadastroDomiciliar>> {
  const { domicilio } = await auditedRead(
    ctx,
    async (tx) => {
      if (!(await findInScope(tx, scopeOf(ctx), id))) throw notFound();
      return { domicilio: (await unscopedLoadDomicilio(tx, id))!, titulares: await moradores(tx, [id]) };
    },
    ({ titulares }) => ({
      resource: RESOURCE,
      action: 'show',
      record_id: id,
      municipe_ids: titulares,
      details: { partes: ['domicilio', 'familias'] },
      // The registration carries vitals (health data): its reading is audited even before a family lives there.
      always: true,
    }),
  );
  return domicilio;
}

/** A page of addresses says where the people of its families live: audited with them (none, no row). */
export function list(ctx: Ctx, f: CadastroDomiciliarFilters): Promise<PageResult<Dated<CadastroDomiciliarListItem>>> {
  const moradoresDa = (page: PageResult<Dated<CadastroDomiciliarListItem>>, tx: DbOrTx) =>
    moradores(
      tx,
      page.rows.map((r) => r.id),
    );
  return auditedList(ctx, RESOURCE, f, (tx) => listarDomicilios(tx, ctx, f), moradoresDa);
}

async function listarDomicilios(
  db: DbOrTx,
  ctx: Ctx,
  f: CadastroDomiciliarFilters,
): Promise<{ rows: Dated<CadastroDomiciliarListItem>[]; total: number }> {
  const scope = scopeOf(ctx);
  const conds: Array<SQL | undefined> = [inScope(scope)];
  if (f.endereco) {
    // 'acácias 12' finds 'DAS ACÁCIAS', 12. The joined street and number hold each of them, so one unaccent call per
    // row covers the street, the number and both (unaccent is costly: bench/visitas.ts).
    const ruaNumero = sql`concat_ws(' ', ${cd.logradouro}, ${cd.numero})`;
    conds.push(containsText([ruaNumero, cd.bairro, cd.ponto_referencia], f.endereco));
  }
  if (f.cep) conds.push(startsWith(cd.cep, f.cep));
  if (f.micro_area) conds.push(eq(cd.st_micro_area, f.micro_area));
  if (f.equipe_id) conds.push(eq(cd.equipe_id, f.equipe_id));
  if (f.profissional_id) conds.push(eq(cd.profissional_id, f.profissional_id));
  if (f.unidade_saude_id) conds.push(eq(cd.unidade_saude_id, f.unidade_saude_id));
  if (f.tipo_imovel_id !== undefined) conds.push(eq(cd.tipo_imovel_id, f.tipo_imovel_id));
  const where = and(...conds);

  const page = await paginate(f, {
    count: () => countWhere(db, cd, where),
    rows: ({ limit, offset }) =>
      header
        .join(
          db
            .select({
              c: {
                id: cd.id,
                tipo_logradouro: cd.tipo_logradouro,
                logradouro: cd.logradouro,
                numero: cd.numero,
                sem_numero: cd.sem_numero,
                complemento: cd.complemento,
                bairro: cd.bairro,
                cep: cd.cep,
                tipo_imovel_id: cd.tipo_imovel_id,
                st_micro_area: cd.st_micro_area,
                fora_area: cd.fora_area,
                unidade_saude_id: cd.unidade_saude_id,
                equipe_id: cd.equipe_id,
                profissional_id: cd.profissional_id,
                data_cadastro: cd.data_cadastro,
                termo_recusa: cd.termo_recusa,
              },
              ...header.names,
              numero_familias: sql<number>`(select count(*)::int from ${familias} where ${familias.domicilio_id} = ${cd.id})`,
            })
            .from(cd)
            .$dynamic(),
        )
        .where(where)
        // Street, then house number as a number ('2' before '10'), then the text of the number.
        .orderBy(
          byName(cd.logradouro),
          sql`nullif(regexp_replace(${cd.numero}, '\\D', '', 'g'), '')::bigint`,
          asc(cd.numero),
          asc(cd.id),
        )
        .limit(limit)
        .offset(offset),
  });
  return mapPage(page, ({ c, unidade, equipe, profissional, numero_familias }) => ({
    id: c.id,
    endereco: enderecoLinha(c),
    cep: c.cep,
    tipo_imovel_id: c.tipo_imovel_id,
    st_micro_area: c.st_micro_area,
    fora_area: c.fora_area,
    unidade_saude_id: c.unidade_saude_id,
    unidade_saude_nome: unidade,
    equipe_id: c.equipe_id,
    equipe_nome: equipe,
    profissional_id: c.profissional_id,
    profissional_nome: profissional,
    numero_familias,
    data_cadastro: c.data_cadastro,
    termo_recusa: c.termo_recusa,
  }));
}
