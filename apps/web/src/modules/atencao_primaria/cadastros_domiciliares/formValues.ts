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
import { agoraParaCadastro, campoDoCabecalho, ROTULOS_CABECALHO } from '../comum/CabecalhoEsus';

const num = () => z.number().nullable();
const bool3 = () => z.boolean().nullable();
/** Text as the kit's fields write it: null when empty. */
const texto = () => z.string().nullable();

export const domicilioFormSchema = z
  .object({
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
    possui_animais: z.boolean(),
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
  })
  .superRefine((v, ctx) => {
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
    equipe_id: null,
    st_micro_area: null,
    fora_area: false,
    ...agoraParaCadastro(agora),
    cep: null,
    uf: null,
    municipio_ibge: null,
    municipio_nome: null,
    tipo_logradouro: null,
    logradouro: null,
    numero: null,
    sem_numero: false,
    complemento: null,
    bairro: null,
    ponto_referencia: null,
    tipo_imovel_id: TIPO_IMOVEL_DOMICILIO,
    telefone_residencial: null,
    telefone_contato: null,
    situacao_moradia_id: null,
    localizacao_id: null,
    tipo_domicilio_id: null,
    condicao_posse_terra_id: null,
    numero_moradores: null,
    numero_comodos: null,
    tipo_acesso_id: null,
    material_paredes_id: null,
    energia_eletrica: null,
    tipo_origem_energia_eletrica_id: null,
    abastecimento_agua_id: null,
    tratamento_agua_id: null,
    escoamento_sanitario_id: null,
    destino_lixo_id: null,
    possui_animais: false,
    animal_ids: [],
    quantidade_animais: null,
    instituicao_nome: null,
    instituicao_responsavel_nome: null,
    instituicao_responsavel_cns: null,
    instituicao_responsavel_cargo: null,
    instituicao_responsavel_telefone: null,
    instituicao_outros_profissionais: null,
    termo_recusa: false,
    temperatura: null,
    glicemia: null,
    momento_coleta_glicemia_id: null,
    pressao_sistolica: null,
    pressao_diastolica: null,
  };
}

export function domicilioParaForm(c: CadastroDomiciliar): DomicilioFormValues {
  return {
    equipe_id: c.equipe_id,
    st_micro_area: c.st_micro_area,
    fora_area: c.fora_area,
    ...agoraParaCadastro(c.data_cadastro),
    cep: c.cep,
    uf: c.uf,
    municipio_ibge: c.municipio_ibge,
    municipio_nome: c.municipio_nome,
    tipo_logradouro: c.tipo_logradouro,
    logradouro: c.logradouro,
    numero: c.numero,
    sem_numero: c.sem_numero,
    complemento: c.complemento,
    bairro: c.bairro,
    ponto_referencia: c.ponto_referencia,
    tipo_imovel_id: c.tipo_imovel_id,
    telefone_residencial: c.telefone_residencial,
    telefone_contato: c.telefone_contato,
    situacao_moradia_id: c.situacao_moradia_id,
    localizacao_id: c.localizacao_id,
    tipo_domicilio_id: c.tipo_domicilio_id,
    condicao_posse_terra_id: c.condicao_posse_terra_id,
    numero_moradores: c.numero_moradores,
    numero_comodos: c.numero_comodos,
    tipo_acesso_id: c.tipo_acesso_id,
    material_paredes_id: c.material_paredes_id,
    energia_eletrica: c.energia_eletrica,
    tipo_origem_energia_eletrica_id: c.tipo_origem_energia_eletrica_id,
    abastecimento_agua_id: c.abastecimento_agua_id,
    tratamento_agua_id: c.tratamento_agua_id,
    escoamento_sanitario_id: c.escoamento_sanitario_id,
    destino_lixo_id: c.destino_lixo_id,
    possui_animais: c.possui_animais,
    animal_ids: c.animal_ids,
    quantidade_animais: c.quantidade_animais,
    instituicao_nome: c.instituicao_nome,
    instituicao_responsavel_nome: c.instituicao_responsavel_nome,
    instituicao_responsavel_cns: c.instituicao_responsavel_cns,
    instituicao_responsavel_cargo: c.instituicao_responsavel_cargo,
    instituicao_responsavel_telefone: c.instituicao_responsavel_telefone,
    instituicao_outros_profissionais: c.instituicao_outros_profissionais,
    termo_recusa: c.termo_recusa,
    temperatura: c.temperatura,
    glicemia: c.glicemia,
    momento_coleta_glicemia_id: c.momento_coleta_glicemia_id,
    pressao_sistolica: c.pressao_sistolica,
    pressao_diastolica: c.pressao_diastolica,
  };
}

