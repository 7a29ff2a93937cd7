// The calling panel's API (issue 17). The TV has no staff session: both reads carry the panel key instead, and go
// through fetch/EventSource directly (the app's http client would add a bearer token and treat 401 as a sign-out).
import type { ChamadaPainel, PainelChaveGerada, PainelSnapshot } from '@saude/shared/schemas/painel';
import { PAINEL_ULTIMAS } from '@saude/shared/schemas/painel';
import { http } from '../../../lib/http';

const base = '/api/v1/filas/painel';

export const snapshotUrl = (unidadeId: string, chave: string) =>
  `${base}/${encodeURIComponent(unidadeId)}?chave=${encodeURIComponent(chave)}`;
export const eventosUrl = (unidadeId: string, chave: string) =>
  `${base}/${encodeURIComponent(unidadeId)}/eventos?chave=${encodeURIComponent(chave)}`;

/** A new key for the current unit's panel (the old one stops at once). Shown once. */
export const gerarChavePainel = () => http.post<PainelChaveGerada>(`${base}/chave`);

/** What the panel shows: the current call and the ones before it, one per ticket. */
export type Quadro = Pick<PainelSnapshot, 'atual' | 'ultimas'>;

/** A live call on the board: it becomes the current one; the previous current one heads the list. */
export function aplicarChamada(q: Quadro, c: ChamadaPainel): Quadro {
  const anteriores = [q.atual, ...q.ultimas].filter((x): x is ChamadaPainel => x !== null && x.senha_id !== c.senha_id);
  return { atual: c, ultimas: anteriores.slice(0, PAINEL_ULTIMAS) };
}
