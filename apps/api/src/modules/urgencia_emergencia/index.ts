// Front door of urgent care (issue 40).
export { unidadeDeUrgencia } from './comum';
