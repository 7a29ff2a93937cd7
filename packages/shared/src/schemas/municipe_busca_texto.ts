// Reading the citizen search box and counting the advanced search's filters: apart from the schemas, so the list screen
// takes them without the validation library (issue 15). Re-exported by municipe_busca.ts.
import { msg } from '../messages';
import { brToIso } from '../validation/dates';
import { onlyDigits } from '../validation/digits';

/** Letters or digits a search needs (spec §5 'deve conter pelo menos %{1} caracteres'). */
const BUSCA_MINIMO = 3;
/** Name words read from a search; more narrow nothing a person would type. */
const BUSCA_MAX_PALAVRAS = 6;

/** 'João  da Conceição' → ['joao', 'da', 'conceicao']: what immutable_unaccent(lower()) does to the stored names. */
function palavrasDe(text: string): string[] {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
}

/**
 * The name words a search looks for: those of at least 3 letters ('da', 'de' narrow nothing a trigram index can use),
 * at most 6. Empty when the text holds none (the search then answers 'deve conter pelo menos 3 caracteres').
 */
export const palavrasUteis = (text: string): string[] =>
  palavrasDe(text)
    .filter((w) => w.length >= BUSCA_MINIMO)
    .slice(0, BUSCA_MAX_PALAVRAS);

/** What the list's one search box was given (the API builds its query from this; the web checks it before asking). */
type BuscaSimples =
  | { tipo: 'tudo' }
  | { tipo: 'nascimento'; iso: string }
  /** 11 digits a CPF, 15 a CNS or provisional card, 3–14 the start of a CPF or CNS. */
  | { tipo: 'documento'; digitos: string }
  | { tipo: 'nome'; texto: string; palavras: string[] }
  | { tipo: 'invalida'; mensagem: string };

/** Reads the search box: a dd/MM/yyyy date, digits with or without mask, or name words — or why it cannot be read. */
export function interpretarBusca(q: string | undefined): BuscaSimples {
  const text = (q ?? '').trim();
  if (text === '') return { tipo: 'tudo' };
  if (/^\d{1,2}\/\d{1,2}\/\d{4}$/.test(text)) {
    const [d, m, y] = text.split('/');
    const iso = brToIso(`${d!.padStart(2, '0')}/${m!.padStart(2, '0')}/${y}`);
    return iso ? { tipo: 'nascimento', iso } : { tipo: 'invalida', mensagem: msg.dateFormat };
  }
  if (/^[\d\s.\-/]+$/.test(text)) {
    const digitos = onlyDigits(text);
    if (digitos.length < BUSCA_MINIMO) return { tipo: 'invalida', mensagem: msg.min(BUSCA_MINIMO) };
    if (digitos.length > 15) return { tipo: 'invalida', mensagem: msg.naoEValido };
    return { tipo: 'documento', digitos };
  }
  const palavras = palavrasUteis(text);
  if (palavras.length === 0) return { tipo: 'invalida', mensagem: msg.min(BUSCA_MINIMO) };
  return { tipo: 'nome', texto: text, palavras };
}

export const BUSCA_AVANCADA_MINIMO_FILTROS = 2;

/**
 * A name search with more matches than this is broad (issue 41): "maria silv" matches 7 % of a registry, 835,000 people
 * at São Paulo's size, and ranking or counting them all takes seconds. Only its first 1,001 matches are ranked, its
 * total says "mais de 1.000", and the list asks to narrow it (msg.buscaAmpla).
 */
export const LIMITE_RANQUEAMENTO = 1_000;

/** The fields of the advanced search (issue 5), named as the citizen's fields. */
export const buscaAvancadaCampos = [
  'nome',
  'nome_social',
  'nome_mae',
  'nome_pai',
  'data_nascimento',
  'cpf_numero',
  'codigo_cns',
  'telefone',
  'residencia_logradouro',
  'unidade_saude_referencia_id',
  'micro_area',
] as const;
export type BuscaAvancadaCampo = (typeof buscaAvancadaCampos)[number];

/** How many advanced-search filters hold a value. */
export function contarFiltrosBuscaAvancada(f: Partial<Record<BuscaAvancadaCampo, unknown>>): number {
  return buscaAvancadaCampos.filter((c) => {
    const v = f[c];
    return v !== undefined && v !== null && !(typeof v === 'string' && v.trim() === '');
  }).length;
}
