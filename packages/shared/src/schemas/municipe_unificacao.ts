import { z } from 'zod';
import { interpolate, msg } from '../messages';
import { rotulosDe } from '../rotulos';
import { paginationSchema } from './auth';
import { municipeFieldsSchema } from './municipe';

/**
 * The messages of duplicate citizens (issue 45), beside their schema rather than in the catalogue every page loads
 * (messages.ts is in the first load: issue 41's budget).
 */
export const unificacaoMsg = {
  unificacaoDuasFamilias:
    'Os dois cadastros estão em famílias ativas diferentes. Retire um deles da família antes de unificar.',
  unificacaoDoisCadastrosIndividuais:
    'Os dois cadastros têm cadastro individual ativo. Registre a saída de um deles antes de unificar.',
  unificacaoJaUnificado: 'Este cadastro já foi unificado em outro. Abra o cadastro que ficou.',
  unificacaoJaDesfeita: 'Esta unificação já foi desfeita.',
  unificacaoPrazoEncerrado: (dias: number) =>
    interpolate('O prazo para desfazer esta unificação (%{1} dias) terminou.', String(dias)),
  unificacaoAlteradoDepois:
    'O cadastro que ficou foi alterado depois da unificação; desfazer apagaria essas alterações. Desfaça-as antes ou mantenha a unificação.',
  unificacaoFeita: 'Cadastros unificados com sucesso!',
  unificacaoDesfeita: 'Unificação desfeita. Os dois cadastros voltaram a ser como eram.',
  duplicadoDescartado: 'Par marcado como pessoas diferentes. Ele não será mais sugerido.',
} as const;

// Duplicate citizens (issue 45): the manager's queue of likely pairs, the side-by-side merge and its undo.

/** Why a pair was offered (the search's reasons, migration 0033 municipe_duplicados_registrar). */
export const MOTIVOS_DUPLICADO = {
  mesmo_cns: 'Mesmo CNS (cartão provisório de um é o CNS do outro)',
  mesma_data_nascimento: 'Mesma data de nascimento',
  nome_semelhante: 'Nome semelhante',
  mae_semelhante: 'Nome da mãe semelhante',
} as const;

/** The citizen's columns a merge lets the user pick, one by one, in the registry form's order. */
export const CAMPOS_UNIFICAVEIS = [
  'nome',
  'nome_social',
  'data_nascimento',
  'sexo_id',
  'cpf_numero',
  'codigo_cns',
  'cartao_provisorio',
  'cartao_municipal',
  'numero_registro',
  'numero_prontuario_familiar',
  'estado_civil_id',
  'raca_cor_id',
  'etnia_id',
  'nome_mae',
  'mae_desconhecida',
  'nome_pai',
  'pai_desconhecido',
  'responsavel_nome',
  'responsavel_data_nascimento',
  'nacionalidade_id',
  'municipio_nascimento_ibge',
  'pais_nascimento_id',
  'data_entrada_brasil',
  'data_naturalizacao',
  'portaria_naturalizacao',
  'telefone_residencial',
  'telefone_celular',
  'telefone_contato',
  'email',
  'residencia_cep',
  'residencia_uf',
  'residencia_municipio_ibge',
  'residencia_tipo_logradouro',
  'residencia_logradouro',
  'residencia_numero',
  'residencia_complemento',
  'residencia_bairro',
  'residencia_ponto_referencia',
  'unidade_saude_referencia_id',
  'profissional_id',
  'equipe_id',
  'ocupacao_id',
  'micro_area',
  'fora_area',
  'motivo_saida_cadastro_id',
  'data_obito',
  'numero_do',
  'parentesco_id',
  'doador_sangue',
  'tipo_sanguineo_id',
  'rg_numero',
  'rg_data_emissao',
  'rg_uf',
  'rg_orgao_emissor',
  'nis',
  'titulo_eleitor',
  'titulo_zona',
  'titulo_secao',
  'certidao_tipo',
  'certidao_cartorio',
  'certidao_livro',
  'certidao_folha',
  'certidao_termo',
  'certidao_data_emissao',
  'certidao_matricula',
] as const;
export type CampoUnificavel = (typeof CAMPOS_UNIFICAVEIS)[number];

const rotulosMunicipe: Record<string, string> = rotulosDe(municipeFieldsSchema);
/** A field's label: the registry form's own, the three phones by name. */
export const rotuloCampoUnificavel = (campo: CampoUnificavel): string =>
  ({
    telefone_residencial: 'Telefone residencial',
    telefone_celular: 'Celular',
    telefone_contato: 'Telefone de contato',
  })[campo as string] ??
  rotulosMunicipe[campo] ??
  campo.replace(/_/g, ' ');

