// The trail's action and resource codes in the menus' words (issue 15). Re-exported by auditoria.ts. A change's fields
// are named in auditoria_alteracoes.ts, apart: it reads the records' schemas, which the audit list loads later.
import { RECURSOS as RECURSOS_CATALOGO } from './administracao_perfil_textos';

/** Actions that only read (here, apart from auditoria.ts, so light screens read it without the records' schemas). */
export const ACOES_LEITURA = ['show', 'index', 'leitura'] as const;

const ACOES: Record<string, string> = {
  show: 'Consultou',
  leitura: 'Consultou',
  index: 'Listou ou buscou',
  create: 'Cadastrou',
  update: 'Alterou',
  destroy: 'Excluiu',
  saida_cadastro: 'Registrou saída',
  cancelar: 'Cancelou',
  adicionar_membro: 'Incluiu na família',
  remover_membro: 'Retirou da família',
  vincular_familia: 'Vinculou família',
  desvincular_familia: 'Desvinculou família',
  login: 'Entrou no sistema',
  login_falhou: 'Errou a senha',
  login_bloqueado: 'Entrada bloqueada',
  logout: 'Saiu do sistema',
  troca_senha: 'Trocou a senha',
  troca_senha_falhou: 'Errou a senha atual',
  troca_senha_bloqueada: 'Troca de senha bloqueada',
  troca_unidade: 'Trocou de unidade',
  permissao_negada: 'Acesso negado',
  copia: 'Emitiu a cópia dos dados',
};

/** "Consultou", "Alterou"… for the action codes the trail stores; an unknown code is shown as stored. */
export const acaoTexto = (action: string): string => ACOES[action] ?? action;

const RECURSOS: Record<string, string> = {
  municipes: 'Cadastro do munícipe',
  'municipes/sociodemograficas': 'Dados sociodemográficos',
  'municipes/condicoes_saude': 'Condições de saúde',
  'municipes/cadsus': 'CADSUS (cadastro nacional)',
  'atencao_primaria/cadastros_individuais': 'Cadastro individual',
  'atencao_primaria/cadastros_domiciliares': 'Cadastro domiciliar',
  'atencao_primaria/familias': 'Família',
  'atencao_primaria/visitas_domiciliares': 'Visita domiciliar',
  'atencao_primaria/exportacao_esus': 'Exportação e-SUS APS',
  auditoria: 'Histórico de acessos',
  auth: 'Conta e sessão',
  'municipes/lgpd': 'Cópia dos dados (LGPD)',
  'municipes/correcoes': 'Pedido de correção',
};

/** What was seen, in the words of the menus; an unknown resource is shown as stored. */
export const recursoTexto = (resource: string): string =>
  RECURSOS[resource] ?? (RECURSOS_CATALOGO as Record<string, string>)[resource] ?? resource;

// ---- the before → after of an administration record (issue 22, modules/administracao/alteracoes.ts) ----------
