import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import { tokenKey } from './lib/cifra';

// Every setting comes from the environment, parsed once here (README lists them). A bad value stops the start.
const bool = (fallback?: boolean) =>
  z
    .enum(['true', 'false', '1', '0', 'yes', 'no', 'sim', 'nao', ''])
    .optional()
    .transform((v) => (v === undefined || v === '' ? fallback : ['true', '1', 'yes', 'sim'].includes(v)));

/**
 * Which reverse proxies may say who the client is (X-Forwarded-For, X-Forwarded-Proto). Never "everyone": a client's
 * own X-Forwarded-For must not change the address the sign-in throttle and the audit see (issue 14).
 * false (default): no proxy; a number: that many proxy hops in front of the server ('true' is 1);
 * a comma-separated list: the proxies' addresses or CIDR ranges (or loopback, linklocal, uniquelocal).
 */
const proxyKeywords = ['loopback', 'linklocal', 'uniquelocal'];
const isProxyAddress = (a: string) => {
  if (proxyKeywords.includes(a) || isIP(a) !== 0) return true;
  const [ip = '', bits, ...rest] = a.split('/');
  const max = isIP(ip) === 4 ? 32 : isIP(ip) === 6 ? 128 : 0;
  return rest.length === 0 && max > 0 && /^\d{1,3}$/.test(bits ?? '') && Number(bits) <= max;
};
const trustProxy = z
  .string()
  .optional()
  .transform((raw, ctx): false | number | string[] => {
    const v = (raw ?? '').trim().toLowerCase();
    if (['', 'false', '0', 'no', 'nao'].includes(v)) return false;
    if (['true', 'yes', 'sim'].includes(v)) return 1;
    if (/^\d{1,2}$/.test(v)) return Number(v);
    const list = v
      .split(',')
      .map((a) => a.trim())
      .filter(Boolean);
    if (list.length > 0 && list.every(isProxyAddress)) return list;
    ctx.addIssue({
      code: 'custom',
      message: 'deve ser false, o número de proxies à frente do servidor ou a lista de seus endereços/CIDR',
    });
    return z.NEVER;
  });
const optionalUrl = z
  .union([z.literal(''), z.url()])
  .optional()
  .transform((v) => v || null);
const optionalText = z
  .string()
  .optional()
  .transform((v) => v?.trim() || null);

