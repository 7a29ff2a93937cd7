import { z } from 'zod';

// The ticket-authentication popup of spec §4 (SenhaSimples, this product's own ticket service): the opener asks for a
// token through a 600×700 window, which posts back { source, token } or { source, error } to the registered origin.

/** The marker of every message the popup posts to its opener. */
export const SENHA_SIMPLES_SOURCE = 'senha_simples';

/** GET /api/v1/ferramentas/auth_applications?uri=: the application registered for that exact callback. */
export const authApplicationSchema = z.object({ id: z.uuid(), nome: z.string(), uri: z.string() });
export type AuthApplication = z.infer<typeof authApplicationSchema>;

export const authApplicationQuerySchema = z.object({ uri: z.string().max(2000).default('') });

export const senhaSimplesTokenInputSchema = z.object({ uri: z.string().min(1).max(2000) });
export type SenhaSimplesTokenInput = z.infer<typeof senhaSimplesTokenInputSchema>;

/** A session token with escopo 'filas': it reaches only the queue and ticket routes (filas/…). */
export const senhaSimplesTokenSchema = z.object({ token: z.string(), expires_at: z.iso.datetime({ offset: true }) });
export type SenhaSimplesToken = z.infer<typeof senhaSimplesTokenSchema>;

/** What the popup posts to window.opener. */
export type SenhaSimplesMessage =
  { source: typeof SENHA_SIMPLES_SOURCE; token: string } | { source: typeof SENHA_SIMPLES_SOURCE; error: number };
