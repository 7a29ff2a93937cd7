import { msg } from '@saude/shared';
import { imagemMsg } from '@saude/shared/imagem';
import type { Tema, TemaInput, TemaListItem } from '@saude/shared/schemas/tema';
import { todayIso } from '@saude/shared/validation/dates';
import { beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../../lib/ids';
import { fixtures, type Headers, type Usuario, UNKNOWN_ID } from '../../../test/fixtures';
import { auditRows, useTestApp } from '../../../test/helpers';
import { temaEmVigor } from './queries';

const url = '/api/v1/ferramentas/temas';
const atualUrl = '/api/v1/ferramentas/tema_atual';

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const dataUrl = (tipo: string, bytes: Buffer | string) =>
  `data:${tipo};base64,${Buffer.from(bytes).toString('base64')}`;

/** Each test's one-off themes in a year of their own, so the overlap rule meets only what the test means it to. */
let ano = 2040;
const anoNovo = () => ano++;

describe(url, () => {
  const t = useTestApp();
  const f = fixtures(t);
  let gestor: Usuario, acs: Usuario, recepcao: Usuario;

  beforeAll(async () => {
    const unidade = await f.unidade();
    gestor = await f.usuario({ unidade, perfil: 'gestor' });
    acs = await f.usuario({ unidade, perfil: 'acs' });
    recepcao = await f.usuario({ unidade, perfil: 'recepcao' });
  });

  const novo = (over: Partial<TemaInput> = {}): TemaInput => {
    const y = anoNovo();
    return {
      objetivo: `Campanha ${newId().slice(-6)}`,
      cor_primaria: '#1a237e',
      cor_secundaria: '#ffffff',
      vigencia_inicio: `${y}-11-01`,
      vigencia_fim: `${y}-11-30`,
      ...over,
    };
  };
  const post = (p: object, headers: Headers = gestor.headers) =>
    t.app.inject({ method: 'POST', url, headers, payload: p });
  const create = async (over: Partial<TemaInput> = {}) => {
    const res = await post(novo(over));
    if (res.statusCode !== 201) throw new Error(`create: ${res.statusCode} ${res.body}`);
    return res.json<Tema>();
  };
  const put = (c: Tema, over: object = {}, headers: Headers = gestor.headers) => {
    const { id, created_at: _c, updated_at: _u, ...corpo } = c;
    return t.app.inject({ method: 'PUT', url: `${url}/${id}`, headers, payload: { ...corpo, ...over } });
  };
  const del = (id: string, headers: Headers = gestor.headers) =>
    t.app.inject({ method: 'DELETE', url: `${url}/${id}`, headers });
  const errorsOf = async (p: object) => {
    const res = await post(p);
    expect(res.statusCode, res.body).toBe(422);
    return res.json<{ errors: Record<string, string[]> }>().errors;
  };

  it('creates with every field, colours in capitals, and audits the write', async () => {
    const imagem = dataUrl('image/png', PNG);
    const c = await create({
      descricao: 'Saúde do homem',
      imagem_base64: imagem,
      icon: 'moustache',
      recorrente: false,
    });
    expect(c).toMatchObject({
      lock_version: 0,
      cor_primaria: '#1A237E',
      cor_secundaria: '#FFFFFF',
      descricao: 'Saúde do homem',
      imagem_base64: imagem,
      icon: 'moustache',
      recorrente: false,
      ativo: true,
    });
    const lido = await t.app.inject({ method: 'GET', url: `${url}/${c.id}`, headers: gestor.headers });
    expect(lido.json()).toEqual(c);
    expect(await auditRows(t, { resource: 'ferramentas/temas', record_id: c.id })).toMatchObject([
      { action: 'create' },
    ]);
    await del(c.id);
  });

  it('refuses blanks, bad colours, long texts, an unknown icon and a NUL byte, each on its field (422)', async () => {
    expect(await errorsOf({})).toMatchObject({
      objetivo: [msg.obrigatorio],
      cor_primaria: [msg.obrigatorio],
      cor_secundaria: [msg.obrigatorio],
      vigencia_inicio: [msg.obrigatorio],
      vigencia_fim: [msg.obrigatorio],
    });
    expect(await errorsOf({ ...novo(), objetivo: '   ' })).toEqual({ objetivo: [msg.obrigatorio] });
    expect(
      await errorsOf(
        novo({
          objetivo: 'x'.repeat(61),
          descricao: 'y'.repeat(151),
          cor_primaria: 'azul',
          cor_secundaria: '#12345',
          icon: 'caveira' as never,
        }),
      ),
    ).toEqual({
      objetivo: [msg.max(60)],
      descricao: [msg.max(150)],
      cor_primaria: [msg.naoEValido],
      cor_secundaria: [msg.naoEValido],
      icon: [msg.naoEValido],
    });
    expect((await post(novo({ objetivo: 'Nov\u0000embro' }))).statusCode).toBe(422);
  });

  it('wants the end after the start and in the same year (spec §5 messages)', async () => {
    expect(await errorsOf(novo({ vigencia_inicio: '2050-05-10', vigencia_fim: '2050-05-10' }))).toEqual({
      vigencia_fim: [msg.vigenciaFimMaior],
    });
    expect(await errorsOf(novo({ vigencia_inicio: '2050-05-10', vigencia_fim: '2050-05-01' }))).toEqual({
      vigencia_fim: [msg.vigenciaFimMaior],
    });
    expect(await errorsOf(novo({ vigencia_inicio: '2050-12-01', vigencia_fim: '2051-01-10' }))).toEqual({
      vigencia_fim: [msg.vigenciaMesmoAno],
    });
    expect(await errorsOf(novo({ vigencia_inicio: '2050-02-30' }))).toEqual({ vigencia_inicio: [msg.dateFormat] });
  });

  it('checks the image by its bytes: a PNG called SVG, 5 MB, an SVG with a script and a text file are refused', async () => {
    const casos: Array<[string, string]> = [
      [dataUrl('image/svg+xml', PNG), imagemMsg.tipo],
      [dataUrl('image/png', Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024)])), imagemMsg.tamanho],
      [
        dataUrl('image/svg+xml', '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
        imagemMsg.svgAtivo,
      ],
      [dataUrl('image/png', 'apenas um texto'), imagemMsg.tipo],
      ['não é data url', imagemMsg.dataUrl],
    ];
    for (const [imagem_base64, erro] of casos) {
      expect(await errorsOf(novo({ imagem_base64 })), erro).toEqual({ imagem_base64: [erro] });
    }
    const svg = dataUrl('image/svg+xml', '<svg xmlns="http://www.w3.org/2000/svg"><circle r="4"/></svg>');
    const c = await create({ imagem_base64: svg });
    expect(c.imagem_base64).toBe(svg);
    await del(c.id);
  });

  it('refuses two active themes in force on a same day, naming the other; a recurring one every year', async () => {
    const y = anoNovo();
    const a = await create({ objetivo: 'Outubro Rosa', vigencia_inicio: `${y}-10-01`, vigencia_fim: `${y}-10-31` });
    expect(await errorsOf(novo({ vigencia_inicio: `${y}-10-31`, vigencia_fim: `${y}-11-15` }))).toEqual({
      vigencia_inicio: [msg.temaSobreposto('Outubro Rosa', `01/10/${y} a 31/10/${y}`)],
    });
    // The next day is free; so is the same range inactive, or in another year.
    const b = await create({ vigencia_inicio: `${y}-11-01`, vigencia_fim: `${y}-11-15` });
    const inativo = await create({ vigencia_inicio: `${y}-10-05`, vigencia_fim: `${y}-10-06`, ativo: false });
    // A recurring one on 20/10–05/11 of any year meets both; 01/12–10/12 meets neither.
    expect(
      await errorsOf(novo({ recorrente: true, vigencia_inicio: '2030-10-20', vigencia_fim: '2030-11-05' })),
    ).toEqual({ vigencia_inicio: [msg.temaSobreposto('Outubro Rosa', `01/10/${y} a 31/10/${y}`)] });
    const r = await create({ recorrente: true, vigencia_inicio: '2030-12-01', vigencia_fim: '2030-12-10' });
    // …and a later one-off theme in December of any year meets it.
    expect(await errorsOf(novo({ vigencia_inicio: `${y + 1}-12-09`, vigencia_fim: `${y + 1}-12-20` }))).toEqual({
      vigencia_inicio: [msg.temaSobreposto(r.objetivo, '01/12 a 10/12, todo ano')],
    });
    // Activating the inactive one is an update that meets Outubro Rosa.
    const res = await put(inativo, { ativo: true });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.vigencia_inicio[0]).toContain('Outubro Rosa');
    // Its own period is no clash when it is edited.
    expect((await put(a, { descricao: 'Prevenção' })).statusCode).toBe(200);
    for (const x of [a, b, inativo, r]) expect((await del(x.id)).statusCode).toBe(204);
  });

  it('updates with lock_version (409 when stale), audits the fields changed, 404 for an unknown one', async () => {
    const c = await create();
    const res = await put(c, { cor_primaria: '#ffeb3b', ativo: false });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ cor_primaria: '#FFEB3B', ativo: false, lock_version: 1 });
    const stale = await put(c, { objetivo: 'Outro' });
    expect(stale.statusCode).toBe(409);
    const rows = await auditRows(t, { resource: 'ferramentas/temas', record_id: c.id, action: 'update' });
    expect(rows[0]?.details).toEqual({ campos: ['cor_primaria', 'ativo'] });
    expect((await put({ ...c, id: UNKNOWN_ID })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `${url}/abc`, headers: gestor.headers })).statusCode).toBe(404);
    expect((await del(c.id)).statusCode).toBe(204);
    expect((await del(c.id)).statusCode).toBe(404);
    expect(await auditRows(t, { resource: 'ferramentas/temas', record_id: c.id, action: 'destroy' })).toHaveLength(1);
  });

  it('lists the latest period first, searches title and subtitle, filters active, pages with X-Total-Count', async () => {
    const marca = newId().slice(-8);
    const a = await create({ objetivo: `Lista ${marca} A`, imagem_base64: dataUrl('image/png', PNG) });
    const b = await create({ objetivo: 'Outra', descricao: `sub ${marca}`, ativo: false });
    const get = async (q: string) => {
      const res = await t.app.inject({ method: 'GET', url: `${url}?${q}`, headers: gestor.headers });
      expect(res.statusCode, res.body).toBe(200);
      return { rows: res.json<TemaListItem[]>(), total: Number(res.headers['x-total-count']) };
    };
    const todas = await get(`texto=${marca}`);
    expect(todas.rows.map((r) => r.id)).toEqual([b.id, a.id]);
    expect(todas.rows[1]).toMatchObject({ com_imagem: true });
    expect(todas.rows[1]).not.toHaveProperty('imagem_base64');
    expect((await get(`texto=${marca}&ativo=false`)).rows.map((r) => r.id)).toEqual([b.id]);
    expect(await get(`texto=${marca}&per_page=1&page=2`)).toEqual({
      rows: [expect.objectContaining({ id: a.id })],
      total: 2,
    });
    expect(
      (await t.app.inject({ method: 'GET', url: `${url}?ativo=talvez`, headers: gestor.headers })).statusCode,
    ).toBe(422);
    await del(a.id);
    await del(b.id);
  });

  it('acs and reception may not read or write themes (403)', async () => {
    const c = await create();
    for (const u of [acs, recepcao]) {
      expect((await post(novo(), u.headers)).statusCode).toBe(403);
      expect((await put(c, {}, u.headers)).statusCode).toBe(403);
      expect((await del(c.id, u.headers)).statusCode).toBe(403);
      expect((await t.app.inject({ method: 'GET', url, headers: u.headers })).statusCode).toBe(403);
    }
    await del(c.id);
  });

  describe('GET tema_atual', () => {
    const atual = (headers: Record<string, string> = acs.headers) =>
      t.app.inject({ method: 'GET', url: atualUrl, headers });

    it('answers 204 with no theme in force, the theme in force today to anyone signed in, 304 on its ETag', async () => {
      expect((await t.app.inject({ method: 'GET', url: atualUrl })).statusCode).toBe(401);
      expect((await atual()).statusCode).toBe(204);
      const hoje = todayIso();
      const y = hoje.slice(0, 4);
      const fora = await create({ vigencia_inicio: `${Number(y) + 1}-01-01`, vigencia_fim: `${Number(y) + 1}-12-31` });
      const inativo = await create({ vigencia_inicio: `${y}-01-01`, vigencia_fim: `${y}-12-31`, ativo: false });
      expect((await atual()).statusCode).toBe(204);
      // A recurring theme of an old year is in force on today's day and month.
      const inicio = `2001-${hoje.slice(5)}`;
      const fim = hoje.slice(5) === '12-31' ? inicio : '2001-12-31';
      const comeca = hoje.slice(5) === '12-31' ? `2001-12-30` : inicio;
      await del(fora.id);
      const r = await create({ recorrente: true, vigencia_inicio: comeca, vigencia_fim: fim, icon: 'heart' });
      const res = await atual();
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        id: r.id,
        objetivo: r.objetivo,
        descricao: null,
        cor_primaria: '#1A237E',
        cor_secundaria: '#FFFFFF',
        imagem_base64: null,
        icon: 'heart',
        vigencia_inicio: comeca,
        vigencia_fim: fim,
        recorrente: true,
      });
      const etag = res.headers.etag as string;
      expect(res.headers['cache-control']).toBe('private, no-cache');
      const revalida = await atual({ ...acs.headers, 'if-none-match': etag });
      expect(revalida.statusCode).toBe(304);
      expect(revalida.body).toBe('');
      // An edit changes the ETag; a deactivation ends it.
      const editado = (await put(r, { objetivo: 'Mudou' })).json<Tema>();
      const depois = await atual({ ...acs.headers, 'if-none-match': etag });
      expect(depois.statusCode).toBe(200);
      expect(depois.json().objetivo).toBe('Mudou');
      expect((await put(editado, { ativo: false })).statusCode).toBe(200);
      expect((await atual()).statusCode).toBe(204);
      await del(r.id);
      await del(inativo.id);
    });

    it("takes São Paulo's day: 02:59 UTC on 1 March is still 28 February there", async () => {
      const y = 2061;
      const c = await create({ vigencia_inicio: `${y}-02-01`, vigencia_fim: `${y}-02-28` });
      const antes = todayIso(new Date(`${y}-03-01T02:59:00Z`));
      const depois = todayIso(new Date(`${y}-03-01T03:00:00Z`));
      expect([antes, depois]).toEqual([`${y}-02-28`, `${y}-03-01`]);
      expect((await temaEmVigor(t.db, antes))?.id).toBe(c.id);
      expect(await temaEmVigor(t.db, depois)).toBeNull();
      expect(await temaEmVigor(t.db, `${y}-01-31`)).toBeNull();
      expect((await temaEmVigor(t.db, `${y}-02-01`))?.id).toBe(c.id);
      await del(c.id);
    });
  });
});
