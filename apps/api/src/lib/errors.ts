import { msg } from '@saude/shared';

export class AppError extends Error {
  constructor(
    readonly statusCode: 401 | 403 | 404 | 409 | 422 | 429,
    message: string,
    readonly errors: Record<string, string[]> = {},
    /** More fields of the answer body, beside message and errors (e.g. the likely duplicates of a 409). */
    readonly extra?: Record<string, unknown>,
  ) {
    super(message);
  }
}
export const notFound = (message: string = msg.cadastroNaoEncontrado) => new AppError(404, message);
export const conflict = (message: string) => new AppError(409, message);
export const forbidden = (message: string = msg.naoAutorizado) => new AppError(403, message);
export const unprocessable = (errors: Record<string, string[]>) =>
  new AppError(422, msg.naoFoiPossivelGravar('o registro', Object.keys(errors).length), errors);
