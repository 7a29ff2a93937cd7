// Issue 41: the top bar's polls go as background requests, so an untouched tab still signs out after the idle time
// (the API leaves the idle clock alone for them: auth/session-cache.test.ts); what the user does goes as activity.
import { describe, expect, it } from 'vitest';
import { fakeApi } from '../test/fakeApi';
import { http } from '../lib/http';
import { sinoQuery } from '../modules/ouvidoria';
import { naoLidasQuery } from '../modules/notificacoes_globais';
import { avisosNaoVisualizadosQuery } from '../modules/comunicacao';

const UNIDADE = '0190a6d2-1c1e-7000-8000-0000000000a1';
const contexto = () => ({ signal: new AbortController().signal }) as never;

describe('background polls', () => {
  it('the bell, the globe and the notices check are sent as background requests', async () => {
    const api = fakeApi({
      'GET /api/v1/buscas/consulta/ouvidoria/notificacoes': { body: [] },
      'GET /api/v1/notificacoes_globais': { body: [] },
      'GET /api/v1/comunicacao/avisos/nao_visualizados': { body: [] },
    });
    await sinoQuery().queryFn!(contexto());
    await naoLidasQuery(UNIDADE).queryFn!(contexto());
    await avisosNaoVisualizadosQuery(UNIDADE).queryFn!(contexto());
    expect(api.chamadas.map((c) => [c.path, c.segundoPlano])).toEqual([
      ['/api/v1/buscas/consulta/ouvidoria/notificacoes', true],
      ['/api/v1/notificacoes_globais', true],
      ['/api/v1/comunicacao/avisos/nao_visualizados', true],
    ]);
  });

  it("a user's own request is activity", async () => {
    const api = fakeApi({ 'GET /api/v1/municipes': { body: [] } });
    await http.list('/api/v1/municipes');
    expect(api.chamadas[0]!.segundoPlano).toBe(false);
  });
});
