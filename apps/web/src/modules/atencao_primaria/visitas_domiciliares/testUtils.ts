// Test helpers of the home-visit screens: API answers shaped as the shared schemas.
import { msg } from '@saude/shared/messages';
import type { Usuario } from '@saude/shared';
import type { Familia } from '@saude/shared/schemas/familia';
import type {
  FamiliaParaVisita,
  FamiliaVisitaDetalhe,
  VisitaContexto,
  VisitaDomiciliar,
} from '@saude/shared/schemas/visita_domiciliar';
import { cabecalhoDe, membroDe } from '../../../test/fixtures';

export const FAMILIA_ID = '0190a6d2-1c1e-7000-8000-0000000000f1';
export const MARIA_ID = '0190a6d2-1c1e-7000-8000-000000000001';
export const JOSE_ID = '0190a6d2-1c1e-7000-8000-000000000002';
export const VISITA_ID = '0190a6d2-1c1e-7000-8000-0000000000a1';

/** How the family answers for visits start: the family, its head, its number and address. */
const FAMILIA = {
  id: FAMILIA_ID,
  responsavel_id: MARIA_ID,
  responsavel_nome: 'Maria da Silva',
  numero_prontuario: 'F123',
  endereco: 'Rua das Flores, 12 - Centro',
};

export const usuarioAcs: Usuario = {
  login: 'acs',
  nome: 'Ana Agente',
  email: null,
  perfil: 'Agente comunitário de saúde',
  permissoes: [],
  unidade_atual: { id: '0190a6d2-1c1e-7000-8000-0000000000u1', nome: 'UBS Centro' },
};

export function familiaDe(o: Partial<Familia> = {}): Familia {
  return {
    ...cabecalhoDe({
      id: FAMILIA_ID,
      lock_version: 0,
      em: '2025-01-10T12:00:00.000Z',
      unidade_saude_id: usuarioAcs.unidade_atual!.id,
      profissional_id: '0190a6d2-1c1e-7000-8000-0000000000p1',
      profissional_nome: 'Ana Agente',
      equipe_id: null,
    }),
    numero_prontuario: 'F123',
    reside_desde: null,
    responsavel_id: MARIA_ID,
    responsavel_nome: 'Maria da Silva',
    responsavel_cns: null,
    renda_familiar_id: null,
    mudou: false,
    mudou_em: null,
    domicilio_id: null,
    domicilio_endereco: 'Rua das Flores, 12 - Centro',
    micro_area: '01',
    membros: [
      membroDe(MARIA_ID, 'Maria da Silva', 1, { data_nascimento: '1980-05-20', idade: 45 }),
      membroDe(JOSE_ID, 'José da Silva', 137, { data_nascimento: '1978-02-11', idade: 47, sexo_id: 0 }),
    ],
    ...o,
  };
}

export function detalheDe(o: Partial<FamiliaVisitaDetalhe> = {}): FamiliaVisitaDetalhe {
  return {
    ...FAMILIA,
    domicilio_id: null,
    tipo_imovel_id: 1,
    micro_area: '01',
    fora_area: false,
    mudou: false,
    ultima_visita: '2025-03-04T13:30:00.000Z',
    membros: [
      {
        municipe_id: MARIA_ID,
        nome: 'Maria da Silva',
        nome_social: null,
        data_nascimento: '1980-05-20',
        idade: '45 anos, 1 mês e 2 dias',
        sexo_id: 1,
        parentesco_id: 1,
        obito: false,
        numero_prontuario: 'M1',
        ultima_visita: '2025-03-04T13:30:00.000Z',
      },
      {
        municipe_id: JOSE_ID,
        nome: 'José da Silva',
        nome_social: null,
        data_nascimento: '1978-02-11',
        idade: '47 anos',
        sexo_id: 0,
        parentesco_id: 137,
        obito: false,
        numero_prontuario: null,
        ultima_visita: null,
      },
    ],
    ...o,
  };
}

export function contextoDe(o: Partial<VisitaContexto> = {}): VisitaContexto {
  return {
    pode_lancar: true,
    escolhe_profissional: false,
    domicilio_id: null,
    motivo_bloqueio: null,
    ocupacoes: [{ codigo: '515105', descricao: 'Agente comunitário de saúde' }],
    ocupacao_id: '515105',
    micro_area: '01',
    fora_area: false,
    tipo_imovel_id: 1,
    numero_prontuario: 'M1',
    familia_id: FAMILIA_ID,
    endereco: null,
    ...o,
  };
}

/** The context of a user who is not an agent: may read the family, may not launch a visit. */
export const contextoSemAgente = () =>
  contextoDe({ pode_lancar: false, motivo_bloqueio: msg.visitaSomenteAgentes, ocupacoes: [], ocupacao_id: null });

export function visitaDe(o: Partial<VisitaDomiciliar> = {}): VisitaDomiciliar {
  return {
    id: VISITA_ID,
    familia_id: FAMILIA_ID,
    domicilio_id: null,
    municipe_id: MARIA_ID,
    municipe_nome: 'Maria da Silva',
    unidade_saude_id: usuarioAcs.unidade_atual!.id,
    unidade_saude_nome: 'UBS Centro',
    profissional_id: '0190a6d2-1c1e-7000-8000-0000000000p1',
    profissional_nome: 'Ana Agente',
    equipe_id: null,
    ocupacao_id: '515105',
    ocupacao_nome: 'AGENTE COMUNITÁRIO DE SAÚDE',
    // 10:30 in Brasília.
    data_visita: '2025-03-04T13:30:00.000Z',
    turno_atendimentos: 1,
    micro_area: '01',
    fora_area: false,
    tipo_imovel_id: 1,
    numero_prontuario: 'M1',
    visita_compartilhada: false,
    motivo_visita_ids: [29, 11],
    tipo_visita: [29],
    busca_ativa: [],
    acompanhamento: [11],
    controle_ambiental_vetorial: [],
    outros: [],
    desfecho_id: 1,
    altura: null,
    peso: null,
    temperatura: 36.5,
    glicemia: null,
    momento_coleta_glicemia_id: null,
    pressao_sistolica: 120,
    pressao_diastolica: 80,
    cep: null,
    uf: null,
    municipio_ibge: null,
    tipo_logradouro: null,
    logradouro: null,
    numero: null,
    sem_numero: false,
    complemento: null,
    bairro: null,
    endereco: 'Rua das Flores, 12 - Centro',
    situacao: 'ativa',
    cancelada_em: null,
    cancelada_por_nome: null,
    justificativa_cancelamento: null,
    created_at: '2025-03-04T13:31:00.000Z',
    pode_cancelar: true,
    ...o,
  };
}

export function familiaParaVisitaDe(o: Partial<FamiliaParaVisita> = {}): FamiliaParaVisita {
  return {
    ...FAMILIA,
    micro_area: '01',
    numero_membros: 2,
    mudou: false,
    minha_micro_area: true,
    ultima_visita: '2025-03-04T13:30:00.000Z',
    alterado_em: '2025-03-04T13:30:00.000Z',
    ...o,
  };
}

export const PERMISSOES_ACS = [
  'atencao_primaria/visitas_domiciliares:index',
  'atencao_primaria/visitas_domiciliares:show',
  'atencao_primaria/visitas_domiciliares:create',
  'atencao_primaria/visitas_domiciliares:cancelar',
];
export const PERMISSOES_MEDICO = [
  'atencao_primaria/visitas_domiciliares:index',
  'atencao_primaria/visitas_domiciliares:show',
];
