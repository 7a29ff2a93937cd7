import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { msg } from '@saude/shared';
import { renderForm } from '../../test/forms';
import { z } from 'zod';
import { AddressFields } from './AddressFields';
import { TIPO_LOGRADOURO_OPTIONS, UF_OPTIONS } from './options';

const enderecoSchema = z.object({
  cep: z.string(),
  uf: z.string().nullable(),
  municipio: z.string(),
  municipio_ibge: z.string(),
  tipo_logradouro: z.string(),
  logradouro: z.string(),
  numero: z.string(),
  bairro: z.string(),
  ponto_referencia: z.string(),
});
const schema = z.object({ endereco: enderecoSchema });
const empty = {
  cep: '',
  uf: null,
  municipio: '',
  municipio_ibge: '',
  tipo_logradouro: '',
  logradouro: '',
  numero: '',
  bairro: '',
  ponto_referencia: '',
};

const renderEndereco = () =>
  renderForm(schema, { endereco: empty }, (control) => (
    <AddressFields control={control} prefix="endereco" required={['cep', 'logradouro']} />
  ));

/** The CEP service's answer for 01310-100. */
const PAULISTA = {
  cep: '01310100',
  uf: 'SP',
  municipio: 'SÃO PAULO',
  municipio_ibge: '3550308',
  tipo_logradouro: '008',
  logradouro: 'PAULISTA',
  bairro: 'BELA VISTA',
};

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

describe('AddressFields', () => {
  it('fills the address from a complete CEP', async () => {
    const fetchMock = vi.fn(async (url: string) =>
      url.startsWith('/api/v1/enderecos/municipios')
        ? json(200, [
            { codigo_ibge: '3509502', nome: 'CAMPINAS', uf: 'SP' },
            { codigo_ibge: '3550308', nome: 'SÃO PAULO', uf: 'SP' },
          ])
        : json(200, PAULISTA),
    );
    vi.stubGlobal('fetch', fetchMock);
    const { user, salvar, submitted } = renderEndereco();
    await user.type(screen.getByLabelText('CEP'), '01310100');
    await waitFor(() => expect(screen.getByLabelText('Logradouro')).toHaveValue('PAULISTA'));
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/v1/enderecos/cep/01310100');
    expect(screen.getByLabelText('CEP')).toHaveValue('01310-100');
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Município' })).toHaveValue('SÃO PAULO'));
    expect(screen.getByLabelText('Bairro')).toHaveValue('BELA VISTA');
    expect(screen.getByRole('combobox', { name: 'Tipo de logradouro' })).toHaveValue('AVENIDA');
    expect(screen.getByRole('combobox', { name: 'UF' })).toHaveValue('SP - SÃO PAULO');
    await user.type(screen.getByLabelText('Número'), '1000');
    await salvar();
    expect(submitted()).toEqual({ endereco: { ...PAULISTA, numero: '1000', ponto_referencia: '' } });
  });

  it("says 'CEP não encontrado' on 404 and leaves the fields to the user", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(404, { message: 'Cadastro não encontrado' })),
    );
    const { user } = renderEndereco();
    await user.type(screen.getByLabelText('CEP'), '99999999');
    expect(await screen.findByText(msg.cepNaoEncontrado)).toBeInTheDocument();
    await user.type(screen.getByLabelText('Logradouro'), 'Rua Nova');
    expect(screen.getByLabelText('Logradouro')).toHaveValue('Rua Nova');
    expect(screen.getByLabelText('Logradouro')).toBeEnabled();
  });

  it('does not look up an incomplete CEP', async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    const { user } = renderEndereco();
    await user.type(screen.getByLabelText('CEP'), '0131');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('marks the required parts with the asterisk', () => {
    renderEndereco();
    expect(screen.getByLabelText('CEP')).toHaveAttribute('aria-required', 'true');
    expect(screen.getByLabelText('Logradouro')).toHaveAttribute('aria-required', 'true');
    expect(screen.getByLabelText('Bairro')).not.toHaveAttribute('aria-required');
  });

  it('picks a municipality of the chosen state from the IBGE list', async () => {
    const fetchMock = vi.fn(async (_url: string) =>
      json(200, [{ codigo_ibge: '3509502', nome: 'CAMPINAS', uf: 'SP' }]),
    );
    vi.stubGlobal('fetch', fetchMock);
    const { user, salvar, submitted } = renderEndereco();
    expect(screen.getByRole('combobox', { name: 'Município' })).toBeDisabled();
    await user.click(screen.getByRole('combobox', { name: 'UF' }));
    await user.click(await screen.findByRole('option', { name: 'SP - SÃO PAULO' }));
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Município' })).toBeEnabled());
    await user.click(screen.getByRole('combobox', { name: 'Município' }));
    await user.click(await screen.findByRole('option', { name: 'CAMPINAS' }));
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/v1/enderecos/municipios?uf=SP&limit=1000');
    await user.type(screen.getByLabelText('CEP'), '13010');
    await user.type(screen.getByLabelText('Logradouro'), 'X');
    await salvar();
    expect(submitted()).toMatchObject({ endereco: { uf: 'SP', municipio: 'CAMPINAS', municipio_ibge: '3509502' } });
  });

  it('offers the 27 federative units and the e-SUS street types', () => {
    expect(UF_OPTIONS).toHaveLength(27);
    expect(new Set(UF_OPTIONS.map((u) => u.value)).size).toBe(27);
    expect(TIPO_LOGRADOURO_OPTIONS).toContainEqual({ value: '081', label: 'RUA' });
  });
});
