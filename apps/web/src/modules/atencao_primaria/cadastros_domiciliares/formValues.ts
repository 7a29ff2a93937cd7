// The household form's values and their mapping to and from the API (issue 7). The rules are the shared ones
// (cadastroDomiciliarInputSchema with cadastroDomiciliarIssues), run on the very body the form would send, so the
// browser and the API answer with the same messages.
import { z } from 'zod';
import { isValidTime, msg, zonedDateTimeToIso } from '@saude/shared';
import {
  cadastroDomiciliarInputSchema,
  normalizarCadastroDomiciliar,
  TIPO_IMOVEL_DOMICILIO,
  type CadastroDomiciliar,
  type CadastroDomiciliarInput,
  type CadastroDomiciliarValues,
} from '@saude/shared/schemas/cadastro_domiciliar';
import { emptyValues, omitEmpty, pickValues } from '../../../lib/form/values';
import { agoraParaCadastro, campoDoCabecalho, ROTULOS_CABECALHO } from '../comum/CabecalhoEsus';

const num = () => z.number().nullable();
const bool3 = () => z.boolean().nullable();
/** Text as the kit's fields write it: null when empty. */
const texto = () => z.string().nullable();

const camposSchema = z.object({
  equipe_id: texto(),
  st_micro_area: texto(),
  fora_area: z.boolean(),
  /** yyyy-MM-dd and HH:mm in São Paulo; joined into one ISO timestamp for the API. */
  data_cadastro_data: texto(),
  data_cadastro_hora: texto(),
  cep: texto(),
  uf: texto(),
  municipio_ibge: texto(),
  /** The municipality's name, for the address block's select only (the API keeps the IBGE code). */
  municipio_nome: texto(),
  tipo_logradouro: texto(),
  logradouro: texto(),
  numero: texto(),
  sem_numero: z.boolean(),
  complemento: texto(),
  bairro: texto(),
  ponto_referencia: texto(),
  tipo_imovel_id: num(),
  telefone_residencial: texto(),
  telefone_contato: texto(),
  situacao_moradia_id: num(),
  localizacao_id: num(),
  tipo_domicilio_id: num(),
  condicao_posse_terra_id: num(),
  numero_moradores: num(),
  numero_comodos: num(),
  tipo_acesso_id: num(),
  material_paredes_id: num(),
  energia_eletrica: bool3(),
  tipo_origem_energia_eletrica_id: num(),
  abastecimento_agua_id: num(),
  tratamento_agua_id: num(),
  escoamento_sanitario_id: num(),
  destino_lixo_id: num(),
  possui_animais: bool3(),
  animal_ids: z.array(z.number()),
  quantidade_animais: num(),
  instituicao_nome: texto(),
  instituicao_responsavel_nome: texto(),
  instituicao_responsavel_cns: texto(),
  instituicao_responsavel_cargo: texto(),
  instituicao_responsavel_telefone: texto(),
  instituicao_outros_profissionais: bool3(),
  termo_recusa: z.boolean(),
  temperatura: num(),
  glicemia: num(),
  momento_coleta_glicemia_id: num(),
  pressao_sistolica: num(),
  pressao_diastolica: num(),
});
const CAMPOS = Object.keys(camposSchema.shape) as Array<keyof z.input<typeof camposSchema>>;
/** The fields a saved household gives back as they are (its timestamp is split into date and hour). */
const CAMPOS_DO_REGISTRO = CAMPOS.filter((k) => k !== 'data_cadastro_data' && k !== 'data_cadastro_hora') as Array<
  Exclude<(typeof CAMPOS)[number], 'data_cadastro_data' | 'data_cadastro_hora'>
>;

export const domicilioFormSchema = camposSchema.superRefine((v, ctx) => {
  const add = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
  if (!v.data_cadastro_data) add('data_cadastro_data', msg.obrigatorio);
  if (!isValidTime(v.data_cadastro_hora)) add('data_cadastro_hora', msg.obrigatorio);
  const r = cadastroDomiciliarInputSchema.safeParse(formParaApi(v));
  if (r.success) return;
  const vistos = new Set<string>();
  for (const issue of r.error.issues) {
    const campo = campoDoCabecalho(String(issue.path[0] ?? ''));
    // One message per field, the first: the summary lists each field once.
    if (vistos.has(campo) || (campo === 'data_cadastro_data' && !v.data_cadastro_data)) continue;
    vistos.add(campo);
    add(campo, issue.message);
  }
});

