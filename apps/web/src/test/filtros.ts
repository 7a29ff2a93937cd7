import { screen, waitFor } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { expect } from 'vitest';

/**
 * Opens a list's select filter as a person does: the pointer reaches it first, which loads the real select in the
 * light stand-in's place (lib/list/FilterSelect), then presses the field that is there. Pressing the stand-in while
 * it is being replaced would press an element no longer on the page (a flaky test on a busy machine).
 */
export async function abrirFiltro(user: UserEvent, nome: string) {
  await user.hover(await screen.findByRole('combobox', { name: nome }));
  await waitFor(() => expect(screen.getByRole('combobox', { name: nome })).not.toHaveAttribute('data-stand-in'));
  await user.click(screen.getByRole('combobox', { name: nome }));
}
