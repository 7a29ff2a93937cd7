import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { Link, useNavigate } from 'react-router';
import { z } from 'zod';
import { renderWithProviders } from '../../test/render';
import { FormActions } from './FormActions';
import { TextField } from './fields';
import { useSaveShortcut } from './useSaveShortcut';
import { useUnsavedChangesPrompt } from './useUnsavedChangesPrompt';
import { useZodForm } from './useZodForm';

const schema = z.object({ nome: z.string() });

function EditPage({ onSave }: { onSave: (v: { nome: string }) => void }) {
  const form = useZodForm(schema, { nome: '' });
  const navigate = useNavigate();
  const { allowNavigation } = useUnsavedChangesPrompt(form.formState.isDirty);
  const onSubmit = form.handleSubmit((v) => {
    onSave(v);
    allowNavigation();
    void navigate('/lista');
  });
  useSaveShortcut(onSubmit);
  return (
    <form onSubmit={onSubmit} noValidate>
      <Link to="/lista">Voltar</Link>
      <TextField control={form.control} name="nome" label="Nome" />
      <FormActions onCancel={() => void navigate('/lista')} submitting={form.formState.isSubmitting} />
    </form>
  );
}

const routes = [{ path: '/lista', element: <h1>Lista</h1> }];
/** The edit page at /editar, with the list it leaves for. */
const editar = (onSave: (v: { nome: string }) => void = vi.fn()) =>
  renderWithProviders(<EditPage onSave={onSave} />, { route: '/editar', path: '/editar', routes });

describe('unsaved changes prompt', () => {
  it("asks 'Descartar alterações?' and stays with 'Continuar editando'", async () => {
    const { user, router } = editar();
    await user.type(screen.getByLabelText('Nome'), 'Maria');
    await user.click(screen.getByRole('link', { name: 'Voltar' }));
    expect(await screen.findByText('Descartar alterações?')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Continuar editando' }));
    await waitFor(() => expect(screen.queryByText('Descartar alterações?')).not.toBeInTheDocument());
    expect(router.state.location.pathname).toBe('/editar');
    expect(screen.getByLabelText('Nome')).toHaveValue('Maria');
  });

  it("leaves with 'Descartar'", async () => {
    const { user, router } = editar();
    await user.type(screen.getByLabelText('Nome'), 'Maria');
    await user.click(screen.getByRole('button', { name: 'Cancelar' }));
    await user.click(await screen.findByRole('button', { name: 'Descartar' }));
    expect(await screen.findByRole('heading', { name: 'Lista' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/lista');
  });

  it('does not ask when nothing changed', async () => {
    const { user } = editar();
    await user.click(screen.getByRole('link', { name: 'Voltar' }));
    expect(await screen.findByRole('heading', { name: 'Lista' })).toBeInTheDocument();
  });

  it('warns the browser before a reload while there are edits', async () => {
    const { user } = editar();
    const clean = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(clean);
    expect(clean.defaultPrevented).toBe(false);
    await user.type(screen.getByLabelText('Nome'), 'M');
    const dirty = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(dirty);
    expect(dirty.defaultPrevented).toBe(true);
  });
});

describe('saving', () => {
  it('Ctrl+S saves from inside a field and leaves without asking', async () => {
    const onSave = vi.fn();
    const { user } = editar(onSave);
    await user.type(screen.getByLabelText('Nome'), 'Maria');
    await user.keyboard('{Control>}s{/Control}');
    await waitFor(() => expect(onSave).toHaveBeenCalledWith({ nome: 'Maria' }));
    expect(await screen.findByRole('heading', { name: 'Lista' })).toBeInTheDocument();
    expect(screen.queryByText('Descartar alterações?')).not.toBeInTheDocument();
  });

  it('Cmd+S saves too, and the browser does not get the shortcut', async () => {
    const onSave = vi.fn();
    editar(onSave);
    const notCancelled = fireEvent.keyDown(screen.getByLabelText('Nome'), { key: 's', metaKey: true });
    expect(notCancelled).toBe(false);
    await waitFor(() => expect(onSave).toHaveBeenCalled());
  });

  it('the Salvar button in the footer submits', async () => {
    const onSave = vi.fn();
    const { user } = editar(onSave);
    await user.type(screen.getByLabelText('Nome'), 'Ana');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(onSave).toHaveBeenCalledWith({ nome: 'Ana' });
  });
});
