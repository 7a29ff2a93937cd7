import { msg } from '@saude/shared';
import { camposDe } from '@saude/shared/rotulos';
import {
  profissionalFieldsSchema,
  type ProfissionalCriado,
  type ProfissionalValues,
  type SenhaRedefinida,
} from '@saude/shared/schemas/administracao_profissionais';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Ctx } from '../../../access/context';
import { hashSenha } from '../../../auth/service';
import type { DbOrTx } from '../../../db/client';
import { profissionais, sessoes } from '../../../db/schema';
import { senhaProvisoria } from '../../../auth/password-policy';
import { otherThan, uniqueViolation } from '../../../db/sql';
import { recordTrail } from '../../../access/audit-trail';
import { FieldErrors, notFound } from '../../../lib/errors';
import type { Dated } from '../../../lib/answer';
import { newId } from '../../../lib/ids';
import { autor, checkVersion, deactivate, updateVersioned, type Versioned } from '../../../lib/versioned';
import { trilhaDeCadastro } from '../alteracoes';
import { carregar, findProfissional, RESOURCE } from './queries';

export { list, opcoes, show } from './queries';

// Writing professionals (issue 22). Managers only (`administracao/profissionais:*`). Every write leaves an audit row
// in its transaction with the before → after (CPF, CNS and e-mail only as "changed"; a password never).
// - CPF unique among professionals, login unique ignoring case: checked under an advisory lock (two saves at once
//   cannot both pass), the login's unique index as the last word.
// - A new professional and a reset get a one-time password (senha_provisoria: the first sign-in forces a change); the
//   clear text is answered once and only its argon2 hash is stored.
// - Deactivating (DELETE, or a save with ativo false) and a reset end every session of the professional at once.

const trail = recordTrail(RESOURCE);
const p = profissionais;

/** Every field of the professional's catalogue (rotulos.ts): a new field is audited without another edit. */
const CAMPOS = camposDe(profissionalFieldsSchema);
const trilha = trilhaDeCadastro(trail, CAMPOS, ['cpf_numero', 'codigo_cns', 'email']);

const colunas = (v: ProfissionalValues) => ({
  nome: v.nome,
  login: v.login,
  cpf_numero: v.cpf_numero,
  codigo_cns: v.codigo_cns ?? null,
  email: v.email ?? null,
  ativo: v.ativo,
});
type Colunas = ReturnType<typeof colunas>;

async function checarUnicos(tx: DbOrTx, v: ProfissionalValues, selfId: string | null) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('administracao:profissionais'))`);
  const outro = (cond: ReturnType<typeof eq>) =>
    tx
      .select({ id: p.id })
      .from(p)
      .where(and(cond, otherThan(p.id, selfId)))
      .limit(1);
  const errors = new FieldErrors();
  if ((await outro(sql`lower(${p.login}) = ${v.login}` as never)).length > 0) errors.add('login', msg.jaEmUso);
  if ((await outro(eq(p.cpf_numero, v.cpf_numero))).length > 0) errors.add('cpf_numero', msg.jaEmUso);
  errors.throwIfAny();
}

/** A unique index (login, CPF) refused the write (a race past the lock): the same answer as the check. */
function loginEmUso(e: unknown): never {
  const indice = uniqueViolation(e)?.constraint ?? '';
  if (indice.includes('login')) new FieldErrors().add('login', msg.jaEmUso).throwIfAny();
  if (indice.includes('cpf')) new FieldErrors().add('cpf_numero', msg.jaEmUso).throwIfAny();
  throw e;
}

/** Ends every live session of the professional, or only those in `unidadeId`. */
export async function encerrarSessoes(tx: DbOrTx, profissionalId: string, unidadeId?: string) {
  await tx
    .update(sessoes)
    .set({ revoked_at: new Date(), updated_at: new Date() })
    .where(
      and(
        eq(sessoes.profissional_id, profissionalId),
        isNull(sessoes.revoked_at),
        unidadeId ? eq(sessoes.unidade_saude_id, unidadeId) : undefined,
      ),
    );
}

const antesDe = (r: typeof p.$inferSelect): Colunas => ({
  nome: r.nome,
  login: r.login,
  cpf_numero: r.cpf_numero ?? '',
  codigo_cns: r.codigo_cns,
  email: r.email,
  ativo: r.ativo,
});

export async function create(ctx: Ctx, v: ProfissionalValues): Promise<Dated<ProfissionalCriado>> {
  const senha = senhaProvisoria();
  const senha_hash = await hashSenha(senha);
  try {
    return await ctx.db.transaction(async (tx) => {
      await checarUnicos(tx, v, null);
      const id = newId();
      const cols = colunas(v);
      await tx.insert(p).values({ id, ...cols, senha_hash, senha_provisoria: true, updated_by: autor(ctx) });
      await trilha.criado(tx, ctx, id, cols);
      return { ...(await carregar(tx, id)), senha_temporaria: senha };
    });
  } catch (e) {
    return loginEmUso(e);
  }
}

export async function update(ctx: Ctx, id: string, { lock_version, ...v }: Versioned<ProfissionalValues>) {
  try {
    return await ctx.db.transaction(async (tx) => {
      const atual = await findProfissional(tx, id, true);
      checkVersion(atual, lock_version);
      await checarUnicos(tx, v, id);
      const cols = colunas(v);
      await updateVersioned(tx, ctx, p, { key: eq(p.id, id), lockVersion: lock_version }, cols);
      if (atual.ativo && !cols.ativo) await encerrarSessoes(tx, id);
      await trilha.alterado(tx, ctx, id, antesDe(atual), cols);
      return carregar(tx, id);
    });
  } catch (e) {
    return loginEmUso(e);
  }
}

/** DELETE: deactivates (the record stays: the audit and the records they signed name them) and ends their sessions. */
export const destroy = (ctx: Ctx, id: string): Promise<void> =>
  deactivate(ctx, p, id, findProfissional, {
    audit: (tx) => trilha.desativado(tx, ctx, id),
    always: (tx) => encerrarSessoes(tx, id),
  });

/** A new one-time password for the professional; their sessions end (whoever knew the old one is out). */
export async function redefinirSenha(ctx: Ctx, id: string): Promise<SenhaRedefinida> {
  const senha = senhaProvisoria();
  const senha_hash = await hashSenha(senha);
  return ctx.db.transaction(async (tx) => {
    const atual = await findProfissional(tx, id, true);
    if (!atual) throw notFound();
    await updateVersioned(
      tx,
      ctx,
      p,
      { key: eq(p.id, id), lockVersion: atual.lock_version },
      { senha_hash, senha_provisoria: true },
    );
    await encerrarSessoes(tx, id);
    await trail(tx, ctx, 'redefinir_senha', id);
    return { login: atual.login, senha_temporaria: senha };
  });
}
