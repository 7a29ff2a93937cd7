// Child routes of /municipes/:id/edit for the sociodemographic, health-condition and biometrics tabs (spec §2).
// The citizen edit page mounts these under its own route; each entry is a lazy chunk. Each screen also checks the
// user's permissions itself (the tab bar hides it, but a URL can be typed).
import type { RouteObject } from 'react-router';

export const sociodemograficaRoute: RouteObject = {
  path: 'sociodemografica',
  lazy: () => import('./SociodemograficaTab').then((m) => ({ Component: m.SociodemograficaTab })),
};

export const visualizarSociodemograficaRoute: RouteObject = {
  path: 'visualizar_sociodemografica',
  lazy: () => import('./VisualizarSociodemografica').then((m) => ({ Component: m.VisualizarSociodemografica })),
};

export const condicaoSaudeRoute: RouteObject = {
  path: 'condicao_situacao_saude',
  lazy: () => import('./CondicaoSaudeTab').then((m) => ({ Component: m.CondicaoSaudeTab })),
};

export const visualizarCondicaoSaudeRoute: RouteObject = {
  path: 'visualizar_condicao_situacao_saude',
  lazy: () => import('./VisualizarCondicaoSaude').then((m) => ({ Component: m.VisualizarCondicaoSaude })),
};

export const biometriaRoute: RouteObject = {
  path: 'biometria',
  lazy: () => import('./BiometriaTab').then((m) => ({ Component: m.BiometriaTab })),
};

export const blocoRoutes: RouteObject[] = [
  sociodemograficaRoute,
  visualizarSociodemograficaRoute,
  condicaoSaudeRoute,
  visualizarCondicaoSaudeRoute,
  biometriaRoute,
];
