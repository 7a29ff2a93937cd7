import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { Paginacao } from './Paginacao';

describe('Paginacao', () => {
  it('draws nothing when one page holds every row', () => {
    renderWithProviders(<Paginacao total={10} porPagina={10} page={1} onChange={() => {}} />);
    expect(screen.queryByRole('button', { name: 'Próxima página' })).toBeNull();
  });

  it('names its controls in pt-BR and asks for the page pressed', async () => {
    const onChange = vi.fn();
    renderWithProviders(<Paginacao total={25} porPagina={10} page={1} onChange={onChange} />);
    expect(screen.getByRole('button', { name: 'Página anterior' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Próxima página' }));
    expect(onChange).toHaveBeenCalledWith(2);
    await userEvent.click(screen.getByRole('button', { name: '3' }));
    expect(onChange).toHaveBeenLastCalledWith(3);
  });
});
