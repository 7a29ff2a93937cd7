import { hrefSeguro, TAGS_DESCARTADAS, TAGS_TERMO } from './schemas/termo_uso';
import { parseFragment } from 'parse5';

// The terms' rich text is stored only as the allow-list's HTML (docs/decisions.md "Terms of use"). parse5 reads the
// input as a browser would (so a broken tag cannot hide an attribute), and the output is written here from the tree:
// allowed elements with no attribute but an http(s) href on <a>, text escaped, every other element unwrapped to its
// content, and script-like ones dropped with it. Comments go.
// One sanitiser for the API (what is stored) and the web (the editor's preview, every version drawn): parse5 is plain
// JavaScript, so typed HTML never meets a browser parser, where even an inert document's <img onerror> makes Chromium
// try the handler (issue 39).

type Node = {
  nodeName: string;
  value?: string;
  attrs?: Array<{ name: string; value: string }>;
  childNodes?: Node[];
  content?: Node;
};

const permitidas = new Set<string>(TAGS_TERMO);
const descartadas = new Set<string>(TAGS_DESCARTADAS);

const escapar = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const escaparAtributo = (s: string) => escapar(s).replace(/"/g, '&quot;');

function escrever(nodes: Node[] | undefined): string {
  let out = '';
  for (const n of nodes ?? []) {
    if (n.nodeName === '#text') out += escapar(n.value ?? '');
    else if (n.nodeName.startsWith('#')) continue;
    else if (descartadas.has(n.nodeName)) continue;
    else if (!permitidas.has(n.nodeName)) out += escrever(n.childNodes);
    else if (n.nodeName === 'br') out += '<br>';
    else if (n.nodeName === 'a') {
      const href = n.attrs?.find((a) => a.name === 'href')?.value;
      const filhos = escrever(n.childNodes);
      out +=
        href && hrefSeguro(href)
          ? `<a href="${escaparAtributo(href.trim())}" target="_blank" rel="noopener noreferrer">${filhos}</a>`
          : filhos;
    } else out += `<${n.nodeName}>${escrever(n.childNodes)}</${n.nodeName}>`;
  }
  return out;
}

/** The allow-list's HTML of `html`. */
export function sanitizarHtml(html: string): string {
  return escrever((parseFragment(html) as unknown as Node).childNodes).trim();
}

/** The visible text of sanitised HTML: a version whose text is only tags is blank. */
export const textoVisivel = (html: string) =>
  html
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;|\u00a0/g, ' ')
    .trim();
