// Front door of primary care (issue 40): what other modules may use.
export { useOpcoesFiltro } from './comum/api';
