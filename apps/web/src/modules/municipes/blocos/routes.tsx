// Child routes of /municipes/:id/edit for the sociodemographic, health-condition and biometrics tabs (spec §2).
// The citizen edit page mounts these under its own route; each entry is a lazy chunk. Each screen also checks the
// user's permissions itself (the tab bar hides it, but a URL can be typed).
import type { ComponentType } from 'react';
import type { ScreenRoute } from '../../../lib/screens';

/** A tab at `path`: the component of the same name in its lazily loaded module. */
function aba<M>(path: string, carregar: () => Promise<M>, nome: keyof M): ScreenRoute {
  return { path, lazy: () => carregar().then((m) => ({ Component: m[nome] as ComponentType })) };
}

export const blocoRoutes: ScreenRoute[] = [
  aba('sociodemografica', () => import('./SociodemograficaTab'), 'SociodemograficaTab'),
  aba('visualizar_sociodemografica', () => import('./VisualizarSociodemografica'), 'VisualizarSociodemografica'),
  aba('condicao_situacao_saude', () => import('./CondicaoSaudeTab'), 'CondicaoSaudeTab'),
  aba('visualizar_condicao_situacao_saude', () => import('./VisualizarCondicaoSaude'), 'VisualizarCondicaoSaude'),
  aba('biometria', () => import('./BiometriaTab'), 'BiometriaTab'),
];
