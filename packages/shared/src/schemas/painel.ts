import { z } from 'zod';

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
