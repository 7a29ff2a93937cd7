import { brToIso, msg, onlyDigits } from '@saude/shared';
import type { MunicipeBuscaAvancada, MunicipeFilters } from '@saude/shared/schemas/municipe';
import { and, eq, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { municipes, normalized, unidadesSaude } from '../../db/schema';
import { unprocessable } from '../../lib/errors';

// The SQL of the list and of the advanced search (issue 5), kept apart from the service so the benchmark can run the
// very same statement on its own (bench/municipes.ts). Every condition here is served by an index of
// db/schema/municipes.ts: pg_trgm GIN on the normalized names, btree on documents and the birth date.

const MAX_TOKENS = 6;
const MIN_TOKEN = 3;

/** 'João  da Conceição' → ['joao', 'da', 'conceicao']: what immutable_unaccent(lower()) does to the stored names. */
export function tokens(text: string): string[] {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * Name words in any order, each found in `col` as a substring (`exact`), or also, misspelt, by pg_trgm word similarity
 * (`<%`, fuzzy). Words shorter than 3 letters ('da', 'de') narrow nothing a trigram index can use, so they are left
 * out. null when the text holds no usable word.
 */
export function nameCondition(col: SQL, text: string, mode: 'exact' | 'fuzzy'): SQL | null {
  const useful = tokens(text)
    .filter((w) => w.length >= MIN_TOKEN)
    .slice(0, MAX_TOKENS);
  if (useful.length === 0) return null;
  return and(
    ...useful.map((w) =>
      mode === 'exact'
        ? sql`${col} like ${`%${escapeLike(w)}%`}`
        : sql`(${col} like ${`%${escapeLike(w)}%`} or ${w} <% ${col})`,
    ),
  )!;
}

/** Lexicographic upper bound of the strings that start with `digits` ('123' → '124', '129' → '13'); null for '999'. */
export function prefixUpper(digits: string): string | null {
  const trimmed = digits.replace(/9+$/, '');
  if (trimmed === '') return null;
  return trimmed.slice(0, -1) + String(Number(trimmed.at(-1)) + 1);
}

/** Starts with `digits`, as a range a btree answers under any collation. */
function startsWith(col: SQL | AnyPgColumn, digits: string): SQL {
  const upper = prefixUpper(digits);
  return upper ? sql`(${col} >= ${digits} and ${col} < ${upper})` : sql`${col} >= ${digits}`;
}

/**
 * A search statement's filter and ranking. Names are searched in two steps: every word as typed (a substring: fast and
 * exact), and only when that finds nobody, `fallback` tolerates misspellings (pg_trgm `<%`), which reads many more
 * index entries and must run after wordSimilaritySetup in the same transaction.
 */
export type Busca = { where: SQL | undefined; rank: SQL | null; fuzzy: boolean; fallback?: Busca };

/**
 * pg_trgm's default word-similarity threshold (0.6) misses one wrong consonant in a long word ('conseicao' scores 0.54
 * against 'conceicao'); 0.5 finds it. Set per transaction (set_config(..., true)), so pooled connections never change.
 */
export const WORD_SIMILARITY_THRESHOLD = 0.5;
export const wordSimilaritySetup = sql`select set_config('pg_trgm.word_similarity_threshold', ${String(WORD_SIMILARITY_THRESHOLD)}, true)`;

const nomeN = normalized(municipes.nome);
const nomeSocialN = normalized(municipes.nome_social);

/** The one search box of the list: a dd/MM/yyyy date, a CPF/CNS (masked or not, or its first digits), or a name. */
export function buscaSimples(q: string | undefined): Busca {
  const text = (q ?? '').trim();
  if (text === '') return { where: undefined, rank: null, fuzzy: false };
  if (/^\d{1,2}\/\d{1,2}\/\d{4}$/.test(text)) {
    const [d, m, y] = text.split('/');
    const iso = brToIso(`${d!.padStart(2, '0')}/${m!.padStart(2, '0')}/${y}`);
    if (!iso) throw unprocessable({ q: [msg.dateFormat] });
    return { where: eq(municipes.data_nascimento, iso), rank: null, fuzzy: false };
  }
  if (/^[\d\s.\-/]+$/.test(text)) {
    const digits = onlyDigits(text);
    if (digits.length < MIN_TOKEN) throw unprocessable({ q: [msg.min(MIN_TOKEN)] });
    if (digits.length === 11) return { where: eq(municipes.cpf_numero, digits), rank: null, fuzzy: false };
    if (digits.length === 15) {
      return {
        where: or(eq(municipes.codigo_cns, digits), eq(municipes.cartao_provisorio, digits)),
        rank: null,
        fuzzy: false,
      };
    }
    if (digits.length > 15) throw unprocessable({ q: [msg.naoEValido] });
    return {
      where: or(startsWith(municipes.cpf_numero, digits), startsWith(municipes.codigo_cns, digits)),
      rank: null,
      fuzzy: false,
    };
  }
  const joined = tokens(text).join(' ');
  const rank = sql`greatest(word_similarity(${joined}, ${nomeN}), coalesce(word_similarity(${joined}, ${nomeSocialN}), 0))`;
  const step = (mode: 'exact' | 'fuzzy') => {
    const byNome = nameCondition(nomeN, text, mode);
    const bySocial = nameCondition(nomeSocialN, text, mode);
    if (!byNome || !bySocial) throw unprocessable({ q: [msg.min(MIN_TOKEN)] });
    return or(byNome, bySocial);
  };
  return { where: step('exact'), rank, fuzzy: false, fallback: { where: step('fuzzy'), rank, fuzzy: true } };
}

/** The advanced search: every filter given must hold (the two-filter minimum is checked by the caller). */
export function buscaAvancada(f: Partial<MunicipeBuscaAvancada>): Busca {
  const names: Array<[string | undefined, SQL, string]> = [
    [f.nome, nomeN, 'nome'],
    [f.nome_social, nomeSocialN, 'nome_social'],
    [f.nome_mae, normalized(municipes.nome_mae), 'nome_mae'],
    [f.nome_pai, normalized(municipes.nome_pai), 'nome_pai'],
    [f.residencia_logradouro, normalized(municipes.residencia_logradouro), 'residencia_logradouro'],
  ];
  const conds: SQL[] = [];
  if (f.data_nascimento) conds.push(eq(municipes.data_nascimento, f.data_nascimento));
  if (f.cpf_numero)
    conds.push(
      f.cpf_numero.length === 11
        ? eq(municipes.cpf_numero, f.cpf_numero)
        : startsWith(municipes.cpf_numero, f.cpf_numero),
    );
  if (f.codigo_cns) {
    conds.push(
      f.codigo_cns.length === 15
        ? or(eq(municipes.codigo_cns, f.codigo_cns), eq(municipes.cartao_provisorio, f.codigo_cns))!
        : startsWith(municipes.codigo_cns, f.codigo_cns),
    );
  }
  if (f.telefone) {
    conds.push(
      sql`array[${municipes.telefone_residencial}, ${municipes.telefone_celular}, ${municipes.telefone_contato}] @> array[${f.telefone}]::text[]`,
    );
  }
  if (f.unidade_saude_referencia_id)
    conds.push(eq(municipes.unidade_saude_referencia_id, f.unidade_saude_referencia_id));
  if (f.micro_area) conds.push(eq(municipes.micro_area, f.micro_area));
  const rank = f.nome ? sql`word_similarity(${tokens(f.nome).join(' ')}, ${nomeN})` : null;
  const withNames = (mode: 'exact' | 'fuzzy') => {
    const all = [...conds];
    for (const [value, col, campo] of names) {
      if (!value) continue;
      const c = nameCondition(col, value, mode);
      if (!c) throw unprocessable({ [campo]: [msg.min(MIN_TOKEN)] });
      all.push(c);
    }
    return all.length ? and(...all) : undefined;
  };
  const hasNames = names.some(([value]) => !!value);
  return {
    where: withNames('exact'),
    rank,
    fuzzy: false,
    fallback: hasNames ? { where: withNames('fuzzy'), rank, fuzzy: true } : undefined,
  };
}

/** The page of a search, with the total of matches in the same statement (count(*) over the filtered rows). */
export function pageSql(busca: Busca, page: Pick<MunicipeFilters, 'page' | 'per_page'>): SQL {
  const order = busca.rank
    ? sql`${busca.rank} desc, ${municipes.nome} collate "und-x-icu", ${municipes.id}`
    : sql`${municipes.nome} collate "und-x-icu", ${municipes.id}`;
  const total = busca.where ? sql`count(*) over ()` : sql`null::bigint`;
  return sql`
    select ${municipes.id} as id, ${municipes.nome} as nome, ${municipes.nome_social} as nome_social,
      ${municipes.data_nascimento}::text as data_nascimento, ${municipes.nome_mae} as nome_mae, ${municipes.cpf_numero} as cpf_numero,
      ${municipes.codigo_cns} as codigo_cns, ${municipes.unidade_saude_referencia_id} as unidade_saude_referencia_id,
      ${unidadesSaude.nome} as unidade_referencia_nome, ${municipes.data_obito}::text as data_obito, ${total} as total
    from ${municipes} left join ${unidadesSaude} on ${unidadesSaude.id} = ${municipes.unidade_saude_referencia_id}
    ${busca.where ? sql`where ${busca.where}` : sql``}
    order by ${order}
    limit ${page.per_page} offset ${(page.page - 1) * page.per_page}`;
}

/** The total alone: the unfiltered list, or a page past the end of a search. */
export function countSql(busca: Busca): SQL {
  return sql`select count(*)::bigint as total from ${municipes} ${busca.where ? sql`where ${busca.where}` : sql``}`;
}
