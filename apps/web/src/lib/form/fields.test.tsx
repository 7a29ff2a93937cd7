import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { msg } from '@saude/shared';
import { renderForm } from '../../test/forms';
import { RadioField, SelectField, YesNoField } from './choiceFields';
import { TextField, TimeField } from './fields';

const schema = z.object({
  nome: z.string().min(1, { error: msg.obrigatorio }),
  apelido: z.string().optional(),
  sexo: z.enum(['F', 'M'], { error: msg.obrigatorio }).nullable(),
  raca: z.number().nullable(),
  fuma: z.boolean().nullable(),
});
const renderFields = () =>
  renderForm(schema, { nome: '', apelido: '', sexo: null, raca: null, fuma: null }, (control) => (
    <>
      <TextField control={control} name="nome" label="Nome" required tooltip="Nome completo, sem abreviações" />
      <TextField control={control} name="apelido" label="Apelido" />
      <RadioField
        control={control}
        name="sexo"
        label="Sexo"
        data={[
          { value: 'F', label: 'Feminino' },
          { value: 'M', label: 'Masculino' },
        ]}
      />
      <SelectField
        control={control}
        name="raca"
        label="Raça/cor"
        data={[
          { value: 1, label: 'Branca' },
          { value: 2, label: 'Preta' },
        ]}
      />
      <YesNoField control={control} name="fuma" label="Está fumante?" />
    </>
  ));

describe('form fields', () => {
  it("marks a required field with a red asterisk titled 'obrigatório' and keeps its label findable", () => {
    renderFields();
    const nome = screen.getByLabelText('Nome');
    expect(nome).toHaveAttribute('aria-required', 'true');
    expect(screen.getByTitle(msg.obrigatorioHint)).toHaveTextContent('*');
    expect(screen.getByLabelText('Apelido')).not.toHaveAttribute('aria-required');
    // One asterisk: only Nome is required.
    expect(screen.getAllByTitle(msg.obrigatorioHint)).toHaveLength(1);
  });

  it('shows the error under the field after leaving it empty', async () => {
    const { user } = renderFields();
    await user.click(screen.getByLabelText('Nome'));
    await user.tab();
    expect(await screen.findByText(msg.obrigatorio)).toBeInTheDocument();
    expect(screen.getByLabelText('Nome')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Nome')).toHaveAccessibleDescription(msg.obrigatorio);
  });

  it('offers the help text from the info icon', () => {
    renderFields();
    expect(screen.getByRole('button', { name: 'Nome completo, sem abreviações' })).toBeInTheDocument();
  });

  it('submits radio, select (numeric codes) and yes/no answers with their types', async () => {
    const { user, salvar, submitted } = renderFields();
    await user.type(screen.getByLabelText('Nome'), 'Maria');
    await user.click(screen.getByRole('radio', { name: 'Feminino' }));
    await user.click(screen.getByRole('combobox', { name: 'Raça/cor' }));
    await user.click(await screen.findByRole('option', { name: 'Preta' }));
    expect(screen.getByRole('radiogroup', { name: 'Está fumante?' })).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'Não' }));
    await salvar();
    expect(submitted()).toEqual({ nome: 'Maria', apelido: '', sexo: 'F', raca: 2, fuma: false });
  });

  it('leaves a yes/no question unanswered until the user picks', () => {
    renderFields();
    expect(screen.getByRole('radio', { name: 'Sim' })).not.toBeChecked();
    expect(screen.getByRole('radio', { name: 'Não' })).not.toBeChecked();
  });
});

describe('TimeField', () => {
  it('takes the hour as typed digits, always 24 h (HH:mm), with the numeric keyboard', async () => {
    const horaSchema = z.object({ hora: z.string().regex(/^\d{2}:\d{2}$/, { error: msg.naoEValido }) });
    const { user, salvar, submitted } = renderForm(horaSchema, { hora: '' }, (control) => (
      <TimeField control={control} name="hora" label="Hora" required />
    ));
    const hora = screen.getByRole('textbox', { name: 'Hora' });
    expect(hora).toHaveAttribute('inputmode', 'numeric');
    await user.type(hora, '2130');
    expect(hora).toHaveValue('21:30');
    await salvar();
    expect(submitted()).toEqual({ hora: '21:30' });
  });
});

describe('the null convention', () => {
  const nulos = z.object({
    apelido: z.string().nullable(),
    sexo: z.number().nullable(),
    tipo: z.number().nullable(),
    fuma: z.boolean().nullable(),
  });
  const SEXOS = [
    { value: 1, label: 'Feminino' },
    { value: 2, label: 'Masculino' },
  ];
  const renderNulos = () =>
    renderForm(nulos, { apelido: 'Zé', sexo: 2, tipo: 1, fuma: null }, (control) => (
      <>
        <TextField control={control} name="apelido" label="Apelido" />
        <SelectField control={control} name="sexo" label="Sexo" data={SEXOS} />
        <SelectField control={control} name="tipo" label="Tipo de imóvel" required data={SEXOS} />
        <YesNoField control={control} name="fuma" label="Está fumante?" />
      </>
    ));

  it('writes null for an emptied text, an optional select picked again, and keeps a yes/no unanswered', async () => {
    const { user, salvar, submitted } = renderNulos();
    await user.clear(screen.getByRole('textbox', { name: 'Apelido' }));
    await user.click(screen.getByRole('combobox', { name: 'Sexo' }));
    await user.click(await screen.findByRole('option', { name: 'Masculino' }));
    // Going through the yes/no question without answering it leaves it unanswered.
    screen.getByRole('radio', { name: 'Sim' }).focus();
    await user.tab();
    await salvar();
    expect(submitted()).toEqual({ apelido: null, sexo: null, tipo: 1, fuma: null });
  });

  it('takes an answered yes/no back to unanswered, by mouse and by keyboard (issue 39)', async () => {
    const { user, salvar, submitted } = renderNulos();
    const limpar = { name: 'Limpar resposta: Está fumante?' };
    // Unanswered: nothing to clear.
    expect(screen.queryByRole('button', limpar)).not.toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'Sim' }));
    await user.click(screen.getByRole('button', limpar));
    expect(screen.getByRole('radio', { name: 'Sim' })).not.toBeChecked();
    expect(screen.getByRole('radio', { name: 'Não' })).not.toBeChecked();
    await salvar();
    expect(submitted()).toMatchObject({ fuma: null });
    // Keyboard: answer "Não", Tab to the clear button, Enter; focus returns to the question.
    await user.click(screen.getByRole('radio', { name: 'Não' }));
    expect(screen.getByRole('radio', { name: 'Não' })).toBeChecked();
    await user.tab();
    expect(screen.getByRole('button', limpar)).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(screen.queryByRole('button', limpar)).not.toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Sim' })).toHaveFocus();
    await salvar();
    expect(submitted()).toMatchObject({ fuma: null });
  });

  it('never empties a required select when its current option is picked again (issue 12)', async () => {
    const { user, salvar, submitted } = renderNulos();
    await user.click(screen.getByRole('combobox', { name: 'Tipo de imóvel' }));
    await user.click(await screen.findByRole('option', { name: 'Feminino' }));
    await salvar();
    expect(submitted()).toMatchObject({ tipo: 1 });
  });
});
