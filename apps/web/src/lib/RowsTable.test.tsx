import { Table } from '@mantine/core';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../test/render';
import { RowsTable } from './RowsTable';

describe('RowsTable', () => {
  it('names the table, heads its columns (with their props) and the hidden "Ações" column, then its rows', () => {
    renderWithProviders(
      <RowsTable label="Lotações" minWidth={640} columns={['Unidade', { label: 'Aceites', ta: 'right' }]} acoes>
        <Table.Tr>
          <Table.Td>UBS Centro</Table.Td>
          <Table.Td>3</Table.Td>
          <Table.Td>
            <button type="button">Editar</button>
          </Table.Td>
        </Table.Tr>
      </RowsTable>,
    );
    const tabela = screen.getByRole('table', { name: 'Lotações' });
    const cabecalhos = within(tabela).getAllByRole('columnheader');
    expect(cabecalhos.map((c) => c.textContent)).toEqual(['Unidade', 'Aceites', 'Ações']);
    expect(cabecalhos[1]).toHaveStyle({ textAlign: 'right' });
    expect(within(tabela).getByRole('cell', { name: 'UBS Centro' })).toBeInTheDocument();
  });

  it('has no actions column unless its rows have buttons', () => {
    renderWithProviders(
      <RowsTable label="Digitais" minWidth={0} columns={['Dedo']}>
        <Table.Tr>
          <Table.Td>Polegar direito</Table.Td>
        </Table.Tr>
      </RowsTable>,
    );
    expect(screen.getAllByRole('columnheader').map((c) => c.textContent)).toEqual(['Dedo']);
  });
});
