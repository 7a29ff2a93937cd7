import { Menu } from '@mantine/core';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { expect, it } from 'vitest';
import { renderWithProviders } from '../test/render';
import { FirstUseMenu } from './FirstUseMenu';

it('Escape on the button closes a menu the dropdown has not taken the focus of yet', async () => {
  renderWithProviders(
    <FirstUseMenu
      use={{ opened: true, focused: true }}
      label="Conta"
      target={(ref) => (
        <button ref={ref} type="button">
          Conta
        </button>
      )}
    >
      <Menu.Item>Minha conta</Menu.Item>
    </FirstUseMenu>,
  );
  expect(await screen.findByRole('menuitem', { name: 'Minha conta' })).toBeInTheDocument();
  fireEvent.keyDown(screen.getByRole('button', { name: 'Conta' }), { key: 'Escape' });
  await waitFor(() => expect(screen.queryByRole('menuitem', { name: 'Minha conta' })).toBeNull());
});