/**
 * Form → API body, cleared by the shared normalizer of what does not apply (property type, refusal, rural area,
 * electricity, animals), so a hidden answer is never sent. Header fields the form does not edit (unit, professional,
 * occupation) go as read on edit and are left out on create, where the API fills them from the user's assignment.
 */
export function formParaApi(v: DomicilioFormValues, atual?: CadastroDomiciliar): CadastroDomiciliarInput {
  const s = (x: string | null | undefined) => (x ? x : undefined);
  const n = <T>(x: T | null | undefined): T | undefined => (x === null ? undefined : x);
  const body = {
    unidade_saude_id: atual?.unidade_saude_id,
    profissional_id: atual?.profissional_id,
    ocupacao_id: atual?.ocupacao_id,
    equipe_id: s(v.equipe_id),
    data_cadastro: zonedDateTimeToIso(v.data_cadastro_data, v.data_cadastro_hora) ?? undefined,
    st_micro_area: s(v.st_micro_area),
    fora_area: v.fora_area,
    cep: s(v.cep),
    uf: s(v.uf),
    municipio_ibge: s(v.municipio_ibge),
    tipo_logradouro: s(v.tipo_logradouro),
    logradouro: s(v.logradouro),
    numero: s(v.numero),
    sem_numero: v.sem_numero,
    complemento: s(v.complemento),
    bairro: s(v.bairro),
    ponto_referencia: s(v.ponto_referencia),
    tipo_imovel_id: n(v.tipo_imovel_id) as number,
    telefone_residencial: s(v.telefone_residencial),
    telefone_contato: s(v.telefone_contato),
    situacao_moradia_id: n(v.situacao_moradia_id),
    localizacao_id: n(v.localizacao_id),
    tipo_domicilio_id: n(v.tipo_domicilio_id),
    condicao_posse_terra_id: n(v.condicao_posse_terra_id),
    numero_moradores: n(v.numero_moradores),
    numero_comodos: n(v.numero_comodos),
    tipo_acesso_id: n(v.tipo_acesso_id),
    material_paredes_id: n(v.material_paredes_id),
    energia_eletrica: n(v.energia_eletrica),
    tipo_origem_energia_eletrica_id: n(v.tipo_origem_energia_eletrica_id),
    abastecimento_agua_id: n(v.abastecimento_agua_id),
    tratamento_agua_id: n(v.tratamento_agua_id),
    escoamento_sanitario_id: n(v.escoamento_sanitario_id),
    destino_lixo_id: n(v.destino_lixo_id),
    possui_animais: v.possui_animais,
    animal_ids: v.animal_ids,
    quantidade_animais: n(v.quantidade_animais),
    instituicao_nome: s(v.instituicao_nome),
    instituicao_responsavel_nome: s(v.instituicao_responsavel_nome),
    instituicao_responsavel_cns: s(v.instituicao_responsavel_cns),
    instituicao_responsavel_cargo: s(v.instituicao_responsavel_cargo),
    instituicao_responsavel_telefone: s(v.instituicao_responsavel_telefone),
    instituicao_outros_profissionais: n(v.instituicao_outros_profissionais),
    termo_recusa: v.termo_recusa,
    temperatura: n(v.temperatura),
    glicemia: n(v.glicemia),
    momento_coleta_glicemia_id: n(v.momento_coleta_glicemia_id),
    pressao_sistolica: n(v.pressao_sistolica),
    pressao_diastolica: n(v.pressao_diastolica),
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
