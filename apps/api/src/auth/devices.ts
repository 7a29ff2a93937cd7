import { sql } from 'drizzle-orm';
import { queryRows, type DbOrTx } from '../db/client';
import { hashToken } from './sessions';

// A browser is known to an account once it has signed in to it; one unused for this long is a stranger again.
const KNOWN_FOR_DAYS = 180;

/** The stored form of the id the web keeps in localStorage: a leaked table names no browser. */
export const deviceHash = (dispositivo: string) => hashToken(dispositivo);

export async function isKnownDevice(db: DbOrTx, profissionalId: string, hash: string): Promise<boolean> {
  const rows = await queryRows<{ ok: number }>(
    db,
    sql`select 1 as ok from dispositivos_conhecidos
      where profissional_id = ${profissionalId} and dispositivo_hash = ${hash}
        and ultimo_acesso > now() - make_interval(days => ${KNOWN_FOR_DAYS})`,
  );
  return rows.length > 0;
}

export async function rememberDevice(db: DbOrTx, profissionalId: string, hash: string): Promise<void> {
  await db.execute(sql`
    insert into dispositivos_conhecidos (profissional_id, dispositivo_hash) values (${profissionalId}, ${hash})
    on conflict (profissional_id, dispositivo_hash) do update set ultimo_acesso = now(), updated_at = now()`);
}
