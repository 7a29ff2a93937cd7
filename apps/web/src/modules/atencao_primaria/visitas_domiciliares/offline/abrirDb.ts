// The device's database arrives with its first use, not with the screen: Dexie (≈ 30 kB gzip) stays out of the visit
// screens' first paint (issue 15's list budget). Types only are imported statically.
import type { db as Db } from './db';

export type { Copia, EstadoEnvio, ItemFila } from './db';

let aberto: Promise<typeof Db> | null = null;

export function abrirDb(): Promise<typeof Db> {
  aberto ??= import('./db').then((m) => m.db);
  // A failed chunk load (offline before the worker cached it) is tried again on the next use.
  aberto.catch(() => {
    aberto = null;
  });
  return aberto;
}
