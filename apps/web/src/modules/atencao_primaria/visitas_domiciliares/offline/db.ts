// Issue 25: what the home visits keep on the device, in IndexedDB through Dexie (docs/decisions.md): the queue of
// visits and cancellations not yet sent, and the last answers of the reads the visit screens need (the working set).
import Dexie, { type EntityTable } from 'dexie';
import type { VisitaDomiciliarInput } from '@saude/shared/schemas/visita_domiciliar';

export type EstadoEnvio = 'aguardando' | 'enviando' | 'enviado' | 'recusado';

/** A write made on the device, sent when the server can be reached. */
export interface ItemFila {
  /** The visit's UUIDv7 for a visit; `cancelar:<visit id>` for its cancellation (one of each per visit). */
  chave: string;
  tipo: 'visita' | 'cancelamento';
  visita_id: string;
  /** Whose session recorded it: only that user's session sends it (never under another agent's name). */
  usuario_id: string;
  familia_id: string | null;
  /** What the agent sees in the lists while it waits (who was visited, the family's responsible). */
  descricao: string;
  corpo: VisitaDomiciliarInput | { justificativa: string };
  estado: EstadoEnvio;
  /** The server's reason for a refusal, kept until the agent dismisses it. */
  motivo: string | null;
  tentativas: number;
  criado_em: number;
  enviado_em: number | null;
}

/** The last answer of one GET of the visit screens, for when the network is gone. */
export interface Copia {
  /** usuario_id + URL with its query. */
  chave: string;
  usuario_id: string;
  dados: unknown;
  total: number | null;
  salvo_em: number;
}

export interface Meta {
  chave: string;
  valor: number;
}

export const db = new Dexie('saude-visitas-offline') as Dexie & {
  fila: EntityTable<ItemFila, 'chave'>;
  copias: EntityTable<Copia, 'chave'>;
  meta: EntityTable<Meta, 'chave'>;
};

db.version(1).stores({
  fila: 'chave, usuario_id, familia_id, estado, criado_em',
  copias: 'chave, usuario_id',
  meta: 'chave',
});
