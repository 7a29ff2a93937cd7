// Front door of the queues module (issue 40): what urgent-care reception uses to link and call tickets.
export { tempoChamadas } from './senhas/queries';
export { chamadaCedo, segundosRestantes, vincularAoAtendimento } from './senhas/service';
