// The ouvidoria screens, lazy chunks each (issue 40: a module declares its routes; app/router.tsx composes them).
import { screen, type ScreenRoute } from '../../lib/screens';

export const ouvidoriaScreens: ScreenRoute[] = [
  // The ombudsman (issue 20): the requests, a new one, its detail with the history, its handling.
  screen('ouvidoria', 'ouvidoria:index', () => import('./SolicitacaoListPage').then((m) => m.SolicitacaoListPage)),
  screen('ouvidoria/solicitacoes/new', 'ouvidoria:create', () =>
    import('./SolicitacaoFormPage').then((m) => m.SolicitacaoFormPage),
  ),
  screen('ouvidoria/solicitacoes/:id', 'ouvidoria:show', () =>
    import('./SolicitacaoShowPage').then((m) => m.SolicitacaoShowPage),
  ),
  screen('ouvidoria/solicitacoes/:id/edit', 'ouvidoria:update', () =>
    import('./SolicitacaoEditPage').then((m) => m.SolicitacaoEditPage),
  ),
];
