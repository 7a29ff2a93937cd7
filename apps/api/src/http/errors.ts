import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import { msg } from '@saude/shared';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError, codeForStatus, errorBody, unprocessable, type FieldErrorMap } from '../lib/errors';

// The only place that picks a status for an error (style guide §4). Every error answer is JSON
// { code, message, errors, ...extra } in pt-BR: ours, the validator's, Fastify's own and Node's. Nothing a user sends
// answers 500, and a 500 never carries details (they go to the log, without personal data: http/logging.ts).

function toFieldErrors(validation: Array<{ instancePath: string; message?: string }>): FieldErrorMap {
  const errors: FieldErrorMap = {};
  for (const v of validation) {
    const field = v.instancePath.replace(/^\//, '').replaceAll('/', '.') || 'base';
    (errors[field] ??= []).push(v.message ?? msg.naoEValido);
  }
  return errors;
}

/** Fastify's and Node's client errors, by status: what the user is told. */
function clientErrorMessage(status: number): string {
  if (status === 413) return msg.requisicaoGrandeDemais;
  if (status === 414) return msg.enderecoLongoDemais;
  if (status === 431) return msg.cabecalhosGrandesDemais;
  if (status === 408) return msg.tempoEsgotado;
  if (status === 404) return msg.status404;
  if (status === 401) return msg.naoAutenticado;
  if (status === 403) return msg.status403;
  return msg.requisicaoInvalida;
}

/**
 * PostgreSQL gave up one of two writes that met (deadlock_detected, serialization_failure): nothing was saved, and the
 * same request again succeeds. drizzle wraps the driver's error (`cause`).
 */
const CONFLITO_PG = new Set(['40P01', '40001']);
const pgCode = (err: unknown): unknown =>
  (err as { code?: unknown }).code ?? (err as { cause?: { code?: unknown } }).cause?.code;

/** A request that saves nothing: its bad input is a search that cannot run, never "Não foi possível gravar". */
export const leitura = (req: FastifyRequest) => req.method === 'GET' || req.method === 'HEAD';

/** An error as the answer it becomes. */
function toAppError(err: unknown, req: FastifyRequest): AppError | null {
  if (err instanceof AppError) return err;
  if (CONFLITO_PG.has(pgCode(err) as string)) return new AppError(409, msg.gravacaoSimultanea);
  if (hasZodFastifySchemaValidationErrors(err))
    return unprocessable(toFieldErrors(err.validation), leitura(req) ? msg.buscaInvalida : undefined);
  const status = (err as { statusCode?: number }).statusCode;
  if (status && status >= 400 && status < 500) {
    // Bad JSON and a wrong content type are the input refused, as a validation error is.
    const answered = status === 400 || status === 415 ? 422 : status;
    return new AppError(answered as AppError['statusCode'], clientErrorMessage(status));
  }
  return null;
}

export function errorHandler(err: FastifyError | Error, req: FastifyRequest, reply: FastifyReply) {
  const e = toAppError(err, req);
  if (!e) {
    req.log.error({ err }, 'unhandled');
    return reply.code(500).send(errorBody('erro_interno', msg.status500));
  }
  for (const [name, value] of Object.entries(e.headers)) void reply.header(name, value);
  return reply.code(e.statusCode).send(errorBody(e.code, e.message, e.errors, e.extra));
}

/** Fastify's router errors (a malformed %-escape, a path parameter over maxParamLength): no hook has run yet. */
export function frameworkErrors(err: FastifyError, req: FastifyRequest, reply: FastifyReply) {
  void reply.header('Cache-Control', 'no-store');
  return errorHandler(err, req, reply);
}

/** Requests Node's parser refuses (headers too large, a timeout, malformed HTTP): answered on the socket itself. */
export function clientErrorHandler(err: NodeJS.ErrnoException, socket: Socket) {
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const status = err.code === 'HPE_HEADER_OVERFLOW' ? 431 : err.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : 400;
  const body = JSON.stringify(errorBody(codeForStatus(status), clientErrorMessage(status)));
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nCache-Control: no-store\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(err);
}
