import { findBy } from '@saude/shared/codes/lookup';
import { municipio } from '@saude/shared/codes/municipio';
import {
  CAMPOS_DO_CADASTRO,
  cadastroIndividualSchema,
  MOTIVO_SAIDA_OBITO,
  sociodemograficaDoCadastroSchema,
  type CadastroIndividual,
  type CadastroIndividualFilters,
  type CadastroIndividualListItem,
  type CandidatoCadastro,
  type CandidatosCadastroFilters,
  type SituacaoCadastro,
} from '@saude/shared/schemas/cadastro_individual';
import { idadeEmAnos, interpretarBusca } from '@saude/shared/schemas/municipe';
import { and, asc, desc, eq, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import { auditedRead } from '../../../access/audit';
import type { Ctx } from '../../../access/context';
import { queryRows, type DbOrTx } from '../../../db/client';
import {
  cadastrosIndividuais,
  familiaMembros,
  familias,
  municipes,
  municipeSociodemograficas,
} from '../../../db/schema';
import { byName, containsText, countAll, countWhere, eSusHeader, startsWith, totalOf } from '../../../db/sql';
import type { Dated } from '../../../lib/answer';
import { notFound } from '../../../lib/errors';
import { ocupacaoNome } from '../../../lib/ocupacoes';
import { mapPage, type PageResult, paginate } from '../../../lib/paginate';
import { buscaSimples, limiteDaContagem, prepararBusca, primeiras, type Busca } from '../../municipes';
import { inScopeEquipe, scopeOf, type Scope } from '../scope';
import { auditedList } from '../../../access/audited-list';

// Reading individual registrations: the detail, the list and the new registration's citizen picker (every read
// audited with the citizens it shows).

export const RESOURCE = 'atencao_primaria/cadastros_individuais';
const ci = cadastrosIndividuais;
type MunicipeRow = typeof municipes.$inferSelect;

// A citizen with a registration is not deleted (the registry answers 409 naming it, never a foreign-key 500).

// ---- scope -----------------------------------------------------------------------------------------------

/** The citizens whose registrations the user reaches: their teams' or, for a coordinator, the current unit's. */
function inScope(ctx: Ctx, scope: Scope): SQL | undefined {
  if (!scope.all) return inScopeEquipe(scope, municipes.equipe_id);
  const unidade = ctx.usuario?.unidadeId;
  return unidade ? eq(municipes.unidade_saude_referencia_id, unidade) : sql`false`;
}

/** The families whose links the detail offers: the team's, or the current unit's for a coordinator. */
function familiaInScope(ctx: Ctx, scope: Scope): SQL | undefined {
  if (!scope.all) return inScopeEquipe(scope, familias.equipe_id);
  const unidade = ctx.usuario?.unidadeId;
  return unidade ? eq(familias.unidade_saude_id, unidade) : sql`false`;
}

/** The e-SUS header: the names of the unit, team and professional the row's columns point to. */
const header = eSusHeader({
  unidade: municipes.unidade_saude_referencia_id,
  equipe: municipes.equipe_id,
  profissional: municipes.profissional_id,
});

// ---- reading -----------------------------------------------------------------------------------------------

const situacaoDe = (saida: Date | null): SituacaoCadastro => (saida ? 'saida' : 'ativo');
export const pick = <T extends object, K extends keyof T>(o: T, keys: readonly K[]) =>
  Object.fromEntries(keys.map((k) => [k, o[k]])) as Pick<T, K>;

export const CAMPOS_SOCIO = Object.keys(sociodemograficaDoCadastroSchema.shape) as Array<
  keyof typeof sociodemograficaDoCadastroSchema.shape
>;
const answerShape = cadastroIndividualSchema.shape;

/** The block's answers this form shows: an unanswered question null, an empty list []. */
export function socioDoCadastro(dados: unknown) {
  const d = (dados ?? {}) as Record<string, unknown>;
  return Object.fromEntries(
    CAMPOS_SOCIO.map((k) => [k, d[k] ?? (answerShape[k] instanceof z.ZodArray ? [] : null)]),
  ) as Pick<CadastroIndividual, (typeof CAMPOS_SOCIO)[number]>;
}

/** The registration with the citizen's fields, or null when absent or out of the user's scope. */
export async function loadCadastro(
  db: DbOrTx,
  ctx: Ctx,
  scope: Scope,
  id: string,
): Promise<Dated<CadastroIndividual> | null> {
  const [row] = await header
    .join(
      db
        .select({ c: ci, m: municipes, ...header.names, socio: municipeSociodemograficas.dados })
        .from(ci)
        .innerJoin(municipes, eq(municipes.id, ci.municipe_id))
        .$dynamic(),
    )
    .leftJoin(municipeSociodemograficas, eq(municipeSociodemograficas.municipe_id, municipes.id))
    .where(and(eq(ci.id, id), inScope(ctx, scope)));
  if (!row) return null;
  const { c, m } = row;
  // 'Informações do domicílio' and 'Visitas domiciliares' follow the family the citizen is an active member of.
  const [familia] = await db
    .select({ id: familias.id, domicilio_id: familias.domicilio_id })
    .from(familiaMembros)
    .innerJoin(familias, eq(familias.id, familiaMembros.familia_id))
    .where(and(eq(familiaMembros.municipe_id, m.id), eq(familiaMembros.ativo, true), familiaInScope(ctx, scope)))
    .limit(1);
  return {
    id: c.id,
    municipe_id: c.municipe_id,
    lock_version: c.lock_version,
    created_at: c.created_at,
    updated_at: c.updated_at,
    situacao: situacaoDe(c.saida_em),
    unidade_saude_id: m.unidade_saude_referencia_id,
    unidade_saude_nome: row.unidade,
    profissional_id: m.profissional_id,
    profissional_nome: row.profissional,
    equipe_id: m.equipe_id,
    equipe_nome: row.equipe,
    ocupacao_id: m.ocupacao_id,
    ocupacao_nome: m.ocupacao_id ? ocupacaoNome(m.ocupacao_id) : null,
    micro_area: m.micro_area,
    fora_area: m.fora_area,
    cpf_numero: m.cpf_numero,
    codigo_cns: m.codigo_cns,
    raca_cor_id: m.raca_cor_id,
    etnia_id: m.etnia_id,
    nome_mae: m.nome_mae,
    mae_desconhecida: m.mae_desconhecida,
    nome_pai: m.nome_pai,
    pai_desconhecido: m.pai_desconhecido,
    municipio_nascimento_ibge: m.municipio_nascimento_ibge,
    municipio_nascimento_nome: nomeMunicipio(m.municipio_nascimento_ibge),
    nacionalidade_id: m.nacionalidade_id,
    pais_nascimento_id: m.pais_nascimento_id,
    data_naturalizacao: m.data_naturalizacao,
    portaria_naturalizacao: m.portaria_naturalizacao,
    data_entrada_brasil: m.data_entrada_brasil,
    ...pick(c, CAMPOS_DO_CADASTRO),
    data_cadastro: c.data_cadastro,
    ...socioDoCadastro(row.socio),
    motivo_saida_cadastro_id: c.motivo_saida_cadastro_id,
    data_obito: c.data_obito,
    numero_do: c.numero_do,
    saida_em: c.saida_em,
    familia_id: familia?.id ?? null,
    domicilio_id: familia?.domicilio_id ?? null,
    municipe: {
      ...identificacao(m),
      cartao_provisorio: m.cartao_provisorio,
      telefones: { residencial: m.telefone_residencial, celular: m.telefone_celular, contato: m.telefone_contato },
      lock_version: m.lock_version,
    },
  };
}

/** "NAME - UF" of an IBGE municipality code, as the citizen form's birthplace picker shows it. */
const nomeMunicipio = (codigo: string | null) => {
  const m = codigo ? findBy(municipio, 'codigo_ibge', codigo) : undefined;
  return m ? `${m.nome} - ${m.uf}` : null;
};

/** Who the citizen is, as a registration and the new registration's citizen picker show them. */
const identificacao = (
  m: Pick<
    typeof municipes.$inferSelect,
    | 'id'
    | 'nome'
    | 'nome_social'
    | 'data_nascimento'
    | 'data_obito'
    | 'sexo_id'
    | 'nome_mae'
    | 'cpf_numero'
    | 'codigo_cns'
  >,
) => ({
  id: m.id,
  nome: m.nome,
  nome_social: m.nome_social,
  data_nascimento: m.data_nascimento,
  idade: idadeEmAnos(m.data_nascimento, m.data_obito ?? undefined),
  sexo_id: m.sexo_id,
  nome_mae: m.nome_mae,
  cpf_numero: m.cpf_numero,
  codigo_cns: m.codigo_cns,
});

/** The registration row if it exists and is in the user's scope (locked for update when asked). */
export async function findInScope(tx: DbOrTx, ctx: Ctx, scope: Scope, id: string, forUpdate = false) {
  const q = tx
    .select({ c: ci, m: municipes })
    .from(ci)
    .innerJoin(municipes, eq(municipes.id, ci.municipe_id))
    .where(and(eq(ci.id, id), inScope(ctx, scope)));
  const [row] = forUpdate ? await q.for('update', { of: ci }) : await q;
  return row ?? null;
}

export async function show(ctx: Ctx, id: string): Promise<Dated<CadastroIndividual>> {
  const c = await auditedRead(
    ctx,
    (tx) => loadCadastro(tx, ctx, scopeOf(ctx), id),
    (c) =>
      c && {
        resource: RESOURCE,
        action: 'show',
        record_id: c.id,
        municipe_ids: [c.municipe_id],
        // The answer carries identification, documents and the sociodemographic answers of the citizen.
        details: { partes: ['identificacao', 'sociodemografica', 'familia'] },
      },
  );
  if (!c) throw notFound();
  return c;
}

export async function list(
  ctx: Ctx,
  f: CadastroIndividualFilters,
): Promise<PageResult<Dated<CadastroIndividualListItem>>> {
  const scope = scopeOf(ctx);
  const conds: Array<SQL | undefined> = [inScope(ctx, scope)];
  conds.push(f.situacao === 'saida' ? isNotNull(ci.saida_em) : isNull(ci.saida_em));
  if (f.nome) conds.push(containsText([municipes.nome, municipes.nome_social], f.nome));
  if (f.q) conds.push(or(startsWith(municipes.cpf_numero, f.q), startsWith(municipes.codigo_cns, f.q)));
  if (f.unidade_saude_id) conds.push(eq(municipes.unidade_saude_referencia_id, f.unidade_saude_id));
  if (f.equipe_id) conds.push(eq(municipes.equipe_id, f.equipe_id));
  if (f.profissional_id) conds.push(eq(municipes.profissional_id, f.profissional_id));
  if (f.micro_area) conds.push(eq(municipes.micro_area, f.micro_area));
  const dia = sql`(${ci.data_cadastro} at time zone 'America/Sao_Paulo')::date`;
  if (f.data_cadastro_inicio) conds.push(sql`${dia} >= ${f.data_cadastro_inicio}::date`);
  if (f.data_cadastro_fim) conds.push(sql`${dia} <= ${f.data_cadastro_fim}::date`);
  const where = and(...conds);

  const read = async (tx: DbOrTx) => {
    const page = await paginate(f, {
      count: () =>
        totalOf(
          tx.select({ total: countAll() }).from(ci).innerJoin(municipes, eq(municipes.id, ci.municipe_id)).where(where),
        ),
      rows: ({ limit, offset }) =>
        header
          .join(
            tx
              .select({
                c: {
                  id: ci.id,
                  municipe_id: ci.municipe_id,
                  data_cadastro: ci.data_cadastro,
                  saida_em: ci.saida_em,
                  motivo: ci.motivo_saida_cadastro_id,
                },
                m: {
                  nome: municipes.nome,
                  nome_social: municipes.nome_social,
                  data_nascimento: municipes.data_nascimento,
                  data_obito: municipes.data_obito,
                  cpf_numero: municipes.cpf_numero,
                  codigo_cns: municipes.codigo_cns,
                  unidade_saude_id: municipes.unidade_saude_referencia_id,
                  equipe_id: municipes.equipe_id,
                  profissional_id: municipes.profissional_id,
                  micro_area: municipes.micro_area,
                  fora_area: municipes.fora_area,
                },
                ...header.names,
              })
              .from(ci)
              .innerJoin(municipes, eq(municipes.id, ci.municipe_id))
              .$dynamic(),
          )
          .where(where)
          .orderBy(byName(municipes.nome), asc(ci.id))
          .limit(limit)
          .offset(offset),
    });
    return mapPage(page, ({ c, m, unidade, equipe, profissional }) => ({
      id: c.id,
      municipe_id: c.municipe_id,
      nome: m.nome,
      nome_social: m.nome_social,
      data_nascimento: m.data_nascimento,
      idade: idadeEmAnos(m.data_nascimento, m.data_obito ?? undefined),
      cpf_numero: m.cpf_numero,
      codigo_cns: m.codigo_cns,
      unidade_saude_id: m.unidade_saude_id,
      unidade_saude_nome: unidade,
      equipe_id: m.equipe_id,
      equipe_nome: equipe,
      profissional_id: m.profissional_id,
      profissional_nome: profissional,
      micro_area: m.micro_area,
      fora_area: m.fora_area,
      data_cadastro: c.data_cadastro,
      situacao: situacaoDe(c.saida_em),
      motivo_saida_cadastro_id: c.motivo,
      saida_em: c.saida_em,
    }));
  };
  return auditedList(ctx, RESOURCE, f, read, (page) => page.rows.map((r) => r.municipe_id));
}

// ---- citizens for a new registration (the form's picker) ------------------------------------------------------

/** Deceased: an exit by death or a death date on the citizen (either may be recorded without the other). */
export const falecido = (m: Pick<MunicipeRow, 'data_obito' | 'motivo_saida_cadastro_id'>) =>
  m.data_obito !== null || m.motivo_saida_cadastro_id === MOTIVO_SAIDA_OBITO;

/** The audit row's kind of search, as the registry's one search box reads it (never the typed value). */
const tipoDeBusca = (q: string) => {
  const { tipo } = interpretarBusca(q);
  return tipo === 'nascimento' ? 'data' : tipo === 'documento' ? 'documento' : 'nome';
};

/**
 * The registry's search (the citizen module's own statement, search.ts), saying of each citizen found whether a new
 * registration may be made: deceased, or already registered (any team: one active registration per citizen). The
 * active registration's id is given only when the user may open it.
 */
export async function candidatosCadastro(
  ctx: Ctx,
  f: CandidatosCadastroFilters,
): Promise<PageResult<CandidatoCadastro>> {
  const scope = scopeOf(ctx);
  const busca = buscaSimples(f.q);
  const ativo = alias(ci, 'ativo');
  const page = (tx: DbOrTx, b: Busca, where = primeiras(b)) =>
    paginate(f, {
      count: () => countWhere(tx, municipes, where),
      rows: ({ limit, offset }) =>
        tx
          .select({
            m: {
              id: municipes.id,
              nome: municipes.nome,
              nome_social: municipes.nome_social,
              data_nascimento: municipes.data_nascimento,
              data_obito: municipes.data_obito,
              motivo_saida_cadastro_id: municipes.motivo_saida_cadastro_id,
              sexo_id: municipes.sexo_id,
              nome_mae: municipes.nome_mae,
              cpf_numero: municipes.cpf_numero,
              codigo_cns: municipes.codigo_cns,
            },
            ativo: ativo.id,
            visivel: sql<boolean>`coalesce(${inScope(ctx, scope) ?? sql`true`}, false)`,
          })
          .from(municipes)
          .leftJoin(ativo, and(eq(ativo.municipe_id, municipes.id), isNull(ativo.saida_em)))
          .where(where)
          .orderBy(...(b.rank ? [desc(b.rank)] : []), byName(municipes.nome), asc(municipes.id))
          .limit(limit)
          .offset(offset),
    });
  const read = async (tx: DbOrTx) => {
    // The words found nowhere in the registry are replaced by their likely corrections, as the registry's search does
    // (search.ts, prepararBusca).
    const b = await prepararBusca((s) => queryRows(tx, s), busca);
    const found = await page(tx, b);
    // A broad name is ranked among its first matches only (search.ts, primeiras): "mais de 1.000".
    const limite = limiteDaContagem(b);
    return {
      ...mapPage(found, ({ m, ativo: cadastroId, visivel }) => ({
        ...identificacao(m),
        impedimento: falecido(m) ? ('obito' as const) : cadastroId ? ('cadastro_ativo' as const) : null,
        cadastro_id: cadastroId && visivel ? cadastroId : null,
      })),
      ...(found.total > limite ? { total: limite, limited: true } : {}),
    };
  };
  return auditedRead(ctx, read, (p) => ({
    resource: RESOURCE,
    action: 'index',
    municipe_ids: p.rows.map((r) => r.id),
    details: { busca: tipoDeBusca(f.q) },
  }));
}