const lado = z.enum(['a', 'b'], { error: msg.naoEValido });
const uuid = () => z.uuid({ error: msg.naoEValido });
const versao = () => z.int({ error: msg.obrigatorio }).nonnegative({ error: msg.naoEValido });

/** One side of a pair as the queue shows it. */
const pessoaSchema = z.object({
  id: z.uuid(),
  nome: z.string(),
  data_nascimento: z.string(),
  nome_mae: z.string().nullable(),
  cpf_numero: z.string().nullable(),
  codigo_cns: z.string().nullable(),
  cartao_provisorio: z.string().nullable(),
});

export const duplicadoFiltersSchema = paginationSchema;
export type DuplicadoFilters = z.infer<typeof duplicadoFiltersSchema>;

export const duplicadoSchema = z.object({
  id: z.uuid(),
  score: z.number(),
  motivos: z.array(z.string()),
  situacao: z.enum(['pendente', 'nao_mesma_pessoa', 'unificado']),
  a: pessoaSchema,
  b: pessoaSchema,
});
export type Duplicado = z.infer<typeof duplicadoSchema>;

/** PUT /duplicados/:id: "Não é a mesma pessoa" (the pair is never offered again). */
export const duplicadoDecisaoSchema = z.object({ situacao: z.literal('nao_mesma_pessoa', { error: msg.naoEValido }) });

/** GET /comparar?a=&b=: both records field by field, the default pick, the conflicts and the links each holds. */
export const compararQuerySchema = z.object({ a: uuid(), b: uuid() });

const valor = z.union([z.string(), z.number(), z.boolean()]).nullable();
export const comparacaoSchema = z.object({
  a: z.object({ id: z.uuid(), nome: z.string(), lock_version: z.number(), updated_at: z.string() }),
  b: z.object({ id: z.uuid(), nome: z.string(), lock_version: z.number(), updated_at: z.string() }),
  duplicado_id: z.uuid().nullable(),
  campos: z.array(z.object({ campo: z.string(), rotulo: z.string(), a: valor, b: valor, padrao: lado })),
  /** What refuses the merge (two active families, two active individual registrations): shown before, 422 on POST. */
  conflitos: z.array(z.string()),
  /** Rows pointing at each record, by table label: what the merge moves to the survivor. */
  vinculos: z.object({ a: z.record(z.string(), z.number()), b: z.record(z.string(), z.number()) }),
});
export type Comparacao = z.infer<typeof comparacaoSchema>;

/** POST /: merge b into a or a into b; each field from the side picked (the default when left out). */
export const unificarInputSchema = z
  .object({
    municipe_a_id: uuid(),
    municipe_b_id: uuid(),
    sobrevivente: lado,
    escolhas: z.partialRecord(z.enum(CAMPOS_UNIFICAVEIS), lado).default({}),
    lock_version_a: versao(),
    lock_version_b: versao(),
  })
  .refine((v) => v.municipe_a_id !== v.municipe_b_id, { path: ['municipe_b_id'], error: msg.naoEValido });
export type UnificarInput = z.input<typeof unificarInputSchema>;

export const unificacaoSchema = z.object({
  id: z.uuid(),
  sobrevivente_id: z.uuid(),
  sobrevivente_nome: z.string(),
  absorvido_id: z.uuid(),
  absorvido_nome: z.string(),
  unificado_em: z.string(),
  desfeito_em: z.string().nullable(),
  /** Until when the undo is allowed (the municipality's period, ferramentas/parametrizacao). */
  desfazer_ate: z.string(),
  /** Links moved, by table. */
  movidos: z.record(z.string(), z.number()),
});
export type Unificacao = z.infer<typeof unificacaoSchema>;

export const unificacaoFiltersSchema = paginationSchema.extend({
  municipe_id: uuid().optional(),
  /** The merges this citizen received (it is the record that stayed). */
  sobrevivente_id: uuid().optional(),
  /**
   * true: only the merges DELETE /:id would undo now (not undone, within the period, the survivor not edited since);
   * false: only the others. The survivor's record asks `sobrevivente_id` + `desfazivel=true` for its notice.
   */
  desfazivel: z.stringbool({ error: msg.naoEValido }).optional(),
});
export type UnificacaoFilters = z.infer<typeof unificacaoFiltersSchema>;

/** The whole-registry search: its progress, polled by the queue screen. */
export const buscaDuplicadosSchema = z.object({
  id: z.uuid(),
  situacao: z.enum(['em_andamento', 'concluida', 'falhou']),
  etapas: z.number(),
  etapas_concluidas: z.number(),
  encontrados: z.number(),
  iniciada_em: z.string(),
  concluida_em: z.string().nullable(),
});
export type BuscaDuplicados = z.infer<typeof buscaDuplicadosSchema>;
export const buscaAtualSchema = z.object({ busca: buscaDuplicadosSchema.nullable() });
