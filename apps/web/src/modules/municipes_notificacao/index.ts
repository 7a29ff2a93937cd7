// Front door of the compulsory notifications (issue 18): what other modules may use. The territory map (issue 44)
// shows a notified case's summary as this module's map does.
export { DetalheNotificacao } from './mapa/DetalheNotificacao';
