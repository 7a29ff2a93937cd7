import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useState } from 'react';
import { renderWithProviders } from '../../test/render';
import { CepInput, CnsInput, CpfInput, PhoneInput } from './MaskedInput';
import { DecimalInput, IntegerInput } from './NumberInputs';
import { CpfField, PhoneField, DecimalField } from './fields';
import { useZodForm } from './useZodForm';
import { z } from 'zod';
import { maskCns, maskCpf, maskPhone } from './masks';

function Controlled<V>({
  Input,
  initial,
  label,
}: {
  Input: (p: { label: string; value?: V; onChange?: (v: V) => void }) => React.ReactNode;
  initial: V;
  label: string;
}) {
  const [value, setValue] = useState<V>(initial);
  return (
    <>
      <Input label={label} value={value} onChange={setValue} />
      <output data-testid="value">{JSON.stringify(value)}</output>
    </>
  );
}

describe('masked inputs', () => {
  it('shows the CPF mask while typing and gives the form only the digits', async () => {
    const { user } = renderWithProviders(<Controlled Input={CpfInput} initial="" label="CPF" />);
    await user.type(screen.getByLabelText('CPF'), '12345678901');
    expect(screen.getByLabelText('CPF')).toHaveValue('123.456.789-01');
    expect(screen.getByTestId('value')).toHaveTextContent('"12345678901"');
  });

  it('shows the CNS mask in groups of 3-4-4-4', async () => {
    const { user } = renderWithProviders(<Controlled Input={CnsInput} initial="" label="CNS" />);
    await user.type(screen.getByLabelText('CNS'), '898001160660017');
    expect(screen.getByLabelText('CNS')).toHaveValue('898 0011 6066 0017');
    expect(screen.getByTestId('value')).toHaveTextContent('"898001160660017"');
  });

  it('switches the phone mask from landline to mobile at the 11th digit', async () => {
    const { user } = renderWithProviders(<Controlled Input={PhoneInput} initial="" label="Telefone" />);
    const input = screen.getByLabelText('Telefone');
    await user.type(input, '1133334444');
    expect(input).toHaveValue('(11) 3333-4444');
    await user.type(input, '5');
    expect(input).toHaveValue('(11) 33334-4445');
    expect(screen.getByTestId('value')).toHaveTextContent('"11333344445"');
  });

  it('shows the CEP mask and masks a value that came from the server', async () => {
    const { user } = renderWithProviders(<Controlled Input={CepInput} initial="01310" label="CEP" />);
    expect(screen.getByLabelText('CEP')).toHaveValue('01310');
    await user.type(screen.getByLabelText('CEP'), '100');
    expect(screen.getByLabelText('CEP')).toHaveValue('01310-100');
    expect(screen.getByTestId('value')).toHaveTextContent('"01310100"');
  });

  it('ignores letters typed into a masked input', async () => {
    const { user } = renderWithProviders(<Controlled Input={CpfInput} initial="" label="CPF" />);
    await user.type(screen.getByLabelText('CPF'), '12a3');
    expect(screen.getByLabelText('CPF')).toHaveValue('123');
  });

  it('takes a decimal with comma and gives the form a number', async () => {
    const { user } = renderWithProviders(
      <Controlled<number | null> Input={DecimalInput} initial={null} label="Temperatura" />,
    );
    await user.type(screen.getByLabelText('Temperatura'), '36,5');
    expect(screen.getByLabelText('Temperatura')).toHaveValue('36,5');
    expect(screen.getByTestId('value')).toHaveTextContent('36.5');
  });

  it('accepts a dot as the decimal separator and shows a comma', async () => {
    const { user } = renderWithProviders(
      <Controlled<number | null> Input={DecimalInput} initial={null} label="Peso" />,
    );
    await user.type(screen.getByLabelText('Peso'), '70.25');
    expect(screen.getByLabelText('Peso')).toHaveValue('70,25');
    expect(screen.getByTestId('value')).toHaveTextContent('70.25');
  });

  it('shows a number from the form with comma, and clearing gives null', async () => {
    const { user } = renderWithProviders(
      <Controlled<number | null> Input={DecimalInput} initial={36.5} label="Temperatura" />,
    );
    expect(screen.getByLabelText('Temperatura')).toHaveValue('36,5');
    await user.clear(screen.getByLabelText('Temperatura'));
    expect(screen.getByTestId('value')).toHaveTextContent('null');
  });

  it('takes whole numbers only in an integer input', async () => {
    const { user } = renderWithProviders(
      <Controlled<number | null> Input={IntegerInput} initial={null} label="Moradores" />,
    );
    await user.type(screen.getByLabelText('Moradores'), '4,5');
    expect(screen.getByLabelText('Moradores')).toHaveValue('45');
    expect(screen.getByTestId('value')).toHaveTextContent('45');
  });
});

describe('masked fields in a form', () => {
  const schema = z.object({ cpf: z.string(), telefone: z.string(), temperatura: z.number().nullable() });
  let submitted: unknown;
  function Form() {
    const form = useZodForm(schema, { cpf: '', telefone: '', temperatura: null });
    return (
      <form
        onSubmit={form.handleSubmit((v) => {
          submitted = v;
        })}
        noValidate
      >
        <CpfField control={form.control} name="cpf" label="CPF" required />
        <PhoneField control={form.control} name="telefone" label="Telefone" />
        <DecimalField control={form.control} name="temperatura" label="Temperatura" />
        <button type="submit">Salvar</button>
      </form>
    );
  }

  it('submits digits for CPF and phone and a number for the decimal', async () => {
    const { user } = renderWithProviders(<Form />);
    await user.type(screen.getByLabelText('CPF'), '52998224725');
    await user.type(screen.getByLabelText('Telefone'), '11987654321');
    await user.type(screen.getByLabelText('Temperatura'), '37,8');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(submitted).toEqual({ cpf: '52998224725', telefone: '11987654321', temperatura: 37.8 });
  });
});

describe('display helpers', () => {
  it('mask stored digits for read-only screens', () => {
    expect(maskCpf('52998224725')).toBe('529.982.247-25');
    expect(maskCns('898001160660017')).toBe('898 0011 6066 0017');
    expect(maskPhone('1133334444')).toBe('(11) 3333-4444');
    expect(maskPhone('11987654321')).toBe('(11) 98765-4321');
  });
});
