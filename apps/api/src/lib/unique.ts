import { msg } from '@saude/shared';
import { uniqueViolation } from '../db/sql';
import { unprocessable } from './errors';

// A save checks its unique fields before writing, but two saves at once can both pass: the unique index has the last
// word, and its violation is answered as the check would have (422 on the field), never as a 500.

/** Each unique index (a part of its name) → the field it is about, and the message when not 'já está em uso'. */
export type UniqueFields = Record<string, string | { field: string; message: string }>;

/** Runs `save`; a unique index of `indexes` it breaks answers 422 on that index's field. Other errors pass. */
export async function answeringUnique<T>(indexes: UniqueFields, save: () => Promise<T>): Promise<T> {
  try {
    return await save();
  } catch (e) {
    const u = uniqueViolation(e);
    const hit = u && Object.entries(indexes).find(([index]) => u.constraint.includes(index));
    if (!hit) throw e;
    const { field, message } = typeof hit[1] === 'string' ? { field: hit[1], message: msg.jaEmUso } : hit[1];
    throw unprocessable({ [field]: [message] });
  }
}
