// The unit form (issue 22): its values and their mapping to and from the API. The rules are the shared ones
// (unidadeSaudeInputSchema), so the browser answers with the API's messages; only the API knows whether the CNES is
// another unit's. The form has three phone fields; the API takes the filled ones as a list.
import { z } from 'zod';
import {
  unidadeSaudeInputSchema,
  type UnidadeSaude,
  type UnidadeSaudeInput,
} from '@saude/shared/schemas/administracao_unidades_saude';
import { addFieldIssues, omitEmpty } from '../../../lib/form';

const texto = () => z.string().nullable();

const camposSchema = z.object({
  cnes: texto(),
  nome: texto(),
  tipo_unidade_id: texto(),
  cep: texto(),
  logradouro: texto(),
  numero: texto(),
  complemento: texto(),
  bairro: texto(),
  telefone1: texto(),
  telefone2: texto(),
  telefone3: texto(),
  ativo: z.boolean(),
});

export type UnidadeFormValues = z.input<typeof camposSchema>;
type Campo = keyof UnidadeFormValues;
const TELEFONES = ['telefone1', 'telefone2', 'telefone3'] as const;

/** The form field of an API path: 'telefones.1' is the second phone field that is filled. */
export function campoDaApi(path: string, v: UnidadeFormValues): string {
  const m = /^telefones\.(\d+)$/.exec(path);
  if (!m) return path === 'telefones' ? 'telefone1' : path;
  const preenchidos = TELEFONES.filter((t) => v[t]);
  return preenchidos[Number(m[1])] ?? 'telefone1';
}

export const unidadeFormSchema = camposSchema.superRefine((v, ctx) => {
  const r = unidadeSaudeInputSchema.safeParse(formParaApi(v));
  if (!r.success) addFieldIssues(ctx, r.error.issues, (path) => [campoDaApi(path.map(String).join('.'), v)]);
});

export const ROTULOS: Record<Campo, string> = {
  cnes: 'CNES',
  nome: 'Nome',
  tipo_unidade_id: 'Tipo de unidade',
  cep: 'CEP',
  logradouro: 'Logradouro',
  numero: 'Número',
  complemento: 'Complemento',
  bairro: 'Bairro',
  telefone1: 'Telefone',
  telefone2: 'Telefone 2',
  telefone3: 'Telefone 3',
  ativo: 'Ativa',
};

export const novaUnidade = (): UnidadeFormValues => ({
  cnes: null,
  nome: null,
  tipo_unidade_id: null,
  cep: null,
  logradouro: null,
  numero: null,
  complemento: null,
  bairro: null,
  telefone1: null,
  telefone2: null,
  telefone3: null,
  ativo: true,
});

export const unidadeParaForm = (u: UnidadeSaude): UnidadeFormValues => ({
  cnes: u.cnes,
  nome: u.nome,
  tipo_unidade_id: u.tipo_unidade_id,
  cep: u.cep,
  logradouro: u.logradouro,
  numero: u.numero,
  complemento: u.complemento,
  bairro: u.bairro,
  telefone1: u.telefones[0] ?? null,
  telefone2: u.telefones[1] ?? null,
  telefone3: u.telefones[2] ?? null,
  ativo: u.ativo,
});

export function formParaApi(v: UnidadeFormValues): UnidadeSaudeInput {
  const { telefone1, telefone2, telefone3, ...resto } = v;
  return {
    ...omitEmpty(resto),
    cnes: v.cnes ?? '',
    nome: v.nome ?? '',
    tipo_unidade_id: v.tipo_unidade_id ?? '',
    telefones: [telefone1, telefone2, telefone3].filter((t): t is string => !!t),
  };
}
