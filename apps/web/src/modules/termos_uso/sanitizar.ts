// The terms' HTML is rendered only through this: the browser's own parser reads it (inert: DOMParser runs no script
// and loads nothing), and a fresh tree is built from the allow-list shared with the API (which stores nothing else).
// Defence in depth: the server already sanitised it.
import { hrefSeguro, TAGS_DESCARTADAS, TAGS_TERMO } from '@saude/shared/schemas/termo_uso';

const permitidas = new Set<string>(TAGS_TERMO);
const descartadas = new Set<string>(TAGS_DESCARTADAS);

function copiar(origem: Node, destino: Node, doc: Document) {
  for (const n of Array.from(origem.childNodes)) {
    if (n.nodeType === Node.TEXT_NODE) destino.appendChild(doc.createTextNode(n.textContent ?? ''));
    if (n.nodeType !== Node.ELEMENT_NODE) continue;
    const tag = (n as Element).tagName.toLowerCase();
    if (descartadas.has(tag)) continue;
    if (!permitidas.has(tag)) {
      copiar(n, destino, doc);
      continue;
    }
    if (tag === 'a') {
      const href = (n as Element).getAttribute('href');
      if (!href || !hrefSeguro(href)) {
        copiar(n, destino, doc);
        continue;
      }
      const a = doc.createElement('a');
      a.setAttribute('href', href.trim());
      a.setAttribute('target', '_blank');
      a.setAttribute('rel', 'noopener noreferrer');
      copiar(n, a, doc);
      destino.appendChild(a);
      continue;
    }
    const el = doc.createElement(tag);
    copiar(n, el, doc);
    destino.appendChild(el);
  }
}

/** The allow-list's HTML of `html`, for dangerouslySetInnerHTML. */
export function sanitizarHtml(html: string): string {
  const origem = new DOMParser().parseFromString(`<body>${html}</body>`, 'text/html');
  const doc = document.implementation.createHTMLDocument('');
  const raiz = doc.createElement('div');
  copiar(origem.body, raiz, doc);
  return raiz.innerHTML;
}
