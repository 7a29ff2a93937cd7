import { z } from 'zod';
import { msg } from '../messages';
import { optionalField, zInteger } from '../validation/zod';
import { CONTAGEM_MAXIMA_BADGE } from '../validation/badge';
import { nomeadoSchema } from './resposta';

// Contract of the sign-in service (spec §7, base path /api/v2/auth) and the shell's calls.
export const loginInputSchema = z.object({
  login: z
    .string({ error: msg.obrigatorio })
    .trim()
    .min(1, { error: msg.obrigatorio })
    .max(60, { error: msg.max(60) }),
  senha: z
    .string({ error: msg.obrigatorio })
    .min(1, { error: msg.obrigatorio })
    .max(200, { error: msg.max(200) }),
  /** The browser's long-lived random id: a device that signed in to this account before skips the account's and the
   * address's throttles (docs/decisions.md, issue 14). */
  dispositivo: z
    .string()
    .regex(/^[A-Za-z0-9_-]{16,128}$/, { error: msg.naoEValido })
    .optional(),
});
export type LoginInput = z.infer<typeof loginInputSchema>;

/** The newest published terms of use while the user has not accepted it (issue 21): nothing else answers until then. */
export const termoPendenteSchema = z.object({ id: z.uuid(), versao: z.int(), titulo: z.string() });
export type TermoPendente = z.infer<typeof termoPendenteSchema>;

export const usuarioSchema = z.object({
  login: z.string(),
  nome: z.string(),
  email: z.string().nullable(),
  unidade_atual: nomeadoSchema.nullable(),
  perfil: z.string().nullable(),
  /** The current unit's permissions (resource:action), so in-page checks cost no request (issue 13). */
  permissoes: z.array(z.string()),
  /** True while the password is a one-time one: only /me, the password change and sign-out answer (absent = false). */
  senha_provisoria: z.boolean().optional(),
  /** The terms of use version waiting for this user's acceptance (absent or null: none). */
  termo_pendente: termoPendenteSchema.nullable().optional(),
});
export type Usuario = z.infer<typeof usuarioSchema>;

export const loginResponseSchema = z.object({ token: z.string(), usuario: usuarioSchema });
export type LoginResponse = z.infer<typeof loginResponseSchema>;

/**
 * Single sign-on (issue 23, spec §7): what the browser brings back to /saude2_oauth from the provider, passed as it
 * came to POST /api/v2/auth/oauth/callback, where the code is exchanged. Either `code` or `error` is present.
 */
const oauthParam = z.string().max(4000).optional();
export const ssoCallbackInputSchema = z.object({
  state: z.string({ error: msg.obrigatorio }).min(1, { error: msg.obrigatorio }).max(200),
  code: oauthParam,
  iss: oauthParam,
  session_state: oauthParam,
  error: oauthParam,
  error_description: oauthParam,
  dispositivo: loginInputSchema.shape.dispositivo,
});
export type SsoCallbackInput = z.infer<typeof ssoCallbackInputSchema>;
export const ssoCallbackResponseSchema = loginResponseSchema.extend({ retorno: z.string().nullable() });
export type SsoCallbackResponse = z.infer<typeof ssoCallbackResponseSchema>;

/** Sign-out of a single sign-on session: where the browser goes to end the provider's session too (absent: none). */
export const logoutResponseSchema = z.object({ sso_logout_url: z.string().nullable() });
export type LogoutResponse = z.infer<typeof logoutResponseSchema>;

/** One assignment (lotação) the user may work under, for the unit selection page. */
export const lotacaoOpcaoSchema = z.object({
  unidade_saude_id: z.uuid(),
  unidade_nome: z.string(),
  cnes: z.string(),
  perfil_nome: z.string(),
  ocupacao: z.string(),
  equipe_nome: z.string().nullable(),
});
export type LotacaoOpcao = z.infer<typeof lotacaoOpcaoSchema>;

export const selecionarUnidadeInputSchema = z.object({ unidade_saude_id: z.uuid({ error: msg.obrigatorio }) });

// ASVS 5 (V6.2): at least 8 characters and no composition rules. The API also refuses the 10,000 most common
// passwords and any password containing the login (apps/api/src/auth/password-policy.ts).
export const senhaMinima = 8;
export const trocarSenhaInputSchema = z
  .object({
    senha_atual: z.string().min(1, { error: msg.obrigatorio }),
    nova_senha: z
      .string()
      .min(senhaMinima, { error: msg.min(senhaMinima) })
      .max(200, { error: msg.max(200) }),
    confirmacao: z.string().min(1, { error: msg.obrigatorio }),
  })
  .refine((v) => v.nova_senha === v.confirmacao, { path: ['confirmacao'], error: 'não confere com a nova senha' });
export type TrocarSenhaInput = z.infer<typeof trocarSenhaInputSchema>;

export type MenuItem = {
  id: string;
  nome: string;
  url: string | null;
  v3: boolean;
  depth: number;
  submenus: MenuItem[];
};
export const menuItemSchema: z.ZodType<MenuItem> = z.lazy(() =>
  z.object({
    id: z.string(),
    nome: z.string(),
    url: z.string().nullable(),
    v3: z.boolean(),
    depth: z.int(),
    submenus: z.array(menuItemSchema),
  }),
);

export const parametrizacaoSchema = z.object({
  cliente_nome: z.string(),
  brasao: z.string().nullable(),
  habilita_biometria: z.boolean(),
  versao: z.string(),
  esus_versao: z.string(),
  pec_versao: z.string(),
  // Optional integrations of spec §7, from the environment; null when not configured.
  mapas: z.object({
    chave: z.string().nullable(),
    latitude: z.number(),
    longitude: z.number(),
    /** XYZ tile template ({z}/{x}/{y}); null: the map draws its markers on a plain background. */
    tiles_url: z.string().nullable(),
  }),
  /** Optional widgets (issue 21): each loaded by the web only when its URL is set. */
  widgets: z.object({
    chat_url: z.string().nullable(),
    libras_url: z.string().nullable(),
    /** The fingerprint reader's local agent (GET /status, POST /captura). */
    biometria_agente_url: z.string().nullable(),
  }),
  sso_habilitado: z.boolean(),
  /** The identity provider's name for the "Entrar com …" button (issue 23); null when single sign-on is off. */
  sso_nome: z.string().nullable(),
  /** Demo accounts exist: the sign-in page and the top bar warn that this is not for real data. */
  demonstracao: z.boolean(),
});
export type Parametrizacao = z.infer<typeof parametrizacaoSchema>;

export const permissaoCheckSchema = z.object({
  authorize: z.string().min(1, { error: msg.obrigatorio }),
  resource_id: z.union([z.string(), z.number()]).nullish(),
});

export const unidadeFlags = [
  'com_agendamento',
  'cpf_cns',
  'exportacao_esus',
  'gerenciamento_filas',
  'misto',
  'pronto_atendimento',
  'sem_validacao',
  'validacao_completa_municipe',
  'validacao_no_agendamento',
] as const;
export type UnidadeFlag = (typeof unidadeFlags)[number];

/** page (from 1) and per_page of every list, with the catalogue's messages ('deve ser maior ou igual que 1'). */
export const paginationSchema = z.object({
  page: optionalField(zInteger({ gte: 1 })).default(1),
  per_page: optionalField(zInteger({ gte: 1, lte: 100 })).default(10),
});
export type Pagination = z.infer<typeof paginationSchema>;

/** `contar_ate`: the total counted up to this many rows (a badge's poll: 100), never more (issue 41). */
export const contarAteField = () => optionalField(zInteger({ gte: 1, lte: CONTAGEM_MAXIMA_BADGE }));
