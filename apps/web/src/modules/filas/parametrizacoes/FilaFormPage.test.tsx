import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { allPermissions, msg } from '@saude/shared';
import type { CategoriaDisponivel, Fila } from '@saude/shared/schemas/fila';
import { fakeApi, usuarioTeste } from '../../../test/fakeApi';
import { renderRoutes } from '../../../test/render';
import { BASE_PATH } from './api';
import { FilaFormPage } from './FilaFormPage';

const ID = '0190a6d2-1c1e-7000-8000-0000000000f1';
const OUTRA = '0190a6d2-1c1e-7000-8000-0000000000f2';
const API = `/api/v1${BASE_PATH}`;
const rotas = [
  { path: BASE_PATH, element: <h1>Filas</h1> },
  { path: `${BASE_PATH}/new`, element: <FilaFormPage /> },
  { path: `${BASE_PATH}/:id/edit`, element: <FilaFormPage /> },
];
const cat = (n: number, over: Partial<CategoriaDisponivel> = {}): CategoriaDisponivel => ({
  id: `0190a6d2-1c1e-7000-8000-00000000000${n}`,
  nome: `Categoria ${n}`,
  sigla: `C${'ABC'[n]}`,
  cor: '#1864AB',
  prioridade: n,
  ativo: true,
  fila_id: null,
  fila_nome: null,
  ...over,
});
const categorias = [
  cat(0),
  cat(1, { fila_id: OUTRA, fila_nome: 'Recepção' }),
  cat(2, { fila_id: ID, fila_nome: 'Triagem' }),
];
const fila = (over: Partial<Fila> = {}): Fila => ({
  id: ID,
  lock_version: 3,
  created_at: '2026-11-20T12:00:00.000Z',
  updated_at: '2026-11-20T12:00:00.000Z',
  unidade_saude_id: usuarioTeste.unidade_atual!.id,
  nome: 'Triagem',
  ativo: true,
  locais: [{ id: '0190a6d2-1c1e-7000-8000-0000000000e1', nome: 'Sala 1', ativo: true }],
  categorias: [{ ...cat(2), ativo: true }],
  aguardando: 0,
  encaminhamentos_pendentes: 0,
  encaminhamentos_abertos: 0,
  ...over,
});

describe('FilaFormPage', { timeout: 60_000 }, () => {
  it('marks a category of another queue unavailable with its queue, and shows the server errors on the fields', async () => {
    const { chamadas } = fakeApi(
      {
        [`GET ${API}/${ID}`]: { body: fila() },
        [`GET ${API}/categorias`]: { body: categorias },
        [`PUT ${API}/${ID}`]: {
          status: 422,
          body: {
            code: 'validacao',
            message: 'Não foi possível gravar o registro: 2 erros',
            errors: { categoria_ids: [msg.filaCategoriaEmOutraFila], 'locais.1.nome': [msg.localRepetido] },
          },
        },
      },
      { permissoes: allPermissions },
    );
    const { user } = renderRoutes(rotas, `${BASE_PATH}/${ID}/edit`);
    await screen.findByRole('heading', { name: 'Editar fila Triagem', level: 1 });
    await user.click(screen.getByRole('combobox', { name: 'Categorias' }));
    const outra = await screen.findByRole('option', { name: 'Categoria 1 (CB) — já está na fila Recepção' });
    expect(outra).toHaveAttribute('data-combobox-disabled', 'true');
    // Its own category is not "another queue's".
    expect(screen.getByRole('option', { name: 'Categoria 2 (CC)' })).toBeVisible();
    await user.click(screen.getByRole('option', { name: 'Categoria 0 (CA)' }));
    await user.keyboard('{Escape}');
    expect(
      within(screen.getByRole('group', { name: 'Categorias escolhidas' })).getByText('CA · Categoria 0'),
    ).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Adicionar local' }));
    await user.type(screen.getByRole('textbox', { name: /Nome do local 2/ }), 'Sala 2');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findAllByText(msg.localRepetido)).not.toHaveLength(0);
    expect(screen.getAllByText(msg.filaCategoriaEmOutraFila)).not.toHaveLength(0);
    const put = chamadas.find((c) => c.method === 'PUT');
    expect(put?.body).toEqual({
      nome: 'Triagem',
      ativo: true,
      lock_version: 3,
      locais: [
        { id: '0190a6d2-1c1e-7000-8000-0000000000e1', nome: 'Sala 1', ativo: true },
        { nome: 'Sala 2', ativo: true },
      ],
      categoria_ids: [cat(2).id, cat(0).id],
    });
  });

  it('refuses a repeated location name (any case) before asking the server', async () => {
    const { chamadas } = fakeApi({ [`GET ${API}/categorias`]: { body: categorias } }, { permissoes: allPermissions });
    const { user } = renderRoutes(rotas, `${BASE_PATH}/new`);
    await screen.findByRole('heading', { name: 'Nova fila', level: 1 });
    await user.type(screen.getByRole('textbox', { name: /Nome da fila/ }), 'Recepção');
    await user.type(screen.getByRole('textbox', { name: /Nome do local 1/ }), 'Guichê');
    await user.click(screen.getByRole('button', { name: 'Adicionar local' }));
    await user.type(screen.getByRole('textbox', { name: /Nome do local 2/ }), 'guichê');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findAllByText(msg.localRepetido)).not.toHaveLength(0);
    // The summary names the item's field by its label, not by its path 'locais.1.nome'.
    expect(screen.getByRole('button', { name: `Nome do local ${msg.localRepetido}` })).toBeVisible();
    expect(chamadas.some((c) => c.method === 'POST')).toBe(false);
  });

  it('locks the form while forwarded tickets wait in the queue', async () => {
    fakeApi(
      {
        [`GET ${API}/${ID}`]: { body: fila({ encaminhamentos_pendentes: 2 }) },
        [`GET ${API}/categorias`]: { body: categorias },
      },
      { permissoes: allPermissions },
    );
    renderRoutes(rotas, `${BASE_PATH}/${ID}/edit`);
    expect(await screen.findByText(msg.filaEncaminhamentosPendentes)).toBeVisible();
    expect(screen.getByText(/Há 2 senhas encaminhadas/)).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Salvar' })).toBeNull();
    expect(screen.getByRole('textbox', { name: /Nome da fila/ })).toBeDisabled();
  });
});
