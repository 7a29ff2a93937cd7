import { msg } from '@saude/shared';
import Fastify from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { errorHandler } from './errors';

// Two writes that meet in PostgreSQL: one is cancelled (a deadlock, a serialization failure). The user may simply
// save again; it is never a 500.
describe('a write PostgreSQL cancelled because another met it', () => {
  const app = Fastify({ logger: false });
  app.setErrorHandler(errorHandler);
  const pgError = (code: string) => Object.assign(new Error('deadlock detected'), { code });
  app.get('/direto/:code', (req) => {
    throw pgError((req.params as { code: string }).code);
  });
  // drizzle wraps the driver's error in its own, the driver's as `cause`.
  app.get('/drizzle/:code', (req) => {
    throw new Error('Failed query: insert into …', { cause: pgError((req.params as { code: string }).code) });
  });
  afterAll(() => app.close());

  it.each(['direto', 'drizzle'])(
    'answers 409 "tente novamente" to a deadlock and a serialization failure (%s)',
    async (via) => {
      for (const code of ['40P01', '40001']) {
        const res = await app.inject({ url: `/${via}/${code}` });
        expect(res.statusCode, code).toBe(409);
        expect(res.json()).toEqual({ code: 'conflito', message: msg.gravacaoSimultanea, errors: {} });
      }
    },
  );

  it('any other database error stays a 500 without details', async () => {
    const res = await app.inject({ url: '/direto/23502' });
    expect(res.statusCode).toBe(500);
    expect(res.json().message).toBe(msg.status500);
  });
});
