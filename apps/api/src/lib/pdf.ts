import type { PDFFont } from 'pdf-lib';

/** Text pdf-lib's standard fonts can draw (WinAnsi): other characters become '?', never an exception. */
export function desenhavel(font: PDFFont, texto: string): string {
  let out = '';
  for (const ch of texto.normalize('NFC').replace(/[\r\n\t]+/g, ' ')) {
    try {
      font.encodeText(ch);
      out += ch;
    } catch {
      out += '?';
    }
  }
  return out;
}
