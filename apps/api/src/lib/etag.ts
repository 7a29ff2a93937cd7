import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

// The polled reads (the bell, the globe, the notices, the theme) answer 304 without a body while the browser's copy
// is still what the user would see: a strong ETag of what identifies the answer, revalidated every time (no-cache).

/** The validator of `key`, what identifies an answer: 27 base64url characters of its SHA-256, quoted. */
export const etagOf = (key: string) => `"${createHash('sha256').update(key).digest('base64url').slice(0, 27)}"`;

/** Whether an If-None-Match header names `etag`: one of a list, weak (`W/`, as a proxy may send it) or strong. */
export const namesEtag = (ifNoneMatch: string | undefined, etag: string) =>
  (ifNoneMatch ?? '')
    .split(',')
    .map((t) => t.trim().replace(/^W\//, ''))
    .includes(etag);

/**
 * Answers `body` with the ETag of `key` and `Cache-Control: private, no-cache`, or 304 when the request names that
 * ETag. The 304 has no body: it is sent outside the response schema, whose serializer would write `null`.
 */
export function sendWithEtag(req: FastifyRequest, reply: FastifyReply, key: string, body: unknown): FastifyReply {
  const etag = etagOf(key);
  reply.header('ETag', etag).header('Cache-Control', 'private, no-cache');
  if (namesEtag(req.headers['if-none-match'], etag)) return reply.code(304).send();
  return reply.send(body);
}
