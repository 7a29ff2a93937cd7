import type { SessionUser } from '../access/context';
import { CANAL_SESSOES, type Database, type Db } from '../db/client';
import { hashToken, readSession, type SessionPolicy } from './sessions';

/** More sessions than this in memory: the expired go first, then all (a burst of sign-ins must not grow the heap). */
const MAX_ENTRIES = 20_000;

type Entry = { usuario: SessionUser; until: number };

/**
 * The signed-in user of a token, kept in the process between requests (issue 15: the session query was one round trip
 * of every request, ≈ 0.5–1 ms of CPU here). Sound across processes because every change that alters a session's
 * answer NOTIFYs CANAL_SESSOES from a trigger (migration 0025: the session itself, the professional, the unit's name,
 * assignments, profiles and their permissions, terms of use and their acceptances):
 * - this process hears its own writes before they resolve (db/client.ts), so a logout, a unit change or a profile
 *   change is never followed here by an answer from the old session;
 * - another process hears them through its LISTEN connection a moment later;
 * - while that connection is down, nothing is reused (NOTIFYs would be missed), and everything is dropped when it
 *   comes back.
 * An answer is reused at most until the session's next idle touch is due (sessions.ts `touchSeconds`: 5 min for the
 * default 30 min of idle time) or its end, so the idle and absolute expiries are what they are without the cache. Keys
 * are the token's hash, never the token.
 */
export class SessionCache {
  private readonly entries = new Map<string, Entry>();
  /** Bumped by every change heard: an answer read before a change is not kept after it. */
  private generation = 0;
  private listening = false;
  /** Requests answered from memory, and session queries sent (tests and benches read them). */
  readonly stats = { hits: 0, reads: 0 };
  private unlisten: (() => Promise<void>) | null = null;

  constructor(
    private readonly db: Db,
    private readonly policy: SessionPolicy,
    private readonly now: () => number = () => performance.now(),
  ) {}

  /** Starts hearing changes; until then (and whenever the LISTEN connection is down) every request reads the database. */
  async start(listen: Database['listen']): Promise<void> {
    this.unlisten = await listen(CANAL_SESSOES, (payload) => this.changed(payload), {
      onConnect: () => {
        this.changed('*');
        this.listening = true;
      },
      onDisconnect: () => {
        this.listening = false;
        this.changed('*');
      },
    });
  }

  async stop(): Promise<void> {
    this.listening = false;
    this.changed('*');
    await this.unlisten?.();
    this.unlisten = null;
  }

  /** A trigger's payload: one session's token hash, or '*' for anything that may touch every session. */
  changed(payload: string): void {
    this.generation++;
    if (payload === '*' || payload === '') this.entries.clear();
    else this.entries.delete(payload);
  }

  /**
   * The live session of a bearer token, or null. Callers must not change what it answers (it may be shared). `touch`
   * false: a background request, which does not move the idle clock (readSession).
   */
  async load(token: string, touch = true): Promise<SessionUser | null> {
    const key = hashToken(token);
    const hit = this.listening ? this.entries.get(key) : undefined;
    if (hit && hit.until > this.now()) {
      this.stats.hits++;
      return hit.usuario;
    }
    this.stats.reads++;
    const generation = this.generation;
    const read = await readSession(this.db, key, this.policy, touch);
    if (!read) {
      this.entries.delete(key);
      return null;
    }
    if (this.listening && generation === this.generation && read.validoMs > 0) {
      if (this.entries.size >= MAX_ENTRIES) this.prune();
      this.entries.set(key, { usuario: read.usuario, until: this.now() + read.validoMs });
    }
    return read.usuario;
  }

  /** How many answers are kept, and whether they may be reused now (tests). */
  get size(): number {
    return this.entries.size;
  }
  get reusing(): boolean {
    return this.listening;
  }

  private prune(): void {
    const now = this.now();
    for (const [k, e] of this.entries) if (e.until <= now) this.entries.delete(k);
    if (this.entries.size >= MAX_ENTRIES) this.entries.clear();
  }
}
