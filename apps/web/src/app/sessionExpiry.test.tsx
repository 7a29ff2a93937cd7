import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { RecordForm, TextField, useRecordForm } from '../lib/form';
import { http } from '../lib/http';
import { authKeys, RETORNO, tokenStore } from '../lib/session';
import { fakeApi, usuarioTeste } from '../test/fakeApi';
import { Providers } from '../test/render';
import { queryClient } from './queryClient';
import { installSessionExpiry } from './sessionExpiry';

const EDITAR = '/registros/1/edit';

function Registro() {
  const record = useRecordForm({
    schema: z.object({ nome: z.string().nullable() }),
    defaultValues: { nome: 'Ana' },
    model: 'Registro',
    labels: { nome: 'Nome' },
    save: (values) => http.put('/api/v1/registros/1', values),
  });
  return (
    <RecordForm record={record}>
      <TextField control={record.form.control} name="nome" label="Nome" />
    </RecordForm>
  );
}

function abrir() {
  const router = createMemoryRouter(
    [
      { path: EDITAR, element: <Registro /> },
      { path: '/login', element: <h1>Entrar</h1> },
    ],
    { initialEntries: [EDITAR] },
  );
  const stop = installSessionExpiry(router);
  queryClient.setQueryData(authKeys.me, usuarioTeste);
  tokenStore.set('token');
  render(
    <Providers queryClient={queryClient}>
      <RouterProvider router={router} />
    </Providers>,
  );
  return { router, stop, user: userEvent.setup() };
}

/** Signs in again as `login` and follows ?retorno=, as the sign-in page does. */
async function entrarDeNovo(router: ReturnType<typeof abrir>['router'], login: string) {
  queryClient.setQueryData(authKeys.me, { ...usuarioTeste, login });
  tokenStore.set('outro-token');
  await router.navigate(new URLSearchParams(router.state.location.search).get(RETORNO)!);
}

describe('a session that expires in the middle of an edit (issue 12)', () => {
  let stop = () => {};
  afterEach(() => {
    stop();
    queryClient.clear();
    tokenStore.clear();
  });

  it('keeps what was typed, goes to sign in without asking to discard, and restores it on the way back', async () => {
    fakeApi({
      'PUT /api/v1/registros/1': { status: 401, body: { code: 'nao_autenticado', message: 'Sessão expirada' } },
    });
    const aberto = abrir();
    stop = aberto.stop;
    const { router, user } = aberto;
    await user.clear(screen.getByRole('textbox', { name: 'Nome' }));
    await user.type(screen.getByRole('textbox', { name: 'Nome' }), 'Maria');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));

    expect(await screen.findByRole('heading', { name: 'Entrar' })).toBeInTheDocument();
    expect(router.state.location.search).toBe(`?retorno=${encodeURIComponent(EDITAR)}`);
    expect(screen.queryByText('Descartar alterações?')).not.toBeInTheDocument();
    expect(screen.getByText(/o que você digitou foi guardado/)).toBeInTheDocument();

    await entrarDeNovo(router, usuarioTeste.login);
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Nome' })).toHaveValue('Maria'));
    // Restored edits are still unsaved edits.
    expect(screen.getByText(/antes de a sessão expirar foi recuperado/)).toBeInTheDocument();
  });

  it('never shows the draft to someone else who signs in on the same tab', async () => {
    fakeApi({ 'PUT /api/v1/registros/1': { status: 401, body: { message: 'Sessão expirada' } } });
    const aberto = abrir();
    stop = aberto.stop;
    const { router, user } = aberto;
    await user.type(screen.getByRole('textbox', { name: 'Nome' }), ' Souza');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    await screen.findByRole('heading', { name: 'Entrar' });

    await entrarDeNovo(router, 'outra.pessoa');
    expect(await screen.findByRole('textbox', { name: 'Nome' })).toHaveValue('Ana');
    expect(sessionStorage.length).toBe(0);
  });
});
