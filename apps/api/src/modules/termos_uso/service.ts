import { msg } from '@saude/shared';
import type {
  TermoUso,
  TermoUsoAceite,
  TermoUsoFilters,
  TermoUsoListItem,
  TermoUsoValues,
} from '@saude/shared/schemas/termo_uso';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Ctx } from '../../access/context';
import type { DbOrTx } from '../../db/client';
import { profissionais, termosUso, termoUsoAceites, unidadesSaude } from '../../db/schema';
import { recordTrail } from '../../access/audit-trail';
import { AppError, conflict, notFound, unprocessable } from '../../lib/errors';
import { newId } from '../../lib/ids';
import { paginateTable, type PageResult } from '../../lib/paginate';
import { isUuid } from '../../lib/routes';
import { autor, checkVersion, updateVersioned, type Versioned } from '../../lib/versioned';
import { sanitizarHtml, textoVisivel } from '@saude/shared/termo_uso_html';
import type { Dated } from '../../lib/answer';

// Terms of use (issue 21; docs/decisions.md "Terms of use"). Each row is a version: a draft is edited and deleted
// freely; publishing freezes it (409 on any later edit) and the newest published one gates every session
// (auth/sessions.ts, access/hooks.ts) until the user accepts it here. Every write and every acceptance is audited in
// its transaction; the text is stored only as the allow-list's HTML.

export const RESOURCE = 'termos_uso';
const trail = recordTrail(RESOURCE);
const t = termosUso;
const a = termoUsoAceites;

const contagem = sql<number>`(select count(*)::int from ${a} where ${a.termo_uso_id} = ${t.id})`;

export function list(ctx: Ctx, q: TermoUsoFilters): Promise<PageResult<Dated<TermoUsoListItem>>> {
  return paginateTable(q, ctx.db, t, undefined, () =>
    ctx.db
      .select({
        id: t.id,
        versao: t.versao,
        titulo: t.titulo,
        publicado_em: t.publicado_em,
        aceites: contagem,
        updated_at: t.updated_at,
      })
      .from(t)
      .orderBy(desc(t.versao)),
  );
}

async function load(db: DbOrTx, id: string): Promise<Dated<TermoUso> | null> {
  const [r] = await db
    .select({
      id: t.id,
      lock_version: t.lock_version,
      created_at: t.created_at,
      updated_at: t.updated_at,
      versao: t.versao,
      titulo: t.titulo,
      texto: t.texto,
      publicado_em: t.publicado_em,
      publicado_por_nome: profissionais.nome,
      aceites: contagem,
    })
    .from(t)
    .leftJoin(profissionais, eq(profissionais.id, t.publicado_por))
    .where(eq(t.id, id));
  return r ?? null;
}

export async function show(ctx: Ctx, id: string): Promise<Dated<TermoUso>> {
  if (!isUuid(id)) throw notFound();
  const termo = await load(ctx.db, id);
  if (!termo) throw notFound();
  return termo;
}

/** GET /pendente: the version waiting for the signed-in user's acceptance (404 when none). */
export async function pendente(ctx: Ctx): Promise<Dated<TermoUso>> {
  const id = ctx.usuario!.termoPendente?.id;
  const termo = id ? await load(ctx.db, id) : null;
  if (!termo) throw notFound();
  return termo;
}

/** The stored columns of the form's values: sanitised, and a text of tags only is blank. */
function colunas(values: TermoUsoValues) {
  const texto = sanitizarHtml(values.texto);
  if (!textoVisivel(texto)) throw unprocessable({ texto: [msg.obrigatorio] });
  return { titulo: values.titulo, texto };
}

const congelado = () => conflict(msg.termoPublicadoCongelado);

export async function create(ctx: Ctx, values: TermoUsoValues): Promise<Dated<TermoUso>> {
  const cols = colunas(values);
  return ctx.db.transaction(async (tx) => {
    // Two managers creating at once would both read the same max: the lock serialises the numbering.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('termos_uso.versao'))`);
    const [{ proxima } = { proxima: 1 }] = await tx
      .select({ proxima: sql<number>`coalesce(max(${t.versao}), 0)::int + 1` })
      .from(t);
    const id = newId();
    const who = autor(ctx);
    await tx.insert(t).values({ id, versao: proxima, ...cols, updated_by: who });
    await trail(tx, ctx, 'create', id, { details: { versao: proxima } });
    return (await load(tx, id))!;
  });
}

export async function update(ctx: Ctx, id: string, { lock_version, ...values }: Versioned<TermoUsoValues>) {
  if (!isUuid(id)) throw notFound();
  return ctx.db.transaction(async (tx) => {
    const [atual] = await tx.select().from(t).where(eq(t.id, id)).for('update');
    if (atual?.publicado_em) throw congelado();
    checkVersion(atual, lock_version);
    const cols = colunas(values);
    await updateVersioned(
      tx,
      ctx,
      t,
      { key: and(eq(t.id, id), isNull(t.publicado_em))!, lockVersion: lock_version },
      cols,
    );
    const campos = (['titulo', 'texto'] as const).filter((k) => atual[k] !== cols[k]);
    await trail(tx, ctx, 'update', id, { details: { campos } });
    return (await load(tx, id))!;
  });
}

