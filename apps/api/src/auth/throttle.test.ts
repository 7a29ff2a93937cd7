import { msg } from '@saude/shared';
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { queryRows } from '../db/client';
import { DEMO_PASSWORD } from '../seed/demo';
import { auditRows } from '../test/helpers';
import { throttleClock, throttlePolicy } from './throttle';
import { useTestApp } from '../test/lifecycle';

// Sign-in throttling of issue 14 (ASVS 2): per account and per address apart, counted before the password is
// evaluated, and a browser that signed in to the account before keeps getting in with the right password.
describe('sign-in throttling', () => {
  const t = useTestApp({}, { demo: true });

  const attempt = (login: string, senha: string, ip: string, dispositivo?: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v2/auth/login',
      payload: { login, senha, ...(dispositivo ? { dispositivo } : {}) },
      remoteAddress: ip,
    });
  const statuses = (res: Array<{ statusCode: number }>) =>
    res.reduce<Record<number, number>>((n, r) => ({ ...n, [r.statusCode]: (n[r.statusCode] ?? 0) + 1 }), {});

  it('evaluates no more than the limit of 30 parallel wrong passwords for one account', async () => {
    const res = await Promise.all(
      Array.from({ length: 30 }, (_, i) => attempt('medico', `errada-${i}`, `10.20.0.${i + 1}`)),
    );
    expect(statuses(res)).toEqual({ 401: throttlePolicy.accountLimit, 429: 30 - throttlePolicy.accountLimit });
    expect(await auditRows(t, { action: 'login_falhou' })).toHaveLength(throttlePolicy.accountLimit);
  });

  it('says how long to wait, in words and in Retry-After, and refuses even the right password meanwhile', async () => {
    const blocked = await attempt('medico', DEMO_PASSWORD, '10.20.1.1');
    expect(blocked.statusCode).toBe(429);
    const wait = Number(blocked.headers['retry-after']);
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(throttlePolicy.baseDelaySeconds);
    expect(blocked.json().message).toBe(msg.muitasTentativas(wait));
    expect(blocked.json().message).toMatch(/^Muitas tentativas de acesso\. Aguarde \d+ segundos? e tente novamente\.$/);
    expect((await auditRows(t, { action: 'login_bloqueado' })).length).toBeGreaterThan(0);
  });

  it('lets the right password in from a browser that signed in to the account before, while the account is throttled for others', async () => {
    const device = 'dispositivo-da-enfermeira-0001';
    expect((await attempt('enfermagem', DEMO_PASSWORD, '10.30.0.1', device)).statusCode).toBe(200);
    // An attacker elsewhere, from browsers the account does not know.
    for (let i = 0; i < throttlePolicy.accountLimit; i++)
      expect((await attempt('enfermagem', `chute-${i}`, '10.66.0.1', `atacante-${i}-0000000000`)).statusCode).toBe(401);
    expect((await attempt('enfermagem', DEMO_PASSWORD, '10.66.0.2')).statusCode).toBe(429);
    // Another browser of the person, never used with this account: throttled with the account.
    expect((await attempt('enfermagem', DEMO_PASSWORD, '10.30.0.1', 'navegador-novo-000000000')).statusCode).toBe(429);
    // The known browser, from any address, still gets in.
    expect((await attempt('enfermagem', DEMO_PASSWORD, '10.30.0.1', device)).statusCode).toBe(200);
    expect((await attempt('enfermagem', DEMO_PASSWORD, '10.30.9.9', device)).statusCode).toBe(200);
  });

  it('throttles a known browser on its own failures, without touching the account or other browsers', async () => {
    const mine = 'dispositivo-da-vigilancia-1';
    const other = 'dispositivo-da-vigilancia-2';
    expect((await attempt('vigilancia', DEMO_PASSWORD, '10.40.0.1', mine)).statusCode).toBe(200);
    expect((await attempt('vigilancia', DEMO_PASSWORD, '10.40.0.2', other)).statusCode).toBe(200);
    for (let i = 0; i < throttlePolicy.deviceLimit; i++)
      expect((await attempt('vigilancia', `chute-${i}`, '10.40.0.1', mine)).statusCode).toBe(401);
    expect((await attempt('vigilancia', DEMO_PASSWORD, '10.40.0.1', mine)).statusCode).toBe(429);
    expect((await attempt('vigilancia', DEMO_PASSWORD, '10.40.0.2', other)).statusCode).toBe(200);
    expect((await attempt('vigilancia', DEMO_PASSWORD, '10.40.0.3')).statusCode).toBe(200);
  });

  it('does not lock out everyone behind a clinic NAT after 30 failures from its address', async () => {
    const nat = '10.50.0.1';
    const device = 'tablet-da-recepcao-000001';
    expect((await attempt('recepcao', DEMO_PASSWORD, nat, device)).statusCode).toBe(200);
    // 30 failures from the clinic, spread over logins so that no account reaches its own limit.
    for (let i = 0; i < throttlePolicy.addressLimit; i++)
      expect((await attempt(`ninguem${i % 10}`, 'errada', nat)).statusCode).toBe(401);
    // The address is now slowed down for browsers no account there knows…
    expect((await attempt('ace', DEMO_PASSWORD, nat)).statusCode).toBe(429);
    // …but a browser that signed in before gets in, and so does the same person from elsewhere.
    expect((await attempt('recepcao', DEMO_PASSWORD, nat, device)).statusCode).toBe(200);
    expect((await attempt('ace', DEMO_PASSWORD, '10.50.9.9')).statusCode).toBe(200);
  });

  it('forgets buckets whose window closed a day ago, but keeps one that still blocks', async () => {
    await t.db.execute(sql`
      insert into login_falhas (chave, falhas, janela_inicio, bloqueado_ate) values
        ('conta:antiga', 3, now() - interval '2 days', null),
        ('conta:bloqueada', 9, now() - interval '2 days', now() + interval '1 hour'),
        ('conta:recente', 2, now() - interval '1 hour', null)`);
    await attempt('alguem', 'errada-1', '10.70.0.1');
    const rows = await queryRows<{ chave: string }>(
      t.db,
      sql`select chave from login_falhas where chave in ('conta:antiga', 'conta:bloqueada', 'conta:recente') order by chave`,
    );
    expect(rows.map((r) => r.chave)).toEqual(['conta:bloqueada', 'conta:recente']);
  });

  // Issue 39: only failures count toward an address's pause. The clock is moved, never waited for.
  describe('after an attack on a shared address', () => {
    let offset = 0;
    const advance = (seconds: number) => {
      offset += seconds * 1000;
      throttleClock.now = () => new Date(Date.now() + offset);
    };
    afterEach(() => {
      offset = 0;
      throttleClock.now = () => new Date();
    });
    /** 30 failures from the address, spread over logins so that no account reaches its own limit. */
    const attack = async (ip: string) => {
      for (let i = 0; i < throttlePolicy.addressLimit; i++)
        expect((await attempt(`invasor-${ip}-${i % 10}`, 'errada', ip)).statusCode).toBe(401);
      expect((await attempt('acs', DEMO_PASSWORD, ip)).statusCode).toBe(429);
    };

    it('lets right passwords from unknown browsers in once the pause ends, without setting it again', async () => {
      const ip = '10.80.0.1';
      await attack(ip);
      advance(throttlePolicy.baseDelaySeconds + 1);
      // Staff arriving one after another, none re-arming the pause (each used to set it for a minute more).
      for (const login of ['acs', 'ace', 'recepcao', 'acs', 'enfermagem', 'ace'])
        expect((await attempt(login, DEMO_PASSWORD, ip)).statusCode).toBe(200);
      advance(1);
      expect((await attempt('vigilancia', DEMO_PASSWORD, ip)).statusCode).toBe(200);
    });

    it('still counts failures: one more after the pause sets a longer one', async () => {
      const ip = '10.80.0.2';
      await attack(ip);
      advance(throttlePolicy.baseDelaySeconds + 1);
      expect((await attempt('invasor-31', 'errada', ip)).statusCode).toBe(401);
      const blocked = await attempt('acs', DEMO_PASSWORD, ip);
      expect(blocked.statusCode).toBe(429);
      // The 31st failure doubles the pause: still blocked after the first pause's length.
      expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(throttlePolicy.baseDelaySeconds);
      advance(throttlePolicy.baseDelaySeconds + 1);
      expect((await attempt('acs', DEMO_PASSWORD, ip)).statusCode).toBe(429);
      advance(throttlePolicy.baseDelaySeconds);
      expect((await attempt('acs', DEMO_PASSWORD, ip)).statusCode).toBe(200);
    });

    it('lets 20 right passwords of one account in at once, from a fresh address and after a pause', async () => {
      const all = (ip: string) =>
        Promise.all(Array.from({ length: 20 }, () => attempt('enfermagem', DEMO_PASSWORD, ip)));
      expect(statuses(await all('10.80.0.3'))).toEqual({ 200: 20 });
      const ip = '10.80.0.4';
      await attack(ip);
      advance(throttlePolicy.baseDelaySeconds + 1);
      expect(statuses(await all(ip))).toEqual({ 200: 20 });
      // And the address was not re-armed by them.
      expect((await attempt('ace', DEMO_PASSWORD, ip)).statusCode).toBe(200);
    }, 120_000); // 70 password hashes checked
  });

  it('does not count successful sign-ins against the address', async () => {
    const ip = '10.60.0.1';
    for (let i = 0; i < throttlePolicy.addressLimit + 5; i++)
      expect((await attempt('acs', DEMO_PASSWORD, ip)).statusCode).toBe(200);
  });
});
