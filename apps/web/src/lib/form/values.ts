// The null convention (issue 13): a form holds null for an empty answer, as the row does; the API body leaves "not
// answered" out. Only fields that change shape (date + hour → timestamp, MM/aaaa) are mapped by hand.

/** Each of `keys` as null: the empty fields of a new record. */
export function emptyValues<K extends string>(keys: readonly K[]): Record<K, null> {
  return Object.fromEntries(keys.map((k) => [k, null])) as Record<K, null>;
}

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
