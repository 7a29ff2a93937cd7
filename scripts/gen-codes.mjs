#!/usr/bin/env node
// Turns the e-SUS APS code tables (CSV) into data and typed modules in packages/shared/src/codes/.
//
//   node scripts/gen-codes.mjs [reference-dir] [output-dir]
//
// reference-dir defaults to ../shared/reference/esus (relative to the repo root), output-dir to
// packages/shared/src/codes. Plain Node ESM, no dependencies. The output is deterministic (no dates),
// so running it twice gives identical files; codes.test.ts checks that the committed files are current.
//
// Each table's rows go to json/<table>.json (one row a line) and <table>.ts is a few typed lines that read it, so
// the import paths stay one module per table. The CBO groups (which occupations may record each form) are lists of
// codes over the one CBO table; cbo_formularios.ts (hand-written) gives their rows and puts the whole table together.
//
// Column typing (one rule for every table, see docs/decisions.md "e-SUS APS code tables"):
//   a column is emitted as `number` when every value is a plain integer without leading zeros
//   (/^(0|[1-9][0-9]*)$/), unless it is listed in TEXT_COLUMNS; otherwise every value is a `string`.
//   So uf '01', tipo_logradouro '001' and etnia.codigo_cadsus '0001' stay strings (README note 3), and
//   the LEDI integer codes (sexo 0, raca_cor 1, pais 31, ...) are numbers. CBO codes are always strings
//   (13 codes in cbo.csv contain letters, and the CBO group tables must use the same type), and IBGE
//   municipality codes are strings (README: "7 digits, text"). Empty cells stay ''.
//
// Size rule: tables with more than LARGE_ROWS rows are not re-exported from codes/index.ts (that would put
// them in the browser bundle); import them by path, e.g. `import { cbo } from '@saude/shared/codes/cbo'`.

