import { screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import type { OpcoesFiltro } from '@saude/shared/schemas/opcoes_filtro';
import { renderWithProviders } from '../../../test/render';
import { fakeApi } from '../cadastros_domiciliares/testUtils';
import { FiltrosLotacao, type FiltrosLotacaoValor } from './FiltrosLotacao';

const CENTRO = '0190a6d2-1c1e-7000-8000-0000000000a1';
const JARDIM = '0190a6d2-1c1e-7000-8000-0000000000a2';
const opcoes: OpcoesFiltro = {
  unidades: [
    { id: CENTRO, nome: 'UBS Centro' },
    { id: JARDIM, nome: 'UBS Jardim' },
  ],
  equipes: [
    { id: '0190a6d2-1c1e-7000-8000-0000000000e1', nome: 'ESF Centro 1', unidade_saude_id: CENTRO, micro_areas: ['01'] },
    { id: '0190a6d2-1c1e-7000-8000-0000000000e2', nome: 'ESF Jardim', unidade_saude_id: JARDIM, micro_areas: ['03'] },
  ],
  profissionais: [{ id: '0190a6d2-1c1e-7000-8000-0000000000c1', nome: 'Agente Teste' }],
  escolhe_profissional: false,
  lotacoes: [],
};

/**
 * Opens a filter as a person does: the pointer reaches it first, which loads the real select in the light stand-in's
 * place (lib/list/FilterSelect), then presses the field that is there.
 */
async function abrir(user: ReturnType<typeof renderWithProviders>['user'], nome: string) {
  await user.hover(screen.getByRole('combobox', { name: nome }));
  await waitFor(() => expect(screen.getByRole('combobox', { name: nome })).not.toHaveAttribute('readonly'));
  await user.click(screen.getByRole('combobox', { name: nome }));
}

let ultimo: FiltrosLotacaoValor = {};
function Filtros() {
  const [v, setV] = useState<FiltrosLotacaoValor>({});
  return (
    <FiltrosLotacao
      value={v}
      onChange={(n) => {
        ultimo = { ...v, ...n };
        setV(ultimo);
      }}
    />
  );
}

describe('FiltrosLotacao', () => {
  it('offers the teams of the unit picked, and picking another unit clears the team', async () => {
    fakeApi({ 'GET /api/v1/atencao_primaria/opcoes_filtro': { body: opcoes } });
    const { user } = renderWithProviders(<Filtros />);
    await abrir(user, 'Equipe');
    expect((await screen.findAllByRole('option')).map((o) => o.textContent)).toEqual(['ESF Centro 1', 'ESF Jardim']);
    await user.click(screen.getByRole('option', { name: 'ESF Jardim' }));
    expect(ultimo).toEqual({ equipe_id: opcoes.equipes[1]!.id });

    await abrir(user, 'Unidade');
    await user.click(await screen.findByRole('option', { name: 'UBS Centro' }));
    expect(ultimo).toEqual({ unidade_saude_id: CENTRO, equipe_id: undefined });
    await abrir(user, 'Equipe');
    expect((await screen.findAllByRole('option')).map((o) => o.textContent)).toEqual(['ESF Centro 1']);
  });
});
