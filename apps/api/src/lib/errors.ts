import { msg, type ApiErrorBody, type ErrorCode } from '@saude/shared';

// Every refusal a service makes is an AppError: a status, a machine code (packages/shared/src/errors.ts) the web
// decides on, a pt-BR message, field errors and, rarely, more body fields or headers. The one error handler
// (http/errors.ts) answers it as { code, message, errors, ...extra }.

export type FieldErrorMap = Record<string, string[]>;

// 502/503: an outside service (the national registry, issue 24) refused us or is unavailable — never the user's fault.
export type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 413 | 414 | 422 | 429 | 431 | 500 | 502 | 503;

/** The code a status carries when the thrower names none (409 has three: see staleEdit, conflict, needsConfirmation). */
export function codeForStatus(status: number): ErrorCode {
  if (status === 401) return 'nao_autenticado';
  if (status === 403) return 'proibido';
  if (status === 404) return 'nao_encontrado';
  if (status === 409) return 'conflito';
  if (status === 429) return 'limite';
  if (status === 502) return 'servico_autenticacao';
  if (status === 503) return 'servico_indisponivel';
  if (status >= 500) return 'erro_interno';
  return 'validacao';
}

export type AppErrorOptions = {
  code?: ErrorCode;
  errors?: FieldErrorMap;
  /** More fields of the answer body (e.g. the likely duplicates of a 409 confirmacao). */
  extra?: Record<string, unknown>;
  /** Response headers (e.g. Retry-After of a 429). */
  headers?: Record<string, string>;
};

export class AppError extends Error {
  readonly code: ErrorCode;
  readonly errors: FieldErrorMap;
  readonly extra: Record<string, unknown>;
  readonly headers: Record<string, string>;

  constructor(
    readonly statusCode: ErrorStatus,
    message: string,
    opts: AppErrorOptions = {},
  ) {
    super(message);
    this.code = opts.code ?? codeForStatus(statusCode);
    this.errors = opts.errors ?? {};
    this.extra = opts.extra ?? {};
    this.headers = opts.headers ?? {};
  }
}

/** The body of every error answer. Extra fields never replace the three fixed ones. */
export function errorBody(
  code: ErrorCode,
  message: string,
  errors: FieldErrorMap = {},
  extra: Record<string, unknown> = {},
): ApiErrorBody {
  return { ...extra, code, message, errors };
}

export const unauthenticated = (message: string = msg.naoAutenticado) => new AppError(401, message);
export const forbidden = (message: string = msg.naoAutorizado) => new AppError(403, message);
/** Absent, or outside the user's scope: the same answer, so scope leaks nothing. */
export const notFound = (message: string = msg.cadastroNaoEncontrado) => new AppError(404, message);
/** The lock_version sent is old: someone saved first. The only 409 the web answers with "Recarregar". */
export const staleEdit = () => new AppError(409, msg.edicaoDesatualizada, { code: 'edicao_desatualizada' });
/** Any other conflict with what is stored (already linked, already registered…); the message says which. */
export const conflict = (message: string, errors?: FieldErrorMap) => new AppError(409, message, { errors });
/** The action needs the user's confirmation first; `extra` says what to confirm (sent back with the retry). */
export const needsConfirmation = (message: string, extra: Record<string, unknown>) =>
  new AppError(409, message, { code: 'confirmacao', extra });
export const unprocessable = (errors: FieldErrorMap, message?: string) =>
  new AppError(422, message ?? msg.naoFoiPossivelGravar('o registro', Object.keys(errors).length), { errors });
export const tooManyAttempts = (retryAfterSeconds: number, message: string = msg.muitasTentativas(retryAfterSeconds)) =>
  new AppError(429, message, { headers: { 'Retry-After': String(Math.max(1, Math.ceil(retryAfterSeconds))) } });

/**
 * Collects the field errors of one save, so the user sees all of them at once:
 * `const errors = new FieldErrors(); errors.add('cpf_numero', msg.naoEValido); …; errors.throwIfAny();`
 */
export class FieldErrors {
  readonly map: FieldErrorMap = {};

  add(field: string, message: string): this {
    (this.map[field] ??= []).push(message);
    return this;
  }

  has(field?: string): boolean {
    return field === undefined ? Object.keys(this.map).length > 0 : field in this.map;
  }

  /** 422 with every error collected, when there is one. */
  throwIfAny(message?: string): void {
    if (this.has()) throw unprocessable(this.map, message);
  }
}
