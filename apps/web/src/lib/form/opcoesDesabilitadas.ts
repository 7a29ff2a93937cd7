// Mantine marks a disabled option of a select only with data-combobox-disabled (a style hook): assistive technology
// reads it as choosable (issue 39). Every combobox option the app shows gets aria-disabled as well, wherever it comes
// from (SelectField, SearchSelect, a module's own Select), while it is disabled.
const SELETOR = '[data-combobox-disabled]';

function marcar(raiz: ParentNode) {
  for (const el of raiz.querySelectorAll(`${SELETOR}:not([aria-disabled])`)) el.setAttribute('aria-disabled', 'true');
}

/** Starts watching the document; answers the function that stops it. */
export function marcarOpcoesDesabilitadas(doc: Document = document): () => void {
  marcar(doc);
  const obs = new MutationObserver((mudancas) => {
    for (const m of mudancas) {
      const el = m.target as Element;
      if (m.type === 'attributes') {
        // An option enabled again loses the mark; one disabled gains it.
        if (el.hasAttribute('data-combobox-disabled')) el.setAttribute('aria-disabled', 'true');
        else if (el.getAttribute('role') === 'option') el.removeAttribute('aria-disabled');
      } else {
        for (const n of m.addedNodes)
          if (n instanceof Element) {
            if (n.matches(SELETOR)) n.setAttribute('aria-disabled', 'true');
            marcar(n);
          }
      }
    }
  });
  obs.observe(doc.body, {
    subtree: true,
    childList: true,
    attributes: true,
    attributeFilter: ['data-combobox-disabled'],
  });
  return () => obs.disconnect();
}
