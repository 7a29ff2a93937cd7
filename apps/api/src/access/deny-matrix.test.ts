import { perfilPermissions, perfis, type PerfilCodigo, type Permission } from '@saude/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixtures, type Usuario } from '../test/fixtures';
import { buildTestApp, type TestApp } from '../test/helpers';

// Issue 14 "Proof": the deny matrix, generated from the route declarations — every permission-guarded route × every
// built-in profile. A profile without the route's permission gets 403; a profile with it is never refused by the
// access hook (the sample ids find nothing, so 404 or 422 is the expected answer there) and never gets a 500.
// The other-team half of the matrix (a record of another team answers 404) lives in teams-matrix.test.ts.

const sampleUrl = (url: string) =>
  url.replace(':parametro', 'misto').replace(/:[a-zA-Z_]+\??/g, '0190a0b0-0000-7000-8000-000000000000');

describe('deny matrix: route × profile', () => {
  let t: TestApp;
  const usuarios = new Map<PerfilCodigo, Usuario>();
  beforeAll(async () => {
    t = await buildTestApp();
    const f = fixtures(t);
    // An urgent-care unit that manages queues too, so the urgent-care and queue services (403 in any other unit)
    // answer past the access hook.
    const { unidade, equipe } = await f.territorio({
      unidade: { pronto_atendimento: true, gerenciamento_filas: true },
    });
    for (const perfil of perfis) usuarios.set(perfil, await f.usuario({ unidade, equipe, perfil }));
  });
  afterAll(async () => {
    await t.close();
  });

  it.each(perfis)('%s: 403 exactly where the profile lacks the permission', async (perfil) => {
    const permitidas = new Set<string>(perfilPermissions[perfil] satisfies Permission[]);
    const guarded = t.app.registeredRoutes.filter((r) => r.access !== 'public' && r.access !== 'authenticated');
    expect(guarded.length).toBeGreaterThan(30);
    const errados: string[] = [];
    for (const r of guarded) {
      const res = await t.app.inject({
        method: r.method as 'GET',
        url: sampleUrl(r.url),
        headers: usuarios.get(perfil)!.headers,
        payload: r.method === 'GET' || r.method === 'DELETE' ? undefined : {},
      });
      const esperado = permitidas.has(r.access) ? 'não 403' : '403';
      const ok = permitidas.has(r.access) ? res.statusCode !== 403 && res.statusCode < 500 : res.statusCode === 403;
      if (!ok) errados.push(`${r.method} ${r.url} [${r.access}]: ${res.statusCode}, esperado ${esperado}`);
    }
    expect(errados).toEqual([]);
  });
});
