import { descricaoDe } from '@saude/shared/codes';
import { cursoMaisElevado } from '@saude/shared/codes/curso_mais_elevado';
import { findBy } from '@saude/shared/codes/lookup';
import { municipio } from '@saude/shared/codes/municipio';
import { racaCor } from '@saude/shared/codes/raca_cor';
import { tipoLogradouro } from '@saude/shared/codes/tipo_logradouro';
import {
  COMORBIDADES,
  ROTULOS_SITUACAO_NOTIFICACAO,
  type CampoComorbidade,
} from '@saude/shared/schemas/notificacao_compulsoria';
import { ageParts, formatDateTime, isoToBr, plural } from '@saude/shared/validation/dates';
import { and, asc, eq } from 'drizzle-orm';
import { PDFDocument, rgb, StandardFonts, type PDFFont, type PDFPage } from 'pdf-lib';
import { auditedRead } from '../../access/audit';
import type { Ctx } from '../../access/context';
import type { DbOrTx } from '../../db/client';
import { lotacoes, municipeCondicoesSaude, municipeSociodemograficas, unidadesSaude } from '../../db/schema';
import { ocupacaoNome } from '../../lib/ocupacoes';
import { desenhavel } from '../../lib/pdf';
import { blocosEmCuidado } from '../municipes';
import {
  enderecoDe,
  escopoDe,
  findInScope,
  municipeDe,
  notificacaoNaoEncontrada,
  RESOURCE,
  unscopedLoad,
  type NotificacaoLida,
  type MunicipeComCasa,
} from './queries';

// GET …/{notificacaoId}/ficha.pdf (issue 18): the SINAN "Ficha Individual de Notificação", laid out with SINAN's own
// field numbers (1–30) so that surveillance can type it into SINAN or attach it, then the case data this system holds
// and the notifier. A numbered field we hold no value for is an empty box, as on the paper form; our own free-text
// boxes (informações complementares, observações) are printed only when written. Coded fields carry SINAN's code
// where ours maps onto it (sexo, gestante, raça/cor, zona). Fields 4 and 5 are the installation's municipality
// (ESUS_MUNICIPIO_IBGE): every unit of this system is in it. Drawn with pdf-lib's standard Helvetica (WinAnsi): no
// font file to ship. Gestante and escolaridade come from the citizen's health blocks only when the user may see them
// (municipes/cuidado.ts); otherwise their boxes stay empty. Differences from the official form: docs/decisions.md.

const A4 = { w: 595.28, h: 841.89 };
const MARGEM = 28;
const LARGURA = A4.w - 2 * MARGEM;
const LINHA = 26;
const CINZA = rgb(0.35, 0.35, 0.35);
const PRETO = rgb(0, 0, 0);

/** What the form prints, read in one go (and audited as one read). */
type Dados = {
  n: NotificacaoLida;
  m: MunicipeComCasa;
  unidadeCnes: string;
  funcao: string | null;
  escolaridade: number | null;
  gestante: boolean | null;
};

async function ler(db: DbOrTx, ctx: Ctx, municipeId: string, id: string): Promise<Dados> {
  const atual = await findInScope(db, escopoDe(ctx), municipeId, id);
  if (!atual) throw notificacaoNaoEncontrada();
  const n = (await unscopedLoad(db, id))!;
  const m = (await municipeDe(db, municipeId))!;
  const [u] = await db
    .select({ cnes: unidadesSaude.cnes })
    .from(unidadesSaude)
    .where(eq(unidadesSaude.id, n.unidade_saude_id));
  const [l] = await db
    .select({ cbo: lotacoes.ocupacao_codigo })
    .from(lotacoes)
    .where(and(eq(lotacoes.profissional_id, n.profissional_id), eq(lotacoes.unidade_saude_id, n.unidade_saude_id)))
    .orderBy(asc(lotacoes.id))
    .limit(1);
  const blocos = await blocosEmCuidado(db, ctx, municipeId);
  let escolaridade: number | null = null;
  let gestante: boolean | null = null;
  if (blocos?.sociodemograficas) {
    const [s] = await db
      .select({ dados: municipeSociodemograficas.dados })
      .from(municipeSociodemograficas)
      .where(eq(municipeSociodemograficas.municipe_id, municipeId));
    escolaridade = s?.dados.curso_mais_elevado_id ?? null;
  }
  if (blocos?.condicoes_saude) {
    const [c] = await db
      .select({ dados: municipeCondicoesSaude.dados })
      .from(municipeCondicoesSaude)
      .where(eq(municipeCondicoesSaude.municipe_id, municipeId));
    gestante = c ? c.dados.gestante : null;
  }
  return {
    n,
    m,
    unidadeCnes: u?.cnes ?? '',
    funcao: l ? ocupacaoNome(l.cbo) : null,
    escolaridade,
    gestante,
  };
}

