// Front door of the citizens module (issue 40): what other modules may use. Citizen-wide concepts live here: the
// death status, the care rules that decide who sees health data, the name search and the documents in use.
export { obitoDe } from './obito';
export { blocosEmCuidado } from './cuidado';
export { documentosEmUso } from './rules';
export { buscaSimples, limiteDaContagem, prepararBusca, primeiras, type Busca } from './search';
