import type { NotificacaoGlobal } from '@saude/shared/schemas/notificacao_global';
import { describe, expect, it } from 'vitest';
import { signIn, useTestApp } from '../../test/helpers';

// The demo's global notifications (seed/notificacoes_globais.ts): one unread PEMC for everyone (the globe shows 1),
// and read ones, one of them only for doctors and nurses.
describe('demo global notifications', () => {
  const t = useTestApp({}, { demo: true });

  it('shows one unread to every demo user, and the clinical one only to doctors and nurses', async () => {
    const ver = async (login: string) => {
      const headers = await signIn(t, login);
      const res = await t.app.inject({ method: 'GET', url: '/api/v1/notificacoes_globais', headers });
      expect(res.statusCode, res.body).toBe(200);
      return res.json<NotificacaoGlobal[]>();
    };
    for (const login of ['admin', 'recepcao', 'acs', 'vigilancia']) {
      const lista = await ver(login);
      expect(lista.map((n) => n.tipo)).toEqual(['pemc', 'aviso']);
      expect(lista.filter((n) => n.lida_em === null)).toHaveLength(1);
    }
    const medico = await ver('medico');
    expect(medico).toHaveLength(3);
    expect(medico.filter((n) => n.lida_em === null).map((n) => n.tipo)).toEqual(['pemc']);
  });
});
