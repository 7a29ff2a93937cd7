import type { z } from 'zod';

// The null convention (issue 13): a form holds null for an empty answer, as the row does; the API body leaves "not
// answered" out. Only fields that change shape (date + hour → timestamp, MM/aaaa) are mapped by hand.

/** The values of `keys` in a loaded record, nulls as they are. */
export function pickValues<T extends object, K extends keyof T>(record: T, keys: readonly K[]): Pick<T, K> {
  return Object.fromEntries(keys.map((k) => [k, record[k]])) as Pick<T, K>;
}

/** The body the API takes: null and '' (not answered) become absent; lists and yes/no answers stay. */
export function omitEmpty<T extends object>(values: T): { [K in keyof T]: Exclude<T[K], null> | undefined } {
  return Object.fromEntries(Object.entries(values).map(([k, v]) => [k, v === null || v === '' ? undefined : v])) as {
    [K in keyof T]: Exclude<T[K], null> | undefined;
  };
}

type PathIssue = { readonly path: readonly PropertyKey[]; readonly message: string };
type Path = Array<string | number>;
const primeiroSegmento = (path: readonly PropertyKey[]): Path => (path.length ? [String(path[0])] : []);

/**
 * Puts the shared (API) schema's issues on the form's fields, the first message of each field only: the summary lists
 * a field once. `campo` maps an issue's path to the field's (default its first segment: 'deficiencia_ids.0' goes on
 * the group); an issue whose field is empty is left out.
 */
export function addFieldIssues(ctx: z.RefinementCtx, issues: Iterable<PathIssue>, campo = primeiroSegmento): void {
  const vistos = new Set<string>();
  for (const issue of issues) {
    const path = campo(issue.path);
    const chave = path.join('.');
    if (!chave || vistos.has(chave)) continue;
    vistos.add(chave);
    ctx.addIssue({ code: 'custom', path, message: issue.message });
  }
}
