import { msg, todayIso, type Permission } from '@saude/shared';
import {
  acoesCadastro,
  condicaoSaudeFieldsSchema,
  contarFiltrosBuscaAvancada,
  estaFalecido,
  IDADE_MAXIMA_RESPONSAVEL_CRIANCA,
  idadeEmAnos,
  MOTIVO_SAIDA_OBITO,
  SEXO_MASCULINO,
  normalizarCondicaoSaude,
  normalizarSociodemografica,
  RACA_COR_INDIGENA,
  sociodemograficaFieldsSchema,
  BUSCA_AVANCADA_MINIMO_FILTROS,
  type AcaoCadastro,
  type CondicaoSaude,
  type CondicaoSaudeValues,
  type Municipe,
  type MunicipeBuscaAvancada,
  type MunicipeFilters,
  type MunicipeListItem,
  type MunicipeValues,
  type PermissaoCadastro,
  type Prontuario,
  type Sociodemografica,
  type SociodemograficaValues,
} from '@saude/shared/schemas/municipe';
import { asc, eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { audit, auditedRead } from '../../access/audit';
import { can, type Ctx } from '../../access/context';
import { queryRows, type DbOrTx } from '../../db/client';
import {
  municipeCondicoesSaude,
  municipeProntuarios,
  municipes,
  municipeSociodemograficas,
  municipios,
  unidadesSaude,
} from '../../db/schema';
import { changedFields, headerNames, iso, nullify, uniqueViolation, withHeaderNames } from '../../db/sql';
import {
  conflict,
  FieldErrors,
  forbidden,
  needsConfirmation,
  notFound,
  staleEdit,
  unprocessable,
} from '../../lib/errors';
import { newId } from '../../lib/ids';
import { isOcupacao } from '../../lib/ocupacoes';
import { paginate, type Page } from '../../lib/paginate';
import { autor, checkVersion, stamped, updateVersioned } from '../../lib/versioned';
import { rememberAddress } from '../enderecos/service';
import { blocoResource, blocosEmCuidado, municipeEmCuidado, type Bloco } from './cuidado';
import {
  buscaAvancada as buscaAvancadaSql,
  buscaSimples,
  countSql,
  LIMITE_CONTAGEM,
  pageSql,
  semResultadoSql,
  type Busca,
} from './search';
import { checkMunicipe, findDuplicados, municipeReferences, prontuarioTemVisitas } from './rules';

// Citizen registry (issue 5). The record (identification) is visible municipality-wide to whoever holds
// municipes:index/show — reception must find anyone and avoid duplicates — and every read of it is audited. The two
// health blocks are visible only to the citizen's carers: cuidado.ts is that rule (issue 14, docs/decisions.md).

const RESOURCE = 'municipes';

// ---- list and searches -----------------------------------------------------------------------------

type PageRow = Omit<MunicipeListItem, 'idade' | 'obito'> & {
  motivo_saida_cadastro_id: number | null;
  total: string | number | null;
};

function toListItem(hoje: string) {
  return ({ total: _total, motivo_saida_cadastro_id, ...r }: PageRow): MunicipeListItem => ({
    ...r,
    idade: idadeEmAnos(r.data_nascimento, r.data_obito ?? hoje),
    obito: estaFalecido({ data_obito: r.data_obito, motivo_saida_cadastro_id }),
  });
}

/**
 * A page of a search. Names: every word as typed; when that finds nobody, the words that match no one as typed are
 * retried tolerating misspellings (search.ts, Busca) — a correctly spelt common word never runs the costly step.
 */
async function runPage(tx: DbOrTx, busca: Busca, page: Page) {
  const exact = await runPageIn(tx, busca, page);
  if (exact.total > 0 || !busca.fallback) return exact;
  const [row] = await queryRows<{ sem: boolean[] }>(tx, semResultadoSql(busca.termos));
  const sem = row?.sem ?? [];
  const fuzzy = new Set(busca.termos.filter((_, i) => sem[i]).map((t) => t.chave));
  if (fuzzy.size === 0) return exact;
  return runPageIn(tx, busca.fallback(fuzzy), page);
}

async function runPageIn(db: DbOrTx, busca: Busca, page: Page) {
  let capped = false;
  const { rows, total } = await paginate(page, {
    rows: () => queryRows<PageRow>(db, pageSql(busca, page)),
    windowTotal: (r) => r.total,
    count: async () => {
      const n = Number((await queryRows<{ total: string | number }>(db, countSql(busca)))[0]?.total ?? 0);
      // countSql stops one row past LIMITE_CONTAGEM: that row says "more than"; a window count is exact.
      capped = n > LIMITE_CONTAGEM;
      return capped ? LIMITE_CONTAGEM : n;
    },
  });
  return { rows: rows.map(toListItem(todayIso())), total, limited: capped };
}

/** A search's page and its audit row (LGPD: who saw which citizens). */
function auditedPage(ctx: Ctx, busca: Busca, page: Page, tipo: 'simples' | 'avancada') {
  return auditedRead(
    ctx,
    (tx) => runPage(tx, busca, page),
    (r) => ({
      resource: RESOURCE,
      action: 'index',
      municipe_ids: r.rows.map((m) => m.id),
      details: { busca: tipo, filtros: busca.filtros, pagina: page.page },
    }),
  );
}

export function listMunicipes(ctx: Ctx, f: MunicipeFilters) {
  return auditedPage(ctx, buscaSimples(f.q), f, 'simples');
}

export function buscaAvancada(ctx: Ctx, f: MunicipeBuscaAvancada) {
  if (contarFiltrosBuscaAvancada(f) < BUSCA_AVANCADA_MINIMO_FILTROS) {
    throw unprocessable({ base: [msg.buscaAvancadaDoisFiltros] }, msg.buscaAvancadaDoisFiltros);
  }
  return auditedPage(ctx, buscaAvancadaSql(f), f, 'avancada');
}

// ---- one citizen ------------------------------------------------------------------------------------

async function loadMunicipe(db: DbOrTx, id: string): Promise<Municipe | null> {
  const nasc = alias(municipios, 'municipio_nascimento');
  const res = alias(municipios, 'municipio_residencia');
  const [row] = await withHeaderNames(
    db
      .select({
        m: municipes,
        ...headerNames,
        nasc: nasc.nome,
        res: res.nome,
      })
      .from(municipes)
      .$dynamic(),
    {
      unidade: municipes.unidade_saude_referencia_id,
      equipe: municipes.equipe_id,
      profissional: municipes.profissional_id,
    },
  )
    .leftJoin(nasc, eq(nasc.codigo_ibge, municipes.municipio_nascimento_ibge))
    .leftJoin(res, eq(res.codigo_ibge, municipes.residencia_municipio_ibge))
    .where(eq(municipes.id, id));
  if (!row) return null;
  const prontuarios: Prontuario[] = (
    await db
      .select({ p: municipeProntuarios, unidade_nome: unidadesSaude.nome })
      .from(municipeProntuarios)
      .innerJoin(unidadesSaude, eq(unidadesSaude.id, municipeProntuarios.unidade_saude_id))
      .where(eq(municipeProntuarios.municipe_id, id))
      .orderBy(asc(municipeProntuarios.created_at), asc(municipeProntuarios.id))
  ).map(({ p, unidade_nome }) => ({
    id: p.id,
    numero: p.numero,
    unidade_saude_id: p.unidade_saude_id,
    unidade_nome,
    inativacao_motivo_id: p.inativacao_motivo_id,
    inativacao_justificativa: p.inativacao_justificativa,
    inativado_em: iso(p.inativado_em),
  }));
  const {
    telefone_residencial,
    telefone_celular,
    telefone_contato,
    created_at,
    updated_at,
    updated_by: _by,
    certidao_tipo,
    ...m
  } = row.m;
  return {
    ...m,
    certidao_tipo: certidao_tipo as Municipe['certidao_tipo'],
    created_at: created_at.toISOString(),
    updated_at: updated_at.toISOString(),
    telefones: { residencial: telefone_residencial, celular: telefone_celular, contato: telefone_contato },
    prontuarios,
    idade: idadeEmAnos(m.data_nascimento, m.data_obito ?? todayIso()),
    unidade_referencia_nome: row.unidade,
    equipe_nome: row.equipe,
    profissional_nome: row.profissional,
    municipio_nascimento_nome: row.nasc,
    residencia_municipio_nome: row.res,
  };
}

/** The record, audited (identification: visible to every profile with municipes:show). */
export function getMunicipe(ctx: Ctx, id: string): Promise<Municipe> {
  return auditedRead(
    ctx,
    async (tx) => {
      const m = await loadMunicipe(tx, id);
      if (!m) throw notFound();
      return m;
    },
    (m) => ({
      resource: RESOURCE,
      action: 'show',
      record_id: m.id,
      municipe_ids: [m.id],
      details: { partes: ['cadastro'] },
    }),
  );
}

/** Answers that depend on others: no ethnicity unless indigenous, no parent's name when unknown, and so on. */
function toColumns(v: MunicipeValues) {
  const { prontuarios: _p, telefones, ...rest } = v;
  const obito = v.motivo_saida_cadastro_id === MOTIVO_SAIDA_OBITO || v.motivo_saida_cadastro_id === undefined;
  const cols = {
    ...rest,
    etnia_id: v.raca_cor_id === RACA_COR_INDIGENA ? v.etnia_id : undefined,
    nome_mae: v.mae_desconhecida ? undefined : v.nome_mae,
    nome_pai: v.pai_desconhecido ? undefined : v.nome_pai,
    micro_area: v.fora_area ? undefined : v.micro_area,
    data_obito: obito ? v.data_obito : undefined,
    numero_do: obito ? v.numero_do : undefined,
    telefone_residencial: telefones.residencial,
    telefone_celular: telefones.celular,
    telefone_contato: telefones.contato,
  };
  return nullify(cols) as unknown as Omit<
    typeof municipes.$inferInsert,
    'id' | 'lock_version' | 'created_at' | 'updated_at' | 'updated_by'
  >;
}

type Columns = ReturnType<typeof toColumns>;

/** The residence of the citizen's columns, to remember its CEP. */
const residencia = (c: Columns) => ({
  cep: c.residencia_cep,
  uf: c.residencia_uf,
  municipio_ibge: c.residencia_municipio_ibge,
  tipo_logradouro: c.residencia_tipo_logradouro,
  logradouro: c.residencia_logradouro,
  bairro: c.residencia_bairro,
});

/** Inserts, updates, inactivates and removes the record numbers so that they match the form. */
async function syncProntuarios(tx: DbOrTx, ctx: Ctx, municipeId: string, list: MunicipeValues['prontuarios']) {
  const existing = await tx.select().from(municipeProntuarios).where(eq(municipeProntuarios.municipe_id, municipeId));
  const errors = new FieldErrors();
  const keep = new Set(list.map((p) => p.id).filter(Boolean));
  for (const old of existing) {
    if (keep.has(old.id)) continue;
    if (await prontuarioTemVisitas(tx, municipeId, old.numero, old.unidade_saude_id))
      errors.add('prontuarios', msg.prontuarioComVisitas);
    else await tx.delete(municipeProntuarios).where(eq(municipeProntuarios.id, old.id));
  }
  for (const [i, p] of list.entries()) {
    const old = p.id ? existing.find((e) => e.id === p.id) : undefined;
    const inativar = p.inativacao_motivo_id !== undefined;
    const values = {
      numero: p.numero,
      unidade_saude_id: p.unidade_saude_id,
      inativacao_motivo_id: p.inativacao_motivo_id ?? null,
      inativacao_justificativa: inativar ? (p.inativacao_justificativa ?? null) : null,
    };
    if (!old) {
      await tx.insert(municipeProntuarios).values({
        id: newId(),
        municipe_id: municipeId,
        ...values,
        inativado_em: inativar ? new Date() : null,
        updated_by: autor(ctx),
      });
      continue;
    }
    if (
      inativar &&
      old.inativado_em === null &&
      (await prontuarioTemVisitas(tx, municipeId, old.numero, old.unidade_saude_id))
    ) {
      errors.add(`prontuarios.${i}.inativacao_motivo_id`, msg.prontuarioComVisitas);
      continue;
    }
    await tx
      .update(municipeProntuarios)
      .set({
        ...values,
        inativado_em: inativar ? (old.inativado_em ?? new Date()) : null,
        ...stamped(ctx),
      })
      .where(eq(municipeProntuarios.id, old.id));
  }
  errors.throwIfAny();
}

/** A unique index beat our check (two saves at once): answer what the check answers now, never a 500. */
async function retryAsFieldErrors<T>(
  ctx: Ctx,
  v: MunicipeValues,
  selfId: string | null,
  work: () => Promise<T>,
): Promise<T> {
  try {
    return await work();
  } catch (e) {
    if (!uniqueViolation(e)) throw e;
    (await checkMunicipe(ctx.db, ctx, v, selfId)).throwIfAny();
    throw staleEdit();
  }
}

export async function createMunicipe(
  ctx: Ctx,
  input: MunicipeValues & { confirmar_duplicados: boolean },
): Promise<Municipe> {
  const { confirmar_duplicados, ...v } = input;
  const result = await retryAsFieldErrors(ctx, v, null, () =>
    ctx.db.transaction(async (tx) => {
      (await checkMunicipe(tx, ctx, v, null)).throwIfAny();
      const cols = toColumns(v);
      if (!confirmar_duplicados) {
        const duplicados = await findDuplicados(tx, {
          nome: v.nome,
          data_nascimento: v.data_nascimento,
          nome_mae: cols.nome_mae ?? undefined,
        });
        if (duplicados.length > 0) {
          // Showing them is a read of their data (LGPD): its audit row commits, nothing else is written.
          await audit(tx, ctx, {
            action: 'index',
            resource: RESOURCE,
            municipe_ids: duplicados.map((d) => d.id),
            details: { busca: 'duplicados' },
          });
          return { duplicados };
        }
      }
      const id = newId();
      await tx.insert(municipes).values({ id, ...cols, updated_by: autor(ctx) });
      await syncProntuarios(tx, ctx, id, v.prontuarios);
      await rememberAddress(tx, residencia(cols));
      await audit(tx, ctx, {
        action: 'create',
        resource: RESOURCE,
        record_id: id,
        municipe_ids: [id],
        details: confirmar_duplicados ? { confirmou_duplicados: true } : undefined,
      });
      return { municipe: (await loadMunicipe(tx, id))! };
    }),
  );
  if ('duplicados' in result) throw needsConfirmation(msg.possiveisDuplicados, { duplicados: result.duplicados });
  return result.municipe;
}

export async function updateMunicipe(
  ctx: Ctx,
  id: string,
  input: MunicipeValues & { lock_version: number },
): Promise<Municipe> {
  const { lock_version, ...v } = input;
  return retryAsFieldErrors(ctx, v, id, () =>
    ctx.db.transaction(async (tx) => {
      const [current] = await tx.select().from(municipes).where(eq(municipes.id, id));
      checkVersion(current, lock_version);
      (await checkMunicipe(tx, ctx, v, id)).throwIfAny();
      const cols = toColumns(v);
      await updateVersioned(tx, ctx, municipes, { key: eq(municipes.id, id), lockVersion: lock_version }, cols);
      await syncProntuarios(tx, ctx, id, v.prontuarios);
      await rememberAddress(tx, residencia(cols));
      // The audit names what changed, never the values (health data stays out of the trail).
      const campos = changedFields(current, cols);
      await audit(tx, ctx, {
        action: 'update',
        resource: RESOURCE,
        record_id: id,
        municipe_ids: [id],
        details: { campos },
      });
      return (await loadMunicipe(tx, id))!;
    }),
  );
}

export async function deleteMunicipe(ctx: Ctx, id: string): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const [current] = await tx.select({ id: municipes.id }).from(municipes).where(eq(municipes.id, id)).for('update');
    if (!current) throw notFound();
    for (const ref of municipeReferences) {
      if (await ref.existe(tx, id)) throw conflict(msg.municipeVinculado(ref.descricao));
    }
    await tx.delete(municipes).where(eq(municipes.id, id));
    await audit(tx, ctx, { action: 'destroy', resource: RESOURCE, record_id: id, municipe_ids: [id] });
  });
}

