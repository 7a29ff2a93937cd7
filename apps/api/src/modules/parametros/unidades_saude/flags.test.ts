import { msg } from '@saude/shared';
import { describe, expect, it } from 'vitest';
import type { Ctx } from '../../../access/context';
import { fixtures } from '../../../test/fixtures';
import { useTestApp } from '../../../test/lifecycle';
import { unidadeDeUrgencia } from '../../urgencia_emergencia';

// Issue 39, unit flag `misto`: a primary-care unit that also runs urgent care. The menu, the page guard and the
// urgent-care services answer the same (packages/shared unidadeOferece).

type Item = { id: string; submenus: Item[] };
const ids = (items: Item[]): string[] => items.flatMap((i) => [i.id, ...ids(i.submenus)]);

describe('unit flag misto', () => {
  const t = useTestApp();

  it('opens urgent care (menu, page guard, services) in a unit with misto or pronto_atendimento, and only there', async () => {
    const f = fixtures(t);
    const casos = [
      { nome: 'misto', flags: { misto: true }, oferece: true },
      { nome: 'pronto_atendimento', flags: { tipo: 'UPA' as const, pronto_atendimento: true }, oferece: true },
      { nome: 'nenhum', flags: {}, oferece: false },
    ];
    for (const caso of casos) {
      const territorio = await f.territorio({ unidade: caso.flags });
      for (const perfil of ['gestor', 'medico', 'enfermagem', 'recepcao'] as const) {
        const { headers } = await f.como(perfil, territorio);
        const menu = ids((await t.app.inject({ method: 'GET', url: '/api/menus', headers })).json<Item[]>());
        const guard = await t.app.inject({
          method: 'POST',
          url: '/api/ferramentas/permissoes',
          headers,
          payload: { authorize: 'urgencia_emergencia/atendimentos:index' },
        });
        const rotulo = `${perfil} (${caso.nome})`;
        expect(menu.includes('atendimentos'), rotulo).toBe(caso.oferece);
        expect(guard.statusCode, rotulo).toBe(caso.oferece ? 200 : 403);
        // misto opens urgent care only: the queue keeps its own flag.
        expect(menu, rotulo).not.toContain('senhas');
        // Primary care stays in every unit.
        expect(menu, rotulo).toContain('municipes');
      }
      const ctx = { db: t.db, usuario: { unidadeId: territorio.unidade.id }, ip: '127.0.0.1' } as unknown as Ctx;
      if (caso.oferece) await expect(unidadeDeUrgencia(ctx)).resolves.toBe(territorio.unidade.id);
      else await expect(unidadeDeUrgencia(ctx)).rejects.toMatchObject({ statusCode: 403, message: msg.naoAutorizado });
    }
  });
});
