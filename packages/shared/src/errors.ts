// The machine code every API error body carries beside its pt-BR message: { code, message, errors }.
// The web decides what to offer from the code (e.g. "Recarregar" only for a stale edit), never from the text.
export const errorCodes = [
  'validacao', // 422: input refused; `errors` names the fields
  'nao_autenticado', // 401
  'proibido', // 403
  'termo_pendente', // 403: the newest terms of use wait for the user's acceptance (issue 21)
  'nao_encontrado', // 404: absent or outside the user's scope
  'edicao_desatualizada', // 409: lock_version is old, someone saved first
  'conflito', // 409: any other conflict (already linked, already registered…); the message says which
  'confirmacao', // 409: the action needs the user's confirmation first (body says what to confirm)
  'limite', // 429: too many attempts; Retry-After says for how long
  'erro_interno', // 500
  'servico_autenticacao', // 502: an outside service (the national registry, issue 24) refused our credentials
  'servico_indisponivel', // 503: an outside service (the registry, the identity provider) is down, slow, answered nonsense or is not configured
] as const;
export type ErrorCode = (typeof errorCodes)[number];

export type ApiErrorBody = {
  code: ErrorCode;
  message: string;
  errors: Record<string, string[]>;
} & Record<string, unknown>;
