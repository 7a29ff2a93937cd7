// The urgencia_emergencia screens, lazy chunks each (issue 40: a module declares its routes; app/router.tsx composes them).
import { screen, type ScreenRoute } from '../../lib/screens';

export const urgenciaEmergenciaScreens: ScreenRoute[] = [
  // Patients without identification (issue 16): list, new, and edit (with the identification and the care visits).
  screen(
    'urgencia_emergencia/paciente_sem_identificacoes',
    'urgencia_emergencia/paciente_sem_identificacoes:index',
    () =>
      import('./paciente_sem_identificacoes/PacienteSemIdentificacaoListPage').then(
        (m) => m.PacienteSemIdentificacaoListPage,
      ),
  ),
  screen(
    'urgencia_emergencia/paciente_sem_identificacoes/new',
    'urgencia_emergencia/paciente_sem_identificacoes:create',
    () =>
      import('./paciente_sem_identificacoes/PacienteSemIdentificacaoFormPage').then(
        (m) => m.PacienteSemIdentificacaoFormPage,
      ),
  ),
  {
    path: 'urgencia_emergencia/paciente_sem_identificacoes/:id/edit',
    // Care profiles open it locked (the screen checks update); the API still refuses their writes.
    handle: { authorize: 'urgencia_emergencia/paciente_sem_identificacoes:show' },
    lazy: () =>
      import('./paciente_sem_identificacoes/PacienteSemIdentificacaoFormPage').then((m) => ({
        Component: m.PacienteSemIdentificacaoFormPage,
      })),
  },
  // Urgent care (issue 16): the reception and the retroactive visits, the same screens for two resources.
  ...(['atendimentos', 'atendimentos_retroativos'] as const).flatMap((tipo): ScreenRoute[] => {
    const retro = tipo === 'atendimentos_retroativos';
    const base = `urgencia_emergencia/${tipo}` as const;
    const lista = () => import('./atendimentos/AtendimentoListPage');
    const chegada = () => import('./atendimentos/AtendimentoChegadaPage');
    const detalhe = () => import('./atendimentos/AtendimentoDetalhesPage');
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
];