export type DomicilioFormValues = z.input<typeof domicilioFormSchema>;

/** A new household: a home (the common case), dated now (spec §5: date and time default to now, editable). */
export function novoDomicilio(agora = new Date()): DomicilioFormValues {
  return {
    ...emptyValues(CAMPOS),
    fora_area: false,
    sem_numero: false,
    possui_animais: null,
    termo_recusa: false,
    animal_ids: [],
    tipo_imovel_id: TIPO_IMOVEL_DOMICILIO,
    ...agoraParaCadastro(agora),
  };
}

export const domicilioParaForm = (c: CadastroDomiciliar): DomicilioFormValues => ({
  ...pickValues(c, CAMPOS_DO_REGISTRO),
  ...agoraParaCadastro(c.data_cadastro),
});

/**
 * Form → API body, cleared by the shared normalizer of what does not apply (property type, refusal, rural area,
 * electricity, animals), so a hidden answer is never sent. Header fields the form does not edit (unit, professional,
 * occupation) go as read on edit and are left out on create, where the API fills them from the user's assignment.
 */
export function formParaApi(v: DomicilioFormValues, atual?: CadastroDomiciliar): CadastroDomiciliarInput {
  const { data_cadastro_data, data_cadastro_hora, municipio_nome: _nome, ...respostas } = v;
  const body = {
    unidade_saude_id: atual?.unidade_saude_id,
    profissional_id: atual?.profissional_id,
    ocupacao_id: atual?.ocupacao_id,
    ...omitEmpty(respostas),
    data_cadastro: zonedDateTimeToIso(data_cadastro_data, data_cadastro_hora) ?? undefined,
  };
  // The normalizer reads the answers only: the body's loose input shape is what it clears.
  return normalizarCadastroDomiciliar(body as CadastroDomiciliarValues) as CadastroDomiciliarInput;
}

/** Labels of the save summary (spec §8 'verifique o(s) seguinte(s) campo(s)'). */
export const ROTULOS: Record<string, string> = {
  ...ROTULOS_CABECALHO,
  st_micro_area: 'Micro-área',
  cep: 'CEP',
  uf: 'UF',
  municipio_ibge: 'Município',
  tipo_logradouro: 'Tipo de logradouro',
  logradouro: 'Logradouro',
  numero: 'Número',
  complemento: 'Complemento',
  bairro: 'Bairro',
  ponto_referencia: 'Ponto de referência',
  tipo_imovel_id: 'Tipo de imóvel',
  telefone_residencial: 'Telefone residencial',
  telefone_contato: 'Telefone de contato',
  situacao_moradia_id: 'Situação de moradia',
  localizacao_id: 'Localização',
  tipo_domicilio_id: 'Tipo de domicílio',
  condicao_posse_terra_id: 'Condição de posse e uso da terra',
  numero_moradores: 'Número de moradores',
  numero_comodos: 'Número de cômodos',
  tipo_acesso_id: 'Tipo de acesso ao domicílio',
  material_paredes_id: 'Material predominante das paredes',
  energia_eletrica: 'Disponibilidade de energia elétrica',
  tipo_origem_energia_eletrica_id: 'Origem da energia elétrica',
  abastecimento_agua_id: 'Abastecimento de água',
  tratamento_agua_id: 'Água para consumo',
  escoamento_sanitario_id: 'Forma de escoamento do banheiro',
  destino_lixo_id: 'Destino do lixo',
  animal_ids: 'Quais animais',
  quantidade_animais: 'Quantos animais',
  instituicao_nome: 'Nome da instituição',
  instituicao_responsavel_nome: 'Nome do responsável técnico',
  instituicao_responsavel_cns: 'CNS do responsável técnico',
  instituicao_responsavel_cargo: 'Cargo na instituição',
  instituicao_responsavel_telefone: 'Telefone do responsável técnico',
  temperatura: 'Temperatura',
  glicemia: 'Glicemia capilar',
  momento_coleta_glicemia_id: 'Momento da coleta',
  pressao_sistolica: 'Pressão sistólica',
  pressao_diastolica: 'Pressão diastólica',
};
