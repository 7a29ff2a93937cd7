// The auditoria screens, lazy chunks each (issue 40: a module declares its routes; app/router.tsx composes them).
import { screen, type ScreenRoute } from '../../lib/screens';

export const auditoriaScreens: ScreenRoute[] = [
  // The manager's access history (issue 14, LGPD): `?municipe_id=` narrows it to one citizen, `?record_id=` to one
  // record's changes (issue 22).
  screen('auditoria', 'auditoria:index', () => import('./AuditoriaListPage').then((m) => m.AuditoriaListPage)),
];
