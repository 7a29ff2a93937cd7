import { rgb, type PDFDocument, type PDFFont } from 'pdf-lib';

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

/** `texto` broken into lines no wider than `largura` at `size` (words longer than a line are cut). */
export function quebrarLinhas(font: PDFFont, texto: string, size: number, largura: number): string[] {
  const linhas: string[] = [];
  let atual = '';
  for (const palavra of desenhavel(font, texto).split(' ')) {
    const tentativa = atual ? `${atual} ${palavra}` : palavra;
    if (font.widthOfTextAtSize(tentativa, size) <= largura) {
      atual = tentativa;
      continue;
    }
    if (atual) linhas.push(atual);
    let resto = palavra;
    while (font.widthOfTextAtSize(resto, size) > largura && resto.length > 1) {
      let corte = resto.length - 1;
      while (corte > 1 && font.widthOfTextAtSize(resto.slice(0, corte), size) > largura) corte--;
      linhas.push(resto.slice(0, corte));
      resto = resto.slice(corte);
    }
    atual = resto;
  }
  if (atual) linhas.push(atual);
  return linhas;
}

/** "Saúde Municipal · página i de n" at the foot of every page, once the document is whole. */
export function numerarPaginas(doc: PDFDocument, font: PDFFont, margem: number): void {
  const paginas = doc.getPages();
  paginas.forEach((p, i) =>
    p.drawText(`Saúde Municipal · página ${i + 1} de ${paginas.length}`, {
      x: margem,
      y: margem / 2,
      size: 8,
      font,
      color: rgb(0.35, 0.35, 0.35),
    }),
  );
}
