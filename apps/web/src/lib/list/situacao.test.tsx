import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { situacaoAtivo } from './situacao';

describe('situacaoAtivo', () => {
  it('reads the URL value, falling back to the default, and turns it into the API filter', () => {
    const s = situacaoAtivo('f', 'ativas');
    expect(s.param(undefined)).toBe('ativas');
    expect(s.param('inativas')).toBe('inativas');
    expect(s.param('ativos')).toBe('ativas');
    expect(s.toFilters({ situacao: 'todas', texto: 'x' })).toEqual({ texto: 'x', ativo: undefined });
    expect(s.toFilters({ situacao: 'ativas' })).toEqual({ ativo: true });
    expect(s.toFilters({ situacao: 'inativas' })).toEqual({ ativo: false });
  });

  it('agrees with a masculine record and lists all first when that is the default', () => {
    const s = situacaoAtivo('m', 'todas');
    expect(s.param(undefined)).toBe('todos');
    expect(s.toFilters({ situacao: 'inativos' })).toEqual({ ativo: false });
    expect(s.badge(true)).toBe(false);
  });

  it.each([
    ['m', 'Inativo'],
    ['f', 'Inativa'],
  ] as const)('marks an inactive %s record with its word and an active one with nothing', (genero, palavra) => {
    const s = situacaoAtivo(genero, 'todas');
    renderWithProviders(
      <>
        <span data-testid="ativo">{s.badge(true)}</span>
        <span data-testid="inativo">{s.badge(false)}</span>
      </>,
    );
    expect(screen.getByTestId('inativo')).toHaveTextContent(new RegExp(`^${palavra}$`));
    expect(screen.getByTestId('ativo')).toBeEmptyDOMElement();
  });
});
