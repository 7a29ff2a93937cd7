// Front door of the audit module (issue 40).
export { celulaCsv } from './service';
export { agendarParticoesAuditoria, criarParticoesAuditoria } from './particoes';
export { arquivarAuditoria } from './arquivo';
