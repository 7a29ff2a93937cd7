import { describe, expect, it } from 'vitest';
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
    expect(s.badge(false)).toBeTruthy();
  });
});
