// Test helpers of the primary-care screens: records as the API answers them, and the test fake API with the filter
// options every primary-care screen asks.
import type { CadastroDomiciliar } from '@saude/shared/schemas/cadastro_domiciliar';
import type { Familia, FamiliaListItem } from '@saude/shared/schemas/familia';
import type { OpcoesFiltro } from '@saude/shared/schemas/opcoes_filtro';
import { cabecalhoDe, membroDe } from '../../../test/fixtures';
import { fakeApi as fakeApiBase, UNIDADE_TESTE as UNIDADE_ID, type Rota } from '../../../test/fakeApi';

export { lista, type Chamada } from '../../../test/fakeApi';
export { UNIDADE_ID };

export const DOMICILIO_ID = '0190a6d2-1c1e-7000-8000-0000000000d1';
export const FAMILIA_ID = '0190a6d2-1c1e-7000-8000-0000000000f1';
export const EQUIPE_ID = '0190a6d2-1c1e-7000-8000-0000000000e1';
export const MARIA = '0190a6d2-1c1e-7000-8000-000000000101';
export const JOAO = '0190a6d2-1c1e-7000-8000-000000000102';
export const ANA = '0190a6d2-1c1e-7000-8000-000000000103';

export const opcoesFiltro: OpcoesFiltro = {
  unidades: [{ id: UNIDADE_ID, nome: 'UBS Centro' }],
  equipes: [{ id: EQUIPE_ID, nome: 'ESF Centro 1', unidade_saude_id: UNIDADE_ID, micro_areas: ['01', '02'] }],
  profissionais: [{ id: '0190a6d2-1c1e-7000-8000-0000000000c1', nome: 'Agente Teste' }],
  escolhe_profissional: false,
  lotacoes: [],
};

const cabecalho = (id: string, lock_version: number) =>
  cabecalhoDe({
    id,
    lock_version,
    em: '2025-03-01T12:00:00.000Z',
    unidade_saude_id: UNIDADE_ID,
    profissional_id: '0190a6d2-1c1e-7000-8000-0000000000c1',
    profissional_nome: 'Agente Teste',
    equipe_id: EQUIPE_ID,
  });

export function domicilioDe(o: Partial<CadastroDomiciliar> = {}): CadastroDomiciliar {
  return {
    ...cabecalho(DOMICILIO_ID, 2),
    ocupacao_id: '515105',
    ocupacao_nome: 'AGENTE COMUNITÁRIO DE SAÚDE',
    data_cadastro: '2025-03-01T12:00:00.000Z',
    st_micro_area: '01',
    fora_area: false,
    cep: '70000001',
    uf: 'DF',
    municipio_ibge: '5300108',
    municipio_nome: 'Brasília',
    tipo_logradouro: '081',
    logradouro: 'das Flores',
    numero: '12',
    sem_numero: false,
    complemento: null,
    bairro: 'Centro',
    ponto_referencia: null,
    tipo_imovel_id: 1,
    telefone_residencial: null,
    telefone_contato: null,
    latitude: null,
    longitude: null,
    situacao_moradia_id: 75,
    localizacao_id: 83,
    tipo_domicilio_id: 85,
    condicao_posse_terra_id: null,
    numero_moradores: 3,
    numero_comodos: 5,
    tipo_acesso_id: 89,
    material_paredes_id: 109,
    energia_eletrica: true,
    tipo_origem_energia_eletrica_id: 230,
    abastecimento_agua_id: 117,
    tratamento_agua_id: 99,
    escoamento_sanitario_id: 122,
    destino_lixo_id: 93,
    possui_animais: false,
    animal_ids: [],
    quantidade_animais: null,
    instituicao_nome: null,
    instituicao_responsavel_nome: null,
    instituicao_responsavel_cns: null,
    instituicao_responsavel_cargo: null,
    instituicao_responsavel_telefone: null,
    instituicao_outros_profissionais: null,
    termo_recusa: false,
    temperatura: null,
    glicemia: null,
    momento_coleta_glicemia_id: null,
    pressao_sistolica: null,
    pressao_diastolica: null,
    familias: [],
    ...o,
  };
}

export function familiaListItemDe(o: Partial<FamiliaListItem> = {}): FamiliaListItem {
  return {
    id: FAMILIA_ID,
    responsavel_id: MARIA,
    responsavel_nome: 'Maria da Silva',
    responsavel_cns: '700000000000005',
    responsavel_obito: false,
    numero_prontuario: 'F12',
    numero_membros: 3,
    unidade_saude_id: UNIDADE_ID,
    unidade_saude_nome: 'UBS Centro',
    equipe_id: EQUIPE_ID,
    equipe_nome: 'ESF Centro 1',
    profissional_id: '0190a6d2-1c1e-7000-8000-0000000000c1',
    profissional_nome: 'Agente Teste',
    mudou: false,
    domicilio_id: null,
    domicilio_endereco: null,
    ...o,
  };
}

const membro = (municipe_id: string, nome: string, parentesco_id: number, data_nascimento = '1980-05-10') =>
  membroDe(municipe_id, nome, parentesco_id, { data_nascimento });

export function familiaDe(o: Partial<Familia> = {}): Familia {
  return {
    ...cabecalho(FAMILIA_ID, 1),
    numero_prontuario: 'F12',
    reside_desde: '2019-04-01',
    responsavel_id: MARIA,
    responsavel_nome: 'Maria da Silva',
    responsavel_cns: null,
    renda_familiar_id: 3,
    mudou: false,
    mudou_em: null,
    domicilio_id: null,
    domicilio_endereco: null,
    micro_area: '01',
    membros: [membro(MARIA, 'Maria da Silva', 1), membro(JOAO, 'João da Silva', 137, '1978-01-02')],
    ...o,
  };
}

/** The test fake API, answering the filter options (GET /api/v1/atencao_primaria/opcoes_filtro) unless overridden. */
export const fakeApi = (rotas: Record<string, Rota>, opcoes?: Parameters<typeof fakeApiBase>[1]) =>
  fakeApiBase({ 'GET /api/v1/atencao_primaria/opcoes_filtro': { body: opcoesFiltro }, ...rotas }, opcoes);
