import { render, screen } from '@testing-library/react';
import { Component, type ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FirstUseSlot, lazyOnFirstUse } from './firstUse';

// The route's error screen, standing in for the router's boundary: it must never see a failed first-use load.
class Outer extends Component<{ children: ReactNode }, { erro: boolean }> {
  override state = { erro: false };
  static getDerivedStateFromError() {
    return { erro: true };
  }
  override render() {
    return this.state.erro ? <p>tela de erro</p> : this.props.children;
  }
}

function Menu({ retry }: { retry: number }) {
  return (
    <Outer>
      <button type="button">Atenção primária</button>
      <FirstUseSlot fallback={<span>simples</span>} retry={retry}>
        <Real nome="real" />
      </FirstUseSlot>
    </Outer>
  );
}

let online = false;
const load = vi.fn(() =>
  online
    ? Promise.resolve({ default: ({ nome }: { nome: string }) => <span>{nome}</span> })
    : Promise.reject(new TypeError('Failed to fetch dynamically imported module')),
);
const Real = lazyOnFirstUse(load);

afterEach(() => vi.restoreAllMocks());

describe('a part loaded on first use (the shell’s menus and tooltips)', () => {
  it('whose code cannot come shows its plain stand-in, keeps the screen, and loads on the next use', async () => {
    // React reports the caught error on the console; the test is about what stays on screen.
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { rerender } = render(<Menu retry={1} />);
    expect(await screen.findByText('simples')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Atenção primária' })).toBeInTheDocument();
    expect(screen.queryByText('tela de erro')).not.toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(1);

    // Same use, nothing new: no new fetch.
    rerender(<Menu retry={1} />);
    expect(screen.getByText('simples')).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(1);

    // Back online, a new use fetches again: React's lazy would keep the failure for good.
    online = true;
    // A new use: the trigger's intent preloads (useFirstUse), then the slot draws the part again.
    void Real.preload();
    rerender(<Menu retry={2} />);
    expect(await screen.findByText('real')).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(2);
    await expect(Real.preload()).resolves.toBeDefined();
    expect(load).toHaveBeenCalledTimes(2);
  });
});
