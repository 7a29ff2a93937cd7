// THE route table (architecture: "one route table, with authorize metadata"). Each screen is a lazy chunk;
// adding a screen is one entry in `screens`. Guards come from `handle` (see guards.ts).
import { createBrowserRouter, matchRoutes, type LazyRouteFunction, type RouteObject } from 'react-router';
import { NotFoundPage } from '../lib/feedback/ErrorPage';
import type { RouteInfo } from '../lib/routeInfo';
import { RouteErrorBoundary } from './RouteErrorBoundary';
import {
  guardLoader,
  loginLoader,
  novaSenhaLoader,
  requireUsuario,
  termoAceiteLoader,
  type RouteHandle,
} from './guards';
import { prefetchAllowed } from '../lib/network';
import { AppLoading, RootLayout } from './RootLayout';
import { blocoRoutes } from '../modules/municipes/blocos/routes';

export type ScreenRoute = {
  path?: string;
  index?: true;
  handle?: RouteHandle;
  lazy: LazyRouteFunction<RouteObject>;
  children?: ScreenRoute[];
};

/** Screens inside the default layout (top bar, menu, content). Paths are relative to '/'. */
export const screens: ScreenRoute[] = [
  { index: true, lazy: () => import('../shell/HomePage').then((m) => ({ Component: m.HomePage })) },
  {
    path: 'selecionar_unidade_saude',
    handle: { requiresUnit: false },
    lazy: () => import('../modules/auth/SelecionarUnidadePage').then((m) => ({ Component: m.SelecionarUnidadePage })),
  },
  {
    path: 'conta',
    handle: { requiresUnit: false },
    lazy: () => import('../modules/auth/ContaPage').then((m) => ({ Component: m.ContaPage })),
  },
  {
    path: 'municipes',
    handle: { authorize: 'municipes:index' },
    lazy: () => import('../modules/municipes/MunicipeListPage').then((m) => ({ Component: m.MunicipeListPage })),
  },
  {
    path: 'municipes/new',
    handle: { authorize: 'municipes:create' },
    lazy: () => import('../modules/municipes/MunicipeFormPage').then((m) => ({ Component: m.MunicipeFormPage })),
  },
  {
    // The guard asks with resource_id = :id. Child tabs of spec §2; the block tabs come from blocos/routes.tsx.
    path: 'municipes/:id/edit',
    // Show, not update: read-only profiles open the record and their block tabs; the form locks without update.
    handle: { authorize: 'municipes:show' },
    lazy: () => import('../modules/municipes/MunicipeFormPage').then((m) => ({ Component: m.MunicipeFormPage })),
    children: [
      {
        index: true,
        lazy: () =>
          import('../modules/municipes/secoes/IdentificacaoTab').then((m) => ({ Component: m.IdentificacaoTab })),
      },
      {
        path: 'documento_prontuario',
        lazy: () => import('../modules/municipes/secoes/DocumentosTab').then((m) => ({ Component: m.DocumentosTab })),
      },
      {
        path: 'outros',
        lazy: () => import('../modules/municipes/secoes/OutrosTab').then((m) => ({ Component: m.OutrosTab })),
      },
      ...blocoRoutes.map(asScreen),
    ],
  },
  // Queues and tickets (issue 17): the door issues, the desk calls.
  {
    path: 'filas/senhas',
    handle: { authorize: 'filas/senhas:create' },
    lazy: () => import('../modules/filas/senhas/EmitirSenhasPage').then((m) => ({ Component: m.EmitirSenhasPage })),
  },
  {
    path: 'filas/chamadas',
    handle: { authorize: 'filas/senhas:chamar' },
    lazy: () => import('../modules/filas/senhas/ChamarSenhasPage').then((m) => ({ Component: m.ChamarSenhasPage })),
  },
  {
    path: 'atencao_primaria/cadastros_individuais',
    handle: { authorize: 'atencao_primaria/cadastros_individuais:index' },
    lazy: () =>
      import('../modules/atencao_primaria/cadastros_individuais/CadastroIndividualListPage').then((m) => ({
        Component: m.CadastroIndividualListPage,
      })),
  },
  {
    path: 'atencao_primaria/cadastros_individuais/new',
    handle: { authorize: 'atencao_primaria/cadastros_individuais:create' },
    lazy: () =>
      import('../modules/atencao_primaria/cadastros_individuais/CadastroIndividualFormPage').then((m) => ({
        Component: m.CadastroIndividualFormPage,
      })),
  },
  {
    path: 'atencao_primaria/cadastros_individuais/:id/detalhes',
    handle: { authorize: 'atencao_primaria/cadastros_individuais:show' },
    lazy: () =>
      import('../modules/atencao_primaria/cadastros_individuais/CadastroIndividualDetalhesPage').then((m) => ({
        Component: m.CadastroIndividualDetalhesPage,
      })),
  },
  {
    path: 'atencao_primaria/cadastros_individuais/:id/edit',
    handle: { authorize: 'atencao_primaria/cadastros_individuais:update' },
    lazy: () =>
      import('../modules/atencao_primaria/cadastros_individuais/CadastroIndividualFormPage').then((m) => ({
        Component: m.CadastroIndividualFormPage,
      })),
  },
  {
    path: 'atencao_primaria/cadastros_individuais/:id/saida_cadastro',
    handle: { authorize: 'atencao_primaria/cadastros_individuais:saida_cadastro' },
    lazy: () =>
      import('../modules/atencao_primaria/cadastros_individuais/SaidaCadastroPage').then((m) => ({
        Component: m.SaidaCadastroPage,
      })),
  },
  // Households and families (issue 7). The household edit page has two child tabs: identificação (index) and familias.
  {
    path: 'atencao_primaria/cadastros_domiciliares',
    handle: { authorize: 'atencao_primaria/cadastros_domiciliares:index' },
    lazy: () =>
      import('../modules/atencao_primaria/cadastros_domiciliares/CadastroDomiciliarListPage').then((m) => ({
        Component: m.CadastroDomiciliarListPage,
      })),
  },
  {
    path: 'atencao_primaria/cadastros_domiciliares/new',
    handle: { authorize: 'atencao_primaria/cadastros_domiciliares:create' },
    lazy: () =>
      import('../modules/atencao_primaria/cadastros_domiciliares/CadastroDomiciliarFormPage').then((m) => ({
        Component: m.CadastroDomiciliarFormPage,
      })),
  },
  {
    path: 'atencao_primaria/cadastros_domiciliares/:id/detalhes',
    handle: { authorize: 'atencao_primaria/cadastros_domiciliares:show' },
    lazy: () =>
      import('../modules/atencao_primaria/cadastros_domiciliares/CadastroDomiciliarDetalhesPage').then((m) => ({
        Component: m.CadastroDomiciliarDetalhesPage,
      })),
  },
  {
    path: 'atencao_primaria/cadastros_domiciliares/:id/edit',
    handle: { authorize: 'atencao_primaria/cadastros_domiciliares:update' },
    lazy: () =>
      import('../modules/atencao_primaria/cadastros_domiciliares/CadastroDomiciliarFormPage').then((m) => ({
        Component: m.CadastroDomiciliarFormPage,
      })),
    children: [
      {
        index: true,
        lazy: () =>
          import('../modules/atencao_primaria/cadastros_domiciliares/CadastroDomiciliarFormPage').then((m) => ({
            Component: m.CadastroDomiciliarIdentificacaoTab,
          })),
      },
      {
        path: 'familias',
        lazy: () =>
          import('../modules/atencao_primaria/cadastros_domiciliares/FamiliasTab').then((m) => ({
            Component: m.FamiliasTab,
          })),
      },
    ],
  },
  {
    path: 'atencao_primaria/familias',
    handle: { authorize: 'atencao_primaria/familias:index' },
    lazy: () =>
      import('../modules/atencao_primaria/familias/FamiliaListPage').then((m) => ({ Component: m.FamiliaListPage })),
  },
  {
    path: 'atencao_primaria/familias/new',
    handle: { authorize: 'atencao_primaria/familias:create' },
    lazy: () =>
      import('../modules/atencao_primaria/familias/FamiliaFormPage').then((m) => ({ Component: m.FamiliaFormPage })),
  },
  {
    path: 'atencao_primaria/familias/:id/edit',
    // Readers open it locked (the screen checks update); the API still refuses their writes.
    handle: { authorize: 'atencao_primaria/familias:show' },
    lazy: () =>
      import('../modules/atencao_primaria/familias/FamiliaFormPage').then((m) => ({ Component: m.FamiliaFormPage })),
  },
  // Patients without identification (issue 16): list, new, and edit (with the identification and the care visits).
  {
    path: 'urgencia_emergencia/paciente_sem_identificacoes',
    handle: { authorize: 'urgencia_emergencia/paciente_sem_identificacoes:index' },
    lazy: () =>
      import('../modules/urgencia_emergencia/paciente_sem_identificacoes/PacienteSemIdentificacaoListPage').then(
        (m) => ({ Component: m.PacienteSemIdentificacaoListPage }),
      ),
  },
  {
    path: 'urgencia_emergencia/paciente_sem_identificacoes/new',
    handle: { authorize: 'urgencia_emergencia/paciente_sem_identificacoes:create' },
    lazy: () =>
      import('../modules/urgencia_emergencia/paciente_sem_identificacoes/PacienteSemIdentificacaoFormPage').then(
        (m) => ({ Component: m.PacienteSemIdentificacaoFormPage }),
      ),
  },
  {
    path: 'urgencia_emergencia/paciente_sem_identificacoes/:id/edit',
    // Care profiles open it locked (the screen checks update); the API still refuses their writes.
    handle: { authorize: 'urgencia_emergencia/paciente_sem_identificacoes:show' },
    lazy: () =>
      import('../modules/urgencia_emergencia/paciente_sem_identificacoes/PacienteSemIdentificacaoFormPage').then(
        (m) => ({ Component: m.PacienteSemIdentificacaoFormPage }),
      ),
  },
  // Queues (issue 17): ticket categories (list, new, detail, edit) and the unit's queue parametrization.
  {
    path: 'filas/categorias',
    handle: { authorize: 'filas/categorias:index' },
    lazy: () =>
      import('../modules/filas/categorias/CategoriaListPage').then((m) => ({ Component: m.CategoriaListPage })),
  },
  {
    path: 'filas/categorias/new',
    handle: { authorize: 'filas/categorias:create' },
    lazy: () =>
      import('../modules/filas/categorias/CategoriaFormPage').then((m) => ({ Component: m.CategoriaFormPage })),
  },
  {
    path: 'filas/categorias/:id',
    handle: { authorize: 'filas/categorias:show' },
    lazy: () =>
      import('../modules/filas/categorias/CategoriaDetalhesPage').then((m) => ({
        Component: m.CategoriaDetalhesPage,
      })),
  },
  {
    path: 'filas/categorias/:id/edit',
    handle: { authorize: 'filas/categorias:update' },
    lazy: () =>
      import('../modules/filas/categorias/CategoriaFormPage').then((m) => ({ Component: m.CategoriaFormPage })),
  },
  // Campaign themes (issue 21): the list and the form (new, edit); the banner and the bar read tema_atual.
  {
    path: 'ferramentas/temas',
    handle: { authorize: 'ferramentas/temas:index' },
    lazy: () => import('../modules/ferramentas/temas/TemaListPage').then((m) => ({ Component: m.TemaListPage })),
  },
  {
    path: 'ferramentas/temas/new',
    handle: { authorize: 'ferramentas/temas:create' },
    lazy: () => import('../modules/ferramentas/temas/TemaFormPage').then((m) => ({ Component: m.TemaFormPage })),
  },
  {
    path: 'ferramentas/temas/:id/edit',
    handle: { authorize: 'ferramentas/temas:update' },
    lazy: () => import('../modules/ferramentas/temas/TemaFormPage').then((m) => ({ Component: m.TemaFormPage })),
  },
  // Authorized applications (issue 39): the callbacks allowed a SenhaSimples token; list and form (new, edit).
  {
    path: 'ferramentas/auth_applications',
    handle: { authorize: 'ferramentas/auth_applications:index' },
    lazy: () =>
      import('../modules/ferramentas/auth_applications/AuthApplicationListPage').then((m) => ({
        Component: m.AuthApplicationListPage,
      })),
  },
  {
    path: 'ferramentas/auth_applications/new',
    handle: { authorize: 'ferramentas/auth_applications:create' },
    lazy: () =>
      import('../modules/ferramentas/auth_applications/AuthApplicationFormPage').then((m) => ({
        Component: m.AuthApplicationFormPage,
      })),
  },
  {
    path: 'ferramentas/auth_applications/:id/edit',
    handle: { authorize: 'ferramentas/auth_applications:update' },
    lazy: () =>
      import('../modules/ferramentas/auth_applications/AuthApplicationFormPage').then((m) => ({
        Component: m.AuthApplicationFormPage,
      })),
  },
  // Administration, units and teams (issue 22): list and form (new, edit) of each; DELETE deactivates.
  {
    path: 'administracao/unidades_saude',
    handle: { authorize: 'administracao/unidades_saude:index' },
    lazy: () =>
      import('../modules/administracao/unidades_saude/UnidadeSaudeListPage').then((m) => ({
        Component: m.UnidadeSaudeListPage,
      })),
  },
  {
    path: 'administracao/unidades_saude/new',
    handle: { authorize: 'administracao/unidades_saude:create' },
    lazy: () =>
      import('../modules/administracao/unidades_saude/UnidadeSaudeFormPage').then((m) => ({
        Component: m.UnidadeSaudeFormPage,
      })),
  },
  {
    path: 'administracao/unidades_saude/:id/edit',
    handle: { authorize: 'administracao/unidades_saude:update' },
    lazy: () =>
      import('../modules/administracao/unidades_saude/UnidadeSaudeFormPage').then((m) => ({
        Component: m.UnidadeSaudeFormPage,
      })),
  },
  {
    path: 'administracao/equipes',
    handle: { authorize: 'administracao/equipes:index' },
    lazy: () =>
      import('../modules/administracao/equipes/EquipeListPage').then((m) => ({ Component: m.EquipeListPage })),
  },
  {
    path: 'administracao/equipes/new',
    handle: { authorize: 'administracao/equipes:create' },
    lazy: () =>
      import('../modules/administracao/equipes/EquipeFormPage').then((m) => ({ Component: m.EquipeFormPage })),
  },
  {
    path: 'administracao/equipes/:id/edit',
    handle: { authorize: 'administracao/equipes:update' },
    lazy: () =>
      import('../modules/administracao/equipes/EquipeFormPage').then((m) => ({ Component: m.EquipeFormPage })),
  },
  // Administration (issue 22): professionals, their assignments and the password reset.
  {
    path: 'administracao/profissionais',
    handle: { authorize: 'administracao/profissionais:index' },
    lazy: () =>
      import('../modules/administracao/profissionais/ProfissionalListPage').then((m) => ({
        Component: m.ProfissionalListPage,
      })),
  },
  {
    path: 'administracao/profissionais/new',
    handle: { authorize: 'administracao/profissionais:create' },
    lazy: () =>
      import('../modules/administracao/profissionais/ProfissionalFormPage').then((m) => ({
        Component: m.ProfissionalFormPage,
      })),
  },
  {
    path: 'administracao/profissionais/:id/edit',
    handle: { authorize: 'administracao/profissionais:update' },
    lazy: () =>
      import('../modules/administracao/profissionais/ProfissionalFormPage').then((m) => ({
        Component: m.ProfissionalFormPage,
      })),
  },
  // CNES import (issue 22): the municipality's CNES file, previewed and applied by a manager.
  {
    path: 'administracao/importacao_cnes',
    handle: { authorize: 'administracao/importacao_cnes:index' },
    lazy: () =>
      import('../modules/administracao/importacao_cnes/ImportacaoCnesPage').then((m) => ({
        Component: m.ImportacaoCnesPage,
      })),
  },
  // Staff notices (issue 19): managers write; everyone reads the notices aimed at them.
  {
    path: 'comunicacao/avisos',
    handle: { authorize: 'comunicacao/avisos:index' },
    lazy: () => import('../modules/comunicacao/avisos/AvisoListPage').then((m) => ({ Component: m.AvisoListPage })),
  },
  {
    path: 'comunicacao/avisos/new',
    handle: { authorize: 'comunicacao/avisos:create' },
    lazy: () => import('../modules/comunicacao/avisos/AvisoFormPage').then((m) => ({ Component: m.AvisoFormPage })),
  },
  {
    path: 'comunicacao/avisos/:id/edit',
    handle: { authorize: 'comunicacao/avisos:update' },
    lazy: () => import('../modules/comunicacao/avisos/AvisoFormPage').then((m) => ({ Component: m.AvisoFormPage })),
  },
  {
    path: 'comunicacao/avisos/:id/show',
    handle: { authorize: 'comunicacao/avisos:show' },
    lazy: () => import('../modules/comunicacao/avisos/AvisoShowPage').then((m) => ({ Component: m.AvisoShowPage })),
  },
  // The ombudsman (issue 20): the requests, a new one, its detail with the history, its handling.
  {
    path: 'ouvidoria',
    handle: { authorize: 'ouvidoria:index' },
    lazy: () => import('../modules/ouvidoria/SolicitacaoListPage').then((m) => ({ Component: m.SolicitacaoListPage })),
  },
  {
    path: 'ouvidoria/solicitacoes/new',
    handle: { authorize: 'ouvidoria:create' },
    lazy: () => import('../modules/ouvidoria/SolicitacaoFormPage').then((m) => ({ Component: m.SolicitacaoFormPage })),
  },
  {
    path: 'ouvidoria/solicitacoes/:id',
    handle: { authorize: 'ouvidoria:show' },
    lazy: () => import('../modules/ouvidoria/SolicitacaoShowPage').then((m) => ({ Component: m.SolicitacaoShowPage })),
  },
  {
    path: 'ouvidoria/solicitacoes/:id/edit',
    handle: { authorize: 'ouvidoria:update' },
    lazy: () => import('../modules/ouvidoria/SolicitacaoEditPage').then((m) => ({ Component: m.SolicitacaoEditPage })),
  },
  // Global notifications (issue 20): everyone reads theirs (the globe and this list); managers send and delete.
  // System parameters and unit flags (issue 21): managers only.
  {
    path: 'ferramentas/parametrizacao',
    handle: { authorize: 'ferramentas/parametrizacao:show' },
    lazy: () =>
      import('../modules/ferramentas/parametrizacao/ParametrizacaoPage').then((m) => ({
        Component: m.ParametrizacaoPage,
      })),
  },
  {
    path: 'parametros/unidades_saude',
    handle: { authorize: 'parametros/unidades_saude:update' },
    lazy: () =>
      import('../modules/parametros/UnidadesParametrosPage').then((m) => ({ Component: m.UnidadesParametrosPage })),
  },
  {
    path: 'notificacoes_globais',
    handle: { authorize: 'notificacoes_globais:index' },
    lazy: () =>
      import('../modules/notificacoes_globais/NotificacoesGlobaisPage').then((m) => ({
        Component: m.NotificacoesGlobaisPage,
      })),
  },
  {
    path: 'notificacoes_globais/new',
    handle: { authorize: 'notificacoes_globais:create' },
    lazy: () =>
      import('../modules/notificacoes_globais/NotificacaoGlobalFormPage').then((m) => ({
        Component: m.NotificacaoGlobalFormPage,
      })),
  },
  {
    path: 'filas/parametrizacoes',
    handle: { authorize: 'filas/parametrizacoes:index' },
    lazy: () =>
      import('../modules/filas/parametrizacoes/ParametrizacaoPage').then((m) => ({
        Component: m.ParametrizacaoPage,
      })),
  },
  {
    path: 'filas/parametrizacoes/new',
    handle: { authorize: 'filas/parametrizacoes:create' },
    lazy: () => import('../modules/filas/parametrizacoes/FilaFormPage').then((m) => ({ Component: m.FilaFormPage })),
  },
  {
    path: 'filas/parametrizacoes/:id/edit',
    handle: { authorize: 'filas/parametrizacoes:update' },
    lazy: () => import('../modules/filas/parametrizacoes/FilaFormPage').then((m) => ({ Component: m.FilaFormPage })),
  },
  // Home visits (issue 8). Optional segments (`:municipeId?`) match with and without the citizen, menu included.
  {
    path: 'atencao_primaria/visitas_domiciliares',
    handle: { authorize: 'atencao_primaria/visitas_domiciliares:index' },
    lazy: () =>
      import('../modules/atencao_primaria/visitas_domiciliares/VisitaFamiliaListPage').then((m) => ({
        Component: m.VisitaFamiliaListPage,
      })),
  },
  {
    path: 'atencao_primaria/exportacao_esus',
    handle: { authorize: 'atencao_primaria/exportacao_esus:index' },
    lazy: () =>
      import('../modules/atencao_primaria/exportacao_esus/ExportacaoEsusPage').then((m) => ({
        Component: m.ExportacaoEsusPage,
      })),
  },
  {
    path: 'atencao_primaria/visitas_domiciliares/sem_familia',
    handle: { authorize: 'atencao_primaria/visitas_domiciliares:index' },
    lazy: () =>
      import('../modules/atencao_primaria/visitas_domiciliares/VisitasSemFamiliaPage').then((m) => ({
        Component: m.VisitasSemFamiliaPage,
      })),
  },
  {
    path: 'atencao_primaria/visitas_domiciliares/:familiaId/detalhes',
    handle: { authorize: 'atencao_primaria/visitas_domiciliares:show' },
    lazy: () =>
      import('../modules/atencao_primaria/visitas_domiciliares/VisitaFamiliaDetalhesPage').then((m) => ({
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
      import('../modules/atencao_primaria/visitas_domiciliares/VisitaFormPage').then((m) => ({
        Component: m.VisitaFormPage,
      })),
  })),
  // Urgent care (issue 16): the reception and the retroactive visits, the same screens for two resources.
  ...(['atendimentos', 'atendimentos_retroativos'] as const).flatMap((tipo): ScreenRoute[] => {
    const retro = tipo === 'atendimentos_retroativos';
    const base = `urgencia_emergencia/${tipo}` as const;
    const lista = () => import('../modules/urgencia_emergencia/atendimentos/AtendimentoListPage');
    const chegada = () => import('../modules/urgencia_emergencia/atendimentos/AtendimentoChegadaPage');
    const detalhe = () => import('../modules/urgencia_emergencia/atendimentos/AtendimentoDetalhesPage');
    return [
      {
        path: base,
        handle: { authorize: `${base}:index` as const },
        lazy: () =>
          lista().then((m) => ({ Component: retro ? m.AtendimentoRetroativoListPage : m.AtendimentoListPage })),
      },
      {
        // Where "Novo munícipe" comes back to (?municipe_id=): opens the new citizen's arrival form.
        path: `${base}/chegada`,
        handle: { authorize: `${base}:create` as const },
        lazy: () =>
          chegada().then((m) => ({
            Component: retro ? m.ChegadaNovoMunicipeRetroativo : m.ChegadaNovoMunicipeAtendimento,
          })),
      },
      {
        path: `${base}/:municipeId/chamar`,
        handle: { authorize: `${base}:create` as const },
        lazy: () =>
          chegada().then((m) => ({
            Component: retro ? m.AtendimentoRetroativoChegadaPage : m.AtendimentoChegadaPage,
          })),
      },
      {
        path: `${base}/:id/show`,
        handle: { authorize: `${base}:show` as const },
        lazy: () =>
          detalhe().then((m) => ({
            Component: retro ? m.AtendimentoRetroativoDetalhesPage : m.AtendimentoDetalhesPage,
          })),
      },
      {
        // Edit of a care visit (issue 39): the module's /{id}/edit, as the other records.
        path: `${base}/:id/edit`,
        handle: { authorize: `${base}:update` as const },
        lazy: () =>
          chegada().then((m) => ({
            Component: retro ? m.AtendimentoRetroativoEditPage : m.AtendimentoEditPage,
          })),
      },
    ];
  }),
  // Compulsory notifications (issue 18): the citizens notified, with the map of the cases.
  {
    path: 'municipes_notificacao',
    handle: { authorize: 'municipes_notificacao:index' },
    lazy: () =>
      import('../modules/municipes_notificacao/lista/NotificacaoListPage').then((m) => ({
        Component: m.NotificacaoListPage,
      })),
  },
  // One citizen's compulsory notifications (issue 18). The guard asks with resource_id = :notificacaoId where the
  // route has one (spec §6), else the citizen's :id.
  {
    path: 'municipes_notificacao/:id/detalhes',
    handle: { authorize: 'municipes_notificacao:show' },
    lazy: () =>
      import('../modules/municipes_notificacao/detalhes/NotificacoesMunicipePage').then((m) => ({
        Component: m.NotificacoesMunicipePage,
      })),
  },
  {
    path: 'municipes_notificacao/:id/new',
    handle: { authorize: 'municipes_notificacao:create' },
    lazy: () =>
      import('../modules/municipes_notificacao/notificacao/NotificacaoFormPage').then((m) => ({
        Component: m.NotificacaoFormPage,
      })),
  },
  // Spec §2 "{notificacaoId?}/edit": with no notification it is a new one (the page sends it to /new), so the
  // permission asked is to create (docs/decisions.md).
  {
    path: 'municipes_notificacao/:id/notificacao_compulsoria/edit',
    handle: { authorize: 'municipes_notificacao:create' },
    lazy: () =>
      import('../modules/municipes_notificacao/notificacao/NotificacaoFormPage').then((m) => ({
        Component: m.NotificacaoFormPage,
      })),
  },
  {
    path: 'municipes_notificacao/:id/notificacao_compulsoria/:notificacaoId/edit',
    handle: { authorize: 'municipes_notificacao:update' },
    lazy: () =>
      import('../modules/municipes_notificacao/notificacao/NotificacaoFormPage').then((m) => ({
        Component: m.NotificacaoFormPage,
      })),
  },
  {
    path: 'municipes_notificacao/:id/notificacao_compulsoria/:notificacaoId?/show',
    handle: { authorize: 'municipes_notificacao:show' },
    lazy: () =>
      import('../modules/municipes_notificacao/notificacao/NotificacaoShowPage').then((m) => ({
        Component: m.NotificacaoShowPage,
      })),
  },
  // Terms of use (issue 21): everyone reads the versions; managers write, publish and see who accepted.
  {
    path: 'termos_uso',
    handle: { authorize: 'termos_uso:index' },
    lazy: () => import('../modules/termos_uso/TermosUsoListPage').then((m) => ({ Component: m.TermosUsoListPage })),
  },
  {
    path: 'termos_uso/new',
    handle: { authorize: 'termos_uso:create' },
    lazy: () => import('../modules/termos_uso/TermoUsoFormPage').then((m) => ({ Component: m.TermoUsoFormPage })),
  },
  {
    path: 'termos_uso/:id/edit',
    handle: { authorize: 'termos_uso:show' },
    lazy: () => import('../modules/termos_uso/TermoUsoFormPage').then((m) => ({ Component: m.TermoUsoFormPage })),
  },
  // The manager's access history (issue 14, LGPD): `?municipe_id=` narrows it to one citizen, `?record_id=` to one
  // record's changes (issue 22).
  {
    path: 'auditoria',
    handle: { authorize: 'auditoria:index' },
    lazy: () => import('../modules/auditoria/AuditoriaListPage').then((m) => ({ Component: m.AuditoriaListPage })),
  },
  // Profiles and permissions (issue 22); a built-in profile opens read-only, so the page needs only `show`.
  {
    path: 'administracao/perfis',
    handle: { authorize: 'administracao/perfis:index' },
    lazy: () => import('../modules/administracao/perfis/PerfilListPage').then((m) => ({ Component: m.PerfilListPage })),
  },
  {
    path: 'administracao/perfis/new',
    handle: { authorize: 'administracao/perfis:create' },
    lazy: () => import('../modules/administracao/perfis/PerfilFormPage').then((m) => ({ Component: m.PerfilFormPage })),
  },
  {
    path: 'administracao/perfis/:id/edit',
    handle: { authorize: 'administracao/perfis:show' },
    lazy: () => import('../modules/administracao/perfis/PerfilFormPage').then((m) => ({ Component: m.PerfilFormPage })),
  },
];

/** A child route written as a plain RouteObject (the citizen's block tabs) as an entry of this table. */
function asScreen(r: RouteObject): ScreenRoute {
  // Screens are lazy chunks; a route given eagerly is wrapped so it still fits the table.
  const lazy: LazyRouteFunction<RouteObject> =
    typeof r.lazy === 'function'
      ? (r.lazy as LazyRouteFunction<RouteObject>)
      : async () => ({ Component: r.Component, element: r.element, errorElement: r.errorElement });
  return {
    ...(r.index ? { index: true as const } : { path: r.path }),
    handle: r.handle as RouteHandle | undefined,
    lazy,
    children: r.children?.map(asScreen),
  };
}

const joinPath = (parent: string, child: ScreenRoute) =>
  child.index ? parent || '/' : `${parent}/${child.path ?? ''}`.replace(/\/+/g, '/').replace(/(.)\/$/, '$1');

/** Every screen pattern this build has; the menu hides entries whose screens do not exist yet. */
export function knownPathsOf(list: ScreenRoute[], parent = ''): string[] {
  return list.flatMap((s) => [
    joinPath(parent, s),
    ...knownPathsOf(s.children ?? [], s.index ? parent : joinPath(parent, s)),
  ]);
}
export const knownPaths: readonly string[] = [...new Set(knownPathsOf(screens))];

function toRouteObject(s: ScreenRoute): RouteObject {
  const base = { handle: s.handle, loader: guardLoader(s.handle), lazy: s.lazy };
  return s.index ? { ...base, index: true } : { ...base, path: s.path, children: s.children?.map(toRouteObject) };
}

export function routeInfoOf(list: ScreenRoute[]): RouteInfo {
  const tree = [{ path: '/', children: list }] as unknown as RouteObject[];
  return {
    knownPaths: [...new Set(knownPathsOf(list))],
    prefetch: (path) => {
      if (!prefetchAllowed()) return;
      for (const m of matchRoutes(tree, path) ?? []) {
        const lazy = (m.route as Partial<ScreenRoute>).lazy;
        // Dynamic imports are cached by the browser: a later navigation reuses the loaded chunk.
        if (typeof lazy === 'function') void lazy().catch(() => undefined);
      }
    },
  };
}

export function buildRoutes(list: ScreenRoute[] = screens): RouteObject[] {
  const info = routeInfoOf(list);
  return [
    {
      element: <RootLayout routeInfo={info} />,
      errorElement: <RouteErrorBoundary />,
      // Shown while the first page's guards and chunk load (slow 3G): never a blank screen.
      hydrateFallbackElement: <AppLoading />,
      children: [
        {
          path: '/login',
          // Layouts are lazy too: the sign-in page never downloads the shell, and the shell never the login form.
          lazy: () => import('../modules/auth/LoginLayout').then((m) => ({ Component: m.LoginLayout })),
          children: [
            {
              index: true,
              loader: loginLoader,
              lazy: () => import('../modules/auth/LoginPage').then((m) => ({ Component: m.LoginPage })),
            },
            {
              path: 'nova_senha',
              loader: novaSenhaLoader,
              lazy: () => import('../modules/auth/NovaSenhaPage').then((m) => ({ Component: m.NovaSenhaPage })),
            },
          ],
        },
        {
          // The identity provider's return (spec §2, issue 23): in the sign-in panel, before any session exists.
          path: '/saude2_oauth',
          lazy: () => import('../modules/auth/LoginLayout').then((m) => ({ Component: m.LoginLayout })),
          children: [
            {
              index: true,
              lazy: () => import('../modules/auth/SsoRetornoPage').then((m) => ({ Component: m.SsoRetornoPage })),
            },
          ],
        },
        {
          // The terms of use waiting for acceptance (issue 21): without the shell, whose calls the API would refuse.
          path: '/termos_uso/aceite',
          loader: termoAceiteLoader,
          lazy: () => import('../modules/termos_uso/TermoAceitePage').then((m) => ({ Component: m.TermoAceitePage })),
        },
        {
          // The calling panel on a TV (issue 17): no shell and no sign-in, the panel key in the address opens it.
          path: '/filas/painel/:unidadeId',
          lazy: () => import('../modules/filas/painel/PainelPage').then((m) => ({ Component: m.PainelPage })),
        },
        {
          // The SenhaSimples popup (600×700): signed in, without the shell.
          path: '/filas/senha_simples/autorizar',
          loader: ({ request }) => requireUsuario(request),
          lazy: () =>
            import('../modules/filas/senha_simples/SenhaSimplesAutorizarPage').then((m) => ({
              Component: m.SenhaSimplesAutorizarPage,
            })),
        },
        {
          path: '/',
          lazy: () => import('../shell/ShellLayout').then((m) => ({ Component: m.ShellLayout })),
          loader: ({ request }) => requireUsuario(request),
          // Errors of a screen render inside the shell, so the menu stays usable.
          children: [
            {
              errorElement: <RouteErrorBoundary />,
              children: [
                ...list.map(toRouteObject),
                {
                  path: '*',
                  handle: { requiresUnit: false },
                  loader: guardLoader({ requiresUnit: false }),
                  element: <NotFoundPage />,
                },
              ],
            },
          ],
        },
      ],
    },
  ];
}

export const createAppRouter = () => createBrowserRouter(buildRoutes());
