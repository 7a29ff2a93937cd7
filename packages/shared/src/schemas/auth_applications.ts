import { z } from 'zod';
import { msg } from '../messages';
import { zRequired } from '../validation/zod';
import { ativoPorPadrao, inputBody, updateBody, filtrosTextoAtivo } from './comum';
import { carimbosSchema } from './resposta';
import { authApplicationSchema as consultaSchema } from './senha_simples';

// Authorized applications (issue 39, spec §7 auth_applications): the callbacks allowed to receive a SenhaSimples
// ticket-login token through the popup. The popup compares the callback as typed, so the address is kept exactly as
// entered (only trimmed): an absolute http(s) address, https unless it is this machine (a developer's or a desk's
// local agent), never with a user or password in it. Only the API knows whether another application has it.

export const LIMITES_AUTH_APPLICATION = { nome: 100, uri: 2000 } as const;

const LOCAIS = new Set(['localhost', '127.0.0.1', '[::1]']);

/** Why `uri` cannot be a callback, or null: not an absolute http(s) address, or plain http away from localhost. */
function problemaUri(uri: string): string | null {
  let url: URL;
  try {
    url = new URL(uri);
  } catch {
    return msg.authAppUriInvalida;
  }
  if ((url.protocol !== 'https:' && url.protocol !== 'http:') || !url.hostname || url.username || url.password)
    return msg.authAppUriInvalida;
  if (url.protocol === 'http:' && !LOCAIS.has(url.hostname)) return msg.authAppUriHttps;
  return null;
}

const zUri = () =>
  zRequired({ max: LIMITES_AUTH_APPLICATION.uri }).superRefine((v, ctx) => {
    const erro = problemaUri(v);
    if (erro) ctx.addIssue({ code: 'custom', message: erro, input: undefined });
  });

export const authApplicationFieldsSchema = z.object({
  nome: zRequired({ max: LIMITES_AUTH_APPLICATION.nome }).meta({ label: 'Nome da aplicação' }),
  uri: zUri().meta({ label: 'Endereço de retorno (callback)' }),
  ativo: ativoPorPadrao().meta({ label: 'Ativa' }),
});
export type AuthApplicationValues = z.output<typeof authApplicationFieldsSchema>;

export const authApplicationInputSchema = inputBody(authApplicationFieldsSchema, () => []);
export type AuthApplicationInput = z.input<typeof authApplicationInputSchema>;
export const authApplicationUpdateSchema = updateBody(authApplicationFieldsSchema, () => []);
export type AuthApplicationUpdate = z.input<typeof authApplicationUpdateSchema>;

// ---- what the API answers --------------------------------------------------------------------------------

/** A list row: the popup's lookup answer and whether it is active. */
export const authApplicationListItemSchema = consultaSchema.extend({ ativo: z.boolean() });
export type AuthApplicationListItem = z.infer<typeof authApplicationListItemSchema>;

/** GET /api/v1/ferramentas/auth_applications/{id} (also what every write answers). */
export const authApplicationRecordSchema = authApplicationListItemSchema.extend(carimbosSchema);
export type AuthApplicationRecord = z.infer<typeof authApplicationRecordSchema>;

/** GET list filters: part of the name or address, active or not (absent: both). By name. */
export const authApplicationFiltersSchema = filtrosTextoAtivo(LIMITES_AUTH_APPLICATION.nome);
export type AuthApplicationFilters = z.infer<typeof authApplicationFiltersSchema>;
