import { z } from 'zod';
import { nomeadoSchema } from './resposta';

// The calling panel (issue 17): what a call looks like on the waiting room's TV. Only the ticket and where to go —
// never a name: the panel is public to everyone in the room (LGPD, docs/decisions.md).

export const chamadaPainelSchema = z.object({
  unidade_saude_id: z.uuid(),
  senha_id: z.uuid(),
  /** 'P012' */
  codigo: z.string(),
  categoria: z.object({ nome: z.string(), cor: z.string() }),
  fila: z.string(),
  /** The desk or room the ticket is called to. */
  local: z.string(),
  chamada_em: z.iso.datetime({ offset: true }),
  /** A repeated call of the same ticket ("Chamar novamente"). */
  rechamada: z.boolean(),
});
export type ChamadaPainel = z.infer<typeof chamadaPainelSchema>;

/** What the panel shows when it opens or reconnects: the latest call and the five before it (today, one per ticket). */
export const painelSnapshotSchema = z.object({
  unidade: nomeadoSchema,
  atual: chamadaPainelSchema.nullable(),
  ultimas: z.array(chamadaPainelSchema),
});
export type PainelSnapshot = z.infer<typeof painelSnapshotSchema>;

/** A new panel key: shown once (only its SHA-256 is stored), with the address to open on the TV. */
export const painelChaveGeradaSchema = z.object({ chave: z.string(), url: z.string() });
export type PainelChaveGerada = z.infer<typeof painelChaveGeradaSchema>;

/** How many calls the panel lists under the current one. */
export const PAINEL_ULTIMAS = 5;
