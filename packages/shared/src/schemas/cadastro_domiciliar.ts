import { z } from 'zod';
import { abastecimentoAgua } from '../codes/abastecimento_agua';
import { animalNoDomicilio } from '../codes/animal_no_domicilio';
import { cboCadastroDomiciliarCodigos } from '../codes/cbo_cadastro_domiciliar';
import { condicaoPosseUsoTerra } from '../codes/condicao_posse_uso_terra';
import { destinoLixo } from '../codes/destino_lixo';
import { escoamentoSanitario } from '../codes/escoamento_sanitario';
import { localizacaoMoradia } from '../codes/localizacao_moradia';
import { materialParedes } from '../codes/material_paredes';
import { situacaoMoradia } from '../codes/situacao_moradia';
import { tipoAcessoDomicilio } from '../codes/tipo_acesso_domicilio';
import { tipoDomicilio } from '../codes/tipo_domicilio';
import { tipoImovel } from '../codes/tipo_imovel';
import { tipoOrigemEnergiaEletrica } from '../codes/tipo_origem_energia_eletrica';
import { tratamentoAgua } from '../codes/tratamento_agua';
import { msg } from '../messages';
import { onlyDigits } from '../validation/digits';
import { optionalText, zCns, zInteger, zNumber, zPhone, zRequired } from '../validation/zod';
import { paginationSchema } from './auth';
import {
  codigo,
  codigoObrigatorio,
  codigos,
  given,
  inputBody,
  microArea,
  opt,
  optionalUuid,
  simNao,
  simNaoOpcional,
  SINAIS_VITAIS,
  sinaisVitaisFields,
  sinaisVitaisIssues,
  str,
  updateBody,
  zDataHora,
  enderecoImovelFields,
  CAMPOS_ENDERECO_IMOVEL,
  cabecalhoEsusFields,
} from './comum';
import type { Issue, Loose } from './comum';
import {
  cabecalhoSchema,
  coordenadasSchema,
  nullableNumber as n,
  nullableString as s,
  ocupacaoSchema,
  registroSchema,
  sinaisVitaisSchema,
  enderecoImovelSchema,
  familiaResumoSchema,
} from './resposta';

// The household registration (cadastro domiciliar e territorial) of spec §3, issue 7. Field names are the spec's;
// codes are the e-SUS `codigo`. The form changes with the property type as e-SUS does (LEDI "Cadastro Domiciliar e
// Territorial"): a home (1) answers the living conditions and animals, an institution (7–11) the institution block
// and a few living conditions, other properties (commerce, vacant lot, school…) only the address.

// ---- property types ----------------------------------------------------------------------------------

export const TIPO_IMOVEL_DOMICILIO = 1;
/** Long-stay institutions: shelter, elderly home, prison, socio-educational unit, police station. */
const TIPOS_IMOVEL_INSTITUICAO: readonly number[] = [7, 8, 9, 10, 11];
export const LOCALIZACAO_RURAL = 84;

export const ehDomicilio = (tipo: unknown) => Number(tipo) === TIPO_IMOVEL_DOMICILIO;
export const ehInstituicao = (tipo: unknown) => TIPOS_IMOVEL_INSTITUICAO.includes(Number(tipo));
/** LEDI CondicaoMoradia: homes and institutions only. */
export const temCondicoesMoradia = (tipo: unknown) => ehDomicilio(tipo) || ehInstituicao(tipo);

/** Living-condition fields only a home answers (LEDI: not for property types 7–11 and 13). */
const CAMPOS_SOMENTE_DOMICILIO = [
  'telefone_residencial',
  'situacao_moradia_id',
  'tipo_domicilio_id',
  'condicao_posse_terra_id',
  'numero_comodos',
  'tipo_acesso_id',
  'material_paredes_id',
  'possui_animais',
  'animal_ids',
  'quantidade_animais',
] as const;
/** Living-condition fields homes and institutions answer. */
const CAMPOS_CONDICOES_MORADIA = [
  'localizacao_id',
  'numero_moradores',
  'energia_eletrica',
  'tipo_origem_energia_eletrica_id',
  'abastecimento_agua_id',
  'tratamento_agua_id',
  'escoamento_sanitario_id',
  'destino_lixo_id',
] as const;
/** The address and contact: asked unless the residents refused the registration (termo de recusa). */
const CAMPOS_ENDERECO = [...CAMPOS_ENDERECO_IMOVEL, 'ponto_referencia', 'telefone_contato'] as const;
const CAMPOS_INSTITUICAO = [
  'instituicao_nome',
  'instituicao_responsavel_nome',
  'instituicao_responsavel_cns',
  'instituicao_responsavel_cargo',
  'instituicao_responsavel_telefone',
  'instituicao_outros_profissionais',
] as const;

