import { isDeepStrictEqual } from 'node:util';
import { Column, getTableName, SQL, type Table } from 'drizzle-orm';
import { PgPreparedQuery } from 'drizzle-orm/pg-core';
import * as drizzleUtils from 'drizzle-orm/utils';

// A prepared select's rows come back as arrays, and drizzle's `mapResultRow` turns each into the nested object of the
// select: per field per row it asks `is(field, Column)` (twice), walks the path with `entries()`, and keeps a map of
// which joined tables came back empty — ≈ 40 µs on the visit history's page of 20 rows × 70 fields (issue 41). This
// compiles that mapping once per prepared query: one nested object literal in drizzle's key order, each value decoded
// by the same decoder, and the same rule for a left-joined table that came back empty (its object is null when the
// first of its columns is null, the table is not inner-joined and every column of the object is of that table). Under
// the tests each row is also mapped by drizzle and both must be equal.

type Campo = { path: string[]; field: unknown };
type Decoder = { mapFromDriverValue: (v: unknown) => unknown };
type Consulta = {
  fields?: Campo[];
  joinsNotNullableMap?: Record<string, boolean>;
  customResultMapper?: (rows: unknown[][]) => unknown;
};

/** drizzle's own mapper (exported, not typed), for the comparison under the tests. */
const drizzleMapResultRow = (drizzleUtils as unknown as { mapResultRow: unknown }).mapResultRow as (
  fields: Campo[],
  row: unknown[],
  notNullable?: Record<string, boolean>,
) => unknown;

const identidade = (Column.prototype as unknown as Decoder).mapFromDriverValue;

function decoderDe(field: unknown): Decoder {
  if (field instanceof Column) return field as unknown as Decoder;
  if (field instanceof SQL) return (field as unknown as { decoder: Decoder }).decoder;
  throw new Error('mapeador: campo sem decodificador conhecido');
}

type No = { chaves: Map<string, No | number> };

function compilar(campos: Campo[], notNullable: Record<string, boolean> | undefined) {
  const decoders = campos.map((c) => decoderDe(c.field));
  // The nested shape, keys in the order drizzle first meets them.
  const raiz: No = { chaves: new Map() };
  campos.forEach(({ path }, i) => {
    let no = raiz;
    path.forEach((parte, j) => {
      if (j === path.length - 1) {
        no.chaves.set(parte, i);
        return;
      }
      let filho = no.chaves.get(parte);
      if (typeof filho !== 'object') no.chaves.set(parte, (filho = { chaves: new Map() }));
      no = filho;
    });
  });
  const valor = (i: number) => (decoders[i]!.mapFromDriverValue === identidade ? `r[${i}]` : `v(${i}, r[${i}])`);
  const literal = (no: No): string =>
    `{ ${[...no.chaves].map(([k, x]) => `${JSON.stringify(k)}: ${typeof x === 'number' ? valor(x) : literal(x)}`).join(', ')} }`;
  // drizzle's empty-join rule (utils.js mapResultRow), decided per object by its first column at run time.
  const vazias: string[] = [];
  if (notNullable) {
    const porObjeto = new Map<string, { primeiro: number; tabelas: Set<string> }>();
    campos.forEach(({ path, field }, i) => {
      if (!(field instanceof Column) || path.length !== 2) return;
      const t = getTableName(field.table as Table);
      const o = porObjeto.get(path[0]!);
      if (o) o.tabelas.add(t);
      else porObjeto.set(path[0]!, { primeiro: i, tabelas: new Set([t]) });
    });
    for (const [objeto, { primeiro, tabelas }] of porObjeto) {
      const [tabela] = tabelas;
      if (tabelas.size === 1 && !notNullable[tabela!]) {
        const chave = JSON.stringify(objeto);
        const folha = JSON.stringify(campos[primeiro]!.path[1]);
        vazias.push(`if (o[${chave}][${folha}] === null) o[${chave}] = null;`);
      }
    }
  }
  const v = (i: number, x: unknown) => (x === null ? null : decoders[i]!.mapFromDriverValue(x));
  const corpo = `return (r) => { const o = ${literal(raiz)}; ${vazias.join(' ')} return o; };`;
  return (new Function('v', corpo) as (dec: typeof v) => (r: unknown[]) => unknown)(v);
}

/** Under vitest every row is also mapped by drizzle, and both must be equal. */
const conferir = Boolean(process.env.VITEST);

/**
 * Gives a prepared select (or each one in an object of them, as `preparedOnce` builds) the compiled mapping above. A
 * query that already has its own mapper, or that selects something other than columns and SQL, keeps drizzle's.
 */
export function comMapeador<P>(pronta: P, chave: string): P {
  const consultas = pronta instanceof PgPreparedQuery ? [pronta] : Object.values(pronta as object);
  consultas.forEach((c, i) => {
    if (!(c instanceof PgPreparedQuery)) return;
    const q = c as unknown as Consulta;
    if (!q.fields || q.customResultMapper) return;
    // Compiled once per shape: in a transaction `preparedOnce` builds the query again, with the same fields.
    const k = `${chave}#${i}`;
    let linha = compiladas.get(k);
    if (linha === undefined) {
      try {
        linha = compilar(q.fields, q.joinsNotNullableMap);
      } catch {
        linha = null;
      }
      compiladas.set(k, linha);
    }
    if (linha === null) return;
    const { fields, joinsNotNullableMap } = q;
    const mapear = linha;
    q.customResultMapper = conferir
      ? (rows) =>
          rows.map((r) => {
            const nossa = mapear(r);
            const deles = drizzleMapResultRow(fields, r, joinsNotNullableMap);
            if (!isDeepStrictEqual(nossa, deles))
              throw new Error(`mapeador difere do drizzle:\n${JSON.stringify(nossa)}\n---\n${JSON.stringify(deles)}`);
            return nossa;
          })
      : (rows) => rows.map(mapear);
  });
  return pronta;
}

/** By `preparedOnce`'s key and the query's place in what it built; null: drizzle maps it. */
const compiladas = new Map<string, ((r: unknown[]) => unknown) | null>();
