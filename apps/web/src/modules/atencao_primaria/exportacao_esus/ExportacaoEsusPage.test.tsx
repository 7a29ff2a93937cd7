import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { UnidadeExportavel } from '@saude/shared/schemas/exportacao_esus';
import { fakeApi } from '../../../test/fakeApi';
import { renderRoutes } from '../../../test/render';
import { API } from './api';
import { ExportacaoEsusPage } from './ExportacaoEsusPage';

const unidade = (n: number, exporta: boolean): UnidadeExportavel => ({
  id: `0190a6d2-1c1e-7000-8000-00000000000${n}`,
  nome: exporta ? `UBS ${n}` : `UPA ${n}`,
  cnes: `990000${n}`,
  exporta,
});

describe('ExportacaoEsusPage (issue 39: the exportacao_esus flag)', { timeout: 60_000 }, () => {
  it('offers only the flagged units and names the others as left out, with why and where to change it', async () => {
    fakeApi({
      [`GET ${API}/unidades`]: { body: [unidade(1, true), unidade(2, false), unidade(3, false)] },
      [`GET ${API}`]: { body: [] },
    });
    const { user } = renderRoutes([{ path: '/e', element: <ExportacaoEsusPage /> }], '/e');
    const fora = await screen.findByRole('region', { name: '2 unidades fora da exportação' });
    expect(within(fora).getByText(/Exportação e-SUS” desligada/)).toBeVisible();
    expect(
      within(fora)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['UPA 2 (CNES 9900002)', 'UPA 3 (CNES 9900003)']);
    expect(within(fora).getByRole('link', { name: 'Abrir Parâmetros das unidades' })).toHaveAttribute(
      'href',
      '/parametros/unidades_saude',
    );
    await user.click(screen.getByRole('combobox', { name: /Unidades/ }));
    expect(await screen.findByRole('option', { name: 'UBS 1 (CNES 9900001)' })).toBeInTheDocument();
    expect(screen.queryByRole('option', { name: /UPA/ })).not.toBeInTheDocument();
  });

  it('every unit flagged: no left-out section', async () => {
    fakeApi({ [`GET ${API}/unidades`]: { body: [unidade(1, true)] }, [`GET ${API}`]: { body: [] } });
    renderRoutes([{ path: '/e', element: <ExportacaoEsusPage /> }], '/e');
    expect(await screen.findByText('Nenhuma exportação feita.')).toBeInTheDocument();
    expect(screen.queryByText(/fora da exportação/)).not.toBeInTheDocument();
  });
});
