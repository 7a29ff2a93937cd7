import { fireEvent, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { FilterSelect } from './FilterSelect';

// isolated: the real select, once loaded, is kept for the page's life; this file needs the light stand-in first.

const unidades = [
  { value: 'a', label: 'UBS Centro' },
  { value: 'b', label: 'UBS Jardim' },
];

function Filtro() {
  const [v, setV] = useState<string | null>(null);
  return <FilterSelect label="Unidade" data={unidades} value={v} onChange={setV} />;
}

describe('FilterSelect', () => {
  it('opens on the press even when the real select arrives between the press and the click', async () => {
    renderWithProviders(<Filtro />);
    const standIn = screen.getByRole('combobox', { name: 'Unidade' });
    // The press starts the load; the real select takes the stand-in's place before any click reaches it.
    fireEvent.mouseDown(standIn);
    await waitFor(() => expect(standIn).not.toBeInTheDocument());
    fireEvent.mouseUp(document.body);
    await screen.findByRole('option', { name: 'UBS Jardim' });
    fireEvent.click(screen.getByRole('option', { name: 'UBS Jardim' }));
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Unidade' })).toHaveValue('UBS Jardim'));
  });
});