class Ficha {
  private y = A4.h - MARGEM;
  private page: PDFPage;

  constructor(
    private readonly doc: PDFDocument,
    private readonly font: PDFFont,
    private readonly negrito: PDFFont,
  ) {
    this.page = doc.addPage([A4.w, A4.h]);
  }

  private precisa(altura: number) {
    if (this.y - altura < MARGEM) {
      this.page = this.doc.addPage([A4.w, A4.h]);
      this.y = A4.h - MARGEM;
    }
  }

  /** The text cut to fit `largura` at `tamanho` (shrinking to 6 pt first). */
  private caber(texto: string, largura: number, tamanho: number): { t: string; s: number } {
    let s = tamanho;
    const t = desenhavel(this.font, texto);
    while (s > 6 && this.font.widthOfTextAtSize(t, s) > largura) s -= 0.5;
    if (this.font.widthOfTextAtSize(t, s) <= largura) return { t, s };
    let cut = t;
    while (cut.length > 1 && this.font.widthOfTextAtSize(`${cut}…`, s) > largura) cut = cut.slice(0, -1);
    return { t: `${cut}…`, s };
  }

  titulo(texto: string, sub?: string) {
    this.precisa(40);
    this.page.drawText(desenhavel(this.negrito, texto), { x: MARGEM, y: this.y - 14, size: 13, font: this.negrito });
    if (sub)
      this.page.drawText(desenhavel(this.font, sub), {
        x: MARGEM,
        y: this.y - 27,
        size: 8,
        font: this.font,
        color: CINZA,
      });
    this.y -= sub ? 34 : 20;
  }

  secao(texto: string) {
    this.precisa(16 + LINHA);
    this.page.drawRectangle({ x: MARGEM, y: this.y - 14, width: LARGURA, height: 14, color: rgb(0.88, 0.88, 0.88) });
    this.page.drawText(desenhavel(this.negrito, texto), {
      x: MARGEM + 4,
      y: this.y - 10.5,
      size: 8.5,
      font: this.negrito,
    });
    this.y -= 14;
  }

  /**
   * A row of boxes: [number, label, value, width share]. The number is SINAN's (blank for the boxes we add); a
   * value null or '' leaves the box empty.
   */
  linha(caixas: Array<[string, string, string | null | undefined, number]>, altura = LINHA) {
    this.precisa(altura);
    const total = caixas.reduce((s, c) => s + c[3], 0);
    let x = MARGEM;
    for (const [num, rotulo, valor, peso] of caixas) {
      const w = (LARGURA * peso) / total;
      this.page.drawRectangle({
        x,
        y: this.y - altura,
        width: w,
        height: altura,
        borderColor: PRETO,
        borderWidth: 0.6,
      });
      const label = this.caber(num ? `${num}  ${rotulo}` : rotulo, w - 6, 6.5);
      this.page.drawText(label.t, { x: x + 3, y: this.y - 8, size: label.s, font: this.font, color: CINZA });
      if (valor) {
        if (altura > LINHA) this.paragrafo(valor, x + 3, this.y - 19, w - 6, altura - 14);
        else {
          const v = this.caber(valor, w - 6, 9.5);
          this.page.drawText(v.t, { x: x + 3, y: this.y - altura + 7, size: v.s, font: this.font });
        }
      }
      x += w;
    }
    this.y -= altura;
  }

