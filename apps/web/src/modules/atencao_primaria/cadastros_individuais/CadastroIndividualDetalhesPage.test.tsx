import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { perguntasInsegurancaAlimentar, type CadastroIndividual } from '@saude/shared/schemas/cadastro_individual';
import { DOMICILIO_ID, FAMILIA_ID, fakeApi, MARIA } from '../cadastros_domiciliares/testUtils';
import { renderRoutes } from '../../../test/render';
import { BASE_PATH } from './api';
import { CadastroIndividualDetalhesPage } from './CadastroIndividualDetalhesPage';

const ID = '0190a6d2-1c1e-7000-8000-0000000000b1';
const cadastro = {
  id: ID,
  municipe_id: MARIA,
  lock_version: 0,
  created_at: '2025-03-01T12:00:00.000Z',
  updated_at: '2025-03-01T12:00:00.000Z',
  situacao: 'ativo',
  unidade_saude_id: null,
  unidade_saude_nome: 'UBS Centro',
  profissional_id: null,
  profissional_nome: 'Agente Teste',
  equipe_id: null,
  equipe_nome: 'ESF Centro 1',
  ocupacao_id: '515105',
  ocupacao_nome: null,
  micro_area: '01',
  fora_area: false,
  cpf_numero: null,
  codigo_cns: '700000000000005',
  nacionalidade_id: 1,
  pais_nascimento_id: null,
  data_naturalizacao: null,
  portaria_naturalizacao: null,
  data_entrada_brasil: null,
  termo_recusa: false,
  proprio_responsavel_familiar: true,
  data_cadastro: '2025-03-01T12:00:00.000Z',
  alimentos_acabaram_sem_dinheiro: false,
  comeu_alguns_alimentos_sem_dinheiro: false,
  possui_deficiencia: false,
  deficiencias: [],
  informa_orientacao_sexual: false,
  orientacao_sexual_id: null,
  responsaveis_criancas: [],
  motivo_saida_cadastro_id: null,
  data_obito: null,
  numero_do: null,
  saida_em: null,
  familia_id: FAMILIA_ID,
  domicilio_id: DOMICILIO_ID,
  municipe: {
    id: MARIA,
    nome: 'Maria da Silva',
    nome_social: null,
    data_nascimento: '1980-05-10',
    cpf_numero: null,
    codigo_cns: '700000000000005',
    nome_mae: null,
  },
} as unknown as CadastroIndividual;

const rotas = [{ path: `${BASE_PATH}/:id/detalhes`, element: <CadastroIndividualDetalhesPage /> }];

describe('CadastroIndividualDetalhesPage: household and visits', () => {
  it("links 'Informações do domicílio' to the home of the citizen's family and 'Visitas domiciliares' to its visits", async () => {
    fakeApi({ [`GET /api/v1${BASE_PATH}/${ID}`]: { body: cadastro } });
    renderRoutes(rotas, `${BASE_PATH}/${ID}/detalhes`);
    expect(await screen.findByRole('link', { name: 'Informações do domicílio' })).toHaveAttribute(
      'href',
      `/atencao_primaria/cadastros_domiciliares/${DOMICILIO_ID}/detalhes`,
    );
    expect(screen.getByRole('link', { name: 'Visitas domiciliares' })).toHaveAttribute(
      'href',
      `/atencao_primaria/visitas_domiciliares/${FAMILIA_ID}/detalhes`,
    );
  });

  it("disables 'Informações do domicílio' with 'Munícipe sem domicílio vinculado' when the family has no home", async () => {
    fakeApi({ [`GET /api/v1${BASE_PATH}/${ID}`]: { body: { ...cadastro, domicilio_id: null } } });
    const { user } = renderRoutes(rotas, `${BASE_PATH}/${ID}/detalhes`);
    const botao = await screen.findByRole('button', { name: 'Informações do domicílio' });
    expect(botao).toHaveAttribute('aria-disabled', 'true');
    await user.hover(botao);
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Munícipe sem domicílio vinculado');
    expect(screen.getByRole('link', { name: 'Visitas domiciliares' })).toBeInTheDocument();
  });

  it('offers no visits when the citizen belongs to no family', async () => {
    fakeApi({ [`GET /api/v1${BASE_PATH}/${ID}`]: { body: { ...cadastro, familia_id: null, domicilio_id: null } } });
    renderRoutes(rotas, `${BASE_PATH}/${ID}/detalhes`);
    expect(await screen.findByRole('button', { name: 'Informações do domicílio' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
    expect(screen.queryByRole('link', { name: 'Visitas domiciliares' })).not.toBeInTheDocument();
  });
});

describe('CadastroIndividualDetalhesPage: answers', () => {
  const respostas = (c: Partial<CadastroIndividual>) => {
    fakeApi({ [`GET /api/v1${BASE_PATH}/${ID}`]: { body: { ...cadastro, ...c } } });
    renderRoutes(rotas, `${BASE_PATH}/${ID}/detalhes`);
  };
  const valorDe = async (label: string) => (await screen.findByText(label)).nextElementSibling?.textContent;

  it("shows 'Não informado' for the questions nobody answered, never 'Não' (issue 12)", async () => {
    respostas({
      alimentos_acabaram_sem_dinheiro: null,
      comeu_alguns_alimentos_sem_dinheiro: null,
      possui_deficiencia: null,
      informa_orientacao_sexual: null,
    });
    expect(await valorDe(perguntasInsegurancaAlimentar.alimentos_acabaram_sem_dinheiro)).toBe('Não informado');
    expect(await valorDe(perguntasInsegurancaAlimentar.comeu_alguns_alimentos_sem_dinheiro)).toBe('Não informado');
    expect(await valorDe('Tem alguma deficiência')).toBe('Não informado');
    expect(await valorDe('Orientação sexual')).toBe('Não informado');
  });

  it("shows an answered 'Não' as 'Não', and the children's caregivers", async () => {
    respostas({ alimentos_acabaram_sem_dinheiro: false, possui_deficiencia: false, responsaveis_criancas: [1, 134] });
    expect(await valorDe(perguntasInsegurancaAlimentar.alimentos_acabaram_sem_dinheiro)).toBe('Não');
    expect(await valorDe('Tem alguma deficiência')).toBe('Não');
    expect(await valorDe('Com quem a criança fica?')).toBe('Adulto responsável, Creche');
  });
});
