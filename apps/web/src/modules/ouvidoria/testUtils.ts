// Records of the ombudsman's web tests, shaped as the shared schemas (packages/shared/src/schemas/ouvidoria.ts).
import type { OuvidoriaOpcoes, Solicitacao, SolicitacaoListItem } from '@saude/shared/schemas/ouvidoria';

export const API_SOLICITACOES = '/api/v1/ouvidoria/solicitacoes';
export const API_OPCOES = '/api/v1/ouvidoria/opcoes';

export const SOLICITACAO = '0190a6d2-1c1e-7000-8000-0000000000b1';
export const OUTRA = '0190a6d2-1c1e-7000-8000-0000000000b2';
export const TIPO_RECLAMACAO = '0190a6d2-1c1e-7000-8000-0000000000c1';
export const TIPO_ELOGIO = '0190a6d2-1c1e-7000-8000-0000000000c2';
export const PRIORIDADE_ALTA = '0190a6d2-1c1e-7000-8000-0000000000d1';
export const PRIORIDADE_BAIXA = '0190a6d2-1c1e-7000-8000-0000000000d2';
export const UNIDADE_CENTRO = '0190a6d2-1c1e-7000-8000-0000000000e1';

export const opcoes: OuvidoriaOpcoes = {
  tipos: [
    { id: TIPO_RECLAMACAO, nome: 'Reclamação', icone: 'IconAlertTriangle', prazo_dias: 15 },
    { id: TIPO_ELOGIO, nome: 'Elogio', icone: 'IconThumbUp', prazo_dias: 30 },
  ],
  prioridades: [
    { id: PRIORIDADE_ALTA, nome: 'Alta', cor: 'red' },
    { id: PRIORIDADE_BAIXA, nome: 'Baixa', cor: 'gray' },
  ],
  canais: [{ id: 'presencial', nome: 'Presencial' }],
  unidades: [{ id: UNIDADE_CENTRO, nome: 'UBS Centro' }],
};

export const itemDe = (o: Partial<SolicitacaoListItem> = {}): SolicitacaoListItem => ({
  id: SOLICITACAO,
  protocolo: '2026000123',
  assunto: 'Demora no atendimento',
  canal: 'presencial',
  situacao: 'aberta',
  tipo: { id: TIPO_RECLAMACAO, nome: 'Reclamação', icone: 'IconAlertTriangle' },
  prioridade: { id: PRIORIDADE_ALTA, nome: 'Alta', cor: 'red' },
  unidade_saude_nome: 'UBS Centro',
  prazo: '2026-12-10',
  dias_restantes: 3,
  created_at: '2026-11-20T13:00:00.000Z',
  ...o,
});

export const solicitacaoDe = (o: Partial<Solicitacao> = {}): Solicitacao => ({
  id: SOLICITACAO,
  lock_version: 2,
  created_at: '2026-11-20T13:00:00.000Z',
  updated_at: '2026-11-21T13:00:00.000Z',
  protocolo: '2026000123',
  anonimo: false,
  municipe_id: null,
  municipe_nome: null,
  nome_solicitante: 'João da Silva',
  contato_solicitante: '(11) 99999-0000',
  canal: 'presencial',
  tipo: { id: TIPO_RECLAMACAO, nome: 'Reclamação', icone: 'IconAlertTriangle' },
  prioridade: { id: PRIORIDADE_ALTA, nome: 'Alta', cor: 'red' },
  unidade_saude_id: UNIDADE_CENTRO,
  unidade_saude_nome: 'UBS Centro',
  assunto: 'Demora no atendimento',
  texto: 'Esperei quatro horas.',
  situacao: 'aberta',
  prazo: '2026-12-10',
  dias_restantes: 3,
  prorrogada: false,
  resposta: null,
  respondida_em: null,
  respondida_por_nome: null,
  eventos: [
    {
      id: '0190a6d2-1c1e-7000-8000-0000000000f1',
      situacao_anterior: null,
      situacao: 'aberta',
      observacao: null,
      profissional_nome: 'Rita Recepção',
      created_at: '2026-11-20T13:00:00.000Z',
    },
  ],
  ...o,
});
