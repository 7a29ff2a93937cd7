import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { TemaAtual } from '@saude/shared/tema_atual';
import { fakeApi, usuarioTeste } from '../test/fakeApi';
import { renderRoutes } from '../test/render';
import { TopBar } from './TopBar';

// The top bar's colours (issue 21): the theme in force, text by the luminance rule; the spec's default without one.
const tema = (cor_primaria: string, imagem_base64: string | null = null): TemaAtual => ({
  id: '0190a6d2-1c1e-7000-8000-0000000000e1',
  objetivo: 'Outubro Rosa',
  descricao: null,
  cor_primaria,
  cor_secundaria: '#FFFFFF',
  imagem_base64,
  icon: null,
  vigencia_inicio: '2026-10-01',
  vigencia_fim: '2026-10-31',
  recorrente: true,
});
const PARAMETROS = { body: { cliente_nome: 'Saúde Municipal', brasao: null, demonstracao: false } };
const LOGO = 'data:image/png;base64,iVBORw0KGgo=';

function abrir() {
  renderRoutes(
    [{ path: '/', element: <TopBar usuario={usuarioTeste} mode="unfold" send={() => {}} withMenu={false} /> }],
    '/',
  );
  return () => document.querySelector('header') as HTMLElement;
}

describe('TopBar colours', () => {
  it('takes the theme in force: its primary colour, white text on a dark one, its image beside the crest', async () => {
    fakeApi({
      'GET /api/ferramentas/parametrizacao': PARAMETROS,
      'GET /api/v1/ferramentas/tema_atual': { body: tema('#880E4F', LOGO) },
    });
    const header = abrir();
    await waitFor(() => expect(header().style.getPropertyValue('--barra-fundo')).toBe('#880E4F'));
    expect(header().style.getPropertyValue('--barra-texto')).toBe('#FFFFFF');
    expect(screen.getByRole('img', { name: 'Logo da campanha Outubro Rosa' })).toHaveAttribute('src', LOGO);
  });

  it('grey #707070 text on a light primary colour', async () => {
    fakeApi({
      'GET /api/ferramentas/parametrizacao': PARAMETROS,
      'GET /api/v1/ferramentas/tema_atual': { body: tema('#F8BBD0') },
    });
    const header = abrir();
    await waitFor(() => expect(header().style.getPropertyValue('--barra-texto')).toBe('#707070'));
    expect(screen.queryByRole('img', { name: /Logo da campanha/ })).toBeNull();
  });

  it('keeps the default #009CB0 with white text when no theme is in force (204)', async () => {
    const { chamadas } = fakeApi({
      'GET /api/ferramentas/parametrizacao': PARAMETROS,
      'GET /api/v1/ferramentas/tema_atual': { status: 204 },
    });
    const header = abrir();
    await waitFor(() => expect(chamadas.some((c) => c.path === '/api/v1/ferramentas/tema_atual')).toBe(true));
    expect(header().style.getPropertyValue('--barra-fundo')).toBe('#009CB0');
    expect(header().style.getPropertyValue('--barra-texto')).toBe('#FFFFFF');
  });
});
