import { z } from 'zod';
import {
  LIMITES_NOTIFICACAO_GLOBAL as L,
  pathInterno,
  TIPOS_NOTIFICACAO_GLOBAL,
} from '../notificacao_global_constantes';
import { msg } from '../messages';
import { optionalField, optionalText, zInteger, zRequired } from '../validation/zod';
import { contarAteField, paginationSchema } from './auth';
import { nomeadoSchema } from './resposta';

// Global notifications (issue 20, spec §1 globe, §2 /notificacoes_globais, §3 "Global notification"): managers send a
// message to everyone or to profiles; each professional marks it read. docs/decisions.md "Global notifications".

export * from '../notificacao_global_constantes';

export const notificacaoGlobalInputSchema = z.object({
  tipo: z.enum(TIPOS_NOTIFICACAO_GLOBAL, { error: msg.naoEValido }).meta({ label: 'Tipo' }),
  titulo: zRequired({ max: L.titulo }).meta({ label: 'Título' }),
  subtitulo: optionalText({ max: L.subtitulo }).meta({ label: 'Subtítulo' }),
  /** 'RRGGBB' without '#', stored upper case. */
  cor: zRequired()
    .regex(/^[0-9a-fA-F]{6}$/, { error: msg.naoEValido })
    .transform((v) => v.toUpperCase())
    .meta({ label: 'Cor' }),
  redirecionar_path_url: optionalText({ max: L.path })
    .refine((v) => v === undefined || v === null || pathInterno(v), {
      error: msg.naoEValido,
    })
    .meta({ label: 'Caminho ao abrir' }),
  perfil_ids: z
    .array(z.uuid({ error: msg.naoEValido }), { error: msg.naoEValido })
    .max(L.perfis, { error: msg.naoEValido })
    .nullish()
    .transform((v) => [...new Set(v ?? [])])
    .meta({ label: 'Perfis' }),
});
export type NotificacaoGlobalInput = z.input<typeof notificacaoGlobalInputSchema>;
export type NotificacaoGlobalValues = z.output<typeof notificacaoGlobalInputSchema>;

/** GET / query: paging (20 per page by default, 100 at most) and `lida=false` for the unread only. */
export const notificacaoGlobalFiltersSchema = paginationSchema.extend({
  per_page: optionalField(zInteger({ gte: 1, lte: 100 })).default(20),
  lida: z
    .enum(['true', 'false'], { error: msg.naoEValido })
    .optional()
    .transform((v) => (v === undefined ? undefined : v === 'true')),
  contar_ate: contarAteField(),
});
export type NotificacaoGlobalFilters = z.infer<typeof notificacaoGlobalFiltersSchema>;

/** One notification as the user sees it: `lida_em` is their own read time. */
export const notificacaoGlobalSchema = z.object({
  id: z.uuid(),
  tipo: z.enum(TIPOS_NOTIFICACAO_GLOBAL),
  titulo: z.string(),
  subtitulo: z.string().nullable(),
  cor: z.string(),
  created_at: z.string(),
  lida_em: z.string().nullable(),
  redirecionar_path_url: z.string().nullable(),
});
export type NotificacaoGlobal = z.infer<typeof notificacaoGlobalSchema>;

/** What create answers: the notification and its profiles. */
export const notificacaoGlobalCriadaSchema = notificacaoGlobalSchema.extend({ perfil_ids: z.array(z.uuid()) });
export type NotificacaoGlobalCriada = z.infer<typeof notificacaoGlobalCriadaSchema>;

export const notificacaoGlobalLeituraSchema = z.object({ id: z.uuid(), lida_em: z.string() });
export type NotificacaoGlobalLeitura = z.infer<typeof notificacaoGlobalLeituraSchema>;

/** GET /opcoes: the profiles the form offers. */
export const notificacaoGlobalOpcoesSchema = z.object({
  perfis: z.array(nomeadoSchema),
});
export type NotificacaoGlobalOpcoes = z.infer<typeof notificacaoGlobalOpcoesSchema>;
