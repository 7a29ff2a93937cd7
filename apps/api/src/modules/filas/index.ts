// Front door of the queues module (issue 40): what urgent-care reception uses to link and call tickets.
export { tempoChamadas } from './senhas/queries';
// The demo seed issues, calls and finishes tickets as the desk does.
export { chamadaCedo, chamar, concluir, emitir, segundosRestantes, vincularAoAtendimento } from './senhas/service';
