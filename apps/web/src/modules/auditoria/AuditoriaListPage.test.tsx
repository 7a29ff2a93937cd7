import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { RegistroAcesso } from '@saude/shared/schemas/auditoria';
import { fakeApi } from '../../test/fakeApi';
import { renderRoutes } from '../../test/render';
import { AuditoriaListPage } from './AuditoriaListPage';

const ID = '0190a6d2-1c1e-7000-8000-0000000000f3';
const alteracao: RegistroAcesso = {
  id: 1,
  created_at: '2026-11-25T10:00:00.000Z',
  profissional_nome: 'Gestora Helena',
  unidade_nome: 'UBS Centro',
  action: 'update',
  resource: 'administracao/perfis',
  record_id: ID,
  ip: '10.0.0.1',
  details: {
    alteracoes: {
      nome: { antes: 'Digitador', depois: 'Digitação' },
      cpf_numero: { alterado: true },
      permissoes: { antes: ['municipes:index'], depois: ['municipes:index', 'atencao_primaria/familias:destroy'] },
    },
  },
};

// One record's history (issue 22): the edit pages link to /auditoria?record_id=<id>.
describe('AuditoriaListPage', { timeout: 60_000 }, () => {
  it("shows one record's changes as before → after under a chip that clears the filter", async () => {
    const { chamadas } = fakeApi(
      { 'GET /api/v1/auditoria': { body: [alteracao], headers: { 'X-Total-Count': '1' } } },
      { permissoes: ['auditoria:index'] },
    );
    const { user } = renderRoutes(
      [{ path: '/auditoria', element: <AuditoriaListPage /> }],
      `/auditoria?record_id=${ID}`,
    );
    const lista = await screen.findByTestId('alteracoes');
    expect(within(lista).getByText('Digitador → Digitação')).toBeInTheDocument();
    expect(within(lista).getByText('alterado')).toBeInTheDocument();
    expect(within(lista).getByText('incluiu Famílias: Excluir')).toBeInTheDocument();
    expect(screen.getByText(`Registro ${ID}`)).toBeInTheDocument();
    expect(chamadas.some((c) => c.path === '/api/v1/auditoria' && c.query.get('record_id') === ID)).toBe(true);

    await user.click(screen.getByRole('button', { name: 'Remover o filtro do registro' }));
    await waitFor(() => expect(screen.queryByText(`Registro ${ID}`)).toBeNull());
    await waitFor(() =>
      expect(
        chamadas
          .filter((c) => c.path === '/api/v1/auditoria')
          .at(-1)!
          .query.has('record_id'),
      ).toBe(false),
    );
  });
});
