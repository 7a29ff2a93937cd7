import { msg } from '@saude/shared';
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, it, vi } from 'vitest';
import { LISTEN_APPLICATION, queryRows } from '../db/client';
import { lotacoes, perfilPermissoes, profissionais, sessoes, termosUso, unidadesSaude } from '../db/schema';
import { newId } from '../lib/ids';
import { fixtures, type Usuario } from '../test/fixtures';
import { onPostgres, useTestApp } from '../test/helpers';
import { SessionCache } from './session-cache';
import { hashToken, touchSeconds } from './sessions';

// The session cache (issue 15): the signed-in user is read once and reused until a change to the session, the
// professional, the unit's name, the assignments, the profiles or the terms of use is heard (migration 0025), the next
// idle touch is due, or the LISTEN connection is down.
describe('session cache', () => {
  const t = useTestApp();
  const f = fixtures(t);

  const me = (u: Pick<Usuario, 'headers'>) =>
    t.app.inject({ method: 'GET', url: '/api/v2/auth/me', headers: u.headers });
  const reads = () => t.app.sessionCache.stats.reads;
  const tokenHash = (u: Pick<Usuario, 'headers'>) => hashToken(u.headers.authorization.slice('Bearer '.length));
  // The top bar's poll (issue 41): the web app marks it X-Segundo-Plano.
  const poll = (u: Pick<Usuario, 'headers'>) =>
    t.app.inject({ method: 'GET', url: '/api/v2/auth/me', headers: { ...u.headers, 'x-segundo-plano': '1' } });
  /** Moves the session's idle clock to `minutos` ago, as if the user had been away that long. */
  const idleClock = (u: Pick<Usuario, 'headers'>, minutos: number) =>
    t.db
      .update(sessoes)
      .set({ last_seen_at: sql`now() - make_interval(mins => ${minutos})` })
      .where(eq(sessoes.token_hash, tokenHash(u)));
  /** The idle clock as stored, in ms. */
  const lastSeen = async (u: Pick<Usuario, 'headers'>) =>
    (
      await t.db
        .select()
        .from(sessoes)
        .where(eq(sessoes.token_hash, tokenHash(u)))
    )[0]!.last_seen_at.getTime();

  async function medico() {
    const unidade = await f.unidade();
    return { unidade, u: await f.usuario({ unidade, perfil: 'medico' }) };
  }

  it('reads the session once for many requests of the same token', async () => {
    const { u } = await medico();
    expect((await me(u)).statusCode).toBe(200);
    const before = reads();
    for (let i = 0; i < 5; i++) expect((await me(u)).statusCode).toBe(200);
    expect(reads()).toBe(before);
    expect(t.app.sessionCache.stats.hits).toBeGreaterThanOrEqual(5);
  });

  it('a sign-out is refused at the very next request', async () => {
    const { u } = await medico();
    await me(u);
    expect((await t.app.inject({ method: 'POST', url: '/api/v2/auth/logout', headers: u.headers })).statusCode).toBe(
      204,
    );
    expect((await me(u)).statusCode).toBe(401);
  });

  // Each write goes straight to the database, as an import or an administrator would: the trigger tells this process
  // before the write resolves, so no wait is needed.
  it('sees at the next request a permission taken from the profile', async () => {
    const unidade = await f.unidade();
    const u = await f.usuario({ unidade, permissoes: ['municipes:index', 'municipes:show'] });
    expect((await me(u)).json().permissoes).toEqual(['municipes:index', 'municipes:show']);
    const [l] = await t.db.select().from(lotacoes).where(eq(lotacoes.profissional_id, u.id));
    await t.db
      .delete(perfilPermissoes)
      .where(
        sql`${perfilPermissoes.perfil_id} = ${l!.perfil_id} and ${perfilPermissoes.permission} = 'municipes:show'`,
      );
    expect((await me(u)).json().permissoes).toEqual(['municipes:index']);
  });

  it("sees at the next request the unit's new name, an ended assignment and a deactivated professional", async () => {
    const { unidade, u } = await medico();
    expect((await me(u)).json().unidade_atual.nome).toBe(unidade.nome);
    await t.db.update(unidadesSaude).set({ nome: 'UBS Renomeada' }).where(eq(unidadesSaude.id, unidade.id));
    expect((await me(u)).json().unidade_atual.nome).toBe('UBS Renomeada');

    await t.db.update(lotacoes).set({ ativo: false }).where(eq(lotacoes.profissional_id, u.id));
    expect((await me(u)).json().permissoes).toEqual([]);

    await t.db.update(profissionais).set({ ativo: false }).where(eq(profissionais.id, u.id));
    expect((await me(u)).statusCode).toBe(401);
  });

  it('sees at the next request newly published terms of use', async () => {
    const { u } = await medico();
    const municipes = () => t.app.inject({ method: 'GET', url: '/api/v1/municipes', headers: u.headers });
    expect((await municipes()).statusCode).toBe(200);
    const [versoes] = await queryRows<{ max: number }>(
      t.db,
      sql`select coalesce(max(versao), 0) as max from termos_uso`,
    );
    await t.db.insert(termosUso).values({
      id: newId(),
      versao: Number(versoes!.max) + 1,
      titulo: 'Termo do teste de sessão',
      texto: '<p>texto</p>',
      publicado_em: new Date(),
    });
    const barrado = await municipes();
    expect(barrado.statusCode).toBe(403);
    expect(barrado.json()).toMatchObject({ code: 'termo_pendente', message: msg.termoPendente });
    await t.db.execute(sql`delete from termos_uso where titulo = 'Termo do teste de sessão'`);
  });

  it('an idle touch keeps the answer; an idle clock moved back past the limit ends the session at once', async () => {
    const { u } = await medico();
    await me(u);
    const kept = t.app.sessionCache.size;
    await t.db
      .update(sessoes)
      .set({ last_seen_at: sql`now()` })
      .where(eq(sessoes.token_hash, tokenHash(u)));
    expect(t.app.sessionCache.size).toBe(kept);
    await t.db
      .update(sessoes)
      .set({ last_seen_at: sql`now() - interval '31 minutes'` })
      .where(eq(sessoes.token_hash, tokenHash(u)));
    expect((await me(u)).statusCode).toBe(401);
  });

  it('writes the idle clock once per touch interval: a sixth of the idle time, 10 s to 5 min', async () => {
    expect([1, 12, 30, 24 * 60].map((idleMinutes) => touchSeconds({ idleMinutes, maxHours: 12 }))).toEqual([
      10, 120, 300, 300,
    ]);
    const { u } = await medico();
    // Within the interval: no write.
    await idleClock(u, 4);
    const recente = await lastSeen(u);
    expect((await me(u)).statusCode).toBe(200);
    expect(await lastSeen(u)).toBe(recente);
    // Past it: written at the next request, and the session lives on.
    await idleClock(u, 6);
    const antigo = await lastSeen(u);
    expect((await me(u)).statusCode).toBe(200);
    expect(await lastSeen(u)).toBeGreaterThan(antigo + 5 * 60_000);
  });

  // Issue 41: the top bar's polls (marked X-Segundo-Plano by the web app) are not the user's activity. An untouched tab
  // whose polls keep running is signed out after the idle time, as ASVS asks.
  it("a poll does not move the idle clock: an untouched tab's polls end with 401 after the idle time", async () => {
    const { u } = await medico();
    // Past the touch interval, a poll answers but writes nothing…
    await idleClock(u, 20);
    const antes = await lastSeen(u);
    for (let i = 0; i < 3; i++) expect((await poll(u)).statusCode).toBe(200);
    expect(await lastSeen(u)).toBe(antes);
    // …so once the idle time is over, the next poll is refused: the tab signs out.
    await idleClock(u, 31);
    expect((await poll(u)).statusCode).toBe(401);
  });

  it("the user's own request still moves the idle clock, and polls after it ride on that activity", async () => {
    const { u } = await medico();
    await idleClock(u, 20);
    expect((await me(u)).statusCode).toBe(200);
    expect(Date.now() - (await lastSeen(u))).toBeLessThan(60_000);
    expect((await poll(u)).statusCode).toBe(200);
  });

  it('reuses an answer only until the next idle touch is due, and keeps none read across a change', async () => {
    const { u } = await medico();
    let clock = 0;
    const policy = { idleMinutes: 30, maxHours: 12 };
    const cache = new SessionCache(t.db, policy, () => clock);
    await cache.start(async (_canal, _handler, opts) => {
      opts?.onConnect?.();
      return async () => {};
    });
    const token = u.headers.authorization.slice('Bearer '.length);
    expect((await cache.load(token))?.profissionalId).toBe(u.id);
    await cache.load(token);
    expect(cache.stats).toEqual({ hits: 1, reads: 1 });
    clock += touchSeconds(policy) * 1000 + 1;
    await cache.load(token);
    expect(cache.stats.reads).toBe(2);

    // A change heard while the session query is on its way: that answer is not kept.
    cache.changed('*');
    const loading = cache.load(token);
    cache.changed(tokenHash(u));
    expect((await loading)?.profissionalId).toBe(u.id);
    expect(cache.size).toBe(0);

    // Stopped (the app closing): nothing is reused.
    await cache.load(token);
    await cache.stop();
    const r = cache.stats.reads;
    await cache.load(token);
    expect(cache.stats.reads).toBe(r + 1);
  });

  it('a token that has no session is not kept', async () => {
    const res = await me({ headers: { authorization: `Bearer ${'x'.repeat(43)}` } });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ message: msg.naoAutenticado });
  });

  it.runIf(onPostgres)('hears a change made by another process, a moment later', async () => {
    const { u } = await medico();
    await me(u);
    const outra = await foraDoApp();
    try {
      await outra.query(`update sessoes set revoked_at = now() where token_hash = $1`, [tokenHash(u)]);
      await vi.waitFor(async () => expect((await me(u)).statusCode).toBe(401));
    } finally {
      await outra.end();
    }
  });

  it.runIf(onPostgres)(
    'reuses nothing while its LISTEN connection is down, and again once it is back',
    async () => {
      const { u } = await medico();
      await me(u);
      const outra = await foraDoApp();
      try {
        const ended = await outra.query(
          `select pg_terminate_backend(pid) from pg_stat_activity
           where datname = current_database() and application_name = $1`,
          [LISTEN_APPLICATION],
        );
        expect(ended.rowCount).toBe(1);
        await vi.waitFor(() => expect(t.app.sessionCache.reusing).toBe(false));
        const before = reads();
        await me(u);
        await me(u);
        expect(reads()).toBe(before + 2);
        await vi.waitFor(() => expect(t.app.sessionCache.reusing).toBe(true), { timeout: 15_000 });
        await me(u);
        const after = reads();
        await me(u);
        expect(reads()).toBe(after);
      } finally {
        await outra.end();
      }
    },
    30_000,
  );

  /** A connection of the test's database that is not the app's (another API process, psql). */
  async function foraDoApp() {
    const [atual] = await queryRows<{ db: string }>(t.db, sql`select current_database() as db`);
    const url = new URL(process.env.TEST_DATABASE_URL!);
    url.pathname = `/${atual!.db}`;
    const c = new pg.Client({ connectionString: url.toString() });
    await c.connect();
    return c;
  }
});
