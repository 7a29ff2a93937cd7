// The atencao_primaria screens, lazy chunks each (issue 40: a module declares its routes; app/router.tsx composes them).
import { screen, type ScreenRoute } from '../../lib/screens';

export const atencaoPrimariaScreens: ScreenRoute[] = [
  screen('atencao_primaria/cadastros_individuais', 'atencao_primaria/cadastros_individuais:index', () =>
    import('./cadastros_individuais/CadastroIndividualListPage').then((m) => m.CadastroIndividualListPage),
  ),
  screen('atencao_primaria/cadastros_individuais/new', 'atencao_primaria/cadastros_individuais:create', () =>
    import('./cadastros_individuais/CadastroIndividualFormPage').then((m) => m.CadastroIndividualFormPage),
  ),
  screen('atencao_primaria/cadastros_individuais/:id/detalhes', 'atencao_primaria/cadastros_individuais:show', () =>
    import('./cadastros_individuais/CadastroIndividualDetalhesPage').then((m) => m.CadastroIndividualDetalhesPage),
  ),
  screen('atencao_primaria/cadastros_individuais/:id/edit', 'atencao_primaria/cadastros_individuais:update', () =>
    import('./cadastros_individuais/CadastroIndividualFormPage').then((m) => m.CadastroIndividualFormPage),
  ),
  screen(
    'atencao_primaria/cadastros_individuais/:id/saida_cadastro',
    'atencao_primaria/cadastros_individuais:saida_cadastro',
    () => import('./cadastros_individuais/SaidaCadastroPage').then((m) => m.SaidaCadastroPage),
  ),
  // Households and families (issue 7). The household edit page has two child tabs: identificação (index) and familias.
  screen('atencao_primaria/cadastros_domiciliares', 'atencao_primaria/cadastros_domiciliares:index', () =>
    import('./cadastros_domiciliares/CadastroDomiciliarListPage').then((m) => m.CadastroDomiciliarListPage),
  ),
  screen('atencao_primaria/cadastros_domiciliares/new', 'atencao_primaria/cadastros_domiciliares:create', () =>
    import('./cadastros_domiciliares/CadastroDomiciliarFormPage').then((m) => m.CadastroDomiciliarFormPage),
  ),
  screen('atencao_primaria/cadastros_domiciliares/:id/detalhes', 'atencao_primaria/cadastros_domiciliares:show', () =>
    import('./cadastros_domiciliares/CadastroDomiciliarDetalhesPage').then((m) => m.CadastroDomiciliarDetalhesPage),
  ),
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
  screen('atencao_primaria/familias', 'atencao_primaria/familias:index', () =>
    import('./familias/FamiliaListPage').then((m) => m.FamiliaListPage),
  ),
  screen('atencao_primaria/familias/new', 'atencao_primaria/familias:create', () =>
    import('./familias/FamiliaFormPage').then((m) => m.FamiliaFormPage),
  ),
  {
    path: 'atencao_primaria/familias/:id/edit',
    // Readers open it locked (the screen checks update); the API still refuses their writes.
    handle: { authorize: 'atencao_primaria/familias:show' },
    lazy: () => import('./familias/FamiliaFormPage').then((m) => ({ Component: m.FamiliaFormPage })),
  },
  // Home visits (issue 8). Optional segments (`:municipeId?`) match with and without the citizen, menu included.
  screen('atencao_primaria/visitas_domiciliares', 'atencao_primaria/visitas_domiciliares:index', () =>
    import('./visitas_domiciliares/VisitaFamiliaListPage').then((m) => m.VisitaFamiliaListPage),
  ),
  screen('atencao_primaria/exportacao_esus', 'atencao_primaria/exportacao_esus:index', () =>
    import('./exportacao_esus/ExportacaoEsusPage').then((m) => m.ExportacaoEsusPage),
  ),
  // Issue 44: who is due a visit, and why.
  screen('atencao_primaria/visitas_domiciliares/quem_visitar', 'atencao_primaria/visitas_domiciliares:index', () =>
    import('./visitas_domiciliares/QuemVisitarPage').then((m) => m.QuemVisitarPage),
  ),
  // The ACE's list: properties due an endemic-control visit.
  screen(
    'atencao_primaria/visitas_domiciliares/quem_visitar/imoveis',
    'atencao_primaria/visitas_domiciliares:index',
    () => import('./visitas_domiciliares/QuemVisitarImoveisPage').then((m) => m.QuemVisitarImoveisPage),
  ),
  screen('atencao_primaria/visitas_domiciliares/sem_familia', 'atencao_primaria/visitas_domiciliares:index', () =>
    import('./visitas_domiciliares/VisitasSemFamiliaPage').then((m) => m.VisitasSemFamiliaPage),
  ),
  screen(
    'atencao_primaria/visitas_domiciliares/:familiaId/detalhes',
    'atencao_primaria/visitas_domiciliares:show',
    () => import('./visitas_domiciliares/VisitaFamiliaDetalhesPage').then((m) => m.VisitaFamiliaDetalhesPage),
  ),
  // Issue 44: coverage of the territory, the list behind each number, the territory on a map.
  screen('atencao_primaria/cobertura', 'atencao_primaria/cobertura:index', () =>
    import('./cobertura/CoberturaPage').then((m) => m.CoberturaPage),
  ),
  screen('atencao_primaria/cobertura/lista', 'atencao_primaria/cobertura:index', () =>
    import('./cobertura/CoberturaListaPage').then((m) => m.CoberturaListaPage),
  ),
  screen('atencao_primaria/cobertura/territorio', 'atencao_primaria/cobertura:index', () =>
    import('./cobertura/TerritorioPage').then((m) => m.TerritorioPage),
  ),
  ...[
    'atencao_primaria/visitas_domiciliares/:familiaId/visitar',
    'atencao_primaria/visitas_domiciliares/:familiaId/membro/:municipeId?/visitar',
    'atencao_primaria/visitas_domiciliares/membro/:municipeId?/visitar',
    'atencao_primaria/visitas_domiciliares/imovel/:domicilioId/visitar',
  ].map((path): ScreenRoute => ({
    path,
    handle: { authorize: 'atencao_primaria/visitas_domiciliares:create' },
    lazy: () =>
      import('./visitas_domiciliares/VisitaFormPage').then((m) => ({
        Component: m.VisitaFormPage,
      })),
  })),
];
