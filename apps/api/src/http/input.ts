import { msg } from '@saude/shared';
import type { FastifyInstance } from 'fastify';
import { AppError, FieldErrors } from '../lib/errors';
import { leitura } from './errors';

// One guard for everything a client sends (issue 14): PostgreSQL refuses a NUL byte in text and UTF-8 has no lone
// surrogate, so either one reaching a query answered 500. A body nested deeper than any form is refused before a
// validator or a recursive walk meets it. The access hook runs first: a stranger still gets 401/403, not field names.

/** No form nests deeper (a citizen's record numbers are 3 levels); JSON bombs are far deeper. */
export const MAX_DEPTH = 16;

// A high surrogate not followed by a low one, or a low one not preceded by a high one.
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const badText = (text: string) => text.includes('\u0000') || LONE_SURROGATE.test(text);

const fieldName = (path: Array<string | number>) => path.join('.') || 'base';

/** Field errors for every string (and key) that PostgreSQL cannot store; throws 422 for a structure too deep. */
export function checkInput(value: unknown, errors: FieldErrors, path: Array<string | number> = []): void {
  const stack: Array<{ v: unknown; path: Array<string | number> }> = [{ v: value, path }];
  while (stack.length > 0) {
    const { v, path: p } = stack.pop()!;
    if (typeof v === 'string') {
      if (badText(v)) errors.add(fieldName(p), msg.naoEValido);
      continue;
    }
    if (typeof v !== 'object' || v === null) continue;
    if (p.length >= MAX_DEPTH) {
      throw new AppError(422, msg.requisicaoInvalida, { errors: { [fieldName(p)]: [msg.naoEValido] } });
    }
    for (const [k, child] of Object.entries(v)) {
      if (badText(k)) {
        errors.add(fieldName(p), msg.naoEValido);
        continue;
      }
      stack.push({ v: child, path: [...p, Array.isArray(v) ? Number(k) : k] });
    }
  }
}

export function registerInputGuard(app: FastifyInstance): void {
  // A callback, not async (issue 41: a promise per request); what it throws fastify answers as an async hook's.
  app.addHook('preValidation', (req, _reply, done) => {
    const errors = new FieldErrors();
    checkInput(req.params, errors);
    checkInput(req.query, errors);
    checkInput(req.body, errors);
    errors.throwIfAny(leitura(req) ? msg.buscaInvalida : undefined);
    done();
  });
}
