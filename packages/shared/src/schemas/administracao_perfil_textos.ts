// The permission catalogue in pt-BR (issue 22): areas, resources and actions as a manager reads them on the profile
// page and in the audit's before → after. Apart from the schemas, so the audit screen takes it without zod.
import { resources, type Permission, type Resource } from '../access';

/** Areas: the first segment of a resource, in the menu's words and order. */
export const AREAS: Record<string, string> = {
  municipes: 'Munícipes',
  atencao_primaria: 'Atenção primária',
  urgencia_emergencia: 'Urgência e emergência',
  filas: 'Filas e senhas',
  municipes_notificacao: 'Notificações compulsórias',
  comunicacao: 'Comunicação',
  notificacoes_globais: 'Notificações',
  ouvidoria: 'Ouvidoria',
  lembretes: 'Lembretes',
  enderecos: 'Endereços',
  ferramentas: 'Ferramentas',
  termos_uso: 'Termos de uso',
  parametros: 'Parâmetros das unidades',
  auditoria: 'Histórico de acessos',
  administracao: 'Administração',
};

/** Each resource as the menus name it (or what it holds, when no menu shows it). */
export const RECURSOS: Record<Resource, string> = {
  municipes: 'Cadastro do munícipe',
  'municipes/sociodemograficas': 'Dados sociodemográficos',
  'municipes/condicoes_saude': 'Condições de saúde',
  'municipes/biometrias': 'Biometria (digitais)',
  municipes_notificacao: 'Notificações compulsórias',
  notificacoes_globais: 'Notificações',
  ouvidoria: 'Ouvidoria',
  termos_uso: 'Termos de uso',
  lembretes: 'Lembretes',
  enderecos: 'Endereços (CEP)',
  'atencao_primaria/cadastros_domiciliares': 'Cadastros domiciliares',
  'atencao_primaria/cadastros_individuais': 'Cadastros individuais',
  'atencao_primaria/familias': 'Famílias',
  'atencao_primaria/visitas_domiciliares': 'Visitas domiciliares',
  'atencao_primaria/exportacao_esus': 'Exportação para o e-SUS APS',
  'comunicacao/avisos': 'Avisos',
  'ferramentas/temas': 'Temas de campanha',
  'ferramentas/parametrizacao': 'Parâmetros do sistema',
  'ferramentas/auth_applications': 'Aplicações autorizadas (SenhaSimples)',
  'filas/categorias': 'Categorias',
  'filas/parametrizacoes': 'Parametrização de filas',
  'filas/senhas': 'Senhas',
  'urgencia_emergencia/atendimentos': 'Recepção (atendimentos)',
  'urgencia_emergencia/atendimentos_retroativos': 'Atendimentos retroativos',
  'urgencia_emergencia/paciente_sem_identificacoes': 'Pacientes sem identificação',
  'parametros/unidades_saude': 'Parâmetros das unidades',
  'administracao/unidades_saude': 'Unidades de saúde',
  'administracao/equipes': 'Equipes',
  'administracao/profissionais': 'Profissionais',
  'administracao/lotacoes': 'Lotações',
  'administracao/perfis': 'Perfis e permissões',
  'administracao/importacao_cnes': 'Importar CNES',
  auditoria: 'Histórico de acessos',
  'atencao_primaria/cobertura': 'Cobertura e mapa do território',
  'municipes/lgpd': 'Direitos do titular (LGPD)',
  'municipes/correcoes': 'Pedidos de correção do cadastro',
  'municipes/unificacoes': 'Unificação de cadastros duplicados',
};

/** Actions as a verb a manager reads; the special ones say what they allow. */
export const ACOES: Record<string, string> = {
  index: 'Listar',
  show: 'Consultar',
  create: 'Cadastrar',
  update: 'Alterar',
  destroy: 'Excluir',
  todos: 'Ver de todos (fora do seu cuidado)',
  situacao: 'Alterar a situação',
  publicar: 'Publicar versão',
  saida_cadastro: 'Registrar saída do cadastro',
  cancelar: 'Cancelar',
  visualizar: 'Confirmar leitura e responder',
  chamar: 'Chamar',
  atender: 'Atender',
  concluir: 'Concluir',
  encaminhar: 'Encaminhar',
  ausente: 'Marcar ausente',
  identificar: 'Identificar o paciente',
  desfazer_identificacao: 'Desfazer a identificação',
  redefinir_senha: 'Redefinir senha',
  cadsus: 'Buscar no CADSUS',
  copia: 'Emitir a cópia dos dados do munícipe',
};

export const areaDe = (r: string): string => r.split('/')[0]!;
export const areaTexto = (a: string): string => AREAS[a] ?? a;
export const recursoPermissaoTexto = (r: string): string => (RECURSOS as Record<string, string>)[r] ?? r;
export const acaoPermissaoTexto = (a: string): string => ACOES[a] ?? a;

/** "Famílias: Alterar" for a permission string. */
export function permissaoTexto(p: string): string {
  const [r, a] = p.split(':') as [string, string];
  return `${recursoPermissaoTexto(r)}: ${acaoPermissaoTexto(a ?? '')}`;
}

export type GrupoPermissoes = {
  area: string;
  nome: string;
  recursos: Array<{ recurso: Resource; nome: string; permissoes: Array<{ permissao: Permission; nome: string }> }>;
};

/** The catalogue grouped by area in the AREAS order (an area missing there comes last), resources in code order. */
export const gruposPermissoes: GrupoPermissoes[] = (() => {
  const ordem = Object.keys(AREAS);
  const grupos = new Map<string, GrupoPermissoes>();
  for (const r of Object.keys(resources) as Resource[]) {
    const area = areaDe(r);
    if (!grupos.has(area)) grupos.set(area, { area, nome: areaTexto(area), recursos: [] });
    grupos.get(area)!.recursos.push({
      recurso: r,
      nome: recursoPermissaoTexto(r),
      permissoes: resources[r].map((a) => ({ permissao: `${r}:${a}` as Permission, nome: acaoPermissaoTexto(a) })),
    });
  }
  const pos = (a: string) => (ordem.includes(a) ? ordem.indexOf(a) : ordem.length);
  return [...grupos.values()].sort((a, b) => pos(a.area) - pos(b.area));
})();