const postgresUrl = () =>
  z
    .string()
    .optional()
    .transform((v) => v?.trim() || null)
    .refine((v) => v === null || /^postgres(ql)?:\/\//.test(v), 'deve começar com postgres:// ou postgresql://');

const envSchema = z.object({
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  // API processes on PORT (issue 42): node:cluster workers on the database the first process opens (not on PGlite).
  PROCESSOS: z.coerce.number().int().min(1).max(64).default(1),
  DATABASE_URL: postgresUrl(),
  // The tables' owner (issue 42): migrations and seeds run as it, the API serves as DATABASE_URL's role.
  DATABASE_OWNER_URL: postgresUrl(),
  // A streaming replica (issue 42): reports, exports and the audit trail's searches read there (db/open.ts).
  DATABASE_REPLICA_URL: postgresUrl(),
  DATA_DIR: z.string().min(1).default('./data'),
  // The embedded database's engine; empty: PostgreSQL, unless DATA_DIR already holds a PGlite database (open.ts).
  EMBEDDED_DB: z
    .enum(['postgres', 'pglite', ''])
    .optional()
    .transform((v) => v || null),
  DEMO: bool(),
  SESSION_IDLE_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 60)
    .default(30),
  SESSION_MAX_HOURS: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 7)
    .default(12),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: trustProxy,
  // GET /api/metrics (issue 42): loopback always; these addresses or CIDRs too (a Prometheus elsewhere), or anyone with
  // `Authorization: Bearer <METRICS_TOKEN>`.
  METRICS_ALLOW: z
    .string()
    .optional()
    .transform((v) =>
      (v ?? '')
        .split(',')
        .map((a) => a.trim())
        .filter(Boolean),
    )
    .refine((l) => l.every((a) => isIP(a) !== 0 || (isProxyAddress(a) && a.includes('/'))), {
      message: 'deve ser uma lista de endereços IP ou CIDR separados por vírgula',
    }),
  METRICS_TOKEN: z
    .string()
    .optional()
    .transform((v) => v?.trim() || null)
    .refine((v) => v === null || v.length >= 24, { message: 'deve ter pelo menos 24 caracteres' }),
  WEB_DIST: z.string().optional(),
  // Single sign-on with an identity provider (spec §7); empty means sign-in with login and password only.
  SSO_ISSUER_URL: optionalUrl,
  SSO_CLIENT_ID: optionalText,
  SSO_CLIENT_SECRET: optionalText,
  SSO_REDIRECT_URI: optionalUrl,
  // The provider's name on the sign-in button ("Entrar com …").
  SSO_PROVIDER_NAME: optionalText,
  // Which claim finds the professional: their login (preferred_username), CPF (a `cpf` claim; gov.br-like providers
  // put it in `sub`: set SSO_MATCH_CLAIM=sub) or verified e-mail.
  SSO_MATCH_BY: z.enum(['login', 'cpf', 'email']).default('login'),
  SSO_MATCH_CLAIM: optionalText,
  SSO_SCOPES: z
    .string()
    .optional()
    .transform((v) => v?.trim() || 'openid profile email')
    .refine((v) => v.split(/\s+/).includes('openid'), { message: 'deve incluir openid' }),
  // The key that encrypts the provider's tokens kept on a session (issue 43: AES-256-GCM): 32 random bytes in base64 or
  // hex (`openssl rand -base64 32`). Empty: neither the refresh token nor the logout hint is kept (no renewal at the
  // provider; its logout may ask "sair?"). A new key only loses what the old one encrypted.
  SSO_TOKEN_KEY: z
    .string()
    .optional()
    .transform((v) => v?.trim() || null)
    .refine((v) => v === null || tokenKey(v) !== null, {
      message: 'deve ter 32 bytes em base64 ou hexadecimal (openssl rand -base64 32)',
    }),
  // Where the provider sends the browser after its logout; empty: PUBLIC_URL + /login.
  SSO_POST_LOGOUT_REDIRECT_URI: optionalUrl,
  // Maps service (spec §7).
  MAPS_API_KEY: optionalText,
  // Map tiles (issue 18): an XYZ template such as https://tile.openstreetmap.org/{z}/{x}/{y}.png; empty → no tiles, the
  // markers on a plain background (no request leaves the municipality's network).
  MAP_TILES_URL: z
    .string()
    .optional()
    .transform((v) => v?.trim() || null)
    .refine((v) => v === null || (/^https?:\/\//.test(v) && URL.canParse(v.replace(/\{[a-z]\}/g, '0'))), {
      message: 'deve ser um endereço http(s) de blocos do mapa com {z}, {x} e {y}',
    }),
  MAPS_DEFAULT_LAT: z.coerce.number().min(-90).max(90).default(-15.7801),
  MAPS_DEFAULT_LNG: z.coerce.number().min(-180).max(180).default(-47.9292),
  // Optional widgets (spec §7): script URLs, also allowed by the Content-Security-Policy when set.
  CHAT_WIDGET_URL: optionalUrl,
  LIBRAS_WIDGET_URL: optionalUrl,
  // The fingerprint reader's local agent (issue 21), e.g. http://127.0.0.1:9090: GET /status, POST /captura. The
  // browser calls it directly, so the Content-Security-Policy allows its origin in connect-src when set.
  BIOMETRIA_AGENTE_URL: optionalUrl,
  // Optional CEP web service, asked when a CEP is not among the municipality's own addresses.
  CEP_SERVICE_URL: optionalUrl,
  // The address staff open the product at (scheme, host, port): the calling panel's link and the SenhaSimples callback
  // registered at start (auth_applications). Empty: http://localhost:<PORT>.
  PUBLIC_URL: optionalUrl,
  // The national registry lookup (CADSUS PDQ, issue 24): the SOAP endpoint, e.g.
  // https://servicos.saude.gov.br/cadsus/v5r0/CadsusService; empty → the lookup answers "não configurada". The
  // municipality's certificate (PKCS#12 .pfx) and its password for the TLS connection, and/or the WS-Security user and
  // password DATASUS issued. Secrets never leave the server (parametrizacao/cadsus says only whether they work).
  CADSUS_URL: optionalUrl,
  CADSUS_CERT_PATH: optionalText,
  CADSUS_CERT_SENHA: z
    .string()
    .optional()
    .transform((v) => v || null),
  CADSUS_USUARIO: optionalText,
  CADSUS_SENHA: z
    .string()
    .optional()
    .transform((v) => v || null),
  // Spec/issue 24: a lookup waits at most 5 s, then the form goes on without it.
  CADSUS_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(5000),
  // Export to e-SUS APS (issue 26): the installation as the PEC knows it. codIbge must be the PEC's municipality; the
  // demo's is Brasília. ESUS_CONTRA_CHAVE is the key the PEC gives a third-party system (TREINAMENTO in training).
  ESUS_MUNICIPIO_IBGE: z
    .string()
    .regex(/^\d{7}$/, 'deve ser o código IBGE de 7 dígitos')
    .default('5300108'),
  ESUS_CONTRA_CHAVE: z.string().min(1).default('TREINAMENTO'),
  ESUS_UUID_INSTALACAO: z.string().min(1).default('TREINAMENTO'),
  ESUS_CPF_CNPJ: z
    .string()
    .regex(/^(\d{11}|\d{14})$/, 'deve ser um CPF (11 dígitos) ou CNPJ (14 dígitos)')
    .default('00000000000000'),
  ESUS_NOME_INSTALACAO: z.string().min(1).default('SECRETARIA MUNICIPAL DE SAÚDE'),
});

