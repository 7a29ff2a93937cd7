// Front door of the citizen's LGPD rights module (issue 46): the copy and the correction requests.
export { municipesLgpdRoutes } from './routes';
export { fecharCorrigidas } from './correcoes';