  /** Wrapped text inside a tall box, cut with '…' when it does not fit. */
  private paragrafo(texto: string, x: number, topo: number, largura: number, altura: number) {
    const size = 8.5;
    const linhas: string[] = [];
    let atual = '';
    for (const palavra of desenhavel(this.font, texto).split(/\s+/)) {
      const tentativa = atual ? `${atual} ${palavra}` : palavra;
      if (this.font.widthOfTextAtSize(tentativa, size) <= largura) atual = tentativa;
      else {
        if (atual) linhas.push(atual);
        atual = this.caber(palavra, largura, size).t;
      }
    }
    if (atual) linhas.push(atual);
    const cabem = Math.max(1, Math.floor(altura / (size + 2)));
    const mostradas = linhas.slice(0, cabem);
    if (linhas.length > cabem) mostradas[cabem - 1] = this.caber(`${mostradas[cabem - 1]!}…`, largura, size).t;
    mostradas.forEach((l, i) => this.page.drawText(l, { x, y: topo - i * (size + 2), size, font: this.font }));
  }

  rodape(texto: string) {
    for (const [i, p] of this.doc.getPages().entries()) {
      p.drawText(desenhavel(this.font, `${texto} — página ${i + 1} de ${this.doc.getPageCount()}`), {
        x: MARGEM,
        y: 14,
        size: 6.5,
        font: this.font,
        color: CINZA,
      });
    }
  }
}

const data = (v: string | null | undefined) => (v ? (isoToBr(v) ?? v) : null);
const simNao = (v: boolean | null) => (v === null ? null : v ? 'Sim' : 'Não');

/**
 * SINAN field 10: the age at the notification, once, in SINAN's unit (whole years, else months, else days; SINAN's
 * hours need a birth time we do not hold). Printed as words ('26 anos'): the unit's code beside the number read as a
 * second age.
 */
function idadeSinan(nascimento: string, em: string): string | null {
  const p = ageParts(nascimento, em);
  if (!p) return null;
  if (p.anos > 0) return plural(p.anos, 'ano', 'anos');
  if (p.meses > 0) return plural(p.meses, 'mês', 'meses');
  return plural(p.dias, 'dia', 'dias');
}

/** SINAN field 11: M, F or I (ignorado). Our sexo codes: 0 Masculino, 1 Feminino, 4 Ignorado, 5 Indeterminado. */
const sexoSinan = (id: number | null) =>
  id === 0 ? 'M - Masculino' : id === 1 ? 'F - Feminino' : id === null ? null : 'I - Ignorado';

/** SINAN field 12: not applicable to a man; otherwise what the health block says, when the user may read it. */
function gestanteSinan(sexoId: number | null, gestante: boolean | null): string | null {
  if (sexoId === 0) return '6 - Não se aplica';
  // The health block says pregnant without the trimester: SINAN's 4.
  if (gestante === true) return '4 - Idade gestacional ignorada';
  if (gestante === false) return '5 - Não';
  return null;
}

/** SINAN field 13: e-SUS's raça/cor codes are SINAN's (1 Branca, 2 Preta, 3 Amarela, 4 Parda, 5 Indígena). */
const racaCorSinan = (id: number | null) => {
  const d = id === null ? undefined : descricaoDe(racaCor, id);
  return d ? `${id} - ${d}` : null;
};

/** SINAN field 29: e-SUS's localização (83 Urbana, 84 Rural, 205 Periurbana) in SINAN's codes 1, 2, 3. */
const ZONA_SINAN: Record<number, string> = { 83: '1 - Urbana', 84: '2 - Rural', 205: '3 - Periurbana' };