export type Config = Omit<z.infer<typeof envSchema>, 'DEMO' | 'PUBLIC_URL'> & {
  DEMO: boolean;
  WEB_DIST: string;
  PUBLIC_URL: string;
};

export class ConfigError extends Error {}

const isLoopback = (u: URL) => ['localhost', '127.0.0.1', '[::1]'].includes(u.hostname);

/** Single sign-on is all or nothing, over HTTPS (plain HTTP only on this machine, for a local test provider). */
function ssoProblems(c: z.infer<typeof envSchema>): string[] {
  const set = [c.SSO_ISSUER_URL, c.SSO_CLIENT_ID, c.SSO_REDIRECT_URI];
  if (set.every((v) => v === null)) return [];
  const problems: string[] = [];
  if (c.SSO_ISSUER_URL === null) problems.push('SSO_ISSUER_URL: obrigatório para o acesso único');
  if (c.SSO_CLIENT_ID === null) problems.push('SSO_CLIENT_ID: obrigatório para o acesso único');
  if (c.SSO_REDIRECT_URI === null) problems.push('SSO_REDIRECT_URI: obrigatório para o acesso único');
  for (const [name, v] of [
    ['SSO_ISSUER_URL', c.SSO_ISSUER_URL],
    ['SSO_REDIRECT_URI', c.SSO_REDIRECT_URI],
  ] as const) {
    if (v === null) continue;
    const u = new URL(v);
    if (u.protocol !== 'https:' && !(u.protocol === 'http:' && isLoopback(u)))
      problems.push(`${name}: deve usar https (http só em localhost)`);
  }
  if (c.SSO_REDIRECT_URI !== null && !new URL(c.SSO_REDIRECT_URI).pathname.endsWith('/saude2_oauth'))
    problems.push('SSO_REDIRECT_URI: deve terminar em /saude2_oauth, a página que recebe a volta do provedor');
  return problems;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Configuração inválida:\n${lines.join('\n')}`);
  }
  const c = parsed.data;
  if (c.DATABASE_OWNER_URL !== null && c.DATABASE_URL === null)
    throw new ConfigError(
      'Configuração inválida:\n  DATABASE_OWNER_URL: só vale com DATABASE_URL (o banco embutido já separa dono e API)',
    );
  if (c.DATABASE_REPLICA_URL !== null && c.DATABASE_URL === null)
    throw new ConfigError(
      'Configuração inválida:\n  DATABASE_REPLICA_URL: só vale com DATABASE_URL (o banco embutido não tem réplica)',
    );
  const sso = ssoProblems(c);
  if (sso.length > 0) throw new ConfigError(`Configuração inválida:\n${sso.map((l) => `  ${l}`).join('\n')}`);
  return {
    ...c,
    // Demo data is on by default only for the embedded database (issue 3).
    DEMO: c.DEMO ?? c.DATABASE_URL === null,
    // Relative to where the command was typed: npm runs workspace scripts inside apps/api, INIT_CWD keeps the root.
    DATA_DIR: path.resolve(env.INIT_CWD ?? process.cwd(), c.DATA_DIR),
    WEB_DIST: path.resolve(c.WEB_DIST ?? path.join(import.meta.dirname, '../../web/dist')),
    // An origin and maybe a path prefix, never a trailing slash: links are PUBLIC_URL + '/filas/…'.
    PUBLIC_URL: (c.PUBLIC_URL ?? `http://localhost:${c.PORT}`).replace(/\/+$/, ''),
  };
}