// ---- per-citizen access and the two blocks (spec §3, §6), scoped by cuidado.ts ---------------------------

export type { Bloco };

/**
 * What this user may do with the citizen's two blocks: the profile's actions, and none for a citizen outside the
 * user's care (the screen then hides those tabs; the blocks themselves answer 404).
 */
export async function permissaoCadastro(ctx: Ctx, id: string): Promise<PermissaoCadastro> {
  const cuidado = await blocosEmCuidado(ctx.db, ctx, id);
  if (!cuidado) throw notFound();
  const list = (bloco: Bloco): AcaoCadastro[] =>
    cuidado[bloco]
      ? acoesCadastro.filter(
          (a) => ctx.usuario !== null && can(ctx.usuario, `${blocoResource[bloco]}:${a}` as Permission),
        )
      : [];
  return { sociodemograficas: list('sociodemograficas'), condicoes_saude: list('condicoes_saude') };
}

// Both blocks share one table shape (municipe_id, dados, lock_version, timestamps).
const blocoTable: Record<Bloco, typeof municipeSociodemograficas> = {
  sociodemograficas: municipeSociodemograficas,
  condicoes_saude: municipeCondicoesSaude as unknown as typeof municipeSociodemograficas,
};
const blocoFields = { sociodemograficas: sociodemograficaFieldsSchema, condicoes_saude: condicaoSaudeFieldsSchema };

