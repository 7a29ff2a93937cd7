import { describe, expect, it } from 'vitest';
import { useTestApp } from '../test/helpers';

// Issue 21: the optional widgets' origins are in the Content-Security-Policy only when configured.

const diretiva = (csp: string, nome: string) =>
  csp
    .split(';')
    .map((d) => d.trim())
    .find((d) => d.startsWith(`${nome} `)) ?? '';

describe('CSP without widgets', () => {
  const t = useTestApp();
  it('allows only self for scripts and connections, no frames, never unsafe-inline scripts', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    const csp = res.headers['content-security-policy'] as string;
    expect(diretiva(csp, 'script-src')).toBe("script-src 'self'");
    expect(diretiva(csp, 'connect-src')).toBe("connect-src 'self'");
    expect(diretiva(csp, 'frame-src')).toBe("frame-src 'none'");
    const p = await t.app.inject({ method: 'GET', url: '/api/ferramentas/parametrizacao' });
    expect(p.json().widgets).toEqual({ chat_url: null, libras_url: null, biometria_agente_url: null });
  });
});

describe('CSP with widgets', () => {
  const t = useTestApp({
    CHAT_WIDGET_URL: 'https://chat.example.org/widget.js',
    LIBRAS_WIDGET_URL: 'https://vlibras.gov.br/app/vlibras-plugin.js',
    BIOMETRIA_AGENTE_URL: 'http://127.0.0.1:9090',
  });
  it('adds the widget origins to script, connect and frame sources, the agent to connect only', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    const csp = res.headers['content-security-policy'] as string;
    const script = diretiva(csp, 'script-src');
    expect(script).toBe("script-src 'self' https://chat.example.org https://vlibras.gov.br");
    expect(script).not.toContain('unsafe');
    expect(diretiva(csp, 'connect-src')).toBe(
      "connect-src 'self' https://chat.example.org https://vlibras.gov.br http://127.0.0.1:9090",
    );
    expect(diretiva(csp, 'frame-src')).toBe('frame-src https://chat.example.org https://vlibras.gov.br');
    const p = await t.app.inject({ method: 'GET', url: '/api/ferramentas/parametrizacao' });
    expect(p.json().widgets).toEqual({
      chat_url: 'https://chat.example.org/widget.js',
      libras_url: 'https://vlibras.gov.br/app/vlibras-plugin.js',
      biometria_agente_url: 'http://127.0.0.1:9090',
    });
  });
});
