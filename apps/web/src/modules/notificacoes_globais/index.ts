// Front door of the global notifications (issue 40): the shell's globe reads the unread ones and marks them read.
export {
  contarNaoLidas,
  marcarLida,
  naoLidasQuery,
  NOTIFICACOES_GLOBAIS_API,
  notificacoesGlobaisKeys,
} from './globo/api';
export { MarcaDeCor } from './globo/MarcaDeCor';
