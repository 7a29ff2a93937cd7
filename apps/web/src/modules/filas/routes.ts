// The filas screens, lazy chunks each (issue 40: a module declares its routes; app/router.tsx composes them).
import type { BareRoute, ScreenRoute } from '../../lib/screens';

export const filasScreens: ScreenRoute[] = [
  // Queues and tickets (issue 17): the door issues, the desk calls.
  {
    path: 'filas/senhas',
    handle: { authorize: 'filas/senhas:create' },
    lazy: () => import('./senhas/EmitirSenhasPage').then((m) => ({ Component: m.EmitirSenhasPage })),
  },
  {
    path: 'filas/chamadas',
    handle: { authorize: 'filas/senhas:chamar' },
    lazy: () => import('./senhas/ChamarSenhasPage').then((m) => ({ Component: m.ChamarSenhasPage })),
  },
  // Queues (issue 17): ticket categories (list, new, detail, edit) and the unit's queue parametrization.
  {
    path: 'filas/categorias',
    handle: { authorize: 'filas/categorias:index' },
    lazy: () => import('./categorias/CategoriaListPage').then((m) => ({ Component: m.CategoriaListPage })),
  },
  {
    path: 'filas/categorias/new',
    handle: { authorize: 'filas/categorias:create' },
    lazy: () => import('./categorias/CategoriaFormPage').then((m) => ({ Component: m.CategoriaFormPage })),
  },
  {
    path: 'filas/categorias/:id',
    handle: { authorize: 'filas/categorias:show' },
    lazy: () =>
      import('./categorias/CategoriaDetalhesPage').then((m) => ({
        Component: m.CategoriaDetalhesPage,
      })),
  },
  {
    path: 'filas/categorias/:id/edit',
    handle: { authorize: 'filas/categorias:update' },
    lazy: () => import('./categorias/CategoriaFormPage').then((m) => ({ Component: m.CategoriaFormPage })),
  },
  {
    path: 'filas/parametrizacoes',
    handle: { authorize: 'filas/parametrizacoes:index' },
    lazy: () =>
      import('./parametrizacoes/ParametrizacaoPage').then((m) => ({
        Component: m.ParametrizacaoPage,
      })),
  },
  {
    path: 'filas/parametrizacoes/new',
    handle: { authorize: 'filas/parametrizacoes:create' },
    lazy: () => import('./parametrizacoes/FilaFormPage').then((m) => ({ Component: m.FilaFormPage })),
  },
  {
    path: 'filas/parametrizacoes/:id/edit',
    handle: { authorize: 'filas/parametrizacoes:update' },
    lazy: () => import('./parametrizacoes/FilaFormPage').then((m) => ({ Component: m.FilaFormPage })),
  },
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
