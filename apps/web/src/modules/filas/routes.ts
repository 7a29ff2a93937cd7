// The filas screens, lazy chunks each (issue 40: a module declares its routes; app/router.tsx composes them).
import { screen, type BareRoute, type ScreenRoute } from '../../lib/screens';

export const filasScreens: ScreenRoute[] = [
  // Queues and tickets (issue 17): the door issues, the desk calls.
  screen('filas/senhas', 'filas/senhas:create', () =>
    import('./senhas/EmitirSenhasPage').then((m) => m.EmitirSenhasPage),
  ),
  screen('filas/chamadas', 'filas/senhas:chamar', () =>
    import('./senhas/ChamarSenhasPage').then((m) => m.ChamarSenhasPage),
  ),
  // Queues (issue 17): ticket categories (list, new, detail, edit) and the unit's queue parametrization.
  screen('filas/categorias', 'filas/categorias:index', () =>
    import('./categorias/CategoriaListPage').then((m) => m.CategoriaListPage),
  ),
  screen('filas/categorias/new', 'filas/categorias:create', () =>
    import('./categorias/CategoriaFormPage').then((m) => m.CategoriaFormPage),
  ),
  screen('filas/categorias/:id', 'filas/categorias:show', () =>
    import('./categorias/CategoriaDetalhesPage').then((m) => m.CategoriaDetalhesPage),
  ),
  screen('filas/categorias/:id/edit', 'filas/categorias:update', () =>
    import('./categorias/CategoriaFormPage').then((m) => m.CategoriaFormPage),
  ),
  screen('filas/parametrizacoes', 'filas/parametrizacoes:index', () =>
    import('./parametrizacoes/ParametrizacaoPage').then((m) => m.ParametrizacaoPage),
  ),
  screen('filas/parametrizacoes/new', 'filas/parametrizacoes:create', () =>
    import('./parametrizacoes/FilaFormPage').then((m) => m.FilaFormPage),
  ),
  screen('filas/parametrizacoes/:id/edit', 'filas/parametrizacoes:update', () =>
    import('./parametrizacoes/FilaFormPage').then((m) => m.FilaFormPage),
  ),
];

export const filasBareRoutes: BareRoute[] = [
  {
    // The calling panel on a TV (issue 17): no shell and no sign-in, the panel key in the address opens it.
    path: '/filas/painel/:unidadeId',
    lazy: () => import('./painel/PainelPage').then((m) => ({ Component: m.PainelPage })),
  },
  {
    // The SenhaSimples popup (600×700): signed in, without the shell.
    path: '/filas/senha_simples/autorizar',
    gate: 'usuario',
    lazy: () =>
      import('./senha_simples/SenhaSimplesAutorizarPage').then((m) => ({
        Component: m.SenhaSimplesAutorizarPage,
      })),
  },
];