export async function destroy(ctx: Ctx, id: string): Promise<void> {
  if (!isUuid(id)) throw notFound();
  await ctx.db.transaction(async (tx) => {
    const [atual] = await tx.select({ publicado_em: t.publicado_em }).from(t).where(eq(t.id, id)).for('update');
    if (!atual) throw notFound();
    if (atual.publicado_em) throw congelado();
    await tx.delete(t).where(eq(t.id, id));
    await trail(tx, ctx, 'destroy', id);
  });
}

/** POST /:id/publicar: the draft at the version the manager saw becomes the one everyone must accept. */
export async function publicar(
  ctx: Ctx,
  id: string,
  { lock_version }: { lock_version: number },
): Promise<Dated<TermoUso>> {
  if (!isUuid(id)) throw notFound();
  return ctx.db.transaction(async (tx) => {
    const [atual] = await tx.select().from(t).where(eq(t.id, id)).for('update');
    if (atual?.publicado_em) throw congelado();
    checkVersion(atual, lock_version);
    await updateVersioned(
      tx,
      ctx,
      t,
      { key: eq(t.id, id), lockVersion: lock_version },
      {
        publicado_em: new Date(),
        publicado_por: autor(ctx),
      },
    );
    await trail(tx, ctx, 'publicar', id, { details: { versao: atual.versao } });
    return (await load(tx, id))!;
  });
}

/** GET /:id/aceites: who accepted this version, newest first. */
export async function aceites(ctx: Ctx, id: string, q: TermoUsoFilters): Promise<PageResult<Dated<TermoUsoAceite>>> {
  if (!isUuid(id)) throw notFound();
  const [existe] = await ctx.db.select({ id: t.id }).from(t).where(eq(t.id, id));
  if (!existe) throw notFound();
  const deste = eq(a.termo_uso_id, id);
  return paginateTable(q, ctx.db, a, deste, () =>
    ctx.db
      .select({
        profissional_nome: profissionais.nome,
        login: profissionais.login,
        aceito_em: a.aceito_em,
        unidade_nome: unidadesSaude.nome,
        ip: a.ip,
        user_agent: a.user_agent,
      })
      .from(a)
      .innerJoin(profissionais, eq(profissionais.id, a.profissional_id))
      .leftJoin(unidadesSaude, eq(unidadesSaude.id, a.unidade_saude_id))
      .where(deste)
      .orderBy(desc(a.aceito_em), desc(a.profissional_id)),
  );
}

/**
 * POST /:id/aceite: the signed-in user accepts the version waiting for them. Idempotent (a repeat answers the first
 * acceptance); any other version — older, a draft, unknown — is refused with 422, since only the newest counts.
 */
export async function aceitar(
  ctx: Ctx,
  id: string,
  userAgent: string | null,
): Promise<{ termo_uso_id: string; versao: number; aceito_em: string }> {
  const u = ctx.usuario!;
  if (!isUuid(id)) throw notFound();
  return ctx.db.transaction(async (tx) => {
    const [termo] = await tx
      .select({ id: t.id, versao: t.versao, publicado_em: t.publicado_em })
      .from(t)
      .where(eq(t.id, id));
    if (!termo) throw notFound();
    const anterior = async () =>
      (
        await tx
          .select({ aceito_em: a.aceito_em })
          .from(a)
          .where(and(eq(a.termo_uso_id, id), eq(a.profissional_id, u.profissionalId)))
      )[0];
    const resposta = (aceito_em: Date) => ({
      termo_uso_id: id,
      versao: termo.versao,
      aceito_em: aceito_em.toISOString(),
    });
    // The newest published version, read now (not the session's view, which a publish may have just changed).
    const [ultima] = await tx
      .select({ id: t.id })
      .from(t)
      .where(sql`${t.publicado_em} is not null`)
      .orderBy(sql`${t.publicado_em} desc`)
      .limit(1);
    if (ultima?.id !== id)
      throw new AppError(422, msg.termoNaoPendente, { errors: { termo_uso_id: [msg.termoNaoPendente] } });
    const ja = await anterior();
    if (ja) return resposta(ja.aceito_em);
    const [nova] = await tx
      .insert(a)
      .values({
        termo_uso_id: id,
        profissional_id: u.profissionalId,
        unidade_saude_id: u.unidadeId,
        ip: ctx.ip,
        user_agent: userAgent?.slice(0, 300) ?? null,
      })
      .onConflictDoNothing()
      .returning({ aceito_em: a.aceito_em });
    if (!nova) return resposta((await anterior())!.aceito_em);
    await trail(tx, ctx, 'aceite', id, { details: { versao: termo.versao } });
    return resposta(nova.aceito_em);
  });
}
