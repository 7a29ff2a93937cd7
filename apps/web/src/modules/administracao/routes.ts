// The administracao screens, lazy chunks each (issue 40: a module declares its routes; app/router.tsx composes them).
import { screen, type ScreenRoute } from '../../lib/screens';

export const administracaoScreens: ScreenRoute[] = [
  // Administration, units and teams (issue 22): list and form (new, edit) of each; DELETE deactivates.
  screen('administracao/unidades_saude', 'administracao/unidades_saude:index', () =>
    import('./unidades_saude/UnidadeSaudeListPage').then((m) => m.UnidadeSaudeListPage),
  ),
  screen('administracao/unidades_saude/new', 'administracao/unidades_saude:create', () =>
    import('./unidades_saude/UnidadeSaudeFormPage').then((m) => m.UnidadeSaudeFormPage),
  ),
  screen('administracao/unidades_saude/:id/edit', 'administracao/unidades_saude:update', () =>
    import('./unidades_saude/UnidadeSaudeFormPage').then((m) => m.UnidadeSaudeFormPage),
  ),
  screen('administracao/equipes', 'administracao/equipes:index', () =>
    import('./equipes/EquipeListPage').then((m) => m.EquipeListPage),
  ),
  screen('administracao/equipes/new', 'administracao/equipes:create', () =>
    import('./equipes/EquipeFormPage').then((m) => m.EquipeFormPage),
  ),
  screen('administracao/equipes/:id/edit', 'administracao/equipes:update', () =>
    import('./equipes/EquipeFormPage').then((m) => m.EquipeFormPage),
  ),
  // Administration (issue 22): professionals, their assignments and the password reset.
  screen('administracao/profissionais', 'administracao/profissionais:index', () =>
    import('./profissionais/ProfissionalListPage').then((m) => m.ProfissionalListPage),
  ),
  screen('administracao/profissionais/new', 'administracao/profissionais:create', () =>
    import('./profissionais/ProfissionalFormPage').then((m) => m.ProfissionalFormPage),
  ),
  screen('administracao/profissionais/:id/edit', 'administracao/profissionais:update', () =>
    import('./profissionais/ProfissionalFormPage').then((m) => m.ProfissionalFormPage),
  ),
  // CNES import (issue 22): the municipality's CNES file, previewed and applied by a manager.
  screen('administracao/importacao_cnes', 'administracao/importacao_cnes:index', () =>
    import('./importacao_cnes/ImportacaoCnesPage').then((m) => m.ImportacaoCnesPage),
  ),
  // Profiles and permissions (issue 22); a built-in profile opens read-only, so the page needs only `show`.
  screen('administracao/perfis', 'administracao/perfis:index', () =>
    import('./perfis/PerfilListPage').then((m) => m.PerfilListPage),
  ),
  screen('administracao/perfis/new', 'administracao/perfis:create', () =>
    import('./perfis/PerfilFormPage').then((m) => m.PerfilFormPage),
  ),
  screen('administracao/perfis/:id/edit', 'administracao/perfis:show', () =>
    import('./perfis/PerfilFormPage').then((m) => m.PerfilFormPage),
  ),
];
