import { parteTexto, type AcessoMunicipe } from '@saude/shared/schemas/municipe_acessos';
import { acaoTexto, recursoTexto } from '@saude/shared/schemas/auditoria';
import { formatDateTime, isoToBr } from '@saude/shared/validation/dates';
import { PDFDocument, rgb, StandardFonts, type PDFFont, type PDFPage } from 'pdf-lib';
import type { Ctx } from '../../access/context';
import { desenhavel, numerarPaginas } from '../../lib/pdf';
import { todos, type AcessosFiltros } from './acessos_municipe';

// "Quem acessou" as a PDF (issue 46): the answer to the citizen's request, to print or hand over. A4 landscape, one
// line an access, the columns of the screen; the header says whose, which period and which filters, every page.

const PAGINA = { w: 841.89, h: 595.28 };
const MARGEM = 36;
const CORPO = 8;
const LINHA = 13;
const CINZA = rgb(0.35, 0.35, 0.35);
const PRETO = rgb(0, 0, 0);

const COLUNAS: Array<{ titulo: string; largura: number; valor: (a: AcessoMunicipe) => string }> = [
  { titulo: 'Data e hora', largura: 74, valor: (a) => formatDateTime(a.created_at) ?? '' },
  { titulo: 'Profissional', largura: 150, valor: (a) => a.profissional_nome ?? 'Sem sessão' },
  { titulo: 'Perfil', largura: 100, valor: (a) => a.perfil_nome ?? '' },
  { titulo: 'Unidade', largura: 130, valor: (a) => a.unidade_nome ?? '' },
  { titulo: 'Tipo', largura: 50, valor: (a) => (a.tipo === 'leitura' ? 'Consulta' : 'Alteração') },
  { titulo: 'Parte', largura: 120, valor: (a) => parteTexto(a.parte) },
  { titulo: 'Acesso', largura: 146, valor: (a) => `${acaoTexto(a.action)} · ${recursoTexto(a.resource)}` },
];

/** The text cut to the column, with an ellipsis: one line an access keeps the file readable as a list. */
function caber(font: PDFFont, texto: string, largura: number): string {
  let t = desenhavel(font, texto);
  if (font.widthOfTextAtSize(t, CORPO) <= largura) return t;
  while (t.length > 0 && font.widthOfTextAtSize(`${t}…`, CORPO) > largura) t = t.slice(0, -1);
  return `${t}…`;
}

type Cabecalho = { titular: string; periodo: string; filtros: string; emitido: string };

function novaPagina(doc: PDFDocument, font: PDFFont, negrito: PDFFont, c: Cabecalho): { page: PDFPage; y: number } {
  const page = doc.addPage([PAGINA.w, PAGINA.h]);
  let y = PAGINA.h - MARGEM;
  const texto = (t: string, x: number, size: number, f = font, color = PRETO) =>
    page.drawText(desenhavel(f, t), { x, y, size, font: f, color });
  texto(`Quem acessou — ${c.titular}`, MARGEM, 13, negrito);
  y -= 16;
  texto(`Período: ${c.periodo}${c.filtros ? ` · ${c.filtros}` : ''}`, MARGEM, 9, font, CINZA);
  y -= 12;
  texto(c.emitido, MARGEM, 9, font, CINZA);
  y -= 20;
  let x = MARGEM;
  for (const col of COLUNAS) {
    texto(col.titulo, x, CORPO, negrito);
    x += col.largura;
  }
  y -= 4;
  page.drawLine({ start: { x: MARGEM, y }, end: { x: PAGINA.w - MARGEM, y }, thickness: 0.6, color: CINZA });
  return { page, y: y - LINHA + 2 };
}

/** The period's accesses of one citizen as PDF bytes; the reading is audited as the CSV's (formato 'pdf'). */
export async function acessosPdf(ctx: Ctx, id: string, query: AcessosFiltros): Promise<Uint8Array> {
  const { titular, rows } = await todos(ctx, id, query, 'pdf');
  const doc = await PDFDocument.create();
  doc.setTitle(`Quem acessou — ${titular}`);
  doc.setProducer('Saúde Municipal');
  doc.setCreator('Saúde Municipal');
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const negrito = await doc.embedFont(StandardFonts.HelveticaBold);
  const filtros = [
    query.profissional ? `Profissional: ${query.profissional}` : '',
    query.parte ? `Parte: ${parteTexto(query.parte)}` : '',
  ].filter(Boolean);
  const c: Cabecalho = {
    titular,
    periodo: `${isoToBr(query.de)} a ${isoToBr(query.ate)}`,
    filtros: filtros.join(' · '),
    emitido: `Emitido em ${formatDateTime(new Date())} por ${ctx.usuario?.nome ?? ''} · ${rows.length} ${rows.length === 1 ? 'acesso' : 'acessos'}`,
  };
  let { page, y } = novaPagina(doc, font, negrito, c);
  if (rows.length === 0) page.drawText('Nenhum acesso neste período.', { x: MARGEM, y, size: 10, font });
  for (const a of rows) {
    if (y < MARGEM + LINHA) ({ page, y } = novaPagina(doc, font, negrito, c));
    let x = MARGEM;
    for (const col of COLUNAS) {
      page.drawText(caber(font, col.valor(a), col.largura - 6), { x, y, size: CORPO, font, color: PRETO });
      x += col.largura;
    }
    y -= LINHA;
  }
  numerarPaginas(doc, font, MARGEM);
  return doc.save();
}