type BlocoValues = { sociodemograficas: SociodemograficaValues; condicoes_saude: CondicaoSaudeValues };
/** What a block's form sends: its answers and the lock_version it read (null before the first save). */
export type BlocoInput<B extends Bloco> = BlocoValues[B] & { lock_version?: number | null };
type BlocoOut = { sociodemograficas: Sociodemografica; condicoes_saude: CondicaoSaude };

/** The stored answers with every question present: false, [] or null when unanswered. */
function blocoOut<B extends Bloco>(
  bloco: B,
  municipeId: string,
  row: { dados: unknown; lock_version: number; updated_at: Date } | null,
): BlocoOut[B] {
  const defaults = blocoFields[bloco].parse({}) as Record<string, unknown>;
  const dados = { ...defaults, ...((row?.dados ?? {}) as Record<string, unknown>) };
  const out: Record<string, unknown> = {
    municipe_id: municipeId,
    lock_version: row?.lock_version ?? null,
    updated_at: iso(row?.updated_at ?? null),
  };
  for (const k of Object.keys(blocoFields[bloco].shape)) out[k] = dados[k] ?? null;
  return out as BlocoOut[B];
}

/** A block of a citizen in the user's care (404 otherwise, as absent), audited. */
export function getBloco<B extends Bloco>(ctx: Ctx, bloco: B, municipeId: string): Promise<BlocoOut[B]> {
  return auditedRead(
    ctx,
    async (tx) => {
      if (!(await municipeEmCuidado(tx, ctx, bloco, municipeId))) throw notFound();
      const table: typeof municipeSociodemograficas = blocoTable[bloco];
      const [row] = await tx.select().from(table).where(eq(table.municipe_id, municipeId));
      return blocoOut(bloco, municipeId, row ?? null);
    },
    () => ({
      resource: blocoResource[bloco],
      action: 'show',
      record_id: municipeId,
      municipe_ids: [municipeId],
      details: { partes: [bloco] },
    }),
  );
}

