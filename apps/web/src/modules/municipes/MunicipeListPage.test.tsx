import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { msg } from '@saude/shared/messages';
import type { MunicipeListItem } from '@saude/shared/schemas/municipe';
import { fakeApi, lista } from '../../test/fakeApi';
import { renderRoutes } from '../../test/render';
import { MunicipeEditLoader } from './MunicipeEditor';
import { MunicipeListPage } from './MunicipeListPage';

const item = (o: Partial<MunicipeListItem> = {}): MunicipeListItem => ({
  id: '0190a6d2-1c1e-7000-8000-000000000009',
  nome: 'Olegário Pimenta Sobral',
  nome_social: null,
  data_nascimento: '1950-03-04',
  nome_mae: null,
  cpf_numero: null,
  codigo_cns: null,
  unidade_saude_referencia_id: null,
  unidade_referencia_nome: null,
  data_obito: null,
  idade: 70,
  obito: false,
  ...o,
});

const lista$ = (url: string) => renderRoutes([{ path: '/municipes', element: <MunicipeListPage /> }], url);

describe('MunicipeListPage (issue 12, 15)', () => {
  it('says on the search box why a 1–2 letter search cannot run, and does not ask the API', async () => {
    const { chamadas } = fakeApi({ 'GET /api/v1/municipes': lista([]) });
    lista$('/municipes?q=ab');
    expect(await screen.findByText(msg.min(3))).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'Buscar munícipe' })).toHaveAttribute('aria-invalid', 'true');
    expect(chamadas.filter((c) => c.path === '/api/v1/municipes')).toHaveLength(0);
  });

  it('marks a deceased citizen with "Óbito", also one with only an exit by death', async () => {
    fakeApi({
      'GET /api/v1/municipes': lista([
        item({ id: '0190a6d2-1c1e-7000-8000-00000000000a', nome: 'Falecida Sem Data', obito: true }),
        item({ nome: 'Vivo Da Silva' }),
      ]),
    });
    lista$('/municipes');
    expect(await screen.findByText('Falecida Sem Data')).toBeInTheDocument();
    expect(screen.getAllByText('Óbito')).toHaveLength(1);
  });

  it('says "mais de 10.000" when the server stopped counting', async () => {
    fakeApi({
      'GET /api/v1/municipes': {
        body: [item()],
        headers: { 'X-Total-Count': '10000', 'X-Total-Count-Limitado': 'true' },
      },
    });
    lista$('/municipes?per_page=10');
    expect(await screen.findByText(/^Exibindo 1 a 1 de mais de 10\.000 registros$/)).toBeInTheDocument();
  });
});

describe('MunicipeEditLoader', () => {
  it.each(['999999', 'abc'])('shows the not-found screen for /municipes/%s/edit (issue 12)', async (id) => {
    fakeApi({});
    renderRoutes(
      [
        { path: '/municipes/:id/edit', element: <MunicipeEditLoader id={id} /> },
        { path: '/municipes', element: <p>lista</p> },
      ],
      `/municipes/${id}/edit`,
    );
    expect(await screen.findByTestId('erro-404')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('lista')).not.toBeInTheDocument());
  });

  it('a broad name (issue 41): "mais de 1.000", and says how to narrow it; not for the unfiltered list', async () => {
    fakeApi({
      'GET /api/v1/municipes': {
        body: [item()],
        headers: { 'X-Total-Count': '1000', 'X-Total-Count-Limitado': 'true' },
      },
    });
    const { unmount } = lista$('/municipes?q=maria%20silv&per_page=10');
    expect(await screen.findByText(/^Exibindo 1 a 1 de mais de 1\.000 registros$/)).toBeInTheDocument();
    expect(screen.getByText(msg.buscaAmpla('1.000'))).toBeInTheDocument();
    unmount();
    lista$('/municipes?per_page=10');
    expect(await screen.findByText(/^Exibindo 1 a 1 de mais de 1\.000 registros$/)).toBeInTheDocument();
    expect(screen.queryByText(msg.buscaAmpla('1.000'))).not.toBeInTheDocument();
  });
});
