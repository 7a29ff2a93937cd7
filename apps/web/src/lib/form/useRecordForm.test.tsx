import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ApiError } from '../http';
import { renderWithProviders } from '../../test/render';
import { TextField } from './fields';
import { RecordForm } from './RecordForm';
import { useRecordForm } from './useRecordForm';

// Issue 39: what the form shows is not repeated in a toast, and a failure's toast or summary goes with the next save.
const schema = z.object({ nome: z.string() });
const toasts = () => document.querySelectorAll('.mantine-Notification-root');

function Form({ respostas }: { respostas: Array<() => Promise<unknown>> }) {
  const record = useRecordForm({
    schema,
    defaultValues: { nome: 'Ana' },
    model: 'Termo',
    labels: { nome: 'Nome' },
    save: () => respostas.shift()!(),
  });
  return (
    <RecordForm record={record} onCancel={() => {}}>
      <TextField control={record.form.control} name="nome" label="Nome" />
    </RecordForm>
  );
}

describe('useRecordForm failures', () => {
  it('a 409 said on its field is not toasted; a 422 no field takes is in the summary, gone after the next save', async () => {
    const { user } = renderWithProviders(
      <Form
        respostas={[
          () => Promise.reject(new ApiError(409, 'Nome em uso', { nome: ['já está em uso'] })),
          () => Promise.reject(new ApiError(422, 'Versão já publicada', {})),
          () => Promise.resolve({}),
        ]}
      />,
    );
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(screen.getByLabelText('Nome')).toHaveAccessibleDescription('já está em uso'));
    expect(toasts()).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Versão já publicada')).toBeInTheDocument();
    expect(toasts()).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(screen.queryByText('Versão já publicada')).not.toBeInTheDocument());
    expect(await screen.findByText('Termo foi salva com sucesso')).toBeInTheDocument();
  });
});
