import type { NotificacaoListItem, NotificacaoMapa } from '@saude/shared/schemas/notificacao_compulsoria';
import { describe, expect, it } from 'vitest';
import { signIn, useTestApp } from '../../test/helpers';

// The demo municipality (seed/notificacoes.ts) as surveillance and a nurse open it: cases on the map, in several
// units and statuses; the nurse of UBS Centro sees her unit's only.
describe('demo notifications', () => {
  const t = useTestApp({}, { demo: true });

  it('shows surveillance a few dozen cases on the map in several statuses, and the nurse her unit only', async () => {
    const vigilancia = await signIn(t, 'vigilancia');
    const lista = await t.app.inject({
      method: 'GET',
      url: '/api/v1/municipes_notificacao?per_page=100',
      headers: vigilancia,
    });
    expect(lista.statusCode, lista.body).toBe(200);
    const linhas = lista.json<NotificacaoListItem[]>();
    expect(linhas.length).toBeGreaterThanOrEqual(25);
    expect(linhas.reduce((s, l) => s + l.confirmados, 0)).toBeGreaterThan(0);
    expect(linhas.reduce((s, l) => s + l.descartados, 0)).toBeGreaterThan(0);
    const mapa = (
      await t.app.inject({ method: 'GET', url: '/api/v1/municipes_notificacao/mapa', headers: vigilancia })
    ).json<NotificacaoMapa>();
    expect(mapa.pontos.length).toBeGreaterThanOrEqual(20);
    expect(new Set(mapa.pontos.map((p) => p.doenca_agravo_id)).size).toBeGreaterThanOrEqual(5);
    expect(mapa.sem_coordenadas).toBeGreaterThan(0);

    const enfermagem = await signIn(t, 'enfermagem');
    const dela = await t.app.inject({
      method: 'GET',
      url: '/api/v1/municipes_notificacao?per_page=100',
      headers: enfermagem,
    });
    expect(dela.json<NotificacaoListItem[]>().length).toBeGreaterThan(0);
    expect(dela.json<NotificacaoListItem[]>().length).toBeLessThan(linhas.length);
  });
});
