// Records of the notification screens' tests, shaped as the API answers them.
import type { Notificacao, NotificacaoDetalhes } from '@saude/shared/schemas/notificacao_compulsoria';
import { UNIDADE_TESTE } from '../../../test/fakeApi';
import { BASE_PATH } from './api';

export const MUNICIPE = '0190a6d2-1c1e-7000-8000-0000000000d1';
export const NOTIFICACAO = '0190a6d2-1c1e-7000-8000-0000000000d2';
export const PROFISSIONAL = '0190a6d2-1c1e-7000-8000-0000000000d3';
export const API = `/api/v1${BASE_PATH}`;
export const API_NOTIFICACAO = `${API}/${MUNICIPE}/notificacoes/${NOTIFICACAO}`;

export const detalhesDe = (
  over: Partial<NotificacaoDetalhes['municipe']> = {},
  notificacoes: NotificacaoDetalhes['notificacoes'] = [],
): NotificacaoDetalhes => ({
  municipe: {
    id: MUNICIPE,
    nome: 'Ana Lúcia Prado',
    nome_civil: 'Ana Lúcia Prado',
    data_nascimento: '1990-05-10',
    idade: '36 anos',
    sexo_id: 1,
    codigo_cns: '170332595040000',
    endereco: 'Rua das Flores, 10 - Centro',
    bairro: 'Centro',
    latitude: null,
    longitude: null,
    obito: false,
    data_obito: null,
    ...over,
  },
  notificacoes,
});

export const notificacaoDe = (over: Partial<Notificacao> = {}): Notificacao => ({
  id: NOTIFICACAO,
  lock_version: 3,
  created_at: '2026-11-20T12:00:00.000Z',
  updated_at: '2026-11-20T12:00:00.000Z',
  municipe_id: MUNICIPE,
  municipe_nome: 'Ana Lúcia Prado',
  doenca_agravo_id: '9a',
  doenca: {
    codigo: '9a',
    descricao: 'Dengue - Casos',
    imediata: false,
    semanal: true,
    cid10_referencia: 'A90',
  },
  unidade_saude_id: UNIDADE_TESTE,
  unidade_saude_nome: 'UBS Centro',
  profissional_id: PROFISSIONAL,
  profissional_nome: 'Enfermeira Teste',
  situacao: 'suspeito',
  data_notificacao: '2026-11-20',
  hora_notificacao: '09:30',
  data_primeiros_sintomas: '2026-11-18',
  informacoes_complementares: null,
  obito: null,
  data_obito: null,
  internado: true,
  data_internacao: '2026-11-19',
  alta: true,
  data_alta: '2026-11-22',
  comorbidade_diabetes: true,
  comorbidade_hipertensao: false,
  comorbidade_doenca_renal_cronica: null,
  comorbidade_hepatopatia: null,
  comorbidade_doenca_hematologica: null,
  comorbidade_doenca_autoimune: null,
  comorbidade_doenca_acido_peptica: null,
  comorbidade_imunossupressao: null,
  observacoes: null,
  dias_internacao: 3,
  data_encerramento: null,
  eventos: [
    {
      id: '0190a6d2-1c1e-7000-8000-0000000000e1',
      situacao_anterior: null,
      situacao: 'suspeito',
      data_encerramento: null,
      profissional_id: PROFISSIONAL,
      profissional_nome: 'Enfermeira Teste',
      created_at: '2026-11-20T12:30:00.000Z',
    },
  ],
  ...over,
});

/** GET /api/v1/atencao_primaria/opcoes_filtro: the unit and its professionals. */
export const opcoesFiltro = {
  body: {
    unidades: [{ id: UNIDADE_TESTE, nome: 'UBS Centro' }],
    equipes: [],
    profissionais: [{ id: PROFISSIONAL, nome: 'Enfermeira Teste' }],
    escolhe_profissional: false,
    lotacoes: [],
  },
};
