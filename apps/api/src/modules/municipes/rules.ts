import { formatCns, msg } from '@saude/shared';
import {
  cpfCnsIssues,
  iniciaisNome,
  mascararCns,
  mascararCpf,
  type MunicipeDuplicado,
  type MunicipeValues,
} from '@saude/shared/schemas/municipe';
import { and, eq, inArray, or, sql } from 'drizzle-orm';
import { can, type Ctx } from '../../access/context';
import { queryRows, type DbOrTx } from '../../db/client';
import {
  cadastrosIndividuais,
  equipes,
  familiaMembros,
  familias,
  municipeProntuarios,
  municipes,
  municipios,
  normalized,
  profissionais,
  unidadesSaude,
  visitasDomiciliares,
} from '../../db/schema';
import { exists, otherThan } from '../../db/sql';
import { FieldErrors } from '../../lib/errors';
import { isOcupacao } from '../../lib/ocupacoes';
import { flagsDaUnidade } from '../../lib/unidade_flags';

// Citizen rules that need the database (issue 5). The rules a browser can check live in the shared schema.

/** How the other citizen is named in 'em uso - …': in full for users who may open citizens, initials otherwise. */
function nomeVisivel(ctx: Ctx, nome: string): string {
  return ctx.usuario && can(ctx.usuario, 'municipes:show') ? nome : iniciaisNome(nome);
}
function cnsVisivel(ctx: Ctx, cns: string | null): string {
  if (!cns) return msg.naoInformado;
  return ctx.usuario && can(ctx.usuario, 'municipes:show') ? formatCns(cns) : (mascararCns(cns) ?? msg.naoInformado);
}

/**
 * Issue 5/8: a record number tied to a home-visit form cannot be inactivated (nor removed). Tied: a visit (cancelled
 * ones too, the form still exists) of this citizen in this unit carries this number.
 */
export async function prontuarioTemVisitas(
  tx: DbOrTx,
  municipeId: string,
  numero: string,
  unidadeId: string,
): Promise<boolean> {
  return exists(
    tx,
    visitasDomiciliares,
    and(
      eq(visitasDomiciliares.unidade_saude_id, unidadeId),
      eq(visitasDomiciliares.numero_prontuario, numero),
      eq(visitasDomiciliares.municipe_id, municipeId),
    ),
  );
}

/**
 * What points at a citizen and forbids deleting it. Each later table that references municipes adds an entry here
 * (families, individual registrations, care visits, notifications…); the first one found names the 409 reason.
 */
export const municipeReferences: Array<{
  descricao: string;
  existe: (tx: DbOrTx, municipeId: string) => Promise<boolean>;
}> = [
  {
    descricao: 'uma ficha de visita domiciliar',
    existe: (tx, municipeId) => exists(tx, visitasDomiciliares, eq(visitasDomiciliares.municipe_id, municipeId)),
  },
  {
    descricao: 'um cadastro individual',
    existe: (tx, municipeId) => exists(tx, cadastrosIndividuais, eq(cadastrosIndividuais.municipe_id, municipeId)),
  },
  {
    // Members, moved families' history included, and heads (issue 7).
    descricao: 'uma família',
    existe: async (tx, municipeId) =>
      (await exists(tx, familiaMembros, eq(familiaMembros.municipe_id, municipeId))) ||
      exists(tx, familias, eq(familias.responsavel_id, municipeId)),
  },
];

/**
 * CPF and CNS are each one citizen's ('em uso - …' names the other one as far as the user may see it). `selfId` is
 * the citizen saved (null on create). Used by every form that writes a citizen's documents.
 */
export async function documentosEmUso(
  tx: DbOrTx,
  ctx: Ctx,
  docs: { cpf_numero?: string | null; codigo_cns?: string | null },
  selfId: string | null,
  errors: FieldErrors,
): Promise<void> {
  const notSelf = otherThan(municipes.id, selfId);
  if (docs.cpf_numero) {
    const [other] = await tx
      .select({ nome: municipes.nome, cns: municipes.codigo_cns })
      .from(municipes)
      .where(and(eq(municipes.cpf_numero, docs.cpf_numero), notSelf))
      .limit(1);
    if (other) errors.add('cpf_numero', msg.cpfEmUso(nomeVisivel(ctx, other.nome), cnsVisivel(ctx, other.cns)));
  }
  if (docs.codigo_cns) {
    const [other] = await tx
      .select({ nome: municipes.nome })
      .from(municipes)
      .where(and(eq(municipes.codigo_cns, docs.codigo_cns), notSelf))
      .limit(1);
    if (other) errors.add('codigo_cns', msg.cnsEmUso(nomeVisivel(ctx, other.nome)));
  }
}

