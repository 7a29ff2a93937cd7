// No import cycles between modules (issue 40): builds the value-import graph of the module areas (modules/<area>) of
// apps/api/src and apps/web/src with the TypeScript parser and fails on any cycle among them. Type-only imports are
// erased at build time and a lazy `import()` runs after every module has loaded, so neither counts. Run by
// `npm run lint`.
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const SOURCE = /\.(ts|tsx)$/;
const TEST = /\.test\.tsx?$|\/test\//;

/** Relative value imports of one file: import/export declarations that survive type erasure. */
export function valueImports(code, fileName = 'x.ts') {
  const sf = ts.createSourceFile(fileName, code, ts.ScriptTarget.Latest, false);
  const specs = [];
  for (const st of sf.statements) {
    if (ts.isImportDeclaration(st)) {
      const c = st.importClause;
      const typeOnly =
        c &&
        (c.isTypeOnly ||
          (!c.name &&
            c.namedBindings &&
            ts.isNamedImports(c.namedBindings) &&
            c.namedBindings.elements.length > 0 &&
            c.namedBindings.elements.every((e) => e.isTypeOnly)));
      if (!typeOnly) specs.push(st.moduleSpecifier.text);
    } else if (ts.isExportDeclaration(st) && st.moduleSpecifier) {
      const typeOnly =
        st.isTypeOnly ||
        (st.exportClause &&
          ts.isNamedExports(st.exportClause) &&
          st.exportClause.elements.length > 0 &&
          st.exportClause.elements.every((e) => e.isTypeOnly));
      if (!typeOnly) specs.push(st.moduleSpecifier.text);
    }
  }
  return specs.filter((s) => s.startsWith('.'));
}

function resolve(from, spec) {
  const base = path.posix.resolve(path.posix.dirname(from), spec.replace(/\.js$/, ''));
  for (const c of [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`, `${base}/index.tsx`]) {
    if (SOURCE.test(c) && fs.existsSync(c) && fs.statSync(c).isFile()) return c;
  }
  return null;
}

/** The module area a file (relative to src) belongs to, or null outside modules/. */
export function partOf(rel) {
  const seg = rel.split('/');
  return seg[0] === 'modules' && seg.length > 2 ? seg[1] : null;
}

/** Graph of areas: area → Map(area → an example 'file → import'). */
export function partGraph(srcDir) {
  const root = path.resolve(srcDir).split(path.sep).join('/');
  const files = fs
    .readdirSync(root, { recursive: true, encoding: 'utf8' })
    .map((f) => f.split(path.sep).join('/'))
    .filter((f) => SOURCE.test(f) && !f.endsWith('.d.ts') && !TEST.test(`/${f}`));
  const graph = new Map();
  for (const rel of files) {
    const file = `${root}/${rel}`;
    const from = partOf(rel);
    if (!from) continue;
    if (!graph.has(from)) graph.set(from, new Map());
    for (const spec of valueImports(fs.readFileSync(file, 'utf8'), file)) {
      const target = resolve(file, spec);
      if (!target || !target.startsWith(`${root}/`)) continue;
      const to = partOf(target.slice(root.length + 1));
      if (to && to !== from && !graph.get(from).has(to)) graph.get(from).set(to, `${rel} → ${spec}`);
    }
  }
  return graph;
}

/** Strongly connected components with more than one area (Tarjan). */
export function cyclesOf(graph) {
  let index = 0;
  const idx = new Map();
  const low = new Map();
  const stack = [];
  const on = new Set();
  const out = [];
  const visit = (v) => {
    idx.set(v, index);
    low.set(v, index++);
    stack.push(v);
    on.add(v);
    for (const w of graph.get(v)?.keys() ?? []) {
      if (!idx.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v), low.get(w)));
      } else if (on.has(w)) low.set(v, Math.min(low.get(v), idx.get(w)));
    }
    if (low.get(v) === idx.get(v)) {
      const scc = [];
      let w;
      do {
        w = stack.pop();
        on.delete(w);
        scc.push(w);
      } while (w !== v);
      if (scc.length > 1) out.push(scc.sort());
    }
  };
  for (const v of graph.keys()) if (!idx.has(v)) visit(v);
  return out;
}

/** Human-readable report of the cycles in srcDir ([] when none). */
export function checkCycles(srcDir) {
  const graph = partGraph(srcDir);
  return cyclesOf(graph).map((scc) => {
    const edges = scc.flatMap((a) =>
      scc.filter((b) => graph.get(a)?.has(b)).map((b) => `    ${a} → ${b}  (${graph.get(a).get(b)})`),
    );
    return `  ${scc.join(' ⇄ ')}\n${edges.join('\n')}`;
  });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const roots = process.argv.length > 2 ? process.argv.slice(2) : ['apps/api/src', 'apps/web/src'];
  let failed = false;
  for (const dir of roots) {
    const cycles = checkCycles(dir);
    if (cycles.length) {
      failed = true;
      console.error(`Ciclos de importação em ${dir}:\n${cycles.join('\n')}`);
    }
  }
  if (failed) process.exit(1);
  console.log(`Sem ciclos de importação entre módulos: ${roots.join(', ')}.`);
}
