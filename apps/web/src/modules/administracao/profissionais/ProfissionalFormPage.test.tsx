import { screen, waitFor, within } from '@testing-library/react';
import { adminMsg } from '@saude/shared/administracao_mensagens';
import { describe, expect, it } from 'vitest';
import { msg } from '@saude/shared';
import type { Lotacao, Profissional, ProfissionalCriado } from '@saude/shared/schemas/administracao_profissionais';
import { fakeApi } from '../../../test/fakeApi';
import { renderRoutes } from '../../../test/render';
import { BASE_PATH } from './api';
import { ProfissionalFormPage } from './ProfissionalFormPage';

const API = '/api/v1/administracao/profissionais';
const LOT = '/api/v1/administracao/lotacoes';
const rotas = [
  { path: `${BASE_PATH}/new`, element: <ProfissionalFormPage /> },
  { path: `${BASE_PATH}/:id/edit`, element: <ProfissionalFormPage /> },
  { path: BASE_PATH, element: <h1>Profissionais</h1> },
];
const GESTOR = [
  'administracao/profissionais:index',
  'administracao/profissionais:show',
  'administracao/profissionais:create',
  'administracao/profissionais:update',
  'administracao/profissionais:redefinir_senha',
  'administracao/lotacoes:index',
  'administracao/lotacoes:create',
  'administracao/lotacoes:update',
  'administracao/lotacoes:destroy',
];
const ID = '0190a6d2-1c1e-7000-8000-0000000000a1';
const UNIDADE = '0190a6d2-1c1e-7000-8000-0000000000b1';
const lotacao: Lotacao = {
  id: '0190a6d2-1c1e-7000-8000-0000000000c1',
  lock_version: 0,
  profissional_id: ID,
  unidade_saude_id: UNIDADE,
  unidade_nome: 'UBS Centro',
  ocupacao_codigo: '515105',
  ocupacao_nome: 'AGENTE COMUNITÁRIO DE SAÚDE',
  equipe_id: null,
  equipe_nome: null,
  perfil_id: '0190a6d2-1c1e-7000-8000-0000000000d1',
  perfil_nome: 'Agente comunitário de saúde',
  micro_areas: [],
  inicio: '2026-11-25',
  fim: null,
  ativo: true,
  origem_cnes: false,
};
const salvo: Profissional = {
  id: ID,
  lock_version: 0,
  created_at: '2026-11-25T10:00:00.000Z',
  updated_at: '2026-11-25T10:00:00.000Z',
  nome: 'Joana Silva',
  login: 'joana',
  cpf_numero: '52998224725',
  codigo_cns: null,
  email: null,
  ativo: true,
  senha_provisoria: true,
  origem_cnes: false,
  lotacoes: [],
};
const campo = (nome: string) => screen.getByRole('textbox', { name: nome });

