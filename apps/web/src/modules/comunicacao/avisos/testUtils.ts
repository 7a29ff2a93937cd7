// Records of the notice screens' tests, shaped as the API answers them.
import type { Aviso, AvisoListItem, AvisoOpcoes } from '@saude/shared/schemas/aviso';
import { API_BASE } from './api';

export const AVISO = '0190a6d2-1c1e-7000-8000-0000000000f1';
export const EU = '0190a6d2-1c1e-7000-8000-0000000000f2';
export const OUTRO = '0190a6d2-1c1e-7000-8000-0000000000f3';
export const TIPO_UBS = '0190a6d2-1c1e-7000-8000-0000000000b1';
export const TIPO_UPA = '0190a6d2-1c1e-7000-8000-0000000000b2';
export const UBS_CENTRO = '0190a6d2-1c1e-7000-8000-0000000000c1';
export const UPA_NORTE = '0190a6d2-1c1e-7000-8000-0000000000c2';
export const PERFIL_VIGILANCIA = '0190a6d2-1c1e-7000-8000-0000000000e1';
export const PERFIL_ACS = '0190a6d2-1c1e-7000-8000-0000000000e2';
export const API_AVISO = `${API_BASE}/${AVISO}`;

export const opcoes: AvisoOpcoes = {
  tipos_unidade: [
    { id: TIPO_UBS, nome: 'Unidade Básica de Saúde' },
    { id: TIPO_UPA, nome: 'Unidade de Pronto Atendimento' },
  ],
  unidades: [
    { id: UBS_CENTRO, nome: 'UBS Centro', tipo_unidade_id: TIPO_UBS },
    { id: UPA_NORTE, nome: 'UPA Norte', tipo_unidade_id: TIPO_UPA },
  ],
  perfis: [
    { id: PERFIL_ACS, nome: 'Agente comunitário de saúde' },
    { id: PERFIL_VIGILANCIA, nome: 'Vigilância' },
  ],
};

export const avisoDe = (over: Partial<Aviso> = {}): Aviso => ({
  id: AVISO,
  lock_version: 2,
  created_at: '2026-11-20T12:00:00.000Z',
  updated_at: '2026-11-20T12:00:00.000Z',
  titulo: 'Campanha de vacinação',
  mensagem: 'Começa segunda. Memorando 12/2026.',
  data_inicial: '2026-11-23',
  data_final: '2026-11-30',
  horario: '08:00',
  tipo_unidade_ids: [],
  unidade_ids: [UBS_CENTRO],
  perfil_ids: [PERFIL_VIGILANCIA],
  profissional_ids: [],
  tipos_unidade: [],
  unidades: [{ id: UBS_CENTRO, nome: 'UBS Centro' }],
  perfis: [{ id: PERFIL_VIGILANCIA, nome: 'Vigilância' }],
  profissionais: [],
  checar_resposta: true,
  responsavel_id: EU,
  responsavel_nome: 'Gestora Teste',
  situacao: 'ativo',
  total_alcance: 3,
  total_visualizacoes: 1,
  total_respostas: 1,
  visualizacoes: [
    {
      id: '0190a6d2-1c1e-7000-8000-0000000000f9',
      aviso_id: AVISO,
      profissional_id: OUTRO,
      profissional_nome: 'Vera Vigilante',
      unidade_saude_id: UBS_CENTRO,
      unidade_saude_nome: 'UBS Centro',
      resposta: 'Ciente, equipe avisada.',
      created_at: '2026-11-23T14:05:00.000Z',
    },
  ],
  ...over,
});

export const itemDe = (over: Partial<AvisoListItem> = {}): AvisoListItem => ({
  id: AVISO,
  titulo: 'Campanha de vacinação',
  mensagem: 'Começa segunda. Memorando 12/2026.',
  data_inicial: '2026-11-23',
  // Far ahead: the row stays "Ativo" whatever day the test runs (a past end shows "Encerrado").
  data_final: '2099-11-30',
  horario: null,
  checar_resposta: true,
  responsavel_nome: 'Gestora Teste',
  situacao: 'ativo',
  total_visualizacoes: 4,
  total_respostas: 3,
  ...over,
});
