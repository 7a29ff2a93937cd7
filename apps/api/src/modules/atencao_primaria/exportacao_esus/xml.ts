// A small XML writer for the LEDI export: elements in the order the XSD sequences ask, text escaped, nothing held
// but the one record being written (no DOM: a year of a large town is a million records).

// Characters XML 1.0 cannot carry at all (NUL and the other C0 controls but tab, LF, CR; lone surrogates; FFFE/FFFF).
// The pre-export check reports them (validacao.ts); the writer drops them so a file is never malformed.
const INVALIDOS =
  // eslint-disable-next-line no-control-regex
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };

export const temCaractereInvalido = (s: string): boolean => new RegExp(INVALIDOS.source).test(s);

export function escapar(s: string): string {
  return s.replace(INVALIDOS, '').replace(/[&<>"']/g, (c) => ESCAPES[c] as string);
}

export type Valor = string | number | boolean | null | undefined;

/** Numbers as the XSD types read them: integers plain, doubles with a dot (never exponent for our ranges). */
function texto(v: string | number | boolean): string {
  if (typeof v === 'number') {
    if (!Number.isFinite(v)) throw new Error('número inválido no XML');
    return String(v);
  }
  return String(v);
}

export class XmlWriter {
  private readonly parts: string[] = [];

  raw(s: string): this {
    this.parts.push(s);
    return this;
  }

  open(nome: string, attrs?: Record<string, string>): this {
    const a = attrs ? Object.entries(attrs).map(([k, v]) => ` ${k}="${escapar(v)}"`) : [];
    this.parts.push(`<${nome}${a.join('')}>`);
    return this;
  }

  close(nome: string): this {
    this.parts.push(`</${nome}>`);
    return this;
  }

  /** An optional element: null, undefined and '' leave it out (the XSD's minOccurs="0"). */
  el(nome: string, v: Valor): this {
    if (v === null || v === undefined || v === '') return this;
    this.parts.push(`<${nome}>${escapar(texto(v))}</${nome}>`);
    return this;
  }

  /** A repeated element (maxOccurs="unbounded"), one per value. */
  list(nome: string, vs: readonly Valor[] | null | undefined): this {
    for (const v of vs ?? []) this.el(nome, v);
    return this;
  }

  /** A block written only when `corpo` wrote something, so an unanswered block is absent, not empty. */
  bloco(nome: string, corpo: (w: XmlWriter) => void): this {
    const inicio = this.parts.length;
    this.open(nome);
    const depois = this.parts.length;
    corpo(this);
    if (this.parts.length === depois) this.parts.length = inicio;
    else this.close(nome);
    return this;
  }

  toString(): string {
    return this.parts.join('');
  }
}
