// The comunicacao screens, lazy chunks each (issue 40: a module declares its routes; app/router.tsx composes them).
import { screen, type ScreenRoute } from '../../lib/screens';

export const comunicacaoScreens: ScreenRoute[] = [
  // Staff notices (issue 19): managers write; everyone reads the notices aimed at them.
  screen('comunicacao/avisos', 'comunicacao/avisos:index', () =>
    import('./avisos/AvisoListPage').then((m) => m.AvisoListPage),
  ),
  screen('comunicacao/avisos/new', 'comunicacao/avisos:create', () =>
    import('./avisos/AvisoFormPage').then((m) => m.AvisoFormPage),
  ),
  screen('comunicacao/avisos/:id/edit', 'comunicacao/avisos:update', () =>
    import('./avisos/AvisoFormPage').then((m) => m.AvisoFormPage),
  ),
  screen('comunicacao/avisos/:id/show', 'comunicacao/avisos:show', () =>
    import('./avisos/AvisoShowPage').then((m) => m.AvisoShowPage),
  ),
];
