import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useState } from 'react';
import { renderForm } from '../../test/forms';
import { renderWithProviders } from '../../test/render';
import { CepInput, CnsInput, CpfInput, PhoneInput } from './MaskedInput';
import { DecimalInput, IntegerInput } from './NumberInputs';
import { CpfField, PhoneField, DecimalField } from './fields';
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
  // The masks show what is typed their way and give the form the digits; the number inputs give it a number.
  it.each([
    { Input: CpfInput, label: 'CPF', type: '12345678901', shows: '123.456.789-01', gives: '"12345678901"' },
    { Input: CnsInput, label: 'CNS', type: '898001160660017', shows: '898 0011 6066 0017', gives: '"898001160660017"' },
    { Input: DecimalInput, label: 'Temperatura', type: '36,5', shows: '36,5', gives: '36.5' },
    { Input: DecimalInput, label: 'Peso', type: '70.25', shows: '70,25', gives: '70.25' },
    { Input: IntegerInput, label: 'Moradores', type: '4,5', shows: '45', gives: '45' },
  ])('$label: typing $type shows $shows and gives $gives', async ({ Input, label, type, shows, gives }) => {
    // A text field starts empty, a number one null.
    const initial = Input === DecimalInput || Input === IntegerInput ? null : '';
    const { user } = renderWithProviders(
      <Controlled<unknown> Input={Input as never} initial={initial} label={label} />,
    );
    await user.type(screen.getByLabelText(label), type);
    expect(screen.getByLabelText(label)).toHaveValue(shows);
    expect(screen.getByTestId('value')).toHaveTextContent(gives);
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

  it('shows a number from the form with comma, and clearing gives null', async () => {
    const { user } = renderWithProviders(
      <Controlled<number | null> Input={DecimalInput} initial={36.5} label="Temperatura" />,
    );
    expect(screen.getByLabelText('Temperatura')).toHaveValue('36,5');
    await user.clear(screen.getByLabelText('Temperatura'));
    expect(screen.getByTestId('value')).toHaveTextContent('null');
  });
});

describe('masked fields in a form', () => {
  const schema = z.object({ cpf: z.string(), telefone: z.string(), temperatura: z.number().nullable() });

  it('submits digits for CPF and phone and a number for the decimal', async () => {
    const { user, salvar, submitted } = renderForm(schema, { cpf: '', telefone: '', temperatura: null }, (control) => (
      <>
        <CpfField control={control} name="cpf" label="CPF" required />
        <PhoneField control={control} name="telefone" label="Telefone" />
        <DecimalField control={control} name="temperatura" label="Temperatura" />
      </>
    ));
    await user.type(screen.getByLabelText('CPF'), '52998224725');
    await user.type(screen.getByLabelText('Telefone'), '11987654321');
    await user.type(screen.getByLabelText('Temperatura'), '37,8');
    await salvar();
    expect(submitted()).toEqual({ cpf: '52998224725', telefone: '11987654321', temperatura: 37.8 });
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
