import type { ChamadaPainel } from '@saude/shared/schemas/painel';
import { describe, expect, it } from 'vitest';
import { textoFalado } from './anuncio';
import { aplicarChamada } from './api';
import { textoSobre } from './PainelPage';

const chamada = (senha_id: string, codigo: string): ChamadaPainel => ({
  unidade_saude_id: '0190a0b0-0000-7000-8000-000000000000',
  senha_id,
  codigo,
  categoria: { nome: 'Normal', cor: '#1565C0' },
  fila: 'Recepção',
  local: 'Guichê 1',
  chamada_em: '2026-11-24T12:00:00.000Z',
  rechamada: false,
});

describe('the calling panel', () => {
  it('spells the ticket so it is heard letter by letter and digit by digit', () => {
    expect(textoFalado({ codigo: 'P012', local: 'Guichê 1' })).toBe('Senha P 0 1 2, Guichê 1');
  });

  it('puts a live call on top, moves the previous one to the list, lists a ticket once and five at most', () => {
    let q = { atual: null as ChamadaPainel | null, ultimas: [] as ChamadaPainel[] };
    for (let i = 1; i <= 7; i++) q = aplicarChamada(q, chamada(`s${i}`, `N00${i}`));
    expect(q.atual?.codigo).toBe('N007');
    expect(q.ultimas.map((c) => c.codigo)).toEqual(['N006', 'N005', 'N004', 'N003', 'N002']);
    q = aplicarChamada(q, { ...chamada('s4', 'N004'), rechamada: true });
    expect(q.atual?.codigo).toBe('N004');
    expect(q.ultimas.map((c) => c.codigo)).toEqual(['N007', 'N006', 'N005', 'N003', 'N002']);
  });

  it('writes white on the dark category colours and black on light ones', () => {
    expect(['#B71C1C', '#E65100', '#6A1B9A', '#1565C0'].map(textoSobre)).toEqual(['#fff', '#000', '#fff', '#fff']);
    expect(textoSobre('#FFEB3B')).toBe('#000');
  });
});
