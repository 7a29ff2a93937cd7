import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { fakeApi } from '../../test/fakeApi';
import { renderWithProviders } from '../../test/render';
import { CodeSearchField } from './CodeSearchField';
import { useZodForm } from './useZodForm';

const ACS = { codigo: '515105', descricao: 'AGENTE COMUNITÁRIO DE SAÚDE' };
const ACE = { codigo: '515140', descricao: 'AGENTE DE COMBATE ÀS ENDEMIAS' };
const schema = z.object({ ocupacao_id: z.string().nullable() });
let salvo: unknown;

function Form({ inicial = null }: { inicial?: string | null }) {
  const form = useZodForm(schema, { ocupacao_id: inicial });
  return (
    <form onSubmit={form.handleSubmit((v) => void (salvo = v))} noValidate>
      <CodeSearchField control={form.control} name="ocupacao_id" label="Ocupação" tabela="cbo" />
      <button type="submit">Salvar</button>
    </form>
  );
}

describe('CodeSearchField', () => {
  it('asks the server with what was typed and keeps the code picked', async () => {
    const api = fakeApi({
      'GET /api/v1/codigos/cbo': ({ query }) => ({ body: query.get('q') === 'agente' ? [ACS, ACE] : [] }),
    });
    const { user } = renderWithProviders(<Form />);
    await user.type(screen.getByRole('combobox', { name: 'Ocupação' }), 'agente');
    await user.click(await screen.findByRole('option', { name: 'AGENTE COMUNITÁRIO DE SAÚDE (515105)' }));
    expect(screen.getByRole('combobox', { name: 'Ocupação' })).toHaveValue('AGENTE COMUNITÁRIO DE SAÚDE (515105)');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(salvo).toEqual({ ocupacao_id: '515105' });
    // Searched by what was typed; the name of the picked code came with the answer, not from another request.
    const pedidos = api.chamadas.filter((c) => c.path === '/api/v1/codigos/cbo');
    expect(pedidos.every((c) => c.query.get('q') === 'agente')).toBe(true);
  });

  it('shows a saved code by its name, asked with ?codigo=', async () => {
    fakeApi({
      'GET /api/v1/codigos/cbo': ({ query }) => ({ body: query.get('codigo') === '515105' ? [ACS] : [] }),
    });
    renderWithProviders(<Form inicial="515105" />);
    expect(await screen.findByDisplayValue('AGENTE COMUNITÁRIO DE SAÚDE (515105)')).toBeInTheDocument();
  });
});
