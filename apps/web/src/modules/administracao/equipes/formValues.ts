// The team form (issue 22): its values and their mapping to and from the API. The rules are the shared ones
// (equipeInputSchema: INE 10 digits, a known CNES type, micro-areas 01–99 without repeats), so the browser answers with
// the API's messages; only the API knows whether the INE is in use or an assignment still has a micro-area removed.
import { z } from 'zod';
import { equipeInputSchema, type Equipe, type EquipeInput } from '@saude/shared/schemas/administracao_equipes';
import { addFieldIssues, omitEmpty } from '../../../lib/form';

const texto = () => z.string().nullable();

const camposSchema = z.object({
  ine: texto(),
  nome: texto(),
  tipo: texto(),
  unidade_saude_id: texto(),
  micro_areas: z.array(z.string()),
  ativo: z.boolean(),
});

export type EquipeFormValues = z.input<typeof camposSchema>;
type Campo = keyof EquipeFormValues;

export const equipeFormSchema = camposSchema.superRefine((v, ctx) => {
  const r = equipeInputSchema.safeParse(formParaApi(v));
  if (!r.success) addFieldIssues(ctx, r.error.issues);
});

export const ROTULOS: Record<Campo, string> = {
  ine: 'INE',
  nome: 'Nome',
  tipo: 'Tipo de equipe',
  unidade_saude_id: 'Unidade de saúde',
  micro_areas: 'Micro-áreas',
  ativo: 'Ativa',
};

export const novaEquipe = (): EquipeFormValues => ({
  ine: null,
  nome: null,
  tipo: null,
  unidade_saude_id: null,
  micro_areas: [],
  ativo: true,
});

export const equipeParaForm = (e: Equipe): EquipeFormValues => ({
  ine: e.ine,
  nome: e.nome,
  tipo: e.tipo,
  unidade_saude_id: e.unidade_saude_id,
  micro_areas: e.micro_areas,
  ativo: e.ativo,
});

/** '1' typed alone is micro-area 01; the rest as typed (the schema names what is wrong). */
export const normalizarMicroArea = (v: string) => {
  const t = v.trim();
  return /^\d$/.test(t) ? `0${t}` : t;
};

export function formParaApi(v: EquipeFormValues): EquipeInput {
  return {
    ...omitEmpty(v),
    ine: v.ine ?? '',
    nome: v.nome ?? '',
    tipo: (v.tipo ?? '') as EquipeInput['tipo'],
    unidade_saude_id: v.unidade_saude_id ?? '',
    micro_areas: v.micro_areas,
  };
}
