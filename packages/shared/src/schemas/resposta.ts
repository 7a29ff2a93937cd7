import { z } from 'zod';

// The kit of what the API answers (response schemas): nullable columns, a stored record's stamps, the headers and
// blocks several records answer alike. Input field helpers live in comum.ts, which re-exports these.

const s = () => z.string().nullable();

/** A record named in an answer (an option, a reference): its id and name. */
export const nomeadoSchema = z.object({ id: z.uuid(), nome: z.string() });

/** A stored record's version and timestamps. */
export const carimbosSchema = { lock_version: z.int(), created_at: z.string(), updated_at: z.string() };
/** What every stored record answers first: its id, version and timestamps. */
export const registroSchema = { id: z.uuid(), ...carimbosSchema };
/** The stamps of registroSchema a list row leaves out (`recordSchema.omit({ ...estampas, … })`): only the id stays. */
export const estampas = { lock_version: true, created_at: true, updated_at: true } as const;

/** The e-SUS header of a primary-care record as answered: unit, professional and team, with their names. */
const unidadeProfissionalSchema = {
  unidade_saude_id: z.string(),
  unidade_saude_nome: s(),
  profissional_id: z.string(),
  profissional_nome: s(),
};
export const cabecalhoSchema = { ...unidadeProfissionalSchema, equipe_id: s(), equipe_nome: s() };
/** The occupation (CBO) a record was made as, with its name. */
export const ocupacaoSchema = { ocupacao_id: z.string(), ocupacao_nome: s() };
/** The urgent-care header as answered: unit and professional, with the occupation (CBO) they recorded as. */
export const cabecalhoOcupacaoSchema = { ...unidadeProfissionalSchema, ...ocupacaoSchema };
/** A property's address as answered (the household, the visit): as enderecoImovelFields, '' read back as null. */
export const enderecoImovelSchema = {
  cep: s(),
  uf: s(),
  municipio_ibge: s(),
  tipo_logradouro: s(),
  logradouro: s(),
  numero: s(),
  sem_numero: z.boolean(),
  complemento: s(),
  bairro: s(),
};

/** The head of a family (responsável familiar), as every answer about a family names it. */
export const responsavelSchema = { responsavel_id: z.uuid(), responsavel_nome: z.string() };

/** A family in a list (its head, record number and size): the family list and the household's families tab. */
export const familiaResumoSchema = {
  id: z.uuid(),
  ...responsavelSchema,
  responsavel_cns: s(),
  /** The head has died (exit by death or a death date): shown "Óbito". */
  responsavel_obito: z.boolean(),
  numero_prontuario: s(),
  numero_membros: z.int(),
};
const n = () => z.number().nullable();
export const nullableString = s;
export const nullableNumber = n;

/** A point on the map (a home's coordinates), null until known. */
export const coordenadasSchema = { latitude: n(), longitude: n() };

/** Vitals as the API answers them. */
export const sinaisVitaisSchema = {
  temperatura: n(),
  glicemia: n(),
  momento_coleta_glicemia_id: n(),
  pressao_sistolica: n(),
  pressao_diastolica: n(),
};
