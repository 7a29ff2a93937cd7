import { afterEach, describe, expect, it } from 'vitest';
import { marcarOpcoesDesabilitadas } from './opcoesDesabilitadas';

// Issue 39: a disabled option of a select says so (aria-disabled), not only by its style hook.
describe('disabled select options', () => {
  let parar = () => {};
  afterEach(() => {
    parar();
    document.body.innerHTML = '';
  });
  const flush = () => new Promise((r) => setTimeout(r, 0));

  it('marks options disabled when shown, and follows them when they change', async () => {
    document.body.innerHTML = '<div role="option" data-combobox-disabled="true" id="a">A</div>';
    parar = marcarOpcoesDesabilitadas();
    expect(document.getElementById('a')!.getAttribute('aria-disabled')).toBe('true');
    const lista = document.createElement('div');
    lista.innerHTML =
      '<div role="option" id="b">B</div><div role="option" data-combobox-disabled="true" id="c">C</div>';
    document.body.append(lista);
    await flush();
    expect(document.getElementById('b')!.hasAttribute('aria-disabled')).toBe(false);
    expect(document.getElementById('c')!.getAttribute('aria-disabled')).toBe('true');
    document.getElementById('c')!.removeAttribute('data-combobox-disabled');
    document.getElementById('b')!.setAttribute('data-combobox-disabled', 'true');
    await flush();
    expect(document.getElementById('c')!.hasAttribute('aria-disabled')).toBe(false);
    expect(document.getElementById('b')!.getAttribute('aria-disabled')).toBe('true');
  });
});
