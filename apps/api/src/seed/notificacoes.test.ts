import {
  notificacaoInputSchema,
  notificacaoIssues,
  situacaoEncerrada,
} from '@saude/shared/schemas/notificacao_compulsoria';
import { asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { fixtures } from '../test/fixtures';
import { useTestApp } from '../test/helpers';
import { cadastrosDomiciliares, municipes, notificacaoEventos, notificacoesCompulsorias } from '../db/schema';
import { CENTRO_MAPA, coordenadaDaCasa, seedNotificacoes } from './notificacoes';

// The demo's notifications, seeded over a small territory built with fixtures (not the whole demo): what the seed
// stores must pass the shared rules of the form, or the demo would show cases nobody could save again.
describe('seed/notificacoes.ts', () => {
  const t = useTestApp();

  it('places the homes near the map centre and notifies every other citizen with a home, by the rules', async () => {
    const f = fixtures(t);
    const { unidade, equipe } = await f.territorio();
    const enfermeira = await f.profissional([{ perfil: 'enfermagem', unidade, equipe }]);
    const vigilante = await f.profissional([{ perfil: 'vigilancia', unidade: await f.unidade() }]);
    const header = { unidade, equipe, profissional: enfermeira };
    for (let i = 0; i < 10; i++) {
      const m = await f.municipe({ data_nascimento: `19${60 + i}-02-0${1 + (i % 9)}`, sexo_id: i % 2 });
      const casa = await f.domicilio(header, { bairro: i < 5 ? 'CENTRO' : 'VILA ESPERANÇA' });
      await f.familia(header, { membros: [m], domicilio: casa });
    }
    await f.municipe({ unidade_saude_referencia_id: unidade.id });
    await seedNotificacoes(t.db);

    const casas = await t.db.select().from(cadastrosDomiciliares);
    for (const c of casas) {
      expect(Math.abs(c.latitude! - CENTRO_MAPA.lat)).toBeLessThan(0.05);
      expect(Math.abs(c.longitude! - CENTRO_MAPA.lng)).toBeLessThan(0.05);
    }
    expect(new Set(casas.map((c) => `${c.latitude},${c.longitude}`)).size).toBe(casas.length);

    const rows = await t.db
      .select({ n: notificacoesCompulsorias, nascimento: municipes.data_nascimento })
      .from(notificacoesCompulsorias)
      .innerJoin(municipes, eq(municipes.id, notificacoesCompulsorias.municipe_id))
      .orderBy(asc(notificacoesCompulsorias.id));
    // Five of the ten with a home, and the citizen without one (the map's "sem coordenadas").
    expect(rows.length).toBeGreaterThanOrEqual(6);
    for (const { n, nascimento } of rows) {
      const body = Object.fromEntries(Object.entries(n).filter(([, v]) => v !== null));
      const parsed = notificacaoInputSchema.safeParse(body);
      expect(parsed.error?.issues ?? [], JSON.stringify(body)).toEqual([]);
      expect(notificacaoIssues(body, { data_nascimento: nascimento })).toEqual([]);
      const eventos = await t.db
        .select()
        .from(notificacaoEventos)
        .where(eq(notificacaoEventos.notificacao_id, n.id))
        .orderBy(asc(notificacaoEventos.created_at));
      expect(eventos.map((e) => e.situacao)).toEqual(
        situacaoEncerrada(n.situacao) ? ['suspeito', n.situacao] : ['suspeito'],
      );
      if (situacaoEncerrada(n.situacao)) expect(eventos[1]!.profissional_id).toBe(vigilante.id);
      else expect(eventos[0]!.profissional_id).toBe(n.profissional_id);
    }
    expect(rows.some((r) => r.n.unidade_saude_id === unidade.id && r.n.profissional_id === enfermeira.id)).toBe(true);

    // Run again: nothing more.
    await seedNotificacoes(t.db);
    expect(await t.db.$count(notificacoesCompulsorias)).toBe(rows.length);
  });

  it('spreads the houses of a neighbourhood on a grid, deterministically', () => {
    expect(coordenadaDaCasa('CENTRO', 0)).toEqual({ latitude: CENTRO_MAPA.lat, longitude: CENTRO_MAPA.lng });
    expect(coordenadaDaCasa('CENTRO', 1)).toEqual(coordenadaDaCasa('CENTRO', 1));
    expect(coordenadaDaCasa('CENTRO', 1).longitude).toBeGreaterThan(CENTRO_MAPA.lng);
    expect(coordenadaDaCasa('CENTRO', 10).latitude).toBeLessThan(CENTRO_MAPA.lat);
  });
});
