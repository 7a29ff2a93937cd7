import { z } from 'zod';
import { adminMsg } from '../administracao_mensagens';
import { msg } from '../messages';
import { optionalText, zCep, zDigits, zPhone, zRequired } from '../validation/zod';
import { lockVersion, opt, requiredUuid, ativoPorPadrao, filtrosTextoAtivo, optionalUuid } from './comum';
import { estampas, nullableString as s, registroSchema } from './resposta';

// Health units on the administration screen (issue 22): the CNES number, name, type, address and phones. The unit
// parameter flags of spec §3 stay on /parametros/unidades_saude (issue 21). That the CNES is not another unit's, that
// the type exists, and that a unit with active teams or assignments is not deactivated need the database: the API.

/** Field sizes: the CNES establishment record's (logradouro 60 there; 72 as the e-SUS address elsewhere here). */
export const LIMITES_UNIDADE = {
  nome: 120,
  logradouro: 72,
  numero: 10,
  complemento: 30,
  bairro: 72,
  telefones: 3,
} as const;

/** Up to three phones with DDD, each checked and stored as digits, none repeated (the error on the repeated one). */
const zTelefones = () =>
  z
    .array(zPhone(), { error: msg.naoEValido })
    .max(LIMITES_UNIDADE.telefones, { error: `deve ter no máximo ${LIMITES_UNIDADE.telefones} telefones` })
    .nullish()
    .transform((v) => v ?? [])
    .superRefine((v, ctx) => {
      v.forEach((tel, i) => {
        if (v.indexOf(tel) !== i)
          ctx.addIssue({ code: 'custom', path: [i], message: adminMsg.telefoneRepetido, input: tel });
      });
    });

/** The unit's fields, each with its label (rotulos.ts: the form, the audit and its screen read them). */
export const unidadeSaudeFieldsSchema = z.object({
  cnes: zDigits(7).meta({ label: 'CNES' }),
  nome: zRequired({ max: LIMITES_UNIDADE.nome }).meta({ label: 'Nome' }),
  tipo_unidade_id: requiredUuid().meta({ label: 'Tipo de unidade' }),
  cep: opt(zCep()).meta({ label: 'CEP' }),
  logradouro: optionalText({ max: LIMITES_UNIDADE.logradouro }).meta({ label: 'Logradouro' }),
  numero: optionalText({ max: LIMITES_UNIDADE.numero }).meta({ label: 'Número' }),
  complemento: optionalText({ max: LIMITES_UNIDADE.complemento }).meta({ label: 'Complemento' }),
  bairro: optionalText({ max: LIMITES_UNIDADE.bairro }).meta({ label: 'Bairro' }),
  telefones: zTelefones().meta({ label: 'Telefones' }),
  ativo: ativoPorPadrao().meta({ label: 'Ativa' }),
});
export type UnidadeSaudeValues = z.output<typeof unidadeSaudeFieldsSchema>;

export const unidadeSaudeInputSchema = unidadeSaudeFieldsSchema;
export type UnidadeSaudeInput = z.input<typeof unidadeSaudeInputSchema>;
export const unidadeSaudeUpdateSchema = unidadeSaudeFieldsSchema.extend({ lock_version: lockVersion() });
export type UnidadeSaudeUpdate = z.input<typeof unidadeSaudeUpdateSchema>;

// ---- what the API answers --------------------------------------------------------------------------------

/** GET /api/v1/administracao/unidades_saude/{id} (also what every write answers). */
export const unidadeSaudeSchema = z.object({
  ...registroSchema,
  cnes: z.string(),
  nome: z.string(),
  tipo_unidade_id: z.uuid(),
  tipo_unidade_nome: z.string(),
  cep: s(),
  logradouro: s(),
  numero: s(),
  complemento: s(),
  bairro: s(),
  telefones: z.array(z.string()),
  ativo: z.boolean(),
  origem_cnes: z.boolean(),
  /** What keeps it from being deactivated: its active teams and active assignments. */
  equipes_ativas: z.int(),
  lotacoes_ativas: z.int(),
});
export type UnidadeSaude = z.infer<typeof unidadeSaudeSchema>;

/** A list row: the record without its address lines, stamps and assignment count. */
export const unidadeSaudeListItemSchema = unidadeSaudeSchema.omit({
  ...estampas,
  ...{ cep: true, logradouro: true, numero: true, complemento: true, origem_cnes: true, lotacoes_ativas: true },
});
export type UnidadeSaudeListItem = z.infer<typeof unidadeSaudeListItemSchema>;

/** GET list filters: part of the name or CNES, the type, active or not (absent: both). By name. */
export const unidadeSaudeFiltersSchema = filtrosTextoAtivo(LIMITES_UNIDADE.nome, { tipo_unidade_id: optionalUuid() });
export type UnidadeSaudeFilters = z.infer<typeof unidadeSaudeFiltersSchema>;

/** GET /api/v1/administracao/unidades_saude/tipos: the unit types for the form's select. */
export const tipoUnidadeSchema = z.object({ id: z.uuid(), codigo: z.string(), nome: z.string() });
export type TipoUnidade = z.infer<typeof tipoUnidadeSchema>;
