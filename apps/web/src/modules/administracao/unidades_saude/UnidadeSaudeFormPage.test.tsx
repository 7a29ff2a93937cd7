import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { msg } from '@saude/shared';
import type { UnidadeSaude } from '@saude/shared/schemas/administracao_unidades_saude';
import { fakeApi } from '../../../test/fakeApi';
import { renderRoutes } from '../../../test/render';
import { BASE_PATH } from './api';
import { UnidadeSaudeFormPage } from './UnidadeSaudeFormPage';

const API = '/api/v1/administracao/unidades_saude';
const rotas = [
  { path: `${BASE_PATH}/new`, element: <UnidadeSaudeFormPage /> },
  { path: `${BASE_PATH}/:id/edit`, element: <UnidadeSaudeFormPage /> },
  { path: BASE_PATH, element: <h1>Unidades</h1> },
];
const GESTOR = [
  'administracao/unidades_saude:index',
  'administracao/unidades_saude:show',
  'administracao/unidades_saude:create',
  'administracao/unidades_saude:update',
  'administracao/unidades_saude:destroy',
  'auditoria:index',
];
const UBS = '0190a6d2-1c1e-7000-8000-0000000000b1';
const ID = '0190a6d2-1c1e-7000-8000-0000000000c1';
const TIPOS = { [`GET ${API}/tipos`]: { body: [{ id: UBS, codigo: 'UBS', nome: 'Unidade Básica de Saúde' }] } };
const salva: UnidadeSaude = {
  id: ID,
  lock_version: 0,
  created_at: '2026-11-25T10:00:00.000Z',
  updated_at: '2026-11-25T10:00:00.000Z',
  cnes: '1234567',
  nome: 'UBS Jardim',
  tipo_unidade_id: UBS,
  tipo_unidade_nome: 'Unidade Básica de Saúde',
  cep: null,
  logradouro: null,
  numero: null,
  complemento: null,
  bairro: null,
  telefones: ['6132251234'],
  ativo: true,
  origem_cnes: false,
  equipes_ativas: 2,
  lotacoes_ativas: 0,
};
const campo = (nome: RegExp) => screen.getByRole('textbox', { name: nome });

describe('UnidadeSaudeFormPage', { timeout: 60_000 }, () => {
  it('shows the blanks and a 6-digit CNES on their fields, sends nothing, then saves the phones as a list', async () => {
    const { chamadas } = fakeApi({ ...TIPOS, [`POST ${API}`]: { status: 201, body: salva } }, { permissoes: GESTOR });
    const { user } = renderRoutes(rotas, `${BASE_PATH}/new`);
    await screen.findByRole('heading', { name: 'Nova unidade de saúde', level: 1 });

    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(campo(/^CNES/)).toHaveAccessibleDescription(expect.stringContaining(msg.obrigatorio)));
    expect(campo(/^Nome/)).toHaveAccessibleDescription(expect.stringContaining(msg.obrigatorio));

    await user.type(campo(/^CNES/), '123456');
    await user.type(campo(/^Nome/), 'UBS Jardim');
    await user.click(screen.getByRole('combobox', { name: /^Tipo de unidade/ }));
    await user.click(await screen.findByRole('option', { name: 'Unidade Básica de Saúde' }));
    await user.type(campo(/^Telefone 2/), '6132251234');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(campo(/^CNES/)).toHaveAccessibleDescription(expect.stringContaining(msg.digits(7))));
    expect(chamadas.some((c) => c.method === 'POST')).toBe(false);

    await user.type(campo(/^CNES/), '7');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(chamadas.some((c) => c.method === 'POST')).toBe(true));
    expect(chamadas.find((c) => c.method === 'POST')?.body).toEqual({
      cnes: '1234567',
      nome: 'UBS Jardim',
      tipo_unidade_id: UBS,
      telefones: ['6132251234'],
      ativo: true,
    });
  });

  it("puts the API's CNES refusal on its field, and an edit links the history and says what blocks deactivation", async () => {
    fakeApi(
      {
        ...TIPOS,
        [`GET ${API}/${ID}`]: { body: salva },
        [`PUT ${API}/${ID}`]: {
          status: 422,
          body: { message: 'Não foi possível gravar', errors: { cnes: [msg.jaEmUso] } },
        },
      },
      { permissoes: GESTOR },
    );
    const { user } = renderRoutes(rotas, `${BASE_PATH}/${ID}/edit`);
    await screen.findByRole('heading', { name: 'Editar unidade UBS Jardim', level: 1 });
    expect(screen.getByRole('link', { name: 'Histórico de alterações' })).toHaveAttribute(
      'href',
      `/auditoria?record_id=${ID}`,
    );
    expect(screen.getByText(/2 equipes ativas/)).toBeInTheDocument();
    expect(campo(/^Telefone$/)).toHaveValue('(61) 3225-1234');
    await user.type(campo(/^Nome/), ' II');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(campo(/^CNES/)).toHaveAccessibleDescription(expect.stringContaining(msg.jaEmUso)));
  });
});
