import type { PerfilCodigo } from '@saude/shared';
import { afterAll, beforeAll } from 'vitest';
import { fixtures } from './fixtures';
import { buildTestApp, type TestApp, type TestAppOptions } from './helpers';

// The setup most test blocks repeat, said once: call these at the top of a describe block.

/** A test app for the enclosing describe block: built before its tests, closed after them. */
export function useTestApp(env: Record<string, string> = {}, opts: TestAppOptions = {}): TestApp {
  let built: TestApp | undefined;
  beforeAll(async () => {
    built = await buildTestApp(env, opts);
  });
  afterAll(async () => {
    await built?.close();
  });
  // Read through: `t.app`, `t.db`… are the built app's once beforeAll has run.
  return new Proxy({} as TestApp, {
    get(_, key) {
      if (!built) throw new Error('useTestApp: the app is built in beforeAll; use it inside a test or a hook');
      return built[key as keyof TestApp];
    },
  });
}

/**
 * The headers of a user of `perfil` in a unit with a team (one of each, made by the fixtures before the block's
 * tests). The object is filled in place, so it can be passed as `headers` as it is.
 */
export function useUserHeaders(t: TestApp, perfil: PerfilCodigo): { authorization: string } {
  const headers = { authorization: '' };
  beforeAll(async () => {
    const f = fixtures(t);
    const { unidade, equipe } = await f.territorio();
    headers.authorization = (await f.usuario({ unidade, equipe, perfil })).headers.authorization;
  });
  return headers;
}