import { readFileSync, writeFileSync, readdirSync, mkdirSync, existsSync } from 'node:fs';
import { dirname, resolve, basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const refDir = resolve(process.argv[2] ?? join(repoRoot, '../shared/reference/esus'));
const outDir = resolve(process.argv[3] ?? join(repoRoot, 'packages/shared/src/codes'));

const LARGE_ROWS = 300;
/** Columns that are always text, whatever their values look like: `<file>.<column>`. */
const TEXT_COLUMNS = new Set([
  'cbo.codigo',
  'cbo_cadastro_individual.codigo',
  'cbo_cadastro_domiciliar.codigo',
  'cbo_visita_domiciliar.codigo',
  'municipio.codigo_ibge',
]);
/** Tables of CBO codes that may record a given form: stored as lists of codes over cbo.csv. */
const CBO_GROUPS = new Set(['cbo_cadastro_individual', 'cbo_cadastro_domiciliar', 'cbo_visita_domiciliar']);
/**
 * Typos in the source's labels, fixed here so every screen shows the right word (issue 39): `<file>.<code>` -> label.
 * The code is what e-SUS reads; only the text a person sees changes. A fix whose code or old text is gone fails.
 */
const LABEL_FIXES = new Map([['estado_civil.4', ['Separado jucidialmente', 'Separado judicialmente']]]);
/** Source letters of README.md, "Sources" section. */
const SOURCES = {
  D: 'LEDI APS Dicionário de dados 8.7.0',
  P: 'LEDI APS referencias/paises.md',
  U: 'LEDI APS referencias/uf.md',
  C: 'LEDI APS regras/cbo.md, Grupos de CBOs por Modelo de Informação',
  L: 'fabianofilho/predsus tabela_agravos.md, Lista Nacional de Notificação Compulsória',
  M: 'LEDI APS referencias/municipios.md',
  B: 'LEDI APS referencias/cbo_disponiveis.md',
  X: 'DATASUS CID-10 tables via victorhug913/MedApps',
};

/**
 * RFC 4180 CSV: comma separator, fields optionally in double quotes, `""` inside quotes is one quote,
 * quoted fields may hold commas and line breaks, LF or CRLF line ends, optional UTF-8 BOM.
 * Throws on an unterminated quote or a quote inside an unquoted field.
 * @param {string} text
 * @param {string} file name for error messages
 * @returns {string[][]}
 */
function parseCsv(text, file = 'input') {
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  /** @type {string[][]} */
  const rows = [];
  /** @type {string[]} */
  let row = [];
  let field = '';
  let i = 0;
  let line = 1;
  let quoted = false; // the current field started with a quote
  let fieldStart = true;
  const endField = () => {
    row.push(field);
    field = '';
    quoted = false;
    fieldStart = true;
  };
  const endRow = () => {
    endField();
    // A line with nothing on it (e.g. a blank last line) is not a row.
    if (!(row.length === 1 && row[0] === '')) rows.push(row);
    row = [];
  };
  while (i < text.length) {
    const c = text[i];
    if (quoted) {
      if (c === '"') {
        if (text[i + 1] === '"') {
          field += '"';
          i += 2;
          continue;
        }
        // Closing quote: only a separator or a line end may follow.
        const next = text[i + 1];
        if (next !== undefined && next !== ',' && next !== '\n' && next !== '\r') {
          throw new Error(`${file}:${line}: unexpected character after closing quote`);
        }
        quoted = false;
        fieldStart = false;
        i += 1;
        continue;
      }
      if (c === '\n') line += 1;
      field += c;
      i += 1;
      continue;
    }
    if (c === '"') {
      if (!fieldStart) throw new Error(`${file}:${line}: quote inside an unquoted field`);
      quoted = true;
      fieldStart = false;
      i += 1;
      continue;
    }
    if (c === ',') {
      endField();
      i += 1;
      continue;
    }
    if (c === '\r' || c === '\n') {
      endRow();
      i += c === '\r' && text[i + 1] === '\n' ? 2 : 1;
      line += 1;
      continue;
    }
    field += c;
    fieldStart = false;
    i += 1;
  }
  if (quoted) throw new Error(`${file}:${line}: unterminated quoted field`);
  if (field !== '' || row.length > 0) endRow();
  return rows;
}

/** @param {string} s snake_case */
const camel = (s) => s.replace(/_([a-z0-9])/g, (_, ch) => ch.toUpperCase());
/** @param {string} s snake_case */
const pascal = (s) => camel(s).replace(/^[a-z]/, (ch) => ch.toUpperCase());

/** Single-quoted TypeScript string literal. Non-ASCII letters are kept as they are (files are UTF-8). */
const str = (/** @type {string} */ s) =>
  `'${s.replace(
    /[\\'\n\r\t\u2028\u2029]/g,
    (ch) =>
      ({ '\\': '\\\\', "'": "\\'", '\n': '\\n', '\r': '\\r', '\t': '\\t', '\u2028': '\\u2028', '\u2029': '\\u2029' })[
        ch
      ] ?? ch,
  )}'`;
const key = (/** @type {string} */ k) => (/^[A-Za-z_$][\w$]*$/.test(k) ? k : str(k));
const INTEGER = /^(0|[1-9][0-9]*)$/;

/**
 * The README's "Files" table: file name -> { rows, source }.
 * @returns {Map<string, { rows: number, source: string }>}
 */
function readReadme() {
  const path = join(refDir, 'README.md');
  /** @type {Map<string, { rows: number, source: string }>} */
  const map = new Map();
  if (!existsSync(path)) throw new Error(`${path} not found: the README gives each table's source and row count`);
  for (const line of readFileSync(path, 'utf8').split(/\r?\n/)) {
    const m = /^\|\s*([\w.-]+\.csv)\s*\|\s*(\d+)\s*\|\s*([^|]*?)\s*\|/.exec(line);
    if (m) map.set(m[1], { rows: Number(m[2]), source: m[3] });
  }
  return map;
}

/** "D `Sexo`" -> "[D] LEDI APS Dicionário de dados 8.7.0, `Sexo`". */
function describeSource(/** @type {string} */ cell, /** @type {string} */ file) {
  const m = /^([A-Z])\b\s*(.*)$/.exec(cell);
  const name = m ? SOURCES[/** @type {keyof typeof SOURCES} */ (m[1])] : undefined;
  if (!m || !name) throw new Error(`${file}: unknown source "${cell}" in README.md; add its letter to SOURCES`);
  const detail = m[2].replace(/^\((.*)\)$/, '$1 of README.md');
  return detail ? `[${m[1]}] ${name}, ${detail}` : `[${m[1]}] ${name}`;
}

/**
 * Reads and checks one CSV; types its columns.
 * @param {string} file CSV file name
 * @param {{ rows: number, source: string }} meta
 */
function readTable(file, meta) {
  const name = basename(file, '.csv');
  const [header, ...rows] = parseCsv(readFileSync(join(refDir, file), 'utf8'), file);
  if (!header || header.some((h) => !/^[a-z][a-z0-9_]*$/.test(h))) {
    throw new Error(`${file}: header must be snake_case column names, got ${JSON.stringify(header)}`);
  }
  if (new Set(header).size !== header.length) throw new Error(`${file}: repeated column name`);
  rows.forEach((r, n) => {
    if (r.length !== header.length) {
      throw new Error(`${file}: data row ${n + 1} has ${r.length} fields, header has ${header.length}`);
    }
  });
  if (rows.length !== meta.rows) throw new Error(`${file}: ${rows.length} rows, README.md says ${meta.rows}`);
  const keyCol = header[0];
  const keys = new Set(rows.map((r) => r[0]));
  if (keys.size !== rows.length) throw new Error(`${file}: repeated value in first column ${keyCol}`);
  const numeric = header.map(
    (h, c) => !TEXT_COLUMNS.has(`${name}.${h}`) && rows.length > 0 && rows.every((r) => INTEGER.test(r[c] ?? '')),
  );
  /** @type {Record<string, string | number>[]} */
  const objects = rows.map((r) =>
    Object.fromEntries(header.map((h, c) => [h, numeric[c] ? Number(r[c]) : (r[c] ?? '')])),
  );
  for (const [at, [from, to]] of LABEL_FIXES) {
    const [table, code] = at.split('.');
    if (table !== name) continue;
    const row = objects.find((o) => String(o[keyCol]) === code);
    if (row?.descricao !== from) throw new Error(`${file}: label fix ${at} expects "${from}"`);
    row.descricao = to;
  }
  const large = rows.length > LARGE_ROWS;
  const describe =
    `// Generated by scripts/gen-codes.mjs from shared/reference/esus/${file} (source: ${describeSource(meta.source, file)}). Do not edit.\n` +
    `// ${rows.length} rows, source order. Columns: ${header.map((h, c) => `${h} (${numeric[c] ? 'number' : 'string'})`).join(', ')}.\n` +
    (large
      ? `// Large table: not re-exported from codes/index.ts. Import by path: '@saude/shared/codes/${name}'.\n`
      : `// Re-exported from codes/index.ts.\n`);
  return { name, header, numeric, keyCol, objects, large, describe, constName: camel(name), typeName: pascal(name) };
}

/** JSON array, one row a line: small diffs when a table changes. */
const jsonRows = (/** @type {unknown[]} */ rows) => `[\n${rows.map((r) => `  ${JSON.stringify(r)}`).join(',\n')}\n]\n`;

/**
 * An ordinary table: its rows as json/<name>.json and a typed module that reads them.
 * @param {ReturnType<typeof readTable>} t
 */
function plainTable(t) {
  const fields = t.header.map((h, c) => `readonly ${key(h)}: ${t.numeric[c] ? 'number' : 'string'}`).join('; ');
  const ts =
    t.describe +
    `import rows from './json/${t.name}.json';\n\n` +
    `export type ${t.typeName}Row = { ${fields} };\n` +
    `export type ${t.typeName}${pascal(t.keyCol)} = ${t.typeName}Row['${t.keyCol}'];\n` +
    `export const ${t.constName}: readonly ${t.typeName}Row[] = rows;\n`;
  return { ts, json: { [`${t.name}.json`]: jsonRows(t.objects) } };
}

/**
 * The CBO table and the CBO groups (which occupations may record each form). The groups are lists of codes over the
 * one CBO table. The names of the occupations they list live apart (json/cbo_formularios.json) so that a form's list
 * does not pull the 2,721 rows into a browser bundle; json/cbo.json holds every code, in source order, and the rest.
 * @param {ReturnType<typeof readTable>} full
 * @param {ReturnType<typeof readTable>[]} groups
 */
function cboTables(full, groups) {
  const fullCodes = new Set(full.objects.map((r) => r.codigo));
  /** @type {Map<string | number, { codigo: string | number, descricao: string | number }>} */
  const named = new Map();
  for (const r of full.objects)
    if (groups.some((g) => g.objects.some((x) => x.codigo === r.codigo))) named.set(r.codigo, r);
  for (const g of groups) {
    if (g.header.join() !== 'codigo,descricao') throw new Error(`${g.name}.csv: a CBO group has codigo,descricao`);
    // A code the full list lacks (README note 6: 515124) keeps the group's own name.
    for (const r of g.objects) if (!fullCodes.has(r.codigo) && !named.has(r.codigo)) named.set(r.codigo, r);
  }
  /** @type {Record<string, string>} */
  const json = {
    // Every code in source order; the forms' rows without their name (it is in cbo_formularios.json).
    'cbo.json': jsonRows(full.objects.map((r) => (named.has(r.codigo) ? { codigo: r.codigo } : r))),
    'cbo_formularios.json': jsonRows([...named.values()]),
  };
  /** @type {Record<string, string>} */
  const ts = {
    cbo:
      full.describe +
      `// json/cbo.json holds every code in source order; the names of the occupations some form accepts are in\n` +
      `// json/cbo_formularios.json.\n` +
      `import rows from './json/cbo.json';\n` +
      `import { cboInteira, type CboRow } from './cbo_formularios';\n\n` +
      `export type { CboRow };\n` +
      `export type CboCodigo = CboRow['codigo'];\n` +
      `export const cbo: readonly CboRow[] = /* @__PURE__ */ cboInteira(rows);\n`,
  };
  for (const g of groups) {
    json[`${g.name}.json`] = jsonRows(g.objects.map((r) => r.codigo));
    ts[g.name] =
      g.describe +
      `// A list of codes over the CBO table; the names are the CBO table's (json/cbo_formularios.json).\n` +
      `import codigos from './json/${g.name}.json';\n` +
      `import { cboGrupo, type CboRow } from './cbo_formularios';\n\n` +
      `export type ${g.typeName}Row = CboRow;\n` +
      `export type ${g.typeName}Codigo = CboRow['codigo'];\n` +
      `/** CBO 2002 codes allowed to record this form, in source order. */\n` +
      `export const ${g.constName}Codigos: readonly ${g.typeName}Codigo[] = codigos;\n` +
      `export const ${g.constName}: readonly ${g.typeName}Row[] = /* @__PURE__ */ cboGrupo(codigos);\n`;
  }
  return { ts, json };
}

function main() {
  const readme = readReadme();
  const files = readdirSync(refDir)
    .filter((f) => f.endsWith('.csv'))
    .sort();
  if (files.length === 0) throw new Error(`no .csv files in ${refDir}`);
  for (const f of files) if (!readme.has(f)) throw new Error(`${f} is not in the README.md Files table`);
  for (const f of readme.keys()) if (!files.includes(f)) throw new Error(`README.md lists ${f}, which is missing`);

  const tables = files.map((f) => readTable(f, /** @type {{ rows: number, source: string }} */ (readme.get(f))));
  /** @type {Record<string, string>} */
  const ts = {};
  /** @type {Record<string, string>} */
  const json = {};
  const full = tables.find((t) => t.name === 'cbo');
  const groups = tables.filter((t) => CBO_GROUPS.has(t.name));
  if (groups.length > 0 && !full) throw new Error('the CBO groups need cbo.csv');
  for (const t of tables) {
    if (t.name === 'cbo' || CBO_GROUPS.has(t.name)) continue;
    const out = plainTable(t);
    ts[t.name] = out.ts;
    Object.assign(json, out.json);
  }
  if (full) {
    const out = cboTables(full, groups);
    Object.assign(ts, out.ts);
    Object.assign(json, out.json);
  }
  mkdirSync(join(outDir, 'json'), { recursive: true });
  for (const [name, text] of Object.entries(ts)) writeFileSync(join(outDir, `${name}.ts`), text);
  for (const [file, text] of Object.entries(json)) writeFileSync(join(outDir, 'json', file), text);

  let index = '';
  index += `// Generated by scripts/gen-codes.mjs from shared/reference/esus/*.csv. Do not edit.\n`;
  index += `// Small e-SUS APS code tables (at most ${LARGE_ROWS} rows), safe to bundle. Large tables are deliberately not\n`;
  index += `// re-exported here (they would grow the browser bundle); import them by path:\n`;
  for (const m of tables.filter((x) => x.large)) {
    index += `//   import { ${m.constName} } from '@saude/shared/codes/${m.name}'; // ${m.objects.length} rows\n`;
  }
  index += `\nexport * from './lookup';\n`;
  for (const m of tables.filter((x) => !x.large)) index += `export * from './${m.name}';\n`;
  writeFileSync(join(outDir, 'index.ts'), index);

  const small = tables.filter((m) => !m.large).length;
  process.stdout.write(
    `gen-codes: ${tables.length} tables from ${refDir} -> ${outDir} (${small} in index.ts, ${tables.length - small} by path; rows in json/*.json)\n`,
  );
}

main();
