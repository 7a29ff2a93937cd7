import { hash, verify } from '@node-rs/argon2';
import {
  msg,
  type LoginInput,
  type LotacaoOpcao,
  type SsoCallbackInput,
  type TrocarSenhaInput,
  type Usuario,
} from '@saude/shared';
import { and, eq, sql } from 'drizzle-orm';
import type { Ctx, SessionUser } from '../access/context';
import type { Db } from '../db/client';
import { audit } from '../access/audit';
import { lotacoes, profissionais, sessoes, unidadesSaude } from '../db/schema';
import { byName, lotacaoNames, withLotacaoNames } from '../db/sql';
import { AppError, tooManyAttempts, unprocessable } from '../lib/errors';
import { ocupacaoNome } from '../lib/ocupacoes';
import { createSession, loadSession, revokeSession, type SessionPolicy } from './sessions';
import { deviceHash, isKnownDevice, rememberDevice } from './devices';
import { problemasNovaSenha } from './password-policy';
import type { Sso } from './sso';
import { buckets, recordFailure, recordSuccess, takeAttempt } from './throttle';

// OWASP's argon2id baseline (19 MiB, 2 passes): about 30 ms here, cheap for users, costly for guessing.
const argonOptions = { memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;
export const hashSenha = (senha: string) => hash(senha, argonOptions);
const NIL_UUID = '00000000-0000-0000-0000-000000000000';
// Compared against when the login does not exist, so both paths take the same time.
let dummyHash: Promise<string> | null = null;

export function toUsuario(u: SessionUser): Usuario {
  return {
    login: u.login,
    nome: u.nome,
    email: u.email,
    perfil: u.perfil,
    unidade_atual: u.unidadeId ? { id: u.unidadeId, nome: u.unidadeNome ?? '' } : null,
    permissoes: u.unidadeId ? [...u.permissions].sort() : [],
    senha_provisoria: u.senhaProvisoria,
    termo_pendente: u.termoPendente,
  };
}

export async function login(ctx: Ctx, input: LoginInput, policy: SessionPolicy, userAgent: string | null) {
  const db = ctx.db;
  const loginKey = input.login.trim().toLowerCase();
  const [user] = await db
    .select()
    .from(profissionais)
    .where(and(sql`lower(${profissionais.login}) = ${loginKey}`, eq(profissionais.ativo, true)));
  const device = input.dispositivo ? deviceHash(input.dispositivo) : null;
  // Looked up for unknown logins too (nil id), so the time taken does not tell which logins exist.
  const known = device ? await isKnownDevice(db, user?.id ?? NIL_UUID, device) : false;
  // A browser this account signed in from before has its own bucket; any other shares the account's and the
  // address's (throttle.ts). Admitted before the password is evaluated; only a failure counts.
  const taken = known ? [buckets.device(loginKey, device!)] : [buckets.account(loginKey), buckets.address(ctx.ip)];
  // A refused sign-in is audited before any session exists: the account tried, if there is one, and no unit.
  const auditRefused = (action: 'login_bloqueado' | 'login_falhou') =>
    audit(db, ctx, {
      action,
      resource: 'auth',
      details: { login: loginKey, dispositivo_conhecido: known },
      profissional_id: user?.id ?? null,
      unidade_saude_id: null,
    });
  const wait = await takeAttempt(db, taken);
  if (wait > 0) {
    await auditRefused('login_bloqueado');
    throw tooManyAttempts(wait, msg.muitasTentativas(wait));
  }
  dummyHash ??= hashSenha('senha-que-ninguem-usa');
  const ok = user ? await verify(user.senha_hash, input.senha) : (await verify(await dummyHash, input.senha), false);
  if (!user || !ok) {
    await recordFailure(db, taken);
    await auditRefused('login_falhou');
    throw new AppError(401, msg.loginInvalido);
  }
  // The password was right: the account's (or this browser's) failures are forgotten; the address, shared by a whole
  // clinic, keeps its failures (this sign-in adds none).
  await recordSuccess(db, taken, known ? taken : [buckets.account(loginKey)]);
  if (device) await rememberDevice(db, user.id, device);
  return startSession(ctx, policy, {
    profissionalId: user.id,
    userAgent,
    details: user.senha_provisoria ? { senha_provisoria: true } : undefined,
  });
}

/** The session after the user proved who they are, by password or at the identity provider (issue 23). */
async function startSession(
  ctx: Ctx,
  policy: SessionPolicy,
  s: {
    profissionalId: string;
    userAgent: string | null;
    details?: Record<string, unknown>;
    sso?: (sessionId: string) => Partial<typeof sessoes.$inferInsert>;
  },
) {
  const db = ctx.db;
  // With exactly one unit the choice is made for the user (issue 3: current unit).
  const units = await db
    .selectDistinct({ id: lotacoes.unidade_saude_id })
    .from(lotacoes)
    .innerJoin(unidadesSaude, eq(unidadesSaude.id, lotacoes.unidade_saude_id))
    .where(lotacaoAtiva(s.profissionalId));
  const unidadeId = units.length === 1 ? units[0]!.id : null;
  const { token, id } = await createSession(db, policy, {
    profissionalId: s.profissionalId,
    unidadeId,
    ip: ctx.ip,
    userAgent: s.userAgent,
    sso: s.sso,
  });
  await audit(db, ctx, {
    action: 'login',
    resource: 'auth',
    record_id: id,
    profissional_id: s.profissionalId,
    unidade_saude_id: unidadeId,
    details: s.details,
  });
  const usuario = await loadSession(db, token, policy);
  return { token, usuario: toUsuario(usuario!) };
}

/** Single sign-on's end (issue 23): the provider vouched for the user (auth/sso.ts); our own session starts. */
export async function loginSso(
  ctx: Ctx,
  sso: Sso,
  input: SsoCallbackInput,
  cookieState: string | null,
  policy: SessionPolicy,
  userAgent: string | null,
) {
  const identity = await sso.callback(ctx, input, cookieState);
  const device = input.dispositivo ? deviceHash(input.dispositivo) : null;
  if (device) await rememberDevice(ctx.db, identity.profissionalId, device);
  const session = await startSession(ctx, policy, {
    profissionalId: identity.profissionalId,
    userAgent,
    details: { metodo: 'sso' },
    sso: (sessionId) => sso.sessionColumns(sessionId, identity.tokens),
  });
  return { ...session, retorno: identity.retorno };
}

/** Whether demo accounts are active: the web then warns on the sign-in page and the top bar (issue 14). */
export async function demoAccountsExist(db: Db): Promise<boolean> {
  const [row] = await db
    .select({ id: profissionais.id })
    .from(profissionais)
    .where(and(eq(profissionais.demonstracao, true), eq(profissionais.ativo, true)))
    .limit(1);
  return row !== undefined;
}

/** Ends the session; for a single sign-on one, also says where the provider's session ends (null: nowhere). */
export async function logout(ctx: Ctx & { usuario: SessionUser }, sso: Sso): Promise<string | null> {
  const [row] = await ctx.db
    .select({ metodo: sessoes.metodo, idToken: sessoes.sso_id_token_cifrado })
    .from(sessoes)
    .where(eq(sessoes.id, ctx.usuario.sessionId));
  await revokeSession(ctx.db, ctx.usuario.sessionId);
  await audit(ctx.db, ctx, { action: 'logout', resource: 'auth', record_id: ctx.usuario.sessionId });
  return row?.metodo === 'sso' ? sso.logoutUrl(ctx.usuario.sessionId, row.idToken) : null;
}

/** The professional's active bonds in active units: the units they may work in (a query joining unidadesSaude). */
const lotacaoAtiva = (profissionalId: string, unidadeId?: string) =>
  and(
    eq(lotacoes.profissional_id, profissionalId),
    unidadeId ? eq(lotacoes.unidade_saude_id, unidadeId) : undefined,
    eq(lotacoes.ativo, true),
    eq(unidadesSaude.ativo, true),
  );

export async function listLotacoes(ctx: Ctx & { usuario: SessionUser }): Promise<LotacaoOpcao[]> {
  const rows = await withLotacaoNames(
    ctx.db
      .select({
        unidade_saude_id: lotacoes.unidade_saude_id,
        cnes: unidadesSaude.cnes,
        ocupacao_codigo: lotacoes.ocupacao_codigo,
        ...lotacaoNames,
      })
      .from(lotacoes)
      .$dynamic(),
  )
    .where(lotacaoAtiva(ctx.usuario.profissionalId))
    .orderBy(byName(unidadesSaude.nome));
  return rows.map(({ ocupacao_codigo, ...r }) => ({ ...r, ocupacao: ocupacaoNome(ocupacao_codigo) }));
}

export async function selecionarUnidade(
  ctx: Ctx & { usuario: SessionUser },
  unidadeId: string,
  policy: SessionPolicy,
  token: string,
) {
  const [lotacao] = await ctx.db
    .select({ id: lotacoes.id })
    .from(lotacoes)
    .innerJoin(unidadesSaude, eq(unidadesSaude.id, lotacoes.unidade_saude_id))
    .where(lotacaoAtiva(ctx.usuario.profissionalId, unidadeId))
    .limit(1);
  if (!lotacao) throw new AppError(403, msg.unidadeNaoPermitida);
  await ctx.db.transaction(async (tx) => {
    await tx
      .update(sessoes)
      .set({ unidade_saude_id: unidadeId, updated_at: new Date(), updated_by: ctx.usuario.profissionalId })
      .where(eq(sessoes.id, ctx.usuario.sessionId));
    await audit(tx, ctx, {
      action: 'troca_unidade',
      resource: 'auth',
      record_id: unidadeId,
      unidade_saude_id: unidadeId,
      details: { de: ctx.usuario.unidadeId },
    });
  });
  return toUsuario((await loadSession(ctx.db, token, policy))!);
}

export async function trocarSenha(ctx: Ctx & { usuario: SessionUser }, input: TrocarSenhaInput) {
  const db = ctx.db;
  // Someone at an unlocked desk must not be able to guess the current password at leisure (issue 14).
  const bucket = buckets.passwordChange(ctx.usuario.profissionalId);
  const wait = await takeAttempt(db, [bucket]);
  if (wait > 0) {
    await audit(db, ctx, { action: 'troca_senha_bloqueada', resource: 'auth', record_id: ctx.usuario.profissionalId });
    throw tooManyAttempts(wait, msg.muitasTentativasSenha(wait));
  }
  const [user] = await db.select().from(profissionais).where(eq(profissionais.id, ctx.usuario.profissionalId));
  const atualConfere = !!user && (await verify(user.senha_hash, input.senha_atual));
  const errors: Record<string, string[]> = {};
  if (!atualConfere) {
    await recordFailure(db, [bucket]);
    errors.senha_atual = [msg.senhaAtualIncorreta];
    await audit(db, ctx, { action: 'troca_senha_falhou', resource: 'auth', record_id: ctx.usuario.profissionalId });
  } else await recordSuccess(db, [bucket], [bucket]);
  const problemas = problemasNovaSenha(input.nova_senha, ctx.usuario.login, atualConfere ? input.senha_atual : '');
  if (problemas.length > 0) errors.nova_senha = problemas;
  if (!user || Object.keys(errors).length > 0) {
    throw unprocessable(errors, msg.naoFoiPossivelGravar('a senha', Object.keys(errors).length));
  }
  const senha_hash = await hashSenha(input.nova_senha);
  await db.transaction(async (tx) => {
    await tx
      .update(profissionais)
      .set({
        senha_hash,
        senha_provisoria: false,
        updated_at: new Date(),
        updated_by: user.id,
        lock_version: sql`${profissionais.lock_version} + 1`,
      })
      .where(eq(profissionais.id, user.id));
    // Other devices signed in with the old password lose their sessions.
    await tx.execute(
      sql`update sessoes set revoked_at = now(),
          sso_id_token_cifrado = null, sso_refresh_token_cifrado = null, sso_renovar_em = null
        where profissional_id = ${user.id} and id <> ${ctx.usuario.sessionId} and revoked_at is null`,
    );
    await audit(tx, ctx, {
      action: 'troca_senha',
      resource: 'auth',
      record_id: user.id,
      details: user.senha_provisoria ? { senha_provisoria: true } : undefined,
    });
  });
}