/** WGS 84 ranges; 6 decimals (about 0.1 m) is what the columns keep (numeric(9,6)). */
export const COORDENADAS = { latitude: [-90, 90], longitude: [-180, 180], casas: 6 } as const;
const CAMPOS_COORDENADAS = ['latitude', 'longitude'] as const;

// ---- input -----------------------------------------------------------------------------------------

const quantidade = (max: number) => opt(zInteger({ between: [1, max] }));

export const cadastroDomiciliarFieldsSchema = z.object({
  // Header. The API fills unit (current), professional, team and occupation from the user's team assignment.
  ...cabecalhoEsusFields(cboCadastroDomiciliarCodigos),
  /** ISO timestamp; the API defaults to now. Editable, never in the future. */
  data_cadastro: opt(zDataHora()).meta({ label: 'Data do cadastro' }),
  /** Two-digit micro-area; required unless fora_area. */
  st_micro_area: microArea().meta({ label: 'Micro-área' }),
  fora_area: simNao().meta({ label: 'Fora de área' }),
  // Address.
  ...enderecoImovelFields,
  ponto_referencia: optionalText({ max: 40 }).meta({ label: 'Ponto de referência' }),
  tipo_imovel_id: codigoObrigatorio(tipoImovel).meta({ label: 'Tipo de imóvel' }),
  telefone_residencial: opt(zPhone()).meta({ label: 'Telefone residencial' }),
  telefone_contato: opt(zPhone()).meta({ label: 'Telefone de contato' }),
  // The home's position (WGS 84) for the map of notified cases (issue 18): typed or from the tablet's GPS.
  latitude: opt(zNumber({ between: COORDENADAS.latitude, decimals: COORDENADAS.casas })).meta({ label: 'Latitude' }),
  longitude: opt(zNumber({ between: COORDENADAS.longitude, decimals: COORDENADAS.casas })).meta({ label: 'Longitude' }),
  // Living conditions.
  situacao_moradia_id: codigo(situacaoMoradia).meta({ label: 'Situação de moradia' }),
  localizacao_id: codigo(localizacaoMoradia).meta({ label: 'Localização' }),
  tipo_domicilio_id: codigo(tipoDomicilio).meta({ label: 'Tipo de domicílio' }),
  /** Land tenure (rural area only). */
  condicao_posse_terra_id: codigo(condicaoPosseUsoTerra).meta({ label: 'Condição de posse e uso da terra' }),
  numero_moradores: quantidade(9999).meta({ label: 'Número de moradores' }),
  numero_comodos: quantidade(99).meta({ label: 'Número de cômodos' }),
  tipo_acesso_id: codigo(tipoAcessoDomicilio).meta({ label: 'Tipo de acesso ao domicílio' }),
  material_paredes_id: codigo(materialParedes).meta({ label: 'Material predominante das paredes' }),
  energia_eletrica: simNaoOpcional().meta({ label: 'Disponibilidade de energia elétrica' }),
  tipo_origem_energia_eletrica_id: codigo(tipoOrigemEnergiaEletrica).meta({ label: 'Origem da energia elétrica' }),
  abastecimento_agua_id: codigo(abastecimentoAgua).meta({ label: 'Abastecimento de água' }),
  tratamento_agua_id: codigo(tratamentoAgua).meta({ label: 'Água para consumo' }),
  escoamento_sanitario_id: codigo(escoamentoSanitario).meta({ label: 'Forma de escoamento do banheiro' }),
  destino_lixo_id: codigo(destinoLixo).meta({ label: 'Destino do lixo' }),
  possui_animais: simNaoOpcional().meta({ label: 'Tem animais no domicílio' }),
  animal_ids: codigos(animalNoDomicilio).meta({ label: 'Quais animais' }),
  quantidade_animais: quantidade(99).meta({ label: 'Quantos animais' }),
  // Institution.
  instituicao_nome: optionalText({ max: 100 }).meta({ label: 'Nome da instituição' }),
  instituicao_responsavel_nome: optionalText({ min: 3, max: 70 }).meta({ label: 'Nome do responsável técnico' }),
  instituicao_responsavel_cns: opt(zCns()).meta({ label: 'CNS do responsável técnico' }),
  instituicao_responsavel_cargo: optionalText({ max: 100 }).meta({ label: 'Cargo na instituição' }),
  instituicao_responsavel_telefone: opt(zPhone()).meta({ label: 'Telefone do responsável técnico' }),
  instituicao_outros_profissionais: simNaoOpcional().meta({
    label: 'Outros profissionais de saúde vinculados à instituição',
  }),
  /** The residents refused the registration: only the header, the property type and the micro-area are kept. */
  termo_recusa: simNao().meta({ label: 'Termo de recusa' }),
  ...sinaisVitaisFields,
});