/** Every database rule of a citizen's save, as field errors (none when all hold). `selfId` is null on create. */
export async function checkMunicipe(
  tx: DbOrTx,
  ctx: Ctx,
  v: MunicipeValues,
  selfId: string | null,
): Promise<FieldErrors> {
  const errors = new FieldErrors();
  await documentosEmUso(tx, ctx, v, selfId, errors);
  // The current unit demands a CPF or CNS (flag cpf_cns, issue 39): the same rule the form shows before sending.
  if (ctx.usuario?.unidadeId && (await flagsDaUnidade(tx, ctx.usuario.unidadeId)).cpf_cns)
    for (const i of cpfCnsIssues(v)) errors.add(i.path.join('.'), i.message);

  // References: a wrong id is the user's input, so 422 on the field, never a foreign-key 500.
  const exists = async (field: string, found: Promise<unknown[]>) => {
    if ((await found).length === 0) errors.add(field, msg.naoEValido);
  };
  if (v.unidade_saude_referencia_id) {
    await exists(
      'unidade_saude_referencia_id',
      tx
        .select({ id: unidadesSaude.id })
        .from(unidadesSaude)
        .where(eq(unidadesSaude.id, v.unidade_saude_referencia_id)),
    );
  }
  if (v.equipe_id) {
    const [eq_] = await tx
      .select({ unidade: equipes.unidade_saude_id })
      .from(equipes)
      .where(eq(equipes.id, v.equipe_id));
    // The team must belong to the reference unit when both are given.
    if (!eq_ || (v.unidade_saude_referencia_id && eq_.unidade !== v.unidade_saude_referencia_id))
      errors.add('equipe_id', msg.naoEValido);
  }
  if (v.profissional_id) {
    await exists(
      'profissional_id',
      tx.select({ id: profissionais.id }).from(profissionais).where(eq(profissionais.id, v.profissional_id)),
    );
  }
  if (v.ocupacao_id && !isOcupacao(v.ocupacao_id)) errors.add('ocupacao_id', msg.naoEValido);
  for (const field of ['municipio_nascimento_ibge', 'residencia_municipio_ibge'] as const) {
    const codigo = v[field];
    if (codigo)
      await exists(
        field,
        tx.select({ c: municipios.codigo_ibge }).from(municipios).where(eq(municipios.codigo_ibge, codigo)),
      );
  }
  if (v.residencia_municipio_ibge && v.residencia_uf && !errors.has('residencia_municipio_ibge')) {
    const [m] = await tx
      .select({ uf: municipios.uf })
      .from(municipios)
      .where(eq(municipios.codigo_ibge, v.residencia_municipio_ibge));
    if (m && m.uf !== v.residencia_uf) errors.add('residencia_municipio_ibge', msg.naoEValido);
  }

  // Record numbers: each unit exists; a number is used once per unit; one of ours is ours (ids from elsewhere refused).
  if (v.prontuarios.length > 0) {
    const unidadeIds = [...new Set(v.prontuarios.map((p) => p.unidade_saude_id))];
    const known = new Set(
      (await tx.select({ id: unidadesSaude.id }).from(unidadesSaude).where(inArray(unidadesSaude.id, unidadeIds))).map(
        (r) => r.id,
      ),
    );
    const own = selfId
      ? new Set(
          (
            await tx
              .select({ id: municipeProntuarios.id })
              .from(municipeProntuarios)
              .where(eq(municipeProntuarios.municipe_id, selfId))
          ).map((r) => r.id),
        )
      : new Set<string>();
    const taken = await tx
      .select({
        id: municipeProntuarios.id,
        unidade: municipeProntuarios.unidade_saude_id,
        numero: municipeProntuarios.numero,
      })
      .from(municipeProntuarios)
      .where(
        or(
          ...v.prontuarios.map((p) =>
            and(eq(municipeProntuarios.unidade_saude_id, p.unidade_saude_id), eq(municipeProntuarios.numero, p.numero)),
          ),
        ),
      );
    v.prontuarios.forEach((p, i) => {
      if (!known.has(p.unidade_saude_id)) errors.add(`prontuarios.${i}.unidade_saude_id`, msg.naoEValido);
      if (p.id && !own.has(p.id)) errors.add(`prontuarios.${i}.id`, msg.naoEValido);
      const clash = taken.find((t) => t.unidade === p.unidade_saude_id && t.numero === p.numero);
      if (clash && (!selfId || !own.has(clash.id))) errors.add(`prontuarios.${i}.numero`, msg.prontuarioEmUso);
    });
  }
  return errors;
}

/**
 * Likely duplicates of a new citizen (issue 5): the same birth date and a similar name (pg_trgm similarity ≥ 0.5 on
 * the normalized names, social name included) or the same mother's name. The birth-date index keeps it to a few rows.
 */
export async function findDuplicados(
  tx: DbOrTx,
  v: Pick<MunicipeValues, 'nome' | 'data_nascimento' | 'nome_mae'>,
): Promise<MunicipeDuplicado[]> {
  const nome = normalized(sql`${v.nome}::text`);
  const mesmaMae = v.nome_mae
    ? sql`or ${normalized(municipes.nome_mae)} = ${normalized(sql`${v.nome_mae}::text`)}`
    : sql``;
  const rows = await queryRows<{
    id: string;
    nome: string;
    nome_social: string | null;
    data_nascimento: string;
    nome_mae: string | null;
    cpf_numero: string | null;
    codigo_cns: string | null;
    unidade_referencia_nome: string | null;
  }>(
    tx,
    sql`
    select ${municipes.id} as id, ${municipes.nome} as nome, ${municipes.nome_social} as nome_social,
      ${municipes.data_nascimento}::text as data_nascimento, ${municipes.nome_mae} as nome_mae, ${municipes.cpf_numero} as cpf_numero,
      ${municipes.codigo_cns} as codigo_cns, ${unidadesSaude.nome} as unidade_referencia_nome
    from ${municipes} left join ${unidadesSaude} on ${unidadesSaude.id} = ${municipes.unidade_saude_referencia_id}
    where ${municipes.data_nascimento} = ${v.data_nascimento}
      and (similarity(${normalized(municipes.nome)}, ${nome}) >= 0.5
        or similarity(coalesce(${normalized(municipes.nome_social)}, ''), ${nome}) >= 0.5 ${mesmaMae})
    order by similarity(${normalized(municipes.nome)}, ${nome}) desc, ${municipes.nome} collate "und-x-icu"
    limit 10`,
  );
  return rows.map((r) => ({ ...r, cpf_numero: mascararCpf(r.cpf_numero), codigo_cns: mascararCns(r.codigo_cns) }));
}