/** SINAN field 28: (DDD) and the number, split before its last four digits. */
const telefoneSinan = (t: string) => `(${t.slice(0, 2)}) ${t.slice(2, -4)}-${t.slice(-4)}`;

function desenhar(doc: PDFDocument, font: PDFFont, negrito: PDFFont, d: Dados, municipioIbge: string) {
  const { n, m } = d;
  const e = enderecoDe(m);
  const f = new Ficha(doc, font, negrito);
  const mun = e.municipio_ibge ? findBy(municipio, 'codigo_ibge', e.municipio_ibge) : undefined;
  const notificacao = findBy(municipio, 'codigo_ibge', municipioIbge);
  const telefone = m.m.telefone_celular ?? m.m.telefone_residencial ?? m.m.telefone_contato ?? e.telefone;

  f.titulo(
    'SINAN — Ficha Individual de Notificação',
    'República Federativa do Brasil · Ministério da Saúde · Sistema de Informação de Agravos de Notificação',
  );
  f.secao('Dados gerais');
  f.linha([['1', 'Tipo de notificação', '2 - Individual', 1]]);
  f.linha([
    ['2', 'Agravo/doença', n.doenca.descricao, 5],
    ['', 'Código (CID10)', n.doenca.cid10_referencia, 1.3],
    ['3', 'Data da notificação', data(n.data_notificacao), 1.5],
  ]);
  f.linha([
    ['4', 'UF', notificacao?.uf, 0.7],
    ['5', 'Município de notificação', notificacao?.nome, 4],
    ['', 'Código (IBGE)', municipioIbge, 1.5],
  ]);
  f.linha([
    ['6', 'Unidade de saúde (ou outra fonte notificadora)', n.unidade_saude_nome, 4.3],
    ['', 'Código (CNES)', d.unidadeCnes, 1.3],
    ['7', 'Data dos primeiros sintomas', data(n.data_primeiros_sintomas), 1.7],
  ]);

  f.secao('Notificação individual');
  f.linha([
    ['8', 'Nome do paciente', m.m.nome, 5],
    ['9', 'Data de nascimento', data(m.m.data_nascimento), 1.5],
  ]);
  f.linha([
    ['10', '(ou) Idade', idadeSinan(m.m.data_nascimento, n.data_notificacao), 1.2],
    ['11', 'Sexo', sexoSinan(m.m.sexo_id), 1.2],
    ['12', 'Gestante', gestanteSinan(m.m.sexo_id, d.gestante), 1.8],
    ['13', 'Raça/cor', racaCorSinan(m.m.raca_cor_id), 1.3],
  ]);
  f.linha([
    ['14', 'Escolaridade', d.escolaridade === null ? null : (descricaoDe(cursoMaisElevado, d.escolaridade) ?? null), 1],
  ]);
  f.linha([
    ['15', 'Número do cartão SUS', m.m.codigo_cns, 2],
    ['16', 'Nome da mãe', m.m.nome_mae, 4],
  ]);

  f.secao('Dados de residência');
  f.linha([
    ['17', 'UF', e.uf ?? mun?.uf, 0.7],
    ['18', 'Município de residência', mun?.nome, 3],
    ['', 'Código (IBGE)', e.municipio_ibge, 1.3],
    ['19', 'Distrito', null, 1.5],
  ]);
  f.linha([
    ['20', 'Bairro', e.bairro, 2],
    [
      '21',
      'Logradouro (rua, avenida, ...)',
      [e.tipo_logradouro ? descricaoDe(tipoLogradouro, e.tipo_logradouro) : null, e.logradouro]
        .filter(Boolean)
        .join(' '),
      3.5,
    ],
    ['', 'Código', null, 0.8],
  ]);
  f.linha([
    ['22', 'Número', e.numero, 1],
    ['23', 'Complemento (apto., casa, ...)', e.complemento, 2.6],
    ['24', 'Geo campo 1 (latitude)', e.latitude === null ? null : String(e.latitude), 1.6],
    ['25', 'Geo campo 2 (longitude)', e.longitude === null ? null : String(e.longitude), 1.6],
  ]);
  f.linha([
    ['26', 'Ponto de referência', e.ponto_referencia, 3.5],
    ['27', 'CEP', e.cep ? `${e.cep.slice(0, 5)}-${e.cep.slice(5)}` : null, 1.3],
  ]);
  f.linha([
    ['28', '(DDD) Telefone', telefone ? telefoneSinan(telefone) : null, 1.8],
    [
      '29',
      'Zona (1 Urbana, 2 Rural, 3 Periurbana, 9 Ignorado)',
      e.localizacao_id === null ? null : (ZONA_SINAN[e.localizacao_id] ?? null),
      2.6,
    ],
    ['30', 'País (se residente fora do Brasil)', null, 2],
  ]);

  f.secao('Dados do caso registrados no município');
  f.linha([
    ['', 'Situação', ROTULOS_SITUACAO_NOTIFICACAO[n.situacao], 1.6],
    ['', 'Data de encerramento', data(n.data_encerramento), 1.3],
    ['', 'Hora da notificação', n.hora_notificacao, 1],
    ['', 'Óbito', simNao(n.obito), 0.8],
    ['', 'Data do óbito', data(n.data_obito), 1.2],
  ]);
  f.linha([
    ['', 'Internado', simNao(n.internado), 1],
    ['', 'Data da internação', data(n.data_internacao), 1.3],
    ['', 'Alta', simNao(n.alta), 0.8],
    ['', 'Data da alta', data(n.data_alta), 1.3],
    ['', 'Dias de internação', n.dias_internacao === null ? null : String(n.dias_internacao), 1.2],
  ]);
  const comorbidades = Object.entries(COMORBIDADES) as Array<[CampoComorbidade, string]>;
  for (let i = 0; i < comorbidades.length; i += 4) {
    f.linha(
      comorbidades
        .slice(i, i + 4)
        .map(([campo, rotulo]) => ['', rotulo, simNao(n[campo]), 1] as [string, string, string | null, number]),
    );
  }
  // Free text of ours, not a SINAN field: an empty box would read as a question left unanswered.
  if (n.informacoes_complementares?.trim())
    f.linha([['', 'Informações complementares', n.informacoes_complementares, 1]], 58);
  if (n.observacoes?.trim()) f.linha([['', 'Observações', n.observacoes, 1]], 58);

  f.secao('Notificador');
  f.linha([
    ['', 'Município/Unidade de saúde', [notificacao?.nome, n.unidade_saude_nome].filter(Boolean).join(' / '), 4],
    ['', 'Cód. da unid. de saúde (CNES)', d.unidadeCnes, 1.6],
  ]);
  f.linha([
    ['', 'Nome', n.profissional_nome, 3],
    ['', 'Função', d.funcao, 2.5],
    ['', 'Assinatura', null, 2.5],
  ]);
  f.rodape(`Saúde Municipal — emitida em ${formatDateTime(new Date()) ?? ''}`);
}

/** The form as PDF bytes; the read (notification, citizen and blocks) is audited as one `show` of the notification. */
export async function fichaPdf(ctx: Ctx, municipeId: string, id: string, municipioIbge: string): Promise<Uint8Array> {
  const dados = await auditedRead(
    ctx,
    (db) => ler(db, ctx, municipeId, id),
    () => ({
      resource: RESOURCE,
      action: 'show',
      record_id: id,
      municipe_ids: [municipeId],
      details: { formato: 'pdf' },
    }),
  );
  const doc = await PDFDocument.create();
  doc.setTitle('Ficha Individual de Notificação');
  doc.setProducer('Saúde Municipal');
  doc.setCreator('Saúde Municipal');
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const negrito = await doc.embedFont(StandardFonts.HelveticaBold);
  desenhar(doc, font, negrito, dados, municipioIbge);
  return doc.save();
}
