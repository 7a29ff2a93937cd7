import type { TemaListItem } from '@saude/shared/schemas/tema';
import { describe, expect, it } from 'vitest';
import { signIn, useTestApp } from '../../../test/helpers';

// The demo's theme (seed/temas.ts): Novembro Azul in the list, inactive, so no theme is in force for anyone.
describe('demo campaign theme', () => {
  const t = useTestApp({}, { demo: true });

  it('lists Novembro Azul, inactive, and tema_atual answers 204', async () => {
    const headers = await signIn(t, 'admin');
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/ferramentas/temas', headers });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<TemaListItem[]>()).toEqual([
      expect.objectContaining({ objetivo: 'Novembro Azul', ativo: false, recorrente: true }),
    ]);
    const atual = await t.app.inject({ method: 'GET', url: '/api/v1/ferramentas/tema_atual', headers });
    expect(atual.statusCode).toBe(204);
  });
});
