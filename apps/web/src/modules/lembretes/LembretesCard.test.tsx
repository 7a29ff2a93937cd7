import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Lembrete } from '@saude/shared/schemas/lembrete';
import { msg } from '@saude/shared/messages';
import { fakeApi } from '../../test/fakeApi';
import { renderRoutes } from '../../test/render';
import LembretesCard from './LembretesCard';

if (!('fonts' in document))
  Object.defineProperty(document, 'fonts', { value: { addEventListener() {}, removeEventListener() {} } });

const API = '/api/v1/lembretes';
const ID = '0190a6d2-1c1e-7000-8000-0000000000e1';
const base: Lembrete = {
  id: ID,
  descricao: 'Ligar para a farmácia',
  data: '2026-12-01',
  concluido_em: null,
  lock_version: 0,
  created_at: '2026-11-24T15:00:00.000Z',
};

describe('LembretesCard', { timeout: 60_000 }, () => {
  it('adds with Enter (date dd/MM/yyyy sent as ISO), ticks done, deletes after confirming', async () => {
    let rows: Lembrete[] = [];
    const { chamadas } = fakeApi({
      [`GET ${API}`]: () => ({ body: rows }),
      [`POST ${API}`]: ({ body }) => {
        const b = body as { descricao: string; data?: string };
        rows = [{ ...base, descricao: b.descricao.trim(), data: b.data ?? null }];
        return { status: 201, body: rows[0] };
      },
      [`PUT ${API}/${ID}`]: ({ body }) => {
        const b = body as { concluido: boolean };
        rows = [{ ...rows[0]!, concluido_em: b.concluido ? '2026-11-24T16:00:00.000Z' : null, lock_version: 1 }];
        return { body: rows[0] };
      },
      [`DELETE ${API}/${ID}`]: () => {
        rows = [];
        return { status: 204 };
      },
    });
    const { user } = renderRoutes([{ path: '/', element: <LembretesCard /> }], '/');
    expect(await screen.findByText(/Nenhum lembrete/)).toBeVisible();

    await user.type(screen.getByLabelText('Data (opcional)'), '01/12/2026');
    await user.type(screen.getByLabelText('Novo lembrete'), 'Ligar para a farmácia{Enter}');
    const item = await screen.findByRole('checkbox', { name: /Ligar para a farmácia/ });
    expect(screen.getByText(/01\/12\/2026/)).toBeVisible();
    expect(chamadas.find((c) => c.method === 'POST')?.body).toEqual({
      descricao: 'Ligar para a farmácia',
      data: '2026-12-01',
    });
    expect(screen.getByLabelText('Novo lembrete')).toHaveValue('');

    await user.click(item);
    await waitFor(() => expect(screen.getByRole('checkbox', { name: /Ligar para a farmácia/ })).toBeChecked());
    expect(chamadas.find((c) => c.method === 'PUT')?.body).toEqual({ concluido: true, lock_version: 0 });

    await user.click(screen.getByRole('button', { name: 'Excluir lembrete Ligar para a farmácia' }));
    const dialogo = await screen.findByRole('dialog', { name: 'Deseja excluir este lembrete?' });
    await user.click(within(dialogo).getByRole('button', { name: 'Sim, excluir' }));
    expect(await screen.findByText(/Nenhum lembrete/)).toBeVisible();
    expect(chamadas.filter((c) => c.method === 'DELETE')).toHaveLength(1);
  });

  it('refuses a blank text and a bad date without calling the API, and shows the server 422', async () => {
    const { chamadas } = fakeApi({
      [`GET ${API}`]: () => ({ body: [] }),
      [`POST ${API}`]: () => ({
        status: 422,
        body: { code: 'validacao', message: 'inválido', errors: { descricao: [msg.max(200)] } },
      }),
    });
    const { user } = renderRoutes([{ path: '/', element: <LembretesCard /> }], '/');
    await screen.findByText(/Nenhum lembrete/);
    await user.type(screen.getByLabelText('Novo lembrete'), '   {Enter}');
    expect(await screen.findByText(msg.obrigatorio)).toBeVisible();
    await user.type(screen.getByLabelText('Data (opcional)'), '31/02/2026');
    await user.type(screen.getByLabelText('Novo lembrete'), 'x{Enter}');
    expect(await screen.findByText(msg.dateFormat)).toBeVisible();
    expect(chamadas.filter((c) => c.method === 'POST')).toHaveLength(0);
    await user.clear(screen.getByLabelText('Data (opcional)'));
    await user.type(screen.getByLabelText('Novo lembrete'), '{Enter}');
    expect(await screen.findByText(msg.max(200))).toBeVisible();
  });
});