/** Spec §5/LEDI rules that relate fields. Pure: the form and the API run the same ones. */
export function cadastroDomiciliarIssues(v: Loose): Issue[] {
  const issues: Issue[] = [];
  const req = (field: string) => issues.push({ path: [field], message: msg.obrigatorio });
  if (v.fora_area !== true && !str(v.st_micro_area)) req('st_micro_area');
  if (v.termo_recusa !== true) {
    for (const f of ['cep', 'uf', 'municipio_ibge', 'tipo_logradouro', 'logradouro', 'bairro'] as const)
      if (!str(v[f])) req(f);
    if (v.sem_numero !== true && !str(v.numero)) req('numero');
    // A position is a pair: one coordinate alone puts the home nowhere.
    if (given(v.latitude) !== given(v.longitude)) {
      const falta = given(v.latitude) ? 'longitude' : 'latitude';
      issues.push({ path: [falta], message: msg.coordenadaSemPar(falta === 'latitude' ? 'longitude' : 'latitude') });
    }
    const tipo = v.tipo_imovel_id;
    if (temCondicoesMoradia(tipo) && !given(v.localizacao_id)) req('localizacao_id');
    if (ehDomicilio(tipo)) {
      if (!given(v.situacao_moradia_id)) req('situacao_moradia_id');
      if (v.possui_animais === true) {
        const escolhidos = Array.isArray(v.animal_ids) ? v.animal_ids.length : 0;
        if (escolhidos === 0) req('animal_ids');
        const qtd = Number(v.quantidade_animais);
        if (given(v.quantidade_animais) && Number.isFinite(qtd) && qtd < escolhidos) {
          issues.push({ path: ['quantidade_animais'], message: msg.maiorOuIgualQue(escolhidos) });
        }
      }
    }
    if (ehInstituicao(tipo) && !str(v.instituicao_responsavel_nome)) req('instituicao_responsavel_nome');
    issues.push(...sinaisVitaisIssues(v));
  }
  return issues;
}

export type CadastroDomiciliarValues = z.output<typeof cadastroDomiciliarFieldsSchema>;

/** What a cleared field holds: an empty list, an unchecked box, or nothing (stored null). */
const vazio = (f: string) => (f === 'animal_ids' ? [] : f === 'sem_numero' ? false : undefined);

/**
 * Clears what is not asked: what does not apply to the property type, and with a refusal everything but the header, the
 * property type and the micro-area (the form hides it; an API client's answers to it are ignored). Then the land tenure
 * outside a rural area, the electricity's origin without electricity and the animals without a yes.
 */
export function normalizarCadastroDomiciliar<T extends CadastroDomiciliarValues>(v: T): T {
  const out: Record<string, unknown> = { ...v };
  const clear = (fields: readonly string[]) => {
    for (const f of fields) out[f] = vazio(f);
  };
  if (v.fora_area) out.st_micro_area = undefined;
  if (v.sem_numero) out.numero = undefined;
  if (v.termo_recusa) clear([...CAMPOS_ENDERECO, ...CAMPOS_COORDENADAS, ...SINAIS_VITAIS]);
  if (v.termo_recusa || !ehDomicilio(v.tipo_imovel_id)) clear(CAMPOS_SOMENTE_DOMICILIO);
  if (v.termo_recusa || !temCondicoesMoradia(v.tipo_imovel_id)) clear(CAMPOS_CONDICOES_MORADIA);
  if (v.termo_recusa || !ehInstituicao(v.tipo_imovel_id)) clear(CAMPOS_INSTITUICAO);
  if (out.localizacao_id !== LOCALIZACAO_RURAL) out.condicao_posse_terra_id = undefined;
  if (out.energia_eletrica !== true) out.tipo_origem_energia_eletrica_id = undefined;
  if (out.possui_animais !== true) {
    out.animal_ids = [];
    out.quantidade_animais = undefined;
  }
  return out as T;
}

/** POST body. */
export const cadastroDomiciliarInputSchema = inputBody(cadastroDomiciliarFieldsSchema, cadastroDomiciliarIssues);
export type CadastroDomiciliarInput = z.input<typeof cadastroDomiciliarInputSchema>;

