import { waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../test/fakeApi';
import { renderWithProviders } from '../test/render';
import Widgets from './Widgets';

const LIBRAS = 'https://vlibras.exemplo.gov.br/app/vlibras-plugin.js';
const CHAT = 'https://chat.exemplo.org/widget.js';

const parametrizacao = (widgets: { libras_url: string | null; chat_url: string | null }) => ({
  'GET /api/ferramentas/parametrizacao': {
    body: {
      cliente_nome: 'SMS',
      brasao: null,
      habilita_biometria: false,
      widgets: { ...widgets, biometria_agente_url: null },
    },
  },
});

describe('Widgets (spec §7, issue 21)', () => {
  afterEach(() => {
    document.body.innerHTML = '';
    delete (window as { VLibras?: unknown }).VLibras;
  });

  it('loads nothing when no widget is configured', async () => {
    const { chamadas } = fakeApi(parametrizacao({ libras_url: null, chat_url: null }));
    renderWithProviders(<Widgets />);
    await waitFor(() => expect(chamadas.some((c) => c.path === '/api/ferramentas/parametrizacao')).toBe(true));
    expect(document.querySelectorAll('script')).toHaveLength(0);
    expect(document.querySelector('[vw]')).toBeNull();
  });

  it('mounts VLibras and starts it from its folder once its script loads, and loads the chat script', async () => {
    fakeApi(parametrizacao({ libras_url: LIBRAS, chat_url: CHAT }));
    const iniciado = vi.fn();
    renderWithProviders(<Widgets />);
    const libras = await waitFor(() => {
      const s = document.getElementById('widget-libras') as HTMLScriptElement | null;
      expect(s).not.toBeNull();
      return s!;
    });
    expect(libras.src).toBe(LIBRAS);
    expect(document.querySelector('[vw] [vw-access-button]')).not.toBeNull();
    expect((document.getElementById('widget-chat') as HTMLScriptElement).src).toBe(CHAT);

    // The script defines VLibras when it loads: the widget starts with the plugin's folder.
    (window as { VLibras?: unknown }).VLibras = {
      Widget: class {
        constructor(url: string) {
          iniciado(url);
        }
      },
    };
    libras.dispatchEvent(new Event('load'));
    await waitFor(() => expect(iniciado).toHaveBeenCalledWith('https://vlibras.exemplo.gov.br/app'));
  });
});
