import { z } from 'zod';
import { msg } from '../messages';
import { zIsoDate, zRequired } from '../validation/zod';
import { lockVersion, opt } from './comum';

// Personal reminders (issue 21, spec §3 "Reminder"): each user's own short notes on the home page. 200 characters:
// a reminder is one line on a card, not a document (docs/decisions.md "Parameters, reminders and widgets").

export const LEMBRETE_MAX = 200;

export const lembreteInputSchema = z.object({
  descricao: zRequired({ max: LEMBRETE_MAX }),
  /** 'yyyy-MM-dd', optional. */
  data: opt(zIsoDate()),
});
export type LembreteInput = z.input<typeof lembreteInputSchema>;

/** PUT /{id}: any of the fields; `concluido` true ticks it done, false undoes it. */
export const lembreteUpdateSchema = z.object({
  descricao: zRequired({ max: LEMBRETE_MAX }).optional(),
  data: z
    .union([zIsoDate(), z.literal(''), z.null()], { error: msg.naoEValido })
    .optional()
    .transform((v) => (v === '' ? null : v)),
  concluido: z.boolean({ error: msg.naoEValido }).optional(),
  lock_version: lockVersion(),
});
export type LembreteUpdate = z.input<typeof lembreteUpdateSchema>;

export const lembreteSchema = z.object({
  id: z.uuid(),
  descricao: z.string(),
  data: z.string().nullable(),
  concluido_em: z.string().nullable(),
  lock_version: z.int(),
  created_at: z.string(),
});
export type Lembrete = z.infer<typeof lembreteSchema>;