describe('ProfissionalFormPage', { timeout: 60_000 }, () => {
  it('refuses a wrong CPF in the browser, then saves and shows the one-time password once', async () => {
    const criado: ProfissionalCriado = { ...salvo, senha_temporaria: 'abcd-efgh-jkmn' };
    const { chamadas } = fakeApi(
      { [`POST ${API}`]: { status: 201, body: criado }, [`GET ${API}/${ID}`]: { body: salvo } },
      { permissoes: GESTOR },
    );
    const { user } = renderRoutes(rotas, `${BASE_PATH}/new`);
    await screen.findByRole('heading', { name: 'Novo profissional', level: 1 });

    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() =>
      expect(campo('Nome completo')).toHaveAccessibleDescription(expect.stringContaining(msg.obrigatorio)),
    );
    expect(campo('Login')).toHaveAccessibleDescription(expect.stringContaining(msg.obrigatorio));

    await user.type(campo('Nome completo'), 'Joana Silva');
    await user.type(campo('CPF'), '11111111111');
    await user.type(campo('Login'), 'Joana');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(campo('CPF')).toHaveAccessibleDescription(expect.stringContaining(msg.naoEValido)));
    expect(chamadas.some((c) => c.method === 'POST')).toBe(false);

    await user.clear(campo('CPF'));
    await user.type(campo('CPF'), '52998224725');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    const dialogo = await screen.findByRole('dialog', { name: 'Senha provisória' });
    expect(within(dialogo).getByTestId('senha-provisoria')).toHaveTextContent('abcd-efgh-jkmn');
    expect(within(dialogo).getByText('joana')).toBeInTheDocument();
    expect(chamadas.find((c) => c.method === 'POST')?.body).toMatchObject({
      nome: 'Joana Silva',
      cpf_numero: '52998224725',
      login: 'Joana',
      ativo: true,
    });
    await user.click(within(dialogo).getByRole('button', { name: 'Já anotei a senha' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Senha provisória' })).toBeNull());
    expect(await screen.findByRole('heading', { name: 'Editar profissional Joana Silva', level: 1 })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Histórico de alterações' })).toHaveAttribute(
      'href',
      `/auditoria?record_id=${ID}`,
    );
  });

  it('shows a login in use on its field', async () => {
    fakeApi(
      {
        [`POST ${API}`]: {
          status: 422,
          body: { message: 'Não foi possível gravar', errors: { login: [msg.jaEmUso] } },
        },
      },
      { permissoes: GESTOR },
    );
    const { user } = renderRoutes(rotas, `${BASE_PATH}/new`);
    await screen.findByRole('heading', { name: 'Novo profissional', level: 1 });
    await user.type(campo('Nome completo'), 'Joana Silva');
    await user.type(campo('CPF'), '52998224725');
    await user.type(campo('Login'), 'acs');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(campo('Login')).toHaveAccessibleDescription(expect.stringContaining(msg.jaEmUso)));
  });

  it('ends an assignment after a confirmation, and resets the password after another', async () => {
    const { chamadas } = fakeApi(
      {
        [`GET ${API}/${ID}`]: { body: { ...salvo, lotacoes: [lotacao] } },
        [`POST ${LOT}/${lotacao.id}/encerrar`]: { body: { ...lotacao, ativo: false, fim: '2026-11-25' } },
        [`POST ${API}/${ID}/redefinir_senha`]: { body: { login: 'joana', senha_temporaria: 'pqrs-tuvw-xyz2' } },
      },
      { permissoes: GESTOR },
    );
    const { user } = renderRoutes(rotas, `${BASE_PATH}/${ID}/edit`);
    await screen.findByRole('heading', { name: 'Editar profissional Joana Silva', level: 1 });
    expect(screen.getByTestId('lotacao')).toHaveTextContent('UBS Centro');

    await user.click(screen.getByRole('button', { name: 'Encerrar lotação em UBS Centro' }));
    const confirma = await screen.findByRole('dialog', { name: 'Encerrar lotação' });
    expect(confirma).toHaveTextContent(adminMsg.lotacaoConfirmarEncerrar('UBS Centro'));
    expect(chamadas.some((c) => c.path.endsWith('/encerrar'))).toBe(false);
    await user.click(within(confirma).getByRole('button', { name: 'Sim, encerrar' }));
    await waitFor(() => expect(chamadas.some((c) => c.method === 'POST' && c.path.endsWith('/encerrar'))).toBe(true));

    await user.click(screen.getByRole('button', { name: 'Redefinir senha' }));
    const pergunta = await screen.findByRole('dialog', { name: 'Redefinir senha' });
    expect(chamadas.some((c) => c.path.endsWith('/redefinir_senha'))).toBe(false);
    await user.click(within(pergunta).getByRole('button', { name: 'Sim, gerar nova senha' }));
    const dialogo = await screen.findByRole('dialog', { name: 'Senha provisória' });
    expect(within(dialogo).getByTestId('senha-provisoria')).toHaveTextContent('pqrs-tuvw-xyz2');
  });
});
