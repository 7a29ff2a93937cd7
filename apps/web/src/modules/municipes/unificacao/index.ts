// What the rest of the citizen registry uses of the duplicate citizens (issue 45); its screens are in ../routes.ts.
export { UnificacoesRecebidas } from './UnificacoesRecebidas';
export { useDesfazerUnificacaoConfirmado, type UnificacaoADesfazer } from './desfazer';
