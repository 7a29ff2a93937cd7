import { screen, waitFor } from '@testing-library/react';
import { adminMsg } from '@saude/shared/administracao_mensagens';
import { describe, expect, it } from 'vitest';
import { msg } from '@saude/shared';
import type { Equipe } from '@saude/shared/schemas/administracao_equipes';
import { fakeApi } from '../../../test/fakeApi';
import { renderRoutes } from '../../../test/render';
import { BASE_PATH } from './api';
import { EquipeFormPage } from './EquipeFormPage';

const API = '/api/v1/administracao/equipes';
const rotas = [
  { path: `${BASE_PATH}/new`, element: <EquipeFormPage /> },
  { path: `${BASE_PATH}/:id/edit`, element: <EquipeFormPage /> },
  { path: BASE_PATH, element: <h1>Equipes</h1> },
];
const GESTOR = [
  'administracao/equipes:index',
  'administracao/equipes:show',
  'administracao/equipes:create',
  'administracao/equipes:update',
  'administracao/equipes:destroy',
];
const UNIDADE = '0190a6d2-1c1e-7000-8000-0000000000b1';
const INATIVA = '0190a6d2-1c1e-7000-8000-0000000000b2';
const ID = '0190a6d2-1c1e-7000-8000-0000000000d1';
const UNIDADES = {
  [`GET ${API}/unidades`]: {
    body: [
      { id: UNIDADE, cnes: '1234567', nome: 'UBS Jardim', ativo: true },
      { id: INATIVA, cnes: '7654321', nome: 'UBS Fechada', ativo: false },
    ],
  },
};
const salva: Equipe = {
  id: ID,
  lock_version: 3,
  created_at: '2026-11-25T10:00:00.000Z',
  updated_at: '2026-11-25T10:00:00.000Z',
  ine: '0001234567',
  nome: 'ESF Jardim',
  tipo: '70',
  unidade_saude_id: UNIDADE,
  unidade_saude_nome: 'UBS Jardim',
  micro_areas: ['01', '02', '03'],
  ativo: true,
  origem_cnes: false,
  lotacoes_ativas: 1,
};
const campo = (nome: RegExp) => screen.getByRole('textbox', { name: nome });

describe('EquipeFormPage', { timeout: 60_000 }, () => {
  it('takes micro-areas as tags (1 → 01, sorted), refuses a bad one, offers only active units, then saves', async () => {
    const { chamadas } = fakeApi(
      { ...UNIDADES, [`POST ${API}`]: { status: 201, body: salva } },
      { permissoes: GESTOR },
    );
    const { user } = renderRoutes(rotas, `${BASE_PATH}/new`);
    await screen.findByRole('heading', { name: 'Nova equipe', level: 1 });

    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(campo(/^INE/)).toHaveAccessibleDescription(expect.stringContaining(msg.obrigatorio)));
    expect(screen.getByRole('combobox', { name: /^Tipo de equipe/ })).toHaveAccessibleDescription(
      expect.stringContaining(msg.obrigatorio),
    );

    await user.type(campo(/^INE/), '0001234567');
    await user.type(campo(/^Nome/), 'ESF Jardim');
    await user.click(screen.getByRole('combobox', { name: /^Tipo de equipe/ }));
    await user.click(await screen.findByRole('option', { name: /^eSF – Equipe de Saúde da Família/ }));
    await user.click(screen.getByRole('combobox', { name: /^Unidade de saúde/ }));
    expect(screen.queryByRole('option', { name: /UBS Fechada/ })).toBeNull();
    await user.click(await screen.findByRole('option', { name: /^UBS Jardim/ }));
    const areas = screen.getByRole('combobox', { name: /^Micro-áreas/ });
    await user.type(areas, '3{Enter}1{Enter}1A{Enter}');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: /^Micro-áreas/ })).toHaveAccessibleDescription(
        expect.stringContaining(adminMsg.microAreaInvalida('1A')),
      ),
    );
    expect(chamadas.some((c) => c.method === 'POST')).toBe(false);

    // Backspace in the empty input removes the last tag: 1A (sorted after 01 and 03).
    await user.type(areas, '{Backspace}');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(chamadas.some((c) => c.method === 'POST')).toBe(true));
    expect(chamadas.find((c) => c.method === 'POST')?.body).toEqual({
      ine: '0001234567',
      nome: 'ESF Jardim',
      tipo: '70',
      unidade_saude_id: UNIDADE,
      micro_areas: ['01', '03'],
      ativo: true,
    });
  });

  it("puts the API's refusal of a micro-area in use on the field and sends the version read", async () => {
    const recusa = adminMsg.microAreaEmUso(['02']);
    const { chamadas } = fakeApi(
      {
        ...UNIDADES,
        [`GET ${API}/${ID}`]: { body: salva },
        [`PUT ${API}/${ID}`]: {
          status: 422,
          body: { message: 'Não foi possível gravar', errors: { micro_areas: [recusa] } },
        },
      },
      { permissoes: GESTOR },
    );
    const { user } = renderRoutes(rotas, `${BASE_PATH}/${ID}/edit`);
    await screen.findByRole('heading', { name: 'Editar equipe ESF Jardim', level: 1 });
    expect(screen.getByText(/Há 1 lotação ativa nesta equipe/)).toBeInTheDocument();
    await user.type(campo(/^Nome/), ' Norte');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: /^Micro-áreas/ })).toHaveAccessibleDescription(
        expect.stringContaining(recusa),
      ),
    );
    expect(chamadas.find((c) => c.method === 'PUT')?.body).toMatchObject({
      lock_version: 3,
      micro_areas: ['01', '02', '03'],
    });
  });
});
