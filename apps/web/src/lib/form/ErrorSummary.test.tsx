import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { msg } from '@saude/shared';
import { renderWithProviders } from '../../test/render';
import { ErrorSummary } from './ErrorSummary';
import { TextField } from './fields';
import { setServerErrors } from './serverErrors';
import { useZodForm } from './useZodForm';

const labels = { cpf: 'CPF', cns: 'CNS', 'endereco.cep': 'CEP' };

describe('ErrorSummary', () => {
  it("says 'Não foi possível gravar Família: 1 erro' and lists the field", () => {
    renderWithProviders(
      <ErrorSummary model="Família" labels={labels} errors={{ cpf: { type: 'custom', message: 'não é válido' } }} />,
    );
    expect(screen.getByText('Não foi possível gravar Família: 1 erro')).toBeInTheDocument();
    expect(screen.getByText('Por favor, verifique o(s) seguinte(s) campo(s):')).toBeInTheDocument();
    expect(screen.getByRole('listitem')).toHaveTextContent('CPF não é válido');
  });

  it("counts '3 erros', including nested fields and API error lists", () => {
    renderWithProviders(
      <ErrorSummary
        model="Família"
        labels={labels}
        errors={{
          cpf: ['não é válido'],
          cns: ['não é válido'],
          endereco: { cep: { type: 'server', message: 'Não pode ficar em branco' } },
        }}
      />,
    );
    expect(screen.getByText('Não foi possível gravar Família: 3 erros')).toBeInTheDocument();
    expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'CPF não é válido',
      'CNS não é válido',
      'CEP não pode ficar em branco',
    ]);
  });

  it('renders nothing without errors', () => {
    renderWithProviders(<ErrorSummary model="Família" errors={{}} />);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});

describe('setServerErrors', () => {
  const schema = z.object({ cpf: z.string(), nome: z.string() });
  function Form({ errors }: { errors: Record<string, string[]> }) {
    const form = useZodForm(schema, { cpf: '', nome: '' });
    const onSubmit = form.handleSubmit(() => {
      // As if the API answered 422.
      setServerErrors(form, errors);
    });
    return (
      <form onSubmit={onSubmit} noValidate>
        <ErrorSummary model="Munícipe" errors={form.formState.errors} labels={{ cpf: 'CPF', nome: 'Nome' }} />
        <TextField control={form.control} name="cpf" label="CPF" />
        <TextField control={form.control} name="nome" label="Nome" />
        <button type="submit">Salvar</button>
      </form>
    );
  }

  it("puts the API's 422 messages on the fields and in the summary", async () => {
    const { user } = renderWithProviders(
      <Form errors={{ cpf: [msg.cpfEmUso('Maria', '898001160660017')], base: ['Registro bloqueado'] }} />,
    );
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Não foi possível gravar Munícipe: 2 erros')).toBeInTheDocument();
    expect(screen.getByLabelText('CPF')).toHaveAccessibleDescription(msg.cpfEmUso('Maria', '898001160660017'));
    expect(screen.getByText('Registro bloqueado')).toBeInTheDocument();
    expect(screen.getByLabelText('CPF')).toHaveFocus();
  });
});
