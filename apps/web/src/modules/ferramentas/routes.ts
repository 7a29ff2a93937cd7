// The ferramentas screens, lazy chunks each (issue 40: a module declares its routes; app/router.tsx composes them).
import { screen, type ScreenRoute } from '../../lib/screens';

export const ferramentasScreens: ScreenRoute[] = [
  // Campaign themes (issue 21): the list and the form (new, edit); the banner and the bar read tema_atual.
  screen('ferramentas/temas', 'ferramentas/temas:index', () =>
    import('./temas/TemaListPage').then((m) => m.TemaListPage),
  ),
  screen('ferramentas/temas/new', 'ferramentas/temas:create', () =>
    import('./temas/TemaFormPage').then((m) => m.TemaFormPage),
  ),
  screen('ferramentas/temas/:id/edit', 'ferramentas/temas:update', () =>
    import('./temas/TemaFormPage').then((m) => m.TemaFormPage),
  ),
  // Authorized applications (issue 39): the callbacks allowed a SenhaSimples token; list and form (new, edit).
  screen('ferramentas/auth_applications', 'ferramentas/auth_applications:index', () =>
    import('./auth_applications/AuthApplicationListPage').then((m) => m.AuthApplicationListPage),
  ),
  screen('ferramentas/auth_applications/new', 'ferramentas/auth_applications:create', () =>
    import('./auth_applications/AuthApplicationFormPage').then((m) => m.AuthApplicationFormPage),
  ),
  screen('ferramentas/auth_applications/:id/edit', 'ferramentas/auth_applications:update', () =>
    import('./auth_applications/AuthApplicationFormPage').then((m) => m.AuthApplicationFormPage),
  ),
  // System parameters (issue 21): managers only.
  screen('ferramentas/parametrizacao', 'ferramentas/parametrizacao:show', () =>
    import('./parametrizacao/ParametrizacaoPage').then((m) => m.ParametrizacaoPage),
  ),
];
