import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { Button } from '@mantine/core';
import { msg } from '@saude/shared';
import { ApiError } from '../http';
import { renderWithProviders } from '../../test/render';
import { confirmDelete } from './confirmDelete';
import { EDICAO_DESATUALIZADA_TITULO, notifyError, notifyRemoveFailed, notifyRemoved, notifySaved } from './notify';

describe('confirmDelete', () => {
  function Page({ onConfirm, onCancel }: { onConfirm: () => void; onCancel?: () => void }) {
    return <Button onClick={() => confirmDelete({ model: 'família', onConfirm, onCancel })}>Remover</Button>;
  }

  it("asks 'Remover família?' and removes on 'Sim, remover'", async () => {
    const onConfirm = vi.fn();
    const { user } = renderWithProviders(<Page onConfirm={onConfirm} />);
    await user.click(screen.getByRole('button', { name: 'Remover' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remover família?' });
    expect(dialog).toHaveTextContent(msg.acaoIrreversivel);
    // Destructive button in red (ux.md).
    expect(screen.getByRole('button', { name: 'Sim, remover' }).getAttribute('style')).toContain('--mantine-color-red');
    await user.click(screen.getByRole('button', { name: 'Sim, remover' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it("keeps the record on 'Não, manter'", async () => {
    const onConfirm = vi.fn();
    const onCancel = vi.fn();
    const { user } = renderWithProviders(<Page onConfirm={onConfirm} onCancel={onCancel} />);
    await user.click(screen.getByRole('button', { name: 'Remover' }));
    await user.click(await screen.findByRole('button', { name: 'Não, manter' }));
    expect(onConfirm).not.toHaveBeenCalled();
    expect(onCancel).toHaveBeenCalledTimes(1);
  });
});

describe('toasts', () => {
  it("notifySaved shows 'Sucesso' and 'Família foi salva com sucesso'", async () => {
    renderWithProviders(<div />);
    notifySaved('Família');
    expect(await screen.findByText('Família foi salva com sucesso')).toBeInTheDocument();
    expect(screen.getByText('Sucesso')).toBeInTheDocument();
  });

  it("keeps spec §8's 'foi salva' for a masculine model, naming it a ficha (issue 39)", async () => {
    renderWithProviders(<div />);
    notifySaved('Munícipe', 'm');
    expect(await screen.findByText('Ficha de munícipe foi salva com sucesso')).toBeInTheDocument();
    notifySaved('UBS Centro', 'm');
    expect(await screen.findByText('Ficha de UBS Centro foi salva com sucesso')).toBeInTheDocument();
  });

  it('notifyRemoved and notifyRemoveFailed use the catalogue texts', async () => {
    renderWithProviders(<div />);
    notifyRemoved('Família');
    notifyRemoveFailed(new ApiError(0, msg.erroGenerico));
    expect(await screen.findByText('Família foi removido(a).')).toBeInTheDocument();
    expect(screen.getByText(msg.falhaAoRemover)).toBeInTheDocument();
    expect(screen.getByText(msg.falhaAoRemoverTexto)).toBeInTheDocument();
  });

  it("a removal the server refused says its reason under 'Falha ao remover' (spec §8)", async () => {
    renderWithProviders(<div />);
    notifyRemoveFailed(new ApiError(409, msg.domicilioComFamilias, {}, { code: 'conflito' }));
    expect(await screen.findByText(msg.domicilioComFamilias)).toBeInTheDocument();
    expect(screen.getByText(msg.falhaAoRemover)).toBeInTheDocument();
    expect(screen.queryByText(msg.falhaAoRemoverTexto)).not.toBeInTheDocument();
  });

  it("notifyError shows the API's own message", async () => {
    renderWithProviders(<div />);
    notifyError(new ApiError(403, msg.familiaMudou));
    expect(await screen.findByText(msg.familiaMudou)).toBeInTheDocument();
    expect(screen.getByText(msg.algoDeuErrado)).toBeInTheDocument();
  });

  it('notifyError shows the generic text for anything else', async () => {
    renderWithProviders(<div />);
    notifyError(new TypeError('x is undefined'));
    expect(await screen.findByText(msg.erroGenerico)).toBeInTheDocument();
    expect(screen.queryByText('x is undefined')).not.toBeInTheDocument();
  });

  it("a stale edit says what changed and offers 'Recarregar', not titled 'Algo deu errado'", async () => {
    const onReload = vi.fn();
    const { user } = renderWithProviders(<div />);
    const err = new ApiError(409, msg.edicaoDesatualizada, {}, { code: 'edicao_desatualizada' });
    notifyError(err, { onReload, changed: ['Nome', 'CPF'] });
    expect(await screen.findByText(msg.edicaoDesatualizada)).toBeInTheDocument();
    expect(screen.getByText(EDICAO_DESATUALIZADA_TITULO)).toBeInTheDocument();
    expect(screen.queryByText(msg.algoDeuErrado)).not.toBeInTheDocument();
    expect(screen.getByText('Alterado: Nome, CPF.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Recarregar' }));
    expect(onReload).toHaveBeenCalledTimes(1);
  });

  it("any other conflict is the server's message, with nothing to reload (issue 12)", async () => {
    renderWithProviders(<div />);
    notifyError(new ApiError(409, msg.cadastroIndividualAtivoExistente, {}, { code: 'conflito' }));
    expect(await screen.findByText(msg.cadastroIndividualAtivoExistente)).toBeInTheDocument();
    expect(screen.queryByText(msg.edicaoDesatualizada)).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Recarregar' })).not.toBeInTheDocument();
  });
});

describe('ApiError code', () => {
  it('reads the code of the body, and derives one from the status when the body has none', () => {
    expect(new ApiError(409, 'x', {}, { code: 'edicao_desatualizada' }).code).toBe('edicao_desatualizada');
    expect(new ApiError(409, 'x', {}, { code: 'outra coisa' }).code).toBe('conflito');
    expect([401, 403, 404, 409, 422, 429, 500, 0].map((s) => new ApiError(s, 'x').code)).toEqual([
      'nao_autenticado',
      'proibido',
      'nao_encontrado',
      'conflito',
      'validacao',
      'limite',
      'erro_interno',
      'erro_interno',
    ]);
  });
});