/** Checks of a block that need the citizen or the database. */
function checkBloco(
  bloco: Bloco,
  values: Record<string, unknown>,
  municipe: { data_nascimento: string; data_obito: string | null; sexo_id: number },
): FieldErrors {
  const errors = new FieldErrors();
  if (bloco === 'sociodemograficas') {
    const s = values as SociodemograficaValues;
    if (s.ocupacao_id && !isOcupacao(s.ocupacao_id)) errors.add('ocupacao_id', msg.naoEValido);
    const idade = idadeEmAnos(municipe.data_nascimento, municipe.data_obito ?? todayIso());
    if (s.responsaveis_criancas.length > 0 && (idade === null || idade > IDADE_MAXIMA_RESPONSAVEL_CRIANCA)) {
      errors.add('responsaveis_criancas', msg.somenteCriancas);
    }
  } else if ((values as CondicaoSaudeValues).gestante === true && municipe.sexo_id === SEXO_MASCULINO) {
    // Issue 12: the question is not asked of a male citizen, so "yes" cannot be stored for one.
    errors.add('gestante', msg.gestanteSexoMasculino);
  }
  return errors;
}

/**
 * Saves a block. `mode` 'create' is POST (the block must not exist yet); 'upsert' is PUT, which updates with the
 * lock_version read, or creates when the block does not exist yet and lock_version is null — then the profile needs
 * the block's create permission too.
 */
