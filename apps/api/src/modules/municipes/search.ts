import { msg, onlyDigits } from '@saude/shared';
import {
  interpretarBusca,
  LIMITE_RANQUEAMENTO,
  palavrasUteis,
  type MunicipeBuscaAvancada,
  type MunicipeFilters,
} from '@saude/shared/schemas/municipe';
import { and, eq, getTableName, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { municipes, municipesPalavras, normalized, palavrasDoNome, paresDoNome, unidadesSaude } from '../../db/schema';
import { escapeLike } from '../../db/sql';
import { unprocessable } from '../../lib/errors';

// The SQL of the list and of the advanced search (issue 5), kept apart from the service so the benchmark can run the
// very same statements on its own (bench/municipes.ts). Every condition here is served by an index of
// db/schema/municipes.ts: GIN on the name's words and pg_trgm GIN on the normalized names, btree on documents and the
// birth date.

/**
 * A column a name word is looked for in: its normalized text and, where it has those indexes, its word array and its
 * word pairs array.
 */
export type Coluna = { texto: SQL; palavras?: SQL; pares?: SQL };

/** A name word looked for in a column (the list: name or social name; the advanced search: one field). */
export type Termo = { chave: string; palavra: string; coluna: Coluna };

/**
 * A search statement's filter and ranking. Name words are first looked up among the registry's words
 * (`municipes_palavras`, `palavrasSql`, one statement over a small table, issues 15 and 41): a word is searched as the
 * registry's words that contain it — in a column with a word array (name, social name), by that array's GIN index,
 * each word one posting list; elsewhere as typed, a substring. A word no registry word contains matches no one as typed,
 * so it is replaced by the words it may be a misspelling of (pg_trgm `<%`), and the one search runs with them.
 */
export type Busca = {
  where: SQL | undefined;
  rank: SQL | null;
  /** The filters used, by name (never their values): the audit row's details. */
  filtros: string[];
  termos: Termo[];
  /**
   * The same search with its words looked up (`prepararBusca`); `ampla`: the name's words are so common together that
   * reading the table until the first matches beats building a bitmap of all of them. Absent with no name words.
   */
  comPalavras?: (palavras: PalavrasDosTermos, ampla?: boolean) => Busca;
  /** The name's words or pairs condition alone: its estimated rows say whether the name is broad (`prepararBusca`). */
  amplitude?: SQL;
  /**
   * Its plan does not depend on the values (the whole list, a birth date, a whole CPF or CNS): it runs as a prepared
   * statement, planned once per connection (issue 15). Not a name (trigrams) nor the first digits of a document (a
   * LIKE whose prefix the planner must see).
   */
  preparada?: boolean;
};

/** The unfiltered list counts at most this many rows; past it the answer says "mais de 10.000" (issue 15). */
export const LIMITE_CONTAGEM = 10_000;

/**
 * From this many rows in the table's own estimate (pg_class.reltuples, kept by autovacuum), the unfiltered list says
 * "mais de 10.000" without counting: counting 10,001 rows was most of its time (issue 41). Ten times the limit, so a
 * stale estimate cannot cross it: citizens are never deleted, only given a reason for leaving the registry.
 */
export const LIMITE_ESTIMATIVA = 10 * LIMITE_CONTAGEM;

export { LIMITE_RANQUEAMENTO };

const like = (w: string) => `%${escapeLike(w)}%`;

/**
 * The registry words a term stands for, by its chave: those that contain it (`corrigida` false), or, when none does,
 * its likely corrections (`corrigida` true, possibly none). A term absent here is a fragment too many words contain
 * (more than MAX_EXPANSAO): it is searched as a substring by the trigram index.
 */
export type PalavrasDosTermos = ReadonlyMap<string, { palavras: readonly string[]; corrigida: boolean }>;

const textArray = (ws: readonly string[]) =>
  sql`array[${sql.join(
    ws.map((w) => sql`${w}`),
    sql`, `,
  )}]::text[]`;

/** A term in one column: by its words where the column has a word array, else as a substring. */
function termoNaColuna(t: Termo, col: Coluna, achadas: PalavrasDosTermos): SQL | undefined {
  const p = achadas.get(t.chave);
  if (!p) return sql`${col.texto} like ${like(t.palavra)}`;
  if (p.palavras.length === 0) return undefined;
  if (col.palavras) return sql`${col.palavras} && ${textArray(p.palavras)}`;
  const ws = p.corrigida ? p.palavras : [t.palavra];
  return or(...ws.map((w) => sql`${col.texto} like ${like(w)}`));
}

/** Every term in its column; a column's consecutive terms as pairs of words where it has that index. */
function termosCondition(termos: Termo[], achadas: PalavrasDosTermos): SQL | undefined {
  if (termos.length === 0) return undefined;
  const porColuna = new Map<Coluna, Termo[]>();
  for (const t of termos) porColuna.set(t.coluna, [...(porColuna.get(t.coluna) ?? []), t]);
  return and(
    ...[...porColuna].flatMap(([col, ts]) => {
      const pares = col.pares && col.palavras ? paresDosTermos(ts, achadas) : null;
      if (pares)
        return pares.map(({ pares: ps, comuns }) =>
          comuns.length
            ? sql`(${col.pares} && ${textArray(ps)} or ${col.palavras} && ${textArray(comuns)})`
            : sql`${col.pares} && ${textArray(ps)}`,
        );
      return ts.map((t) => termoNaColuna(t, col, achadas) ?? sql`false`);
    }),
  );
}

/** The most word pairs one pair of typed words is searched as ("ana sant": 7 × 2 words, 14 pairs). */
export const MAX_PARES = 256;

/**
 * Consecutive terms as the pairs of their registry words, "a b" with a before b (migration 0040 `pares_nome`, collation
 * C: JavaScript's order for these words), and the words both terms are in (`comuns`: "ana" and "sant" are both in
 * "santana", which alone holds both): a name holds both terms if and only if it bears one of these pairs or one of
 * those words. Each pair is one posting list — "maria oliveira" is the 2 % who bear both, not the 18 % and 10 % who
 * bear one (issue 41). Null — search word by word — for a single term, a fragment not looked up, or too many pairs.
 */
function paresDosTermos(ts: Termo[], achadas: PalavrasDosTermos): Array<{ pares: string[]; comuns: string[] }> | null {
  if (ts.length < 2) return null;
  const palavras = ts.map((t) => achadas.get(t.chave)?.palavras);
  if (palavras.some((ws) => !ws || ws.length === 0)) return null;
  const out: Array<{ pares: string[]; comuns: string[] }> = [];
  for (let i = 0; i + 1 < palavras.length; i++) {
    const a = palavras[i]!;
    const b = palavras[i + 1]!;
    if (a.length * b.length > MAX_PARES) return null;
    out.push({
      pares: a.flatMap((x) => b.filter((y) => y !== x).map((y) => (x < y ? `${x} ${y}` : `${y} ${x}`))),
      comuns: a.filter((w) => b.includes(w)),
    });
  }
  return out;
}

/** Corrections looked for per misspelt word: the closest first; a handful is what a typist may have meant. */
export const MAX_CORRECOES = 8;

/**
 * The most registry words a typed word is searched as. "maria" is in a few dozen ("mariana", "rosimaria"…); a
 * fragment in more ("mar") is searched as a substring, its trigrams' posting lists costing no more than that many
 * words' lists.
 */
export const MAX_EXPANSAO = 128;

/**
 * One row, two columns per distinct word (and the registry's size, `cadastro`): `e<i>`, the registry's words that contain it (up to MAX_EXPANSAO + 1, so
 * "more" shows), and `c<i>`, when none does, the registry's words within the word-similarity threshold (db/client.ts),
 * closest first — empty when none is. The registry's words cover every searched column, so a word absent from them
 * matches no one in any.
 */
export function palavrasSql(termos: Termo[]): SQL {
  const p = municipesPalavras.palavra;
  const palavras = [...new Set(termos.map((t) => t.palavra))];
  const e = (i: number) => sql.identifier(`e${i}`);
  const contem = palavras.map(
    (w, i) =>
      sql`array(select ${p} from ${municipesPalavras} where ${p} like ${like(w)} limit ${MAX_EXPANSAO + 1}) as ${e(i)}`,
  );
  const cols = palavras.map(
    (w, i) => sql`${e(i)}, case when cardinality(${e(i)}) = 0
      then array(select ${p} from ${municipesPalavras} where ${w} <% ${p}
        order by word_similarity(${w}, ${p}) desc, similarity(${w}, ${p}) desc, ${p}
        limit ${MAX_CORRECOES}) end as ${sql.identifier(`c${i}`)}`,
  );
  // The registry's size from the table's own estimate (pg_class.reltuples, -1 before the first ANALYZE).
  const cadastro = sql`(select reltuples::float8 from pg_class where oid = ${getTableName(municipes)}::regclass) as cadastro`;
  return sql`select ${sql.join(cols, sql`, `)}, ${cadastro} from (select ${sql.join(contem, sql`, `)}) as contidas`;
}

/** `palavrasSql`'s row, by term. */
function lerPalavras(termos: Termo[], row: Record<string, unknown> | undefined): PalavrasDosTermos {
  const palavras = [...new Set(termos.map((t) => t.palavra))];
  const achadas = new Map<string, { palavras: readonly string[]; corrigida: boolean }>();
  for (const t of termos) {
    const i = palavras.indexOf(t.palavra);
    const contidas = (row?.[`e${i}`] as string[] | null | undefined) ?? [];
    if (contidas.length > MAX_EXPANSAO) continue;
    if (contidas.length > 0) achadas.set(t.chave, { palavras: contidas, corrigida: false });
    else achadas.set(t.chave, { palavras: (row?.[`c${i}`] as string[] | null | undefined) ?? [], corrigida: true });
  }
  return achadas;
}

/** Runs one statement and answers its rows: the service's connection, or the bench's plain client. */
export type Consulta = (s: SQL) => Promise<Array<Record<string, unknown>>>;

/** When a name counts as broad (`prepararBusca`); tests lower both limits to exercise the broad plan. */
export type Amplitude = { fracao: number; cadastroMinimo: number };

/**
 * From this share of the registry, a name is searched by reading the table until its first matches (a scan that
 * stops): "maria silva", 7 % of 12 million, 26 ms, against 186 ms building the bitmap of its 835,000 bearers from the
 * pairs index; at 2.4 % ("maria oliveira") the two cost about the same. Only from a million citizens: below, even a
 * broad name's bitmap is a few milliseconds, and the estimate would cost a round trip for nothing (issue 41).
 */
export const AMPLITUDE: Amplitude = { fracao: 0.02, cadastroMinimo: 1_000_000 };

/**
 * The search the page statement runs: its name words looked up among the registry's (`palavrasSql`, one statement
 * over the registry's words, which also reads the registry's size); a broad name, read row by row. A search without
 * name words is run as it is.
 */
export async function prepararBusca(consulta: Consulta, busca: Busca, amplitude = AMPLITUDE): Promise<Busca> {
  if (!busca.comPalavras) return busca;
  const [linha] = await consulta(palavrasSql(busca.termos));
  const achadas = lerPalavras(busca.termos, linha);
  const b = busca.comPalavras(achadas);
  const cadastro = Number(linha?.cadastro);
  if (!b.amplitude || !(cadastro >= amplitude.cadastroMinimo)) return b;
  const ampla = (await fracaoEstimada(consulta, b.amplitude, cadastro)) >= amplitude.fracao;
  return ampla ? busca.comPalavras(achadas, true) : b;
}

/**
 * The planner's estimate of the share of citizens a condition matches (its statistics of the indexed word arrays:
 * "maria silva" 828,820 estimated, 835,272 found), one EXPLAIN. The choice of plan only: the results are the matches
 * either way.
 */
async function fracaoEstimada(consulta: Consulta, condicao: SQL, cadastro: number): Promise<number> {
  const [plano] = await consulta(sql`explain (format json) select 1 from ${municipes} where ${condicao}`);
  const linhas = (plano?.['QUERY PLAN'] as Array<{ Plan: { 'Plan Rows': number } }> | undefined)?.[0]?.Plan[
    'Plan Rows'
  ];
  return linhas !== undefined && cadastro > 0 ? linhas / cadastro : 0;
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

const nomeN = normalized(municipes.nome);
const nomeSocialN = normalized(municipes.nome_social);
const nome: Coluna = { texto: nomeN, palavras: palavrasDoNome(municipes.nome), pares: paresDoNome(municipes.nome) };
const nomeSocial: Coluna = { texto: nomeSocialN, palavras: palavrasDoNome(municipes.nome_social) };
const nomeMae: Coluna = {
  texto: normalized(municipes.nome_mae),
  palavras: palavrasDoNome(municipes.nome_mae),
  pares: paresDoNome(municipes.nome_mae),
};
/**
 * A text column read row by row: its normalized text by an expression no index has (`|| ''`), so a filter that finds
 * few rows (a birth date: tens of people at São Paulo's size) drives and the names are checked on those rows; by their
 * own indexes they added bitmaps of hundreds of thousands to intersect (issue 41).
 */
const varrida = (col: AnyPgColumn): Coluna => ({ texto: normalized(sql`(${col} || '')`) });

/** The name as a broad search reads it, row by row: the only plan is a scan that stops at the first matches. */
const nomeVarrido = varrida(municipes.nome);

/**
 * A search with name words as typed, its filter built when first read: it runs with its words looked up
 * (`prepararBusca` → `comPalavras`), so this filter is most often never read (issue 41: a name search built its
 * condition twice per request).
 */
function comoDigitada(comPalavras: NonNullable<Busca['comPalavras']>, campos: Omit<Busca, 'where'>): Busca {
  let feita: Busca | undefined;
  return Object.defineProperty({ ...campos, comPalavras }, 'where', {
    enumerable: true,
    get: () => (feita ??= comPalavras(new Map())).where,
  }) as Busca;
}

/** A search of words only: the exact step now, the fuzzy one on demand. */
function porTermos(base: SQL[], termos: Termo[], rank: SQL | null, filtros: string[]): Busca {
  const build = (achadas: PalavrasDosTermos): Busca => {
    const all = [...base, termosCondition(termos, achadas)].filter((c): c is SQL => c !== undefined);
    return { where: all.length ? and(...all) : undefined, rank, filtros, termos };
  };
  if (termos.length === 0) return { ...build(new Map()), comPalavras: undefined };
  return comoDigitada(build, { rank, filtros, termos });
}

/** The one search box of the list: a dd/MM/yyyy date, a CPF/CNS (masked or not, or its first digits), or a name. */
export function buscaSimples(q: string | undefined): Busca {
  const b = interpretarBusca(q);
  switch (b.tipo) {
    case 'tudo':
      return { where: undefined, rank: null, filtros: [], termos: [], preparada: true };
    case 'invalida':
      throw unprocessable({ q: [b.mensagem] }, msg.buscaInvalida);
    case 'nascimento':
      return {
        where: eq(municipes.data_nascimento, b.iso),
        rank: null,
        filtros: ['data_nascimento'],
        termos: [],
        preparada: true,
      };
    case 'documento': {
      const d = b.digitos;
      const where =
        d.length === 11
          ? eq(municipes.cpf_numero, d)
          : d.length === 15
            ? or(eq(municipes.codigo_cns, d), eq(municipes.cartao_provisorio, d))
            : or(startsWith(municipes.cpf_numero, d), startsWith(municipes.codigo_cns, d));
      return { where, rank: null, filtros: ['documento'], termos: [], preparada: d.length === 11 || d.length === 15 };
    }
    case 'nome': {
      const joined = b.palavras.join(' ');
      const rank = sql`greatest(word_similarity(${joined}, ${nomeN}), coalesce(word_similarity(${joined}, ${nomeSocialN}), 0))`;
      // Every word in the name, or every word in the social name.
      const noNome = b.palavras.map((palavra) => ({ chave: `nome:${palavra}`, palavra, coluna: nome }));
      const noSocial = b.palavras.map((palavra) => ({ chave: `social:${palavra}`, palavra, coluna: nomeSocial }));
      const build = (achadas: PalavrasDosTermos, ampla = false): Busca => {
        const doNome = ampla ? noNome.map((t) => ({ ...t, coluna: nomeVarrido })) : noNome;
        // Estimated only when every word was looked up (a fragment in too many words is a substring already).
        const amplitude = noNome.every((t) => achadas.has(t.chave)) ? termosCondition(noNome, achadas) : undefined;
        return {
          where: or(termosCondition(doNome, achadas), termosCondition(noSocial, achadas)),
          rank,
          filtros: ['nome'],
          termos: [...noNome, ...noSocial],
          amplitude: ampla ? undefined : amplitude,
        };
      };
      // As typed, no word is looked up: no amplitude (see `build`).
      return comoDigitada(build, { rank, filtros: ['nome'], termos: [...noNome, ...noSocial], amplitude: undefined });
    }
  }
}

/**
 * The advanced search: every filter given must hold (the two-filter minimum is checked by the caller). With a birth
 * date, document or phone (a btree or the phones' array, a few rows), the name fields are checked on the rows it finds
 * (`varrida`); without, each name field by its index.
 */
export function buscaAvancada(f: Partial<MunicipeBuscaAvancada>): Busca {
  const exato = Boolean(f.data_nascimento || f.cpf_numero || f.codigo_cns || f.telefone);
  const indexada = (col: AnyPgColumn, c: Coluna): Coluna => (exato ? varrida(col) : c);
  const names: Array<[string | undefined, Coluna, string]> = [
    [f.nome, indexada(municipes.nome, nome), 'nome'],
    [f.nome_social, indexada(municipes.nome_social, nomeSocial), 'nome_social'],
    [f.nome_mae, indexada(municipes.nome_mae, nomeMae), 'nome_mae'],
    [f.nome_pai, indexada(municipes.nome_pai, { texto: normalized(municipes.nome_pai) }), 'nome_pai'],
    [
      f.residencia_logradouro,
      indexada(municipes.residencia_logradouro, { texto: normalized(municipes.residencia_logradouro) }),
      'residencia_logradouro',
    ],
  ];
  const conds: SQL[] = [];
  const filtros: string[] = [];
  const add = (campo: string, c: SQL | undefined) => {
    filtros.push(campo);
    if (c) conds.push(c);
  };
  if (f.data_nascimento) add('data_nascimento', eq(municipes.data_nascimento, f.data_nascimento));
  if (f.cpf_numero) {
    const d = onlyDigits(f.cpf_numero);
    add('cpf_numero', d.length === 11 ? eq(municipes.cpf_numero, d) : startsWith(municipes.cpf_numero, d));
  }
  if (f.codigo_cns) {
    const d = onlyDigits(f.codigo_cns);
    add(
      'codigo_cns',
      d.length === 15
        ? or(eq(municipes.codigo_cns, d), eq(municipes.cartao_provisorio, d))
        : startsWith(municipes.codigo_cns, d),
    );
  }
  if (f.telefone) {
    add(
      'telefone',
      sql`array[${municipes.telefone_residencial}, ${municipes.telefone_celular}, ${municipes.telefone_contato}] @> array[${f.telefone}]::text[]`,
    );
  }
  if (f.unidade_saude_referencia_id)
    add('unidade_saude_referencia_id', eq(municipes.unidade_saude_referencia_id, f.unidade_saude_referencia_id));
  if (f.micro_area) add('micro_area', eq(municipes.micro_area, f.micro_area));
  const termos: Termo[] = [];
  for (const [value, col, campo] of names) {
    if (!value) continue;
    const palavras = palavrasUteis(value);
    if (palavras.length === 0) throw unprocessable({ [campo]: [msg.min(3)] }, msg.buscaInvalida);
    filtros.push(campo);
    for (const palavra of palavras) termos.push({ chave: `${campo}:${palavra}`, palavra, coluna: col });
  }
  const rank = f.nome ? sql`word_similarity(${palavrasUteis(f.nome).join(' ')}, ${nomeN})` : null;
  return porTermos(conds, termos, rank, filtros);
}

const listColumns = sql`${municipes.id} as id, ${municipes.nome} as nome, ${municipes.nome_social} as nome_social,
      ${municipes.data_nascimento}::text as data_nascimento, ${municipes.nome_mae} as nome_mae, ${municipes.cpf_numero} as cpf_numero,
      ${municipes.codigo_cns} as codigo_cns, ${municipes.unidade_saude_referencia_id} as unidade_saude_referencia_id,
      ${unidadesSaude.nome} as unidade_referencia_nome, ${municipes.data_obito}::text as data_obito,
      ${municipes.motivo_saida_cadastro_id} as motivo_saida_cadastro_id`;

/** A search by name words: its page is ranked among its first LIMITE_RANQUEAMENTO + 1 matches (`primeiras`). */
const limitada = (busca: Busca) => busca.termos.length > 0;

/** The most rows a search's total counts: past it the answer says "mais de …" (X-Total-Count-Limitado). */
export const limiteDaContagem = (busca: Busca) => (limitada(busca) ? LIMITE_RANQUEAMENTO : LIMITE_CONTAGEM);

/**
 * The rows a page is ranked and counted among. A name search keeps its first LIMITE_RANQUEAMENTO + 1 matches (the
 * trigram bitmap, or a scan that stops there): with at most LIMITE_RANQUEAMENTO every match is ranked and counted as
 * before; a broad name ("maria silv", 7 % of a registry) costs what 1,001 rows cost instead of ranking and counting
 * hundreds of thousands (issue 41), and its total says "mais de 1.000".
 */
export function primeiras(busca: Busca): SQL | undefined {
  if (!limitada(busca) || !busca.where) return busca.where;
  // The inner "municipes" hides the outer one: the filter reads the subquery's rows. An array made first (an init
  // plan), then looked up by the primary key: as `in (subquery)` the planner, misjudging how many a broad scan finds,
  // could scan and rank all 12 million citizens to join them (issue 41).
  return sql`${municipes.id} = any(array(select ${municipes.id} from ${municipes} where ${busca.where}
    limit ${LIMITE_RANQUEAMENTO + 1}))`;
}

/**
 * The unfiltered list's total, in the page's own statement: past LIMITE_ESTIMATIVA estimated rows it is "more than
 * LIMITE_CONTAGEM" at once; below it (or never analyzed: -1) it counts up to LIMITE_CONTAGEM + 1 rows. The count is an
 * init plan that runs only when its branch is taken.
 */
const totalSemFiltro = sql`(select case when c.reltuples >= ${LIMITE_ESTIMATIVA} then ${LIMITE_CONTAGEM + 1}
    else (select count(*) from (select 1 from ${municipes} limit ${LIMITE_CONTAGEM + 1}) as limitado) end
  from pg_class c where c.oid = ${getTableName(municipes)}::regclass)`;

/** A merged record (issue 45) is a tombstone: no list or search shows it (its id still opens, pointing on). */
const vivo = sql`${municipes.unificado_em_id} is null`;

/** The page of a search, with the total of matches in the same statement (count(*) over the filtered rows). */
export function pageSql(busca: Busca, page: Pick<MunicipeFilters, 'page' | 'per_page'>): SQL {
  const where = primeiras(busca);
  const order = busca.rank
    ? sql`${busca.rank} desc, ${municipes.nome} collate "und-x-icu", ${municipes.id}`
    : sql`${municipes.nome} collate "und-x-icu", ${municipes.id}`;
  const total = where ? sql`count(*) over ()` : totalSemFiltro;
  return sql`
    select ${listColumns}, ${total} as total
    from ${municipes} left join ${unidadesSaude} on ${unidadesSaude.id} = ${municipes.unidade_saude_referencia_id}
    where ${where ? sql`${where} and ` : sql``}${vivo}
    order by ${order}
    limit ${page.per_page} offset ${(page.page - 1) * page.per_page}`;
}

/**
 * The total alone (a page past the end), counted up to its limit + 1 rows (the unfiltered list: `totalSemFiltro`): its
 * cost is bounded whatever the size of the registry.
 */
export function countSql(busca: Busca): SQL {
  const where = primeiras(busca);
  if (!where) return sql`select ${totalSemFiltro} as total`;
  return sql`select count(*)::int as total from (select 1 from ${municipes}
    where ${where} and ${vivo} limit ${limiteDaContagem(busca) + 1}) as limitado`;
}
