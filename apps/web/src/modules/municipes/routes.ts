// The municipes screens, lazy chunks each (issue 40: a module declares its routes; app/router.tsx composes them).
import { screen, type ScreenRoute } from '../../lib/screens';
import { blocoRoutes } from './blocos/routes';

export const municipesScreens: ScreenRoute[] = [
  screen('municipes', 'municipes:index', () => import('./MunicipeListPage').then((m) => m.MunicipeListPage)),
  screen('municipes/new', 'municipes:create', () => import('./MunicipeFormPage').then((m) => m.MunicipeFormPage)),
  // Duplicate citizens (issue 45), manager only.
  screen('municipes/unificacoes', 'municipes/unificacoes:index', () =>
    import('./unificacao/DuplicadosPage').then((m) => m.DuplicadosPage),
  ),
  screen('municipes/unificacoes/comparar', 'municipes/unificacoes:show', () =>
    import('./unificacao/UnificarPage').then((m) => m.UnificarPage),
  ),
  {
    // The guard asks with resource_id = :id. Child tabs of spec §2; the block tabs come from blocos/routes.tsx.
    path: 'municipes/:id/edit',
    // Show, not update: read-only profiles open the record and their block tabs; the form locks without update.
    handle: { authorize: 'municipes:show' },
    lazy: () => import('./MunicipeFormPage').then((m) => ({ Component: m.MunicipeFormPage })),
    children: [
      {
        index: true,
        lazy: () => import('./secoes/IdentificacaoTab').then((m) => ({ Component: m.IdentificacaoTab })),
      },
      {
        path: 'documento_prontuario',
        lazy: () => import('./secoes/DocumentosTab').then((m) => ({ Component: m.DocumentosTab })),
      },
      {
        path: 'outros',
        lazy: () => import('./secoes/OutrosTab').then((m) => ({ Component: m.OutrosTab })),
      },
      ...blocoRoutes,
      {
        path: 'quem_acessou',
        lazy: () => import('./acessos/QuemAcessouTab').then((m) => ({ Component: m.QuemAcessouTab })),
      },
    ],
  },
];
