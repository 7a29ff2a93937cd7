// The ouvidoria screens, lazy chunks each (issue 40: a module declares its routes; app/router.tsx composes them).
import type { ScreenRoute } from '../../lib/screens';

export const ouvidoriaScreens: ScreenRoute[] = [
  // The ombudsman (issue 20): the requests, a new one, its detail with the history, its handling.
  {
    path: 'ouvidoria',
    handle: { authorize: 'ouvidoria:index' },
    lazy: () => import('./SolicitacaoListPage').then((m) => ({ Component: m.SolicitacaoListPage })),
  },
  {
    path: 'ouvidoria/solicitacoes/new',
    handle: { authorize: 'ouvidoria:create' },
    lazy: () => import('./SolicitacaoFormPage').then((m) => ({ Component: m.SolicitacaoFormPage })),
  },
  {
    path: 'ouvidoria/solicitacoes/:id',
    handle: { authorize: 'ouvidoria:show' },
    lazy: () => import('./SolicitacaoShowPage').then((m) => ({ Component: m.SolicitacaoShowPage })),
  },
  {
    path: 'ouvidoria/solicitacoes/:id/edit',
    handle: { authorize: 'ouvidoria:update' },
    lazy: () => import('./SolicitacaoEditPage').then((m) => ({ Component: m.SolicitacaoEditPage })),
  },
];
