import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { msg } from '@saude/shared/messages';
import type { MunicipeDuplicado } from '@saude/shared/schemas/municipe';
import { renderWithProviders } from '../../test/render';
import { ApiError } from '../../lib/http';
import { duplicadosOf } from './api';
import { DUPLICADOS_TITULO, DuplicadosPanel } from './DuplicadosPanel';

const duplicado: MunicipeDuplicado = {
  id: '0190a1b2-0000-7000-8000-000000000001',
  nome: 'Maria da Conceição Souza',
  nome_social: 'Cida',
  data_nascimento: '1985-03-15',
  nome_mae: 'Joana Souza',
  cpf_numero: '***.456.789-**',
  codigo_cns: '*** **** **** 1234',
  unidade_referencia_nome: 'UBS Centro',
};

describe('DuplicadosPanel', () => {
  it('lists each likely duplicate with a link to open it and confirms on "Cadastrar mesmo assim"', async () => {
    const onConfirmar = vi.fn();
    const onCancelar = vi.fn();
    const { user } = renderWithProviders(
      <DuplicadosPanel duplicados={[duplicado]} onConfirmar={onConfirmar} onCancelar={onCancelar} />,
    );
    const dialog = await screen.findByRole('dialog', { name: DUPLICADOS_TITULO });
    expect(dialog).toHaveTextContent(msg.possiveisDuplicados);
    const row = within(dialog).getByRole('row', { name: /Maria da Conceição Souza/ });
    expect(row).toHaveTextContent('15/03/1985');
    expect(row).toHaveTextContent('Joana Souza');
    expect(row).toHaveTextContent('***.456.789-**');
    expect(row).toHaveTextContent('*** **** **** 1234');
    expect(row).toHaveTextContent('UBS Centro');
    expect(within(row).getByRole('link', { name: /Maria da Conceição Souza/ })).toHaveAttribute(
      'href',
      `/municipes/${duplicado.id}/edit`,
    );
    await user.click(within(dialog).getByRole('button', { name: 'Cadastrar mesmo assim' }));
    expect(onConfirmar).toHaveBeenCalledTimes(1);
    await user.click(within(dialog).getByRole('button', { name: 'Revisar dados' }));
    expect(onCancelar).toHaveBeenCalledTimes(1);
  });

  it('stays closed without duplicates', () => {
    renderWithProviders(<DuplicadosPanel duplicados={null} onConfirmar={vi.fn()} onCancelar={vi.fn()} />);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});

describe('duplicadosOf', () => {
  it('reads the duplicates of a 409 body and nothing else', () => {
    expect(duplicadosOf(new ApiError(409, 'x', {}, { duplicados: [duplicado] }))).toEqual([duplicado]);
    expect(duplicadosOf(new ApiError(409, msg.edicaoDesatualizada))).toBeNull();
    expect(duplicadosOf(new ApiError(422, 'x', {}, { duplicados: [duplicado] }))).toBeNull();
  });
});
