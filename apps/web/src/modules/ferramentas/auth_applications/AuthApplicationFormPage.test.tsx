import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { msg } from '@saude/shared';
import type { AuthApplicationRecord } from '@saude/shared/schemas/auth_applications';
import { fakeApi } from '../../../test/fakeApi';
import { renderRoutes } from '../../../test/render';
import { BASE_PATH } from './api';
import { AuthApplicationFormPage } from './AuthApplicationFormPage';

const API = '/api/v1/ferramentas/auth_applications';
const rotas = [
  { path: `${BASE_PATH}/new`, element: <AuthApplicationFormPage /> },
  { path: `${BASE_PATH}/:id/edit`, element: <AuthApplicationFormPage /> },
  { path: BASE_PATH, element: <h1>Aplicações autorizadas</h1> },
];
const GESTOR = ['index', 'show', 'create', 'update', 'destroy'].map((a) => `ferramentas/auth_applications:${a}`);
const ID = '0190a6d2-1c1e-7000-8000-0000000000e1';
const salva: AuthApplicationRecord = {
  id: ID,
  lock_version: 2,
  created_at: '2026-11-25T10:00:00.000Z',
  updated_at: '2026-11-25T10:00:00.000Z',
  nome: 'Painel da UPA',
  uri: 'https://senhas.exemplo.gov.br/retorno',
  ativo: true,
};
const campo = (nome: RegExp) => screen.getByRole('textbox', { name: nome });

describe('AuthApplicationFormPage', { timeout: 60_000 }, () => {
  it("answers blanks, a bad address and http away from localhost with the API's messages before sending", async () => {
    const { chamadas } = fakeApi({ [`POST ${API}`]: { status: 201, body: salva } }, { permissoes: GESTOR });
    const { user } = renderRoutes(rotas, `${BASE_PATH}/new`);
    await screen.findByRole('heading', { name: 'Nova aplicação autorizada', level: 1 });
    expect(screen.getAllByText(/pode receber o acesso do SenhaSimples/).length).toBeGreaterThan(0);

    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(campo(/^Nome/)).toHaveAccessibleDescription(expect.stringContaining(msg.obrigatorio)));
    expect(campo(/^Endereço de retorno/)).toHaveAccessibleDescription(expect.stringContaining(msg.obrigatorio));

    await user.type(campo(/^Nome/), 'Painel da UPA');
    await user.type(campo(/^Endereço de retorno/), 'senhas.exemplo.gov.br');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() =>
      expect(campo(/^Endereço de retorno/)).toHaveAccessibleDescription(
        expect.stringContaining(msg.authAppUriInvalida),
      ),
    );
    await user.clear(campo(/^Endereço de retorno/));
    await user.type(campo(/^Endereço de retorno/), 'http://senhas.exemplo.gov.br/retorno');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() =>
      expect(campo(/^Endereço de retorno/)).toHaveAccessibleDescription(expect.stringContaining(msg.authAppUriHttps)),
    );
    expect(chamadas.some((c) => c.method === 'POST')).toBe(false);

    await user.clear(campo(/^Endereço de retorno/));
    await user.type(campo(/^Endereço de retorno/), salva.uri);
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(chamadas.some((c) => c.method === 'POST')).toBe(true));
    expect(chamadas.find((c) => c.method === 'POST')?.body).toEqual({
      nome: 'Painel da UPA',
      uri: salva.uri,
      ativo: true,
    });
  });

  it("puts the API's refusal of an address in use on the field and sends the version read", async () => {
    const recusa = msg.authAppUriEmUso('Totem antigo');
    const { chamadas } = fakeApi(
      {
        [`GET ${API}/${ID}`]: { body: salva },
        [`PUT ${API}/${ID}`]: { status: 422, body: { message: 'Não foi possível gravar', errors: { uri: [recusa] } } },
      },
      { permissoes: GESTOR },
    );
    const { user } = renderRoutes(rotas, `${BASE_PATH}/${ID}/edit`);
    await screen.findByRole('heading', { name: 'Editar aplicação Painel da UPA', level: 1 });
    expect(screen.getByRole('button', { name: 'Desativar aplicação' })).toBeInTheDocument();
    await user.type(campo(/^Nome/), ' Norte');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() =>
      expect(campo(/^Endereço de retorno/)).toHaveAccessibleDescription(expect.stringContaining(recusa)),
    );
    expect(chamadas.find((c) => c.method === 'PUT')?.body).toEqual({
      nome: 'Painel da UPA Norte',
      uri: salva.uri,
      ativo: true,
      lock_version: 2,
    });
  });
});
