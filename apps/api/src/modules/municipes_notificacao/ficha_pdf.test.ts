import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  COMORBIDADES,
  type Notificacao,
  type NotificacaoDetalhes,
  type NotificacaoListItem,
} from '@saude/shared/schemas/notificacao_compulsoria';
import { beforeAll, describe, expect, it } from 'vitest';
import { signIn, useTestApp } from '../../test/helpers';

// The SINAN form as the people who print it see it (issue 43): each page rendered by poppler (Debian's
// poppler-utils) into an image, and the words read back with their positions, so that a value is checked inside the
// box of its SINAN field and ink is checked where the value is. A missing pdftoppm fails the test (never skipped):
// .ci/run installs poppler-utils, the README lists it. FICHA_PNG_DIR=<dir> keeps the PNG pages to look at.

const url = '/api/v1/municipes_notificacao';
const DPI = 100;
const PT = DPI / 72;

/** A poppler tool's output; a missing tool fails with what to install. */
function poppler(cmd: 'pdftoppm' | 'pdftotext', args: string[]): string {
  const r = spawnSync(cmd, args, { encoding: 'utf8' });
  if ((r.error as NodeJS.ErrnoException | undefined)?.code === 'ENOENT')
    throw new Error(
      `${cmd} not found: install Debian's poppler-utils (apt-get install poppler-utils); see README, "Requisitos".`,
    );
  if (r.error) throw r.error;
  if (r.status !== 0) throw new Error(`${cmd} ${args.join(' ')} exited ${r.status}: ${r.stderr}`);
  return r.stdout;
}

type Palavra = { t: string; pagina: number; x0: number; y0: number; x1: number; y1: number };
/** A greyscale page (PGM from pdftoppm -gray): one byte a pixel, 0 black. */
type Imagem = { w: number; h: number; px: Buffer };

type Ficha = { palavras: Palavra[]; imagens: Imagem[]; pngs: string[] };

