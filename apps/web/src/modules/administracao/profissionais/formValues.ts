// The professional's and the assignment's forms (issue 22): their values and their mapping to and from the API. The
// rules are the shared ones (profissionalInputSchema, lotacaoInputSchema), so the browser answers with the API's
// messages; only the API knows whether a login or CPF is in use, or whether an assignment repeats an active one.
import { z } from 'zod';
import {
  lotacaoInputSchema,
  profissionalInputSchema,
  type Lotacao,
  type LotacaoInput,
  type Profissional,
  type ProfissionalInput,
} from '@saude/shared/schemas/administracao_profissionais';
import { todayIso } from '@saude/shared/validation/dates';
import { addFieldIssues, omitEmpty, pickValues } from '../../../lib/form';

const texto = () => z.string().nullable();

const profissionalCampos = z.object({
  nome: texto(),
  cpf_numero: texto(),
  codigo_cns: texto(),
  email: texto(),
  login: texto(),
  ativo: z.boolean(),
});
export type ProfissionalFormValues = z.input<typeof profissionalCampos>;
const CAMPOS_PROFISSIONAL = Object.keys(profissionalCampos.shape) as Array<keyof ProfissionalFormValues>;

export const profissionalFormSchema = profissionalCampos.superRefine((v, ctx) => {
  const r = profissionalInputSchema.safeParse(profissionalParaApi(v));
  if (!r.success) addFieldIssues(ctx, r.error.issues);
});

export const ROTULOS_PROFISSIONAL: Record<keyof ProfissionalFormValues, string> = {
  nome: 'Nome completo',
  cpf_numero: 'CPF',
  codigo_cns: 'CNS',
  email: 'E-mail',
  login: 'Login',
  ativo: 'Ativo',
};

export const novoProfissional = (): ProfissionalFormValues => ({
  nome: null,
  cpf_numero: null,
  codigo_cns: null,
  email: null,
  login: null,
  ativo: true,
});

export const profissionalParaForm = (p: Profissional): ProfissionalFormValues => pickValues(p, CAMPOS_PROFISSIONAL);

export const profissionalParaApi = (v: ProfissionalFormValues): ProfissionalInput =>
  omitEmpty({ ...v, nome: v.nome ?? '', cpf_numero: v.cpf_numero ?? '', login: v.login ?? '' }) as ProfissionalInput;

// ---- assignment ------------------------------------------------------------------------------------------

const lotacaoCampos = z.object({
  unidade_saude_id: texto(),
  ocupacao_codigo: texto(),
  equipe_id: texto(),
  perfil_id: texto(),
  micro_areas: z.array(z.string()),
  inicio: texto(),
  fim: texto(),
});
export type LotacaoFormValues = z.input<typeof lotacaoCampos>;
const CAMPOS_LOTACAO = Object.keys(lotacaoCampos.shape) as Array<keyof LotacaoFormValues>;

/** The shared rules; the professional's id is the page's, so a placeholder stands for it here. */
export const lotacaoFormSchema = lotacaoCampos.superRefine((v, ctx) => {
  const r = lotacaoInputSchema.safeParse({
    ...lotacaoParaApi(v),
    profissional_id: '00000000-0000-4000-8000-000000000000',
  });
  if (!r.success) addFieldIssues(ctx, r.error.issues);
});

export const ROTULOS_LOTACAO: Record<keyof LotacaoFormValues, string> = {
  unidade_saude_id: 'Unidade de saúde',
  ocupacao_codigo: 'Ocupação (CBO)',
  equipe_id: 'Equipe',
  perfil_id: 'Perfil de acesso',
  micro_areas: 'Microáreas',
  inicio: 'Início',
  fim: 'Fim',
};

export const novaLotacao = (): LotacaoFormValues => ({
  unidade_saude_id: null,
  ocupacao_codigo: null,
  equipe_id: null,
  perfil_id: null,
  micro_areas: [],
  inicio: todayIso(),
  fim: null,
});

export const lotacaoParaForm = (l: Lotacao): LotacaoFormValues => pickValues(l, CAMPOS_LOTACAO);

export const lotacaoParaApi = (v: LotacaoFormValues): Omit<LotacaoInput, 'profissional_id'> =>
  omitEmpty({
    ...v,
    unidade_saude_id: v.unidade_saude_id ?? '',
    ocupacao_codigo: v.ocupacao_codigo ?? '',
    perfil_id: v.perfil_id ?? '',
    inicio: v.inicio ?? '',
    micro_areas: v.micro_areas,
  }) as Omit<LotacaoInput, 'profissional_id'>;
