// Issue 41: the toast container is not part of the first load; the first toast brings it, and it shows that toast.
import { MantineProvider } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ToastsSobDemanda } from './toastsSobDemanda';

describe('the toast container on demand', () => {
  afterEach(() => notifications.clean());

  it('renders nothing until a toast is shown, then shows it in its region', async () => {
    render(
      <MantineProvider env="test">
        <ToastsSobDemanda />
      </MantineProvider>,
    );
    expect(screen.queryByRole('region', { name: 'Notificações do sistema' })).not.toBeInTheDocument();
    act(() => void notifications.show({ title: 'Sucesso', message: 'Família foi salva com sucesso' }));
    expect(await screen.findByText('Família foi salva com sucesso')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Notificações do sistema' })).toContainElement(
      screen.getByText('Família foi salva com sucesso'),
    );
  });
});
