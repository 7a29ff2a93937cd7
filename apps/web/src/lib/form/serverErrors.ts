// The server has the last word: its 422 messages go next to the fields (style.md §11, Medplum).
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';

/** Key the API uses for errors that belong to no field; shown in the summary only. */
const BASE_KEYS = new Set(['base', '']);
export const ROOT_SERVER = 'root.server';

/**
 * Puts API 422 `errors: { campo: [mensagens] }` on the form's fields; returns how many fields got one.
 * Several messages for one field are joined, so none is lost.
 */
export function setServerErrors<T extends FieldValues>(
  form: { setError: UseFormSetError<T> },
  errors: Record<string, string[] | string> | undefined,
): number {
  let count = 0;
  for (const [key, value] of Object.entries(errors ?? {})) {
    const messages = (Array.isArray(value) ? value : [value]).filter(Boolean);
    if (messages.length === 0) continue;
    const name = (BASE_KEYS.has(key) ? ROOT_SERVER : key) as Path<T> | `root.${string}`;
    // Focus the first field with an error, like a client-side failure does.
    form.setError(name, { type: 'server', message: messages.join('; ') }, { shouldFocus: count === 0 });
    count++;
  }
  return count;
}
