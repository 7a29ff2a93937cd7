import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { etagOf, sendWithEtag } from './etag';

// The one ETag/304 of the polled reads (review of issue 40: it was copied in four routes).

describe('sendWithEtag', () => {
  const app = Fastify();
  beforeAll(async () => {
    app.get<{ Querystring: { v?: string } }>('/', (req, reply) =>
      sendWithEtag(req, reply, `chave:${req.query.v ?? '1'}`, { v: req.query.v ?? '1' }),
    );
    await app.ready();
  });
  afterAll(() => app.close());

  const get = (url: string, ifNoneMatch?: string) =>
    app.inject({ method: 'GET', url, headers: ifNoneMatch ? { 'if-none-match': ifNoneMatch } : {} });

  it('answers the body with a strong ETag of the key, revalidated every time', async () => {
    const res = await get('/');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ v: '1' });
    expect(res.headers.etag).toBe(etagOf('chave:1'));
    expect(res.headers.etag).toMatch(/^"[A-Za-z0-9_-]{27}"$/);
    expect(res.headers['cache-control']).toBe('private, no-cache');
  });

  it('answers 304 without a body when If-None-Match names the ETag: alone, in a list, or weakened', async () => {
    const etag = etagOf('chave:1');
    for (const header of [etag, `"outra", ${etag}`, `W/${etag}`]) {
      const res = await get('/', header);
      expect(res.statusCode, header).toBe(304);
      expect(res.body, header).toBe('');
      expect(res.headers.etag, header).toBe(etag);
    }
  });

  it('answers the new body when the key changed', async () => {
    const res = await get('/?v=2', etagOf('chave:1'));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ v: '2' });
    expect(res.headers.etag).toBe(etagOf('chave:2'));
  });
});
