import type { CopiaMunicipe } from '@saude/shared/schemas/municipe_lgpd';
import { formatDateTime } from '@saude/shared/validation/dates';
import { PDFDocument, rgb, StandardFonts, type PDFFont, type PDFPage } from 'pdf-lib';
import { desenhavel, numerarPaginas, quebrarLinhas } from '../../lib/pdf';

// The citizen's copy as a PDF (issue 46): A4 portrait, to print or hand over. A heading per section in the order of
// SECOES_COPIA, one block per record, "Rótulo: valor" lines wrapped to the page; an empty section says so, so the
// reader knows it was looked at. Standard Helvetica (WinAnsi), as the other PDFs: no font file to ship.

const A4 = { w: 595.28, h: 841.89 };
const MARGEM = 40;
const LARGURA = A4.w - 2 * MARGEM;
const CORPO = 9;
const LINHA = 12;
const CINZA = rgb(0.35, 0.35, 0.35);
const PRETO = rgb(0, 0, 0);
const AZUL = rgb(0.1, 0.25, 0.5);

class Escrita {
  page!: PDFPage;
  y = 0;
  constructor(
    private doc: PDFDocument,
    private font: PDFFont,
    private negrito: PDFFont,
  ) {
    this.novaPagina();
  }

  novaPagina() {
    this.page = this.doc.addPage([A4.w, A4.h]);
    this.y = A4.h - MARGEM;
  }

  /** Room for `altura` more points on this page, else a new one. */
  espaco(altura: number) {
    if (this.y - altura < MARGEM + 10) this.novaPagina();
  }

  linhas(texto: string, opts: { size?: number; bold?: boolean; color?: ReturnType<typeof rgb>; recuo?: number } = {}) {
    const size = opts.size ?? CORPO;
    const f = opts.bold ? this.negrito : this.font;
    const recuo = opts.recuo ?? 0;
    const altura = size + 3;
    for (const l of quebrarLinhas(f, texto, size, LARGURA - recuo)) {
      this.espaco(altura);
      this.page.drawText(l, { x: MARGEM + recuo, y: this.y - size, size, font: f, color: opts.color ?? PRETO });
      this.y -= altura;
    }
  }

  /** "Rótulo: valor", the label in bold, the value wrapped under the same indent. */
  item(rotulo: string, valor: string) {
    const r = `${desenhavel(this.negrito, rotulo)}: `;
    const largRotulo = this.negrito.widthOfTextAtSize(r, CORPO);
    if (largRotulo > LARGURA / 2) {
      this.linhas(rotulo, { bold: true, recuo: 10 });
      this.linhas(valor, { recuo: 20 });
      return;
    }
    const primeiras = quebrarLinhas(this.font, valor, CORPO, LARGURA - 10 - largRotulo);
    const [primeira = '', ...resto] = primeiras;
    this.espaco(LINHA);
    this.page.drawText(r, { x: MARGEM + 10, y: this.y - CORPO, size: CORPO, font: this.negrito, color: PRETO });
    this.page.drawText(primeira, {
      x: MARGEM + 10 + largRotulo,
      y: this.y - CORPO,
      size: CORPO,
      font: this.font,
      color: PRETO,
    });
    this.y -= LINHA;
    if (resto.length > 0) this.linhas(resto.join(' '), { recuo: 10 + largRotulo });
  }
}

export async function copiaPdf(copia: CopiaMunicipe): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle(`Cópia dos dados pessoais — ${copia.titular}`);
  doc.setProducer('Saúde Municipal');
  doc.setCreator('Saúde Municipal');
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const negrito = await doc.embedFont(StandardFonts.HelveticaBold);
  const e = new Escrita(doc, font, negrito);
  e.linhas(`Cópia dos dados pessoais — ${copia.titular}`, { size: 15, bold: true });
  e.y -= 4;
  e.linhas(
    `Tudo o que o sistema Saúde Municipal${copia.controlador ? ` de ${copia.controlador}` : ''} guarda sobre esta pessoa, ` +
      'conforme a Lei Geral de Proteção de Dados (Lei 13.709/2018, art. 18 e 19). Os códigos estão escritos por extenso.',
    { color: CINZA },
  );
  e.linhas(`Emitida em ${formatDateTime(copia.emitida_em)} por ${copia.emitida_por}.`, { color: CINZA });
  e.linhas(
    `Guarda: os registros de quem acessou estes dados ficam disponíveis por ${copia.guarda.auditoria_meses} meses; ` +
      `após o óbito, o cadastro e os registros de saúde são mantidos por ${copia.guarda.obito_anos} anos ` +
      '(Resolução CFM 1.821/2007 e Lei 13.787/2018).',
    { color: CINZA },
  );
  for (const secao of copia.secoes) {
    e.y -= 8;
    e.espaco(40);
    e.linhas(secao.titulo, { size: 12, bold: true, color: AZUL });
    e.page.drawLine({
      start: { x: MARGEM, y: e.y + 1 },
      end: { x: A4.w - MARGEM, y: e.y + 1 },
      thickness: 0.5,
      color: CINZA,
    });
    e.y -= 4;
    if (secao.registros.length === 0) {
      e.linhas(secao.vazio, { color: CINZA, recuo: 10 });
      continue;
    }
    for (const r of secao.registros) {
      e.y -= 2;
      e.espaco(30);
      e.linhas(r.titulo, { bold: true, size: 10 });
      for (const i of r.itens) e.item(i.rotulo, i.valor);
    }
  }
  numerarPaginas(doc, font, MARGEM);
  return doc.save();
}