export async function saveBloco<B extends Bloco>(
  ctx: Ctx,
  bloco: B,
  municipeId: string,
  input: BlocoInput<B>,
  mode: 'create' | 'upsert',
): Promise<BlocoOut[B]> {
  const { lock_version, ...raw } = input;
  const values = (
    bloco === 'sociodemograficas'
      ? normalizarSociodemografica(raw as unknown as SociodemograficaValues)
      : normalizarCondicaoSaude(raw as unknown as CondicaoSaudeValues)
  ) as Record<string, unknown>;
  return ctx.db.transaction(async (tx) => {
    const municipe = await municipeEmCuidado(tx, ctx, bloco, municipeId);
    if (!municipe) throw notFound();
    const table: typeof municipeSociodemograficas = blocoTable[bloco];
    const [current] = await tx.select().from(table).where(eq(table.municipe_id, municipeId)).for('update');
    if (current && mode === 'create') throw staleEdit();
    if (current) checkVersion(current, lock_version);
    else if (lock_version != null) throw staleEdit();
    else if (mode === 'upsert' && !(ctx.usuario && can(ctx.usuario, `${blocoResource[bloco]}:create` as Permission)))
      throw forbidden();
    checkBloco(bloco, values, municipe).throwIfAny();
    const dados = JSON.parse(JSON.stringify(values)) as SociodemograficaValues; // drops undefined keys
    let row;
    if (!current) {
      // Two first saves at once: the primary key lets one in; the other did not see it, as with a stale lock_version.
      [row] = await tx
        .insert(table)
        .values({ municipe_id: municipeId, dados, updated_by: autor(ctx) })
        .onConflictDoNothing({ target: table.municipe_id })
        .returning();
      if (!row) throw staleEdit();
    } else {
      row = await updateVersioned(
        tx,
        ctx,
        table,
        { key: eq(table.municipe_id, municipeId), lockVersion: current.lock_version },
        { dados },
      );
    }
    const before = (current?.dados ?? {}) as Record<string, unknown>;
    const campos = changedFields(before, values, Object.keys(blocoFields[bloco].shape));
    await audit(tx, ctx, {
      action: current ? 'update' : 'create',
      resource: blocoResource[bloco],
      record_id: municipeId,
      municipe_ids: [municipeId],
      details: { campos },
    });
    return blocoOut(bloco, municipeId, row!);
  });
}
