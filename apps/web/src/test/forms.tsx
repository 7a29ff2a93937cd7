// A kit form around the fields under test: the schema decides, 'Salvar' submits, `submitted()` is what the submit
// gave (undefined while it is blocked).
import { screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import type { Control, DefaultValues, FieldValues } from 'react-hook-form';
import type { z } from 'zod';
import { useZodForm } from '../lib/form/useZodForm';
import { renderWithProviders } from './render';

export function renderForm<S extends z.ZodType<FieldValues, FieldValues>>(
  schema: S,
  defaults: DefaultValues<z.input<S>>,
  fields: (control: Control<z.input<S>, unknown, z.output<S>>) => ReactNode,
) {
  let submitted: z.output<S> | undefined;
  function Form() {
    const form = useZodForm(schema, defaults);
    return (
      <form
        onSubmit={form.handleSubmit((v) => {
          submitted = v;
        })}
        noValidate
      >
        {fields(form.control)}
        <button type="submit">Salvar</button>
      </form>
    );
  }
  const rendered = renderWithProviders(<Form />);
  return {
    ...rendered,
    submitted: () => submitted,
    salvar: () => rendered.user.click(screen.getByRole('button', { name: 'Salvar' })),
  };
}
