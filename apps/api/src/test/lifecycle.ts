import type { PerfilCodigo } from '@saude/shared';
import { beforeAll } from 'vitest';
import { fixtures } from './fixtures';
import type { TestApp } from './helpers';

export { useTestApp } from './helpers';

// The setup most test blocks repeat, said once: call these at the top of a describe block (useTestApp lives in
// helpers.ts and is re-exported here).

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
