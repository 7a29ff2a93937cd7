// Front door of staff communication (issue 40): the shell mounts the check for unread notices.
export { AvisosNaoVisualizados } from './avisos/popup/AvisosNaoVisualizados';
// The notices check's query, polled in the background (issue 41).
export { avisosNaoVisualizadosQuery } from './avisos/popup/api';
