import { bigserial, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { flag, requiredRef, timestamps, versioned } from './common';
import { profissionais } from './profissionais';
import { unidadesSaude } from './unidades';

// Opaque bearer sessions: only the SHA-256 of the token is stored, so a leaked table cannot sign anyone in.
export const sessoes = pgTable(
  'sessoes',
  {
    id: uuid().primaryKey(),
    token_hash: text().notNull().unique(),
    profissional_id: requiredRef(() => profissionais.id),
    unidade_saude_id: uuid().references(() => unidadesSaude.id),
    last_seen_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
    expires_at: timestamp({ withTimezone: true }).notNull(),
    revoked_at: timestamp({ withTimezone: true }),
    /** null: the whole product; 'filas': a ticket-service token from the SenhaSimples popup (ticket routes only). */
    escopo: text({ enum: ['filas'] }),
    /** The sign-in a scoped token was issued from: signing out ends both. */
    origem_sessao_id: uuid(),
    /** How the user proved who they are: 'senha', or 'sso' (the identity provider: no one-time password to change). */
    metodo: text({ enum: ['senha', 'sso'] })
      .notNull()
      .default('senha'),
    /** The provider's subject and session id (`sub`, `sid`) of an 'sso' sign-in: what its back-channel logout names. */
    sso_sub: text(),
    sso_sid: text(),
    /** The ID token, AES-256-GCM under SSO_TOKEN_KEY (lib/cifra.ts): the hint of the provider's logout. */
    sso_id_token_cifrado: text(),
    /** The provider's refresh token, encrypted the same way: renews the sign-in at the provider (auth/sso.ts). */
    sso_refresh_token_cifrado: text(),
    /** When the provider is asked again (its access token's end); null: never (no refresh token). */
    sso_renovar_em: timestamp({ withTimezone: true }),
    ip: text(),
    user_agent: text(),
    ...timestamps,
  },
  (t) => [
    index('sessoes_profissional_id_idx').on(t.profissional_id),
    // A back-channel logout finds the sessions by the provider's session id, or by its subject.
    index('sessoes_sso_sid_idx').on(t.sso_sid),
    index('sessoes_sso_sub_idx').on(t.sso_sub),
  ],
);

// Back-channel logout tokens already taken (issue 43): a replayed `jti` is refused, by every API process. Kept until
// the token would be refused for its age anyway.
export const ssoLogoutJtis = pgTable('sso_logout_jtis', {
  jti: text().primaryKey(),
  expires_at: timestamp({ withTimezone: true }).notNull(),
});

// Sign-ins started at the identity provider and not yet back (issue 23): the PKCE verifier and the nonce stay here,
// never in the browser. The row is taken (deleted) by the callback, so a replayed answer finds nothing.
export const ssoTransacoes = pgTable('sso_transacoes', {
  state: text().primaryKey(),
  code_verifier: text().notNull(),
  nonce: text().notNull(),
  /** The path the user was going to (spec §4), already checked to be one of ours. */
  retorno: text(),
  expires_at: timestamp({ withTimezone: true }).notNull(),
  created_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

// Sign-in attempts per key ('conta:<login>', 'ip:<ip>', 'dispositivo:…', 'senha:…'), shared by every API process.
export const loginFalhas = pgTable('login_falhas', {
  chave: text().primaryKey(),
  falhas: integer().notNull().default(0),
  janela_inicio: timestamp({ withTimezone: true }).notNull().defaultNow(),
  bloqueado_ate: timestamp({ withTimezone: true }),
  ...timestamps,
});

// Browsers that signed in to an account successfully (SHA-256 of the id the web keeps): the right password from one
// of them is throttled on its own, not with the account's or the address's failures (auth/throttle.ts).
export const dispositivosConhecidos = pgTable(
  'dispositivos_conhecidos',
  {
    profissional_id: requiredRef(() => profissionais.id),
    dispositivo_hash: text().notNull(),
    ultimo_acesso: timestamp({ withTimezone: true }).notNull().defaultNow(),
    ...timestamps,
  },
  (t) => [primaryKey({ columns: [t.profissional_id, t.dispositivo_hash] })],
);

// System parameters of spec §3: a single row (id = 1).
export const parametrizacao = pgTable('parametrizacao', {
  id: integer().primaryKey(),
  cliente_nome: text().notNull(),
  brasao: text(),
  habilita_biometria: flag(false),
  versao: text().notNull(),
  esus_versao: text().notNull(),
  pec_versao: text().notNull(),
  /** Months of audit trail kept online; older months are detached to files by `npm run auditoria:arquivar` (issue 41). */
  auditoria_meses_online: integer().notNull().default(60),
  /** Years a deceased citizen's record is kept after the death (issue 46; CFM 1.821/2007 art. 8: 20). */
  obito_anos_guarda: integer().notNull().default(20),
  /** Days during which a merge of two citizens may be undone (issue 45). */
  unificacao_prazo_dias: integer().notNull().default(90),
  ...versioned,
});

// The side menu (spec §7 GET /api/menus). `authorize` null marks a group shown when any child is allowed.
export const menus = pgTable('menus', {
  id: text().primaryKey(),
  parent_id: text(),
  nome: text().notNull(),
  url: text(),
  icone: text(),
  ordem: integer().notNull().default(0),
  authorize: text(),
  v3: flag(true),
  ...timestamps,
});

// Append-only audit trail (architecture: Audit). Written in the same transaction as the change it records. Migration
// 0008 adds a trigger refusing UPDATE, DELETE and TRUNCATE and revokes those rights (docs/decisions.md). Migration
// 0029 partitions it by month of created_at (issue 41): the key is (id, created_at) because a partitioned table's
// primary key must hold the partition key; drizzle-kit cannot declare partitions, the migration does.
export const auditoria = pgTable(
  'auditoria',
  {
    id: bigserial({ mode: 'number' }).notNull(),
    profissional_id: uuid(),
    unidade_saude_id: uuid(),
    action: text().notNull(),
    resource: text().notNull(),
    record_id: text(),
    /** The citizens whose data the action showed or changed (LGPD data subjects): "quem viu este cadastro". */
    municipe_ids: uuid().array(),
    ip: text(),
    details: jsonb(),
    created_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.id, t.created_at] }),
    index('auditoria_record_id_idx').on(t.record_id),
    index('auditoria_created_at_idx').on(t.created_at),
    index('auditoria_municipe_ids_idx').using('gin', t.municipe_ids),
  ],
);
