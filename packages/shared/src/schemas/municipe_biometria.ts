import { z } from 'zod';
import { msg } from '../messages';
import { zNumber } from '../validation/zod';

// A citizen's fingerprints (spec §2 tab `biometria`, issue 39): one template per finger, as the reader's agent hands
// it over (base64 of the reader's format, blocos/leitorBiometrico.ts on the web). The template itself is never sent
// back: the tab lists which fingers are registered, when and by whom.

/** Finger positions of ISO/IEC 19794-2 (the code every reader SDK uses), 1–10. */
export const dedos = [
  { id: 1, nome: 'Polegar direito' },
  { id: 2, nome: 'Indicador direito' },
  { id: 3, nome: 'Médio direito' },
  { id: 4, nome: 'Anelar direito' },
  { id: 5, nome: 'Mínimo direito' },
  { id: 6, nome: 'Polegar esquerdo' },
  { id: 7, nome: 'Indicador esquerdo' },
  { id: 8, nome: 'Médio esquerdo' },
  { id: 9, nome: 'Anelar esquerdo' },
  { id: 10, nome: 'Mínimo esquerdo' },
] as const;
export type Dedo = (typeof dedos)[number]['id'];
export const nomeDoDedo = (id: number) => dedos.find((d) => d.id === id)?.nome ?? String(id);

/** A template larger than this is no minutiae template (ISO templates are 0.5–2 kB): at most 12 kB decoded. */
export const DIGITAL_MAX_KB = 12;
const DIGITAL_MAX_BASE64 = Math.ceil((DIGITAL_MAX_KB * 1024) / 3) * 4;
const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

const dedo = z.preprocess(
  (v) => (v === '' ? null : v),
  z
    .number({ error: (iss) => (iss.input == null ? msg.obrigatorio : msg.naoEValido) })
    .refine((v) => dedos.some((d) => d.id === v), { error: msg.naoEValido }),
);

/** PUT /api/v1/municipes/{id}/biometrias: capture or replace one finger. */
export const biometriaInputSchema = z.object({
  dedo,
  template_base64: z
    .string({ error: (iss) => (iss.input == null ? msg.obrigatorio : msg.digitalFormato) })
    .min(1, { error: msg.obrigatorio, abort: true })
    .max(DIGITAL_MAX_BASE64, { error: msg.digitalGrande(DIGITAL_MAX_KB), abort: true })
    .regex(BASE64, { error: msg.digitalFormato }),
  qualidade: zNumber({ integer: true, between: [0, 100] }),
});

/** One registered finger, without its template. */
const biometriaSchema = z.object({
  dedo: z.number().int(),
  qualidade: z.number().int(),
  capturada_em: z.string(),
  capturada_por_nome: z.string().nullable(),
});
export type Biometria = z.infer<typeof biometriaSchema>;

export const biometriasSchema = z.object({ itens: z.array(biometriaSchema) });
export type Biometrias = z.infer<typeof biometriasSchema>;

/** DELETE /api/v1/municipes/{id}/biometrias/{dedo}. */
export const biometriaParamsSchema = z.object({ id: z.string(), dedo: z.string() });
