import { msg } from '@saude/shared';
import type { OpcoesFiltro } from '@saude/shared/schemas/opcoes_filtro';
import { describe, expect, it } from 'vitest';
import { signIn, useTestApp } from '../../../test/helpers';

const url = '/api/v1/atencao_primaria/opcoes_filtro';

describe(url, () => {
  const t = useTestApp({}, { demo: true });

  const opcoes = async (headers: { authorization: string }) => {
    const res = await t.app.inject({ method: 'GET', url, headers });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<OpcoesFiltro>();
  };

  it("answers the ACS's units, the teams of the current unit with their micro-areas and its professionals, by name", async () => {
    const o = await opcoes(await signIn(t, 'acs', 'UBS Centro'));
    expect(o.unidades.map((u) => u.nome)).toEqual(['UBS Centro', 'UBS Jardim das Palmeiras']);
    expect(o.equipes.map(({ nome, micro_areas }) => ({ nome, micro_areas }))).toEqual([
      { nome: 'ESF Centro 1', micro_areas: ['01', '02', '03'] },
      { nome: 'ESF Centro 2', micro_areas: ['04', '05'] },
    ]);
    expect(new Set(o.equipes.map((e) => e.unidade_saude_id))).toEqual(new Set([o.unidades[0]!.id]));
    expect(o.profissionais.map((p) => p.nome)).toEqual([
      'Agente Comunitária de Demonstração',
      'Agente de Endemias de Demonstração',
      'Encarregada de Dados de Demonstração',
      'Enfermeira de Demonstração',
      'Gestora de Demonstração',
      'Médico de Demonstração',
    ]);
  });

  it("offers a user without a team (the manager) the unit's assignments to record in a professional's name (issue 39)", async () => {
    const o = await opcoes(await signIn(t, 'admin', 'UBS Centro'));
    expect(o.escolhe_profissional).toBe(true);
    const agente = o.lotacoes.find((l) => l.profissional_nome === 'Agente Comunitária de Demonstração');
    expect(agente).toMatchObject({
      equipe_nome: 'ESF Centro 1',
      ocupacao_id: '515105',
      ocupacao_nome: 'AGENTE COMUNITÁRIO DE SAÚDE',
    });
    // Only this unit's assignments, each of a professional the unit's options name.
    const nomes = new Set(o.profissionais.map((p) => p.nome));
    expect(o.lotacoes.every((l) => nomes.has(l.profissional_nome))).toBe(true);
    const times = new Set(o.equipes.map((e) => e.id));
    expect(o.lotacoes.every((l) => l.equipe_id === null || times.has(l.equipe_id))).toBe(true);
    // A team member records in their own name: no picker, no list of colleagues' assignments.
    const acs = await opcoes(await signIn(t, 'acs', 'UBS Centro'));
    expect(acs).toMatchObject({ escolhe_profissional: false, lotacoes: [] });
  });

  it('follows the current unit', async () => {
    const o = await opcoes(await signIn(t, 'acs', 'UBS Jardim das Palmeiras'));
    expect(o.equipes.map((e) => e.nome)).toEqual(['ESF Jardim das Palmeiras']);
    expect(o.profissionais.map((p) => p.nome)).toEqual([
      'Agente Comunitária de Demonstração',
      'Gestora de Demonstração',
    ]);
  });

  it('answers a user of a unit without teams with empty teams, and 401 without a session', async () => {
    const o = await opcoes(await signIn(t, 'recepcao'));
    expect(o).toMatchObject({ unidades: [{ nome: 'UPA 24h Municipal' }], equipes: [] });
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe(msg.naoAutenticado);
  });
});