const entidades: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
const decodificar = (s: string) =>
  s.replace(/&(#\d+|[a-z]+);/g, (_, e: string) =>
    e.startsWith('#') ? String.fromCodePoint(Number(e.slice(1))) : (entidades[e] ?? `&${e};`),
  );

function lerPgm(arquivo: string): Imagem {
  const buf = readFileSync(arquivo);
  // "P5\n<w> <h>\n<max>\n" then the pixels.
  const cab = /^P5\s+(\d+)\s+(\d+)\s+(\d+)\s/.exec(buf.subarray(0, 40).toString('latin1'));
  if (!cab) throw new Error(`${arquivo}: not a binary PGM`);
  const w = Number(cab[1]);
  const h = Number(cab[2]);
  return { w, h, px: buf.subarray(cab[0].length, cab[0].length + w * h) };
}

/** Renders the PDF with pdftoppm (PNG to look at, PGM to measure) and reads its words with pdftotext -bbox. */
function renderizar(pdf: Buffer, nome: string): Ficha {
  const dir = mkdtempSync(join(tmpdir(), 'ficha-pdf-'));
  try {
    const arquivo = join(dir, 'ficha.pdf');
    writeFileSync(arquivo, pdf);
    poppler('pdftoppm', ['-r', String(DPI), '-png', arquivo, join(dir, 'pagina')]);
    poppler('pdftoppm', ['-r', String(DPI), '-gray', arquivo, join(dir, 'cinza')]);
    poppler('pdftotext', ['-bbox', arquivo, join(dir, 'palavras.html')]);
    const arquivos = readdirSync(dir).sort();
    const pngs = arquivos.filter((f) => f.startsWith('pagina') && f.endsWith('.png'));
    const guardar = process.env.FICHA_PNG_DIR;
    if (guardar) {
      mkdirSync(guardar, { recursive: true });
      for (const p of pngs) writeFileSync(join(guardar, `${nome}-${p}`), readFileSync(join(dir, p)));
    }
    const imagens = arquivos.filter((f) => f.startsWith('cinza')).map((f) => lerPgm(join(dir, f)));
    const palavras: Palavra[] = [];
    let pagina = -1;
    const html = readFileSync(join(dir, 'palavras.html'), 'utf8');
    for (const m of html.matchAll(
      /<page\b|<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)<\/word>/g,
    )) {
      if (m[0] === '<page') pagina++;
      else
        palavras.push({
          t: decodificar(m[5]!),
          pagina,
          x0: Number(m[1]),
          y0: Number(m[2]),
          x1: Number(m[3]),
          y1: Number(m[4]),
        });
    }
    return { palavras, imagens, pngs: pngs.map((p) => readFileSync(join(dir, p)).toString('base64')) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * The words written inside each box labelled `rotulo` (in page order): the label's line, from the label to the next
 * label on that line, down to the box's bottom (`altura` points from its top). Also the value's area, to look for ink.
 */
function caixas(f: Ficha, rotulo: string, altura = 26): Array<{ texto: string; area: Palavra | null }> {
  const tokens = rotulo.split(' ');
  const ps = f.palavras;
  const achadas: Array<{ texto: string; area: Palavra | null }> = [];
  for (let i = 0; i + tokens.length <= ps.length; i++) {
    const l = ps[i]!;
    const seq = ps.slice(i, i + tokens.length);
    if (!seq.every((p, k) => p.t === tokens[k] && p.pagina === l.pagina && Math.abs(p.y0 - l.y0) < 0.5)) continue;
    const fim = seq.at(-1)!;
    // Labels of one row share their top; the next one to the right starts the next box.
    const direita = Math.min(
      ...ps.filter((p) => p.pagina === l.pagina && Math.abs(p.y0 - l.y0) < 0.5 && p.x0 > fim.x1 + 2).map((p) => p.x0),
      595.28,
    );
    const topo = l.y0 - 2;
    const dentro = ps.filter(
      (p) =>
        p.pagina === l.pagina && p.x0 >= l.x0 - 1 && p.x1 <= direita && p.y0 >= fim.y1 - 0.2 && p.y1 <= topo + altura,
    );
    const area =
      dentro.length === 0
        ? null
        : {
            t: '',
            pagina: l.pagina,
            x0: Math.min(...dentro.map((p) => p.x0)),
            y0: Math.min(...dentro.map((p) => p.y0)),
            x1: Math.max(...dentro.map((p) => p.x1)),
            y1: Math.max(...dentro.map((p) => p.y1)),
          };
    achadas.push({ texto: dentro.map((p) => p.t).join(' '), area });
  }
  return achadas;
}

/** The one box labelled `rotulo`: its text. */
function caixa(f: Ficha, rotulo: string, altura?: number): string {
  const todas = caixas(f, rotulo, altura);
  expect(
    todas.map((c) => c.texto),
    `boxes labelled "${rotulo}"`,
  ).toHaveLength(1);
  return todas[0]!.texto;
}

/** The share of dark pixels of the page image inside an area given in PDF points. */
function tinta(f: Ficha, a: Palavra): number {
  const img = f.imagens[a.pagina]!;
  let escuros = 0;
  let total = 0;
  for (let y = Math.floor(a.y0 * PT); y < Math.ceil(a.y1 * PT); y++)
    for (let x = Math.floor(a.x0 * PT); x < Math.ceil(a.x1 * PT); x++) {
      total++;
      if (img.px[y * img.w + x]! < 128) escuros++;
    }
  return escuros / total;
}

const textoTodo = (f: Ficha) => f.palavras.map((p) => p.t).join(' ');

/** Whole years from birth to a date, counted here on their own. */
function anosEntre(nascimento: string, em: string): number {
  const [y1, m1, d1] = nascimento.split('-').map(Number) as [number, number, number];
  const [y2, m2, d2] = em.split('-').map(Number) as [number, number, number];
  return y2 - y1 - (m2 * 100 + d2 < m1 * 100 + d1 ? 1 : 0);
}

describe('SINAN form (PDF) as rendered by poppler', () => {
  // Another installation's municipality than the demo's Brasília: fields 4 and 5 follow the configuration.
  const t = useTestApp({ ESUS_MUNICIPIO_IBGE: '3550308' }, { demo: true });
  let vigilancia: { authorization: string };
  let municipe: NotificacaoListItem;
  let notificacao: Notificacao;

  const ficha = async (nome: string) => {
    const res = await t.app.inject({
      method: 'GET',
      url: `${url}/${municipe.id}/notificacoes/${notificacao.id}/ficha.pdf`,
      headers: vigilancia,
    });
    expect(res.statusCode, res.body).toBe(200);
    return renderizar(res.rawPayload, nome);
  };

  beforeAll(async () => {
    vigilancia = await signIn(t, 'vigilancia');
    const lista = (await t.app.inject({ method: 'GET', url: `${url}?per_page=100`, headers: vigilancia })).json<
      NotificacaoListItem[]
    >();
    // A demo woman of 1 year or more whose notification has no free text yet (neither box is printed then).
    for (const m of lista.filter((l) => l.sexo_id === 1)) {
      const { notificacoes } = (
        await t.app.inject({ method: 'GET', url: `${url}/${m.id}`, headers: vigilancia })
      ).json<NotificacaoDetalhes>();
      for (const resumo of notificacoes) {
        const n = (
          await t.app.inject({ method: 'GET', url: `${url}/${m.id}/notificacoes/${resumo.id}`, headers: vigilancia })
        ).json<Notificacao>();
        if (!n.informacoes_complementares && !n.observacoes && anosEntre(m.data_nascimento, n.data_notificacao) >= 1) {
          municipe = m;
          notificacao = n;
          return;
        }
      }
    }
    throw new Error('the demo has no notification of a woman without free text');
  });

  it('prints fields 4 and 5 in their boxes, the age once, and no empty free-text box', async () => {
    const f = await ficha('sem-observacoes');
    // One A4 page: 595.28 × 841.89 pt, pixels rounded up.
    expect(f.imagens.map((i) => [i.w, i.h])).toEqual([[Math.ceil(595.28 * PT), Math.ceil(841.89 * PT)]]);
    expect(f.pngs).toHaveLength(1);
    expect(Buffer.from(f.pngs[0]!, 'base64').subarray(1, 4).toString('latin1')).toBe('PNG');

    expect(caixa(f, '4 UF')).toBe('SP');
    expect(caixa(f, '5 Município de notificação')).toBe('SÃO PAULO');
    // The first "Código (IBGE)" is field 5's, the second field 18's (the citizen's home, in the demo's Brasília).
    expect(caixas(f, 'Código (IBGE)').map((c) => c.texto)).toEqual(['3550308', '5300108']);
    expect(caixa(f, '17 UF')).toBe('DF');
    // A SINAN field we hold nothing for stays an empty box to fill by hand.
    expect(caixa(f, '19 Distrito')).toBe('');
    // Ink where the values were read: the words are drawn, not only present as text.
    for (const rotulo of ['4 UF', '5 Município de notificação']) {
      const [c] = caixas(f, rotulo);
      expect(tinta(f, c!.area!), rotulo).toBeGreaterThan(0.08);
    }

    const anos = anosEntre(municipe.data_nascimento, notificacao.data_notificacao);
    expect(caixa(f, '10 (ou) Idade')).toBe(`${anos} ${anos === 1 ? 'ano' : 'anos'}`);
    expect(textoTodo(f).match(/\banos?\b/g)).toHaveLength(1);
    expect(caixa(f, '11 Sexo')).toBe('F - Feminino');
    expect(caixa(f, '8 Nome do paciente')).toBe(notificacao.municipe_nome);
    expect(caixa(f, '2 Agravo/doença')).toBe(notificacao.doenca.descricao);

    expect(f.palavras.some((p) => p.t === 'Observações')).toBe(false);
    expect(textoTodo(f)).not.toContain('Informações complementares');
    // The notifier, with the unit's municipality as on the official form.
    expect(caixa(f, 'Município/Unidade de saúde')).toBe(`SÃO PAULO / ${notificacao.unidade_saude_nome}`);
  });

  it('prints "Observações" with its text once written', async () => {
    const observacoes = 'Contactantes orientados a procurar a unidade.';
    const campos = [
      'doenca_agravo_id',
      'unidade_saude_id',
      'profissional_id',
      'data_notificacao',
      'hora_notificacao',
      'data_primeiros_sintomas',
      'informacoes_complementares',
      'obito',
      'data_obito',
      'internado',
      'data_internacao',
      'alta',
      'data_alta',
      ...Object.keys(COMORBIDADES),
    ] as const;
    const payload: Record<string, unknown> = { observacoes, lock_version: notificacao.lock_version };
    for (const c of campos) payload[c] = notificacao[c as keyof Notificacao];
    const res = await t.app.inject({
      method: 'PUT',
      url: `${url}/${municipe.id}/notificacoes/${notificacao.id}`,
      headers: vigilancia,
      payload,
    });
    expect(res.statusCode, res.body).toBe(200);

    const f = await ficha('com-observacoes');
    expect(caixa(f, 'Observações', 58)).toBe(observacoes);
    const [c] = caixas(f, 'Observações', 58);
    expect(tinta(f, c!.area!)).toBeGreaterThan(0.08);
    expect(textoTodo(f)).not.toContain('Informações complementares');
    expect(f.imagens).toHaveLength(1);
  });
});