/** PUT body: as read, with the lock_version it was read at (stale → 409). */
export const cadastroDomiciliarUpdateSchema = updateBody(cadastroDomiciliarFieldsSchema, cadastroDomiciliarIssues);
export type CadastroDomiciliarUpdate = z.input<typeof cadastroDomiciliarUpdateSchema>;

// ---- what the API answers --------------------------------------------------------------------------------

/** A family as the household shows it (its `familias` tab). */
const familiaDoDomicilioSchema = z.object({
  ...familiaResumoSchema,
  mudou: z.boolean(),
  vinculado_em: s(),
});
export type FamiliaDoDomicilio = z.infer<typeof familiaDoDomicilioSchema>;

/** GET /api/v1/atencao_primaria/cadastros_domiciliares/{id} (also at /api/atencao_primaria/…, spec §7). */
export const cadastroDomiciliarSchema = z.object({
  ...registroSchema,
  ...cabecalhoSchema,
  ...ocupacaoSchema,
  data_cadastro: z.string(),
  st_micro_area: s(),
  fora_area: z.boolean(),
  ...enderecoImovelSchema,
  municipio_nome: s(),
  ponto_referencia: s(),
  tipo_imovel_id: z.number(),
  telefone_residencial: s(),
  telefone_contato: s(),
  ...coordenadasSchema,
  situacao_moradia_id: n(),
  localizacao_id: n(),
  tipo_domicilio_id: n(),
  condicao_posse_terra_id: n(),
  numero_moradores: n(),
  numero_comodos: n(),
  tipo_acesso_id: n(),
  material_paredes_id: n(),
  energia_eletrica: z.boolean().nullable(),
  tipo_origem_energia_eletrica_id: n(),
  abastecimento_agua_id: n(),
  tratamento_agua_id: n(),
  escoamento_sanitario_id: n(),
  destino_lixo_id: n(),
  possui_animais: z.boolean().nullable(),
  animal_ids: z.array(z.number()),
  quantidade_animais: n(),
  instituicao_nome: s(),
  instituicao_responsavel_nome: s(),
  instituicao_responsavel_cns: s(),
  instituicao_responsavel_cargo: s(),
  instituicao_responsavel_telefone: s(),
  instituicao_outros_profissionais: z.boolean().nullable(),
  termo_recusa: z.boolean(),
  ...sinaisVitaisSchema,
  familias: z.array(familiaDoDomicilioSchema),
});
export type CadastroDomiciliar = z.infer<typeof cadastroDomiciliarSchema>;

/** A row of the list. `endereco` is the one-line address ('Rua X, 12 - Bairro'). */
export const cadastroDomiciliarListItemSchema = z.object({
  id: z.uuid(),
  endereco: z.string(),
  cep: s(),
  tipo_imovel_id: z.number(),
  st_micro_area: s(),
  fora_area: z.boolean(),
  ...cabecalhoSchema,
  numero_familias: z.int(),
  data_cadastro: z.string(),
  termo_recusa: z.boolean(),
});
export type CadastroDomiciliarListItem = z.infer<typeof cadastroDomiciliarListItemSchema>;

/** GET list filters (issue 7). */
export const cadastroDomiciliarFiltersSchema = paginationSchema.extend({
  /** Part of the street, number, district or reference point (accents and case do not matter). */
  endereco: optionalText({ max: 100 }),
  cep: opt(
    zRequired()
      .refine((v) => /^[\d.-]+$/.test(v) && onlyDigits(v).length <= 8, { error: msg.naoEValido })
      .transform(onlyDigits),
  ),
  micro_area: microArea(),
  equipe_id: optionalUuid(),
  profissional_id: optionalUuid(),
  unidade_saude_id: optionalUuid(),
  tipo_imovel_id: codigo(tipoImovel),
});
export type CadastroDomiciliarFilters = z.infer<typeof cadastroDomiciliarFiltersSchema>;

// ---- linking families (the household's `familias` tab) ----------------------------------------------------

/** POST /cadastros_domiciliares/{id}/familias. `confirmar` answers the 409 'responsavel_em_outro_domicilio' question. */
export const vincularFamiliaSchema = z.object({
  familia_id: z.uuid({ error: (iss) => (iss.input == null || iss.input === '' ? msg.obrigatorio : msg.naoEValido) }),
  confirmar: simNao(),
});
export type VincularFamiliaInput = z.input<typeof vincularFamiliaSchema>;

/** The 409 body that asks the user to confirm (spec §8 "CNS already linked as family head to a home"). */
export const CONFIRMACAO_RESPONSAVEL_EM_OUTRO_DOMICILIO = 'responsavel_em_outro_domicilio';
