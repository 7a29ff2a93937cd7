// Front door of staff communication (issue 40): the shell mounts the check for unread notices.
export { AvisosNaoVisualizados } from './avisos/popup/AvisosNaoVisualizados';
