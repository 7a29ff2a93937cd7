// The atencao_primaria screens, lazy chunks each (issue 40: a module declares its routes; app/router.tsx composes them).
import type { ScreenRoute } from '../../lib/screens';

export const atencaoPrimariaScreens: ScreenRoute[] = [
  {
    path: 'atencao_primaria/cadastros_individuais',
    handle: { authorize: 'atencao_primaria/cadastros_individuais:index' },
    lazy: () =>
      import('./cadastros_individuais/CadastroIndividualListPage').then((m) => ({
        Component: m.CadastroIndividualListPage,
      })),
  },
  {
    path: 'atencao_primaria/cadastros_individuais/new',
    handle: { authorize: 'atencao_primaria/cadastros_individuais:create' },
    lazy: () =>
      import('./cadastros_individuais/CadastroIndividualFormPage').then((m) => ({
        Component: m.CadastroIndividualFormPage,
      })),
  },
  {
    path: 'atencao_primaria/cadastros_individuais/:id/detalhes',
    handle: { authorize: 'atencao_primaria/cadastros_individuais:show' },
    lazy: () =>
      import('./cadastros_individuais/CadastroIndividualDetalhesPage').then((m) => ({
        Component: m.CadastroIndividualDetalhesPage,
      })),
  },
  {
    path: 'atencao_primaria/cadastros_individuais/:id/edit',
    handle: { authorize: 'atencao_primaria/cadastros_individuais:update' },
    lazy: () =>
      import('./cadastros_individuais/CadastroIndividualFormPage').then((m) => ({
        Component: m.CadastroIndividualFormPage,
      })),
  },
  {
    path: 'atencao_primaria/cadastros_individuais/:id/saida_cadastro',
    handle: { authorize: 'atencao_primaria/cadastros_individuais:saida_cadastro' },
    lazy: () =>
      import('./cadastros_individuais/SaidaCadastroPage').then((m) => ({
        Component: m.SaidaCadastroPage,
      })),
  },
  // Households and families (issue 7). The household edit page has two child tabs: identificação (index) and familias.
  {
    path: 'atencao_primaria/cadastros_domiciliares',
    handle: { authorize: 'atencao_primaria/cadastros_domiciliares:index' },
    lazy: () =>
      import('./cadastros_domiciliares/CadastroDomiciliarListPage').then((m) => ({
        Component: m.CadastroDomiciliarListPage,
      })),
  },
  {
    path: 'atencao_primaria/cadastros_domiciliares/new',
    handle: { authorize: 'atencao_primaria/cadastros_domiciliares:create' },
    lazy: () =>
      import('./cadastros_domiciliares/CadastroDomiciliarFormPage').then((m) => ({
        Component: m.CadastroDomiciliarFormPage,
      })),
  },
  {
    path: 'atencao_primaria/cadastros_domiciliares/:id/detalhes',
    handle: { authorize: 'atencao_primaria/cadastros_domiciliares:show' },
    lazy: () =>
      import('./cadastros_domiciliares/CadastroDomiciliarDetalhesPage').then((m) => ({
        Component: m.CadastroDomiciliarDetalhesPage,
      })),
  },
  {
    path: 'atencao_primaria/cadastros_domiciliares/:id/edit',
    handle: { authorize: 'atencao_primaria/cadastros_domiciliares:update' },
    lazy: () =>
      import('./cadastros_domiciliares/CadastroDomiciliarFormPage').then((m) => ({
        Component: m.CadastroDomiciliarFormPage,
      })),
    children: [
      {
        index: true,
        lazy: () =>
          import('./cadastros_domiciliares/CadastroDomiciliarFormPage').then((m) => ({
            Component: m.CadastroDomiciliarIdentificacaoTab,
          })),
      },
      {
        path: 'familias',
        lazy: () =>
          import('./cadastros_domiciliares/FamiliasTab').then((m) => ({
            Component: m.FamiliasTab,
          })),
      },
    ],
  },
  {
    path: 'atencao_primaria/familias',
    handle: { authorize: 'atencao_primaria/familias:index' },
    lazy: () => import('./familias/FamiliaListPage').then((m) => ({ Component: m.FamiliaListPage })),
  },
  {
    path: 'atencao_primaria/familias/new',
    handle: { authorize: 'atencao_primaria/familias:create' },
    lazy: () => import('./familias/FamiliaFormPage').then((m) => ({ Component: m.FamiliaFormPage })),
  },
  {
    path: 'atencao_primaria/familias/:id/edit',
    // Readers open it locked (the screen checks update); the API still refuses their writes.
    handle: { authorize: 'atencao_primaria/familias:show' },
    lazy: () => import('./familias/FamiliaFormPage').then((m) => ({ Component: m.FamiliaFormPage })),
  },
  // Home visits (issue 8). Optional segments (`:municipeId?`) match with and without the citizen, menu included.
  {
    path: 'atencao_primaria/visitas_domiciliares',
    handle: { authorize: 'atencao_primaria/visitas_domiciliares:index' },
    lazy: () =>
      import('./visitas_domiciliares/VisitaFamiliaListPage').then((m) => ({
        Component: m.VisitaFamiliaListPage,
      })),
  },
  {
    path: 'atencao_primaria/exportacao_esus',
    handle: { authorize: 'atencao_primaria/exportacao_esus:index' },
    lazy: () =>
      import('./exportacao_esus/ExportacaoEsusPage').then((m) => ({
        Component: m.ExportacaoEsusPage,
      })),
  },
  {
    path: 'atencao_primaria/visitas_domiciliares/sem_familia',
    handle: { authorize: 'atencao_primaria/visitas_domiciliares:index' },
    lazy: () =>
      import('./visitas_domiciliares/VisitasSemFamiliaPage').then((m) => ({
        Component: m.VisitasSemFamiliaPage,
      })),
  },
  {
    path: 'atencao_primaria/visitas_domiciliares/:familiaId/detalhes',
    handle: { authorize: 'atencao_primaria/visitas_domiciliares:show' },
    lazy: () =>
      import('./visitas_domiciliares/VisitaFamiliaDetalhesPage').then((m) => ({
        Component: m.VisitaFamiliaDetalhesPage,
      })),
  },
  ...[
    'atencao_primaria/visitas_domiciliares/:familiaId/visitar',
    'atencao_primaria/visitas_domiciliares/:familiaId/membro/:municipeId?/visitar',
    'atencao_primaria/visitas_domiciliares/membro/:municipeId?/visitar',
  ].map((path): ScreenRoute => ({
    path,
    handle: { authorize: 'atencao_primaria/visitas_domiciliares:create' },
    lazy: () =>
      import('./visitas_domiciliares/VisitaFormPage').then((m) => ({
        Component: m.VisitaFormPage,
      })),
  })),
];
