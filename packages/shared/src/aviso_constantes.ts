// The staff notices' constants (issue 19, spec §4, §9), free of zod: the shell's unread check and the notice list
// import them within their JavaScript budget (issue 15); schemas/aviso.ts re-exports them.
import { rotulados } from './rotulos';

/** Spec §4 situacao. `excluido` is the soft delete: only DELETE sets it, and nothing shows or edits it again. */
export const { valores: SITUACOES_AVISO, rotulos: ROTULOS_SITUACAO_AVISO } = rotulados({
  ativo: 'Ativo',
  inativo: 'Inativo',
  excluido: 'Excluído',
});
export type SituacaoAviso = (typeof SITUACOES_AVISO)[number];

/** Spec §9: the message's hint (50) is its limit; the reply's limit is 150. */
export const LIMITES_AVISO = { titulo: 100, mensagem: 50, resposta: 150, alvos: 500 } as const;
/** Spec §9: unread notices are checked every 15 minutes. */
export const INTERVALO_AVISOS_MS = 900_000;
