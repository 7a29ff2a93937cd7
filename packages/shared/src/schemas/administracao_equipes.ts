import { z } from 'zod';
import { adminMsg } from '../administracao_mensagens';
import { msg } from '../messages';
import { zDigits, zRequired } from '../validation/zod';
import { lockVersion, requiredUuid, ativoPorPadrao, filtrosTextoAtivo, optionalUuid } from './comum';
import { estampas, nullableString as s, registroSchema } from './resposta';
import { TIPOS_EQUIPE, type TipoEquipeCodigo } from '../tipos_equipe';
import { unidadeSaudeSchema } from './administracao_unidades_saude';

// Teams on the administration screen (issue 22): INE, name, CNES team type, unit and micro-areas. That the INE is not
// another team's, that the unit is active, and that no active assignment keeps a micro-area the team loses need the
// database: the API.

export { TIPOS_EQUIPE, tipoEquipeTexto, type TipoEquipeCodigo } from '../tipos_equipe';
const CODIGOS_TIPO = TIPOS_EQUIPE.map((t) => t.codigo) as [TipoEquipeCodigo, ...TipoEquipeCodigo[]];

export const LIMITES_EQUIPE = { nome: 100, microAreas: 99 } as const;

/** A micro-area code: two digits, 01 to 99 (glossary). */
const isMicroArea = (v: string) => /^\d{2}$/.test(v) && v !== '00';

/**
 * The team's micro-areas: each '01'–'99', none repeated, answered sorted. Errors name the bad value on the field
 * itself (the form's input takes all of them).
 */
const zMicroAreas = () =>
  z
    .array(z.string({ error: msg.naoEValido }), { error: msg.naoEValido })
    .nullish()
    .transform((v) => (v ?? []).map((x) => x.trim()))
    .superRefine((v, ctx) => {
      const bad = v.find((x) => !isMicroArea(x));
      if (bad !== undefined) {
        ctx.addIssue({ code: 'custom', message: adminMsg.microAreaInvalida(bad), input: v });
        return;
      }
      const rep = v.find((x, i) => v.indexOf(x) !== i);
      if (rep !== undefined) ctx.addIssue({ code: 'custom', message: adminMsg.microAreaRepetida(rep), input: v });
    })
    .transform((v) => [...v].sort());

/** The team's fields, each with its label (rotulos.ts: the form, the audit and its screen read them). */
export const equipeFieldsSchema = z.object({
  ine: zDigits(10).meta({ label: 'INE' }),
  nome: zRequired({ max: LIMITES_EQUIPE.nome }).meta({ label: 'Nome' }),
  tipo: z
    .preprocess(
      (v) => (v === '' || v === null ? undefined : v),
      z.enum(CODIGOS_TIPO, { error: (iss) => (iss.input === undefined ? msg.obrigatorio : msg.naoEValido) }),
    )
    .meta({ label: 'Tipo de equipe' }),
  unidade_saude_id: requiredUuid().meta({ label: 'Unidade de saúde' }),
  micro_areas: zMicroAreas().meta({ label: 'Micro-áreas' }),
  ativo: ativoPorPadrao().meta({ label: 'Ativa' }),
});
export type EquipeValues = z.output<typeof equipeFieldsSchema>;

export const equipeInputSchema = equipeFieldsSchema;
export type EquipeInput = z.input<typeof equipeInputSchema>;
export const equipeUpdateSchema = equipeFieldsSchema.extend({ lock_version: lockVersion() });
export type EquipeUpdate = z.input<typeof equipeUpdateSchema>;

// ---- what the API answers --------------------------------------------------------------------------------

/** GET /api/v1/administracao/equipes/{id} (also what every write answers). */
export const equipeSchema = z.object({
  ...registroSchema,
  ine: z.string(),
  nome: z.string(),
  tipo: s(),
  unidade_saude_id: z.uuid(),
  unidade_saude_nome: z.string(),
  micro_areas: z.array(z.string()),
  ativo: z.boolean(),
  origem_cnes: z.boolean(),
  /** Active assignments in the team: what keeps it from being deactivated. */
  lotacoes_ativas: z.int(),
});
export type Equipe = z.infer<typeof equipeSchema>;

export const equipeListItemSchema = equipeSchema.omit({ ...estampas, origem_cnes: true, lotacoes_ativas: true });
export type EquipeListItem = z.infer<typeof equipeListItemSchema>;

/** GET list filters: part of the name or INE, the unit, active or not (absent: both). By unit, then name. */
export const equipeFiltersSchema = filtrosTextoAtivo(LIMITES_EQUIPE.nome, { unidade_saude_id: optionalUuid() });
export type EquipeFilters = z.infer<typeof equipeFiltersSchema>;

/** GET /api/v1/administracao/equipes/unidades: the units a team may belong to (active), for the form's select. */
export const unidadeOpcaoSchema = unidadeSaudeSchema.pick({ id: true, cnes: true, nome: true, ativo: true });
export type UnidadeOpcao = z.infer<typeof unidadeOpcaoSchema>;
