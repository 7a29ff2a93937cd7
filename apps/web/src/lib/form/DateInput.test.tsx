import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useState } from 'react';
import { z } from 'zod';
import { msg } from '@saude/shared';
import { renderForm } from '../../test/forms';
import { renderWithProviders } from '../../test/render';
import { DateInput } from './DateInput';
import { DateField } from './fields';
import { brToIso, isoToBr } from './dates';

function Controlled({
  initial = null,
  minDate,
  maxDate,
}: {
  initial?: string | null;
  minDate?: string;
  maxDate?: string;
}) {
  const [value, setValue] = useState<string | null>(initial);
  return (
    <>
      <DateInput label="Data de nascimento" value={value} onChange={setValue} minDate={minDate} maxDate={maxDate} />
      <output data-testid="value">{JSON.stringify(value)}</output>
    </>
  );
}

describe('DateInput', () => {
  it('turns a typed 01/02/2020 into 2020-02-01', async () => {
    const { user } = renderWithProviders(<Controlled />);
    await user.type(screen.getByLabelText('Data de nascimento'), '01022020');
    expect(screen.getByLabelText('Data de nascimento')).toHaveValue('01/02/2020');
    expect(screen.getByTestId('value')).toHaveTextContent('"2020-02-01"');
    expect(screen.queryByText(msg.naoEValido)).not.toBeInTheDocument();
  });

  it("says 'não é válido' for 31/02/2020 and does not give the form a date", async () => {
    const { user } = renderWithProviders(<Controlled />);
    await user.type(screen.getByLabelText('Data de nascimento'), '31022020');
    expect(screen.getByText(msg.naoEValido)).toBeInTheDocument();
    expect(screen.getByLabelText('Data de nascimento')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByTestId('value')).toHaveTextContent('"31/02/2020"');
  });

  it('flags an incomplete date only after leaving the field', async () => {
    const { user } = renderWithProviders(<Controlled />);
    await user.type(screen.getByLabelText('Data de nascimento'), '0102');
    expect(screen.queryByText(msg.naoEValido)).not.toBeInTheDocument();
    await user.tab();
    expect(screen.getByText(msg.naoEValido)).toBeInTheDocument();
  });

  it('gives null when cleared', async () => {
    const { user } = renderWithProviders(<Controlled initial="2020-02-01" />);
    expect(screen.getByLabelText('Data de nascimento')).toHaveValue('01/02/2020');
    await user.clear(screen.getByLabelText('Data de nascimento'));
    expect(screen.getByTestId('value')).toHaveTextContent('null');
  });

  it('refuses a date after maxDate', async () => {
    const { user } = renderWithProviders(<Controlled maxDate="2024-12-31" />);
    await user.type(screen.getByLabelText('Data de nascimento'), '01012025');
    expect(screen.getByText('não pode ser posterior a 31/12/2024')).toBeInTheDocument();
    expect(screen.getByTestId('value')).not.toHaveTextContent('2025-01-01');
  });

  it("applies the day picked in the calendar with 'Aplicar'", async () => {
    const { user } = renderWithProviders(<Controlled initial="2020-02-01" />);
    await user.click(screen.getByRole('button', { name: 'Abrir calendário' }));
    const dialog = screen.getByRole('dialog');
    // pt-BR calendar: month name in Portuguese.
    expect(within(dialog).getByText(/fevereiro 2020/i)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: /^15 fevereiro 2020/i }));
    await user.click(within(dialog).getByRole('button', { name: 'Aplicar' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Data de nascimento')).toHaveValue('15/02/2020');
    expect(screen.getByTestId('value')).toHaveTextContent('"2020-02-15"');
  });

  it("keeps the date when the picker is closed with 'Cancelar'", async () => {
    const { user } = renderWithProviders(<Controlled initial="2020-02-01" />);
    await user.click(screen.getByRole('button', { name: 'Abrir calendário' }));
    const dialog = screen.getByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: /^15 fevereiro 2020/i }));
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Data de nascimento')).toHaveValue('01/02/2020');
    expect(screen.getByTestId('value')).toHaveTextContent('"2020-02-01"');
  });
});

describe('DateField in a form', () => {
  const schema = z.object({ nascimento: z.iso.date({ error: msg.naoEValido }).nullable() });
  const renderDate = () =>
    renderForm(schema, { nascimento: null }, (control) => (
      <DateField control={control} name="nascimento" label="Nascimento" required />
    ));

  it("submits 'yyyy-MM-dd'", async () => {
    const { user, salvar, submitted } = renderDate();
    await user.type(screen.getByLabelText('Nascimento'), '29022024');
    await salvar();
    expect(submitted()).toEqual({ nascimento: '2024-02-29' });
  });

  it('blocks the submit of an impossible date', async () => {
    const { user, salvar, submitted } = renderDate();
    await user.type(screen.getByLabelText('Nascimento'), '29022023');
    await salvar();
    expect(submitted()).toBeUndefined();
    expect(screen.getByText(msg.naoEValido)).toBeInTheDocument();
  });
});

describe('date conversions', () => {
  it('are strict both ways', () => {
    expect(brToIso('01/02/2020')).toBe('2020-02-01');
    expect(brToIso('31/02/2020')).toBeNull();
    expect(brToIso('1/2/2020')).toBeNull();
    expect(isoToBr('2020-02-01')).toBe('01/02/2020');
    expect(isoToBr('not a date')).toBe('');
  });
});
