// The administracao screens, lazy chunks each (issue 40: a module declares its routes; app/router.tsx composes them).
import type { ScreenRoute } from '../../lib/screens';

export const administracaoScreens: ScreenRoute[] = [
  // Administration, units and teams (issue 22): list and form (new, edit) of each; DELETE deactivates.
  {
    path: 'administracao/unidades_saude',
    handle: { authorize: 'administracao/unidades_saude:index' },
    lazy: () =>
      import('./unidades_saude/UnidadeSaudeListPage').then((m) => ({
        Component: m.UnidadeSaudeListPage,
      })),
  },
  {
    path: 'administracao/unidades_saude/new',
    handle: { authorize: 'administracao/unidades_saude:create' },
    lazy: () =>
      import('./unidades_saude/UnidadeSaudeFormPage').then((m) => ({
        Component: m.UnidadeSaudeFormPage,
      })),
  },
  {
    path: 'administracao/unidades_saude/:id/edit',
    handle: { authorize: 'administracao/unidades_saude:update' },
    lazy: () =>
      import('./unidades_saude/UnidadeSaudeFormPage').then((m) => ({
        Component: m.UnidadeSaudeFormPage,
      })),
  },
  {
    path: 'administracao/equipes',
    handle: { authorize: 'administracao/equipes:index' },
    lazy: () => import('./equipes/EquipeListPage').then((m) => ({ Component: m.EquipeListPage })),
  },
  {
    path: 'administracao/equipes/new',
    handle: { authorize: 'administracao/equipes:create' },
    lazy: () => import('./equipes/EquipeFormPage').then((m) => ({ Component: m.EquipeFormPage })),
  },
  {
    path: 'administracao/equipes/:id/edit',
    handle: { authorize: 'administracao/equipes:update' },
    lazy: () => import('./equipes/EquipeFormPage').then((m) => ({ Component: m.EquipeFormPage })),
  },
  // Administration (issue 22): professionals, their assignments and the password reset.
  {
    path: 'administracao/profissionais',
    handle: { authorize: 'administracao/profissionais:index' },
    lazy: () =>
      import('./profissionais/ProfissionalListPage').then((m) => ({
        Component: m.ProfissionalListPage,
      })),
  },
  {
    path: 'administracao/profissionais/new',
    handle: { authorize: 'administracao/profissionais:create' },
    lazy: () =>
      import('./profissionais/ProfissionalFormPage').then((m) => ({
        Component: m.ProfissionalFormPage,
      })),
  },
  {
    path: 'administracao/profissionais/:id/edit',
    handle: { authorize: 'administracao/profissionais:update' },
    lazy: () =>
      import('./profissionais/ProfissionalFormPage').then((m) => ({
        Component: m.ProfissionalFormPage,
      })),
  },
  // CNES import (issue 22): the municipality's CNES file, previewed and applied by a manager.
  {
    path: 'administracao/importacao_cnes',
    handle: { authorize: 'administracao/importacao_cnes:index' },
    lazy: () =>
      import('./importacao_cnes/ImportacaoCnesPage').then((m) => ({
        Component: m.ImportacaoCnesPage,
      })),
  },
  // Profiles and permissions (issue 22); a built-in profile opens read-only, so the page needs only `show`.
  {
    path: 'administracao/perfis',
    handle: { authorize: 'administracao/perfis:index' },
    lazy: () => import('./perfis/PerfilListPage').then((m) => ({ Component: m.PerfilListPage })),
  },
  {
    path: 'administracao/perfis/new',
    handle: { authorize: 'administracao/perfis:create' },
    lazy: () => import('./perfis/PerfilFormPage').then((m) => ({ Component: m.PerfilFormPage })),
  },
  {
    path: 'administracao/perfis/:id/edit',
    handle: { authorize: 'administracao/perfis:show' },
    lazy: () => import('./perfis/PerfilFormPage').then((m) => ({ Component: m.PerfilFormPage })),
  },
];
