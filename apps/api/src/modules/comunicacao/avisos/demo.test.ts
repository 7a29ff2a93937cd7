import type { Aviso, AvisoListItem } from '@saude/shared/schemas/aviso';
import { describe, expect, it } from 'vitest';
import { signIn, useTestApp } from '../../../test/helpers';

// The demo municipality's notices (seed/avisos.ts): past ones with confirmations and replies for the list and show
// screens, and none in force for a demo user — an unread notice would pop up over every screen and every e2e spec.
describe('demo notices', () => {
  const t = useTestApp({}, { demo: true });

  it('lists ended notices with replies to the manager, and pops up nothing for any demo user', async () => {
    const admin = await signIn(t, 'admin', 'UBS Centro');
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/comunicacao/avisos', headers: admin });
    expect(res.statusCode, res.body).toBe(200);
    const linhas = res.json<AvisoListItem[]>();
    expect(linhas.map((l) => l.titulo)).toEqual(
      expect.arrayContaining(['Campanha de vacinação contra influenza', 'Atualização do protocolo de hipertensão']),
    );
    expect(linhas.filter((l) => l.situacao === 'inativo')).toHaveLength(1);
    const campanha = linhas.find((l) => l.titulo.startsWith('Campanha'))!;
    expect(campanha).toMatchObject({ total_visualizacoes: 3, total_respostas: 3, checar_resposta: true });
    const show = await t.app.inject({
      method: 'GET',
      url: `/api/v1/comunicacao/avisos/${campanha.id}`,
      headers: admin,
    });
    expect(show.json<Aviso>().visualizacoes.map((v) => v.resposta)).toContain('Sala de vacina preparada.');

    const quem: Array<[string, string | undefined]> = [
      ['admin', 'UBS Centro'],
      ['admin', 'UPA 24h Municipal'],
      ['recepcao', undefined],
      ['medico', undefined],
      ['enfermagem', undefined],
      ['acs', 'UBS Centro'],
      ['acs', 'UBS Jardim das Palmeiras'],
      ['ace', undefined],
      ['vigilancia', undefined],
    ];
    const comAviso: string[] = [];
    for (const [login, unidade] of quem) {
      const headers = await signIn(t, login, unidade);
      const r = await t.app.inject({ method: 'GET', url: '/api/v1/comunicacao/avisos/nao_visualizados', headers });
      expect(r.statusCode, r.body).toBe(200);
      if (r.json<unknown[]>().length > 0) comAviso.push(`${login} ${unidade ?? ''}`);
    }
    expect(comAviso).toEqual([]);
  });
});
