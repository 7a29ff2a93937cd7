import { msg } from '@saude/shared';
import type { CategoriaDisponivel, Fila, FilaInput, FilaUnidade } from '@saude/shared/schemas/fila';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { categorias, filaLocais, senhaEventos, senhas, unidadesSaude } from '../../../db/schema';
import { newId } from '../../../lib/ids';
import { fixtures, type Headers, type Unidade, type Usuario, UNKNOWN_ID } from '../../../test/fixtures';
import { auditRows, useTestApp } from '../../../test/helpers';

const url = '/api/v1/filas/parametrizacoes';
const tempoUrl = '/api/ferramentas/parametrizacao/tempo_chamadas';

let seq = 0;

describe(url, () => {
  const t = useTestApp();
  const f = fixtures(t);
  let upa: Unidade;
  let gestor: Usuario, recepcao: Usuario, medico: Usuario, outraUpa: Usuario, semFilas: Usuario;

  beforeAll(async () => {
    upa = await f.unidade({ tipo: 'UPA', pronto_atendimento: true, gerenciamento_filas: true });
    const upa2 = await f.unidade({ tipo: 'UPA', pronto_atendimento: true, gerenciamento_filas: true });
    gestor = await f.usuario({ unidade: upa, perfil: 'gestor' });
    recepcao = await f.usuario({ unidade: upa, perfil: 'recepcao' });
    medico = await f.usuario({ unidade: upa, perfil: 'medico' });
    outraUpa = await f.usuario({ unidade: upa2, perfil: 'gestor' });
    semFilas = await f.usuario({
      unidade: await f.unidade({ tipo: 'UPA', pronto_atendimento: true }),
      perfil: 'gestor',
    });
  });

  /** A category straight in the table (the categories module is tested apart). */
  const categoria = async (over: Partial<typeof categorias.$inferInsert> = {}) => {
    const n = seq++;
    const sigla = [676, 26, 1].map((d) => String.fromCharCode(65 + (Math.floor(n / d) % 26))).join('');
    const [row] = await t.db
      .insert(categorias)
      .values({ id: newId(), nome: `Categoria ${sigla}`, sigla, prioridade: 3, cor: '#1C7ED6', ...over })
      .returning();
    return row!;
  };
  const novo = (over: Partial<FilaInput> = {}): FilaInput => ({
    nome: `Fila ${newId()}`,
    locais: [{ nome: 'Guichê 1' }],
    categoria_ids: [],
    ...over,
  });
  const post = (p: object, headers: Headers = gestor.headers) =>
    t.app.inject({ method: 'POST', url, headers, payload: p });
  const create = async (over: Partial<FilaInput> = {}, headers?: Headers) => {
    const res = await post(novo(over), headers);
    if (res.statusCode !== 201) throw new Error(`create: ${res.statusCode} ${res.body}`);
    return res.json<Fila>();
  };
  const get = (id: string, headers: Headers = gestor.headers) =>
    t.app.inject({ method: 'GET', url: `${url}/${id}`, headers });
  const corpo = (x: Fila) => ({
    nome: x.nome,
    ativo: x.ativo,
    lock_version: x.lock_version,
    locais: x.locais.map(({ id, nome, ativo }) => ({ id, nome, ativo })),
    categoria_ids: x.categorias.map((c) => c.id),
  });
  const put = (x: Fila, over: object = {}, headers: Headers = gestor.headers) =>
    t.app.inject({ method: 'PUT', url: `${url}/${x.id}`, headers, payload: { ...corpo(x), ...over } });
  const del = (id: string, headers: Headers = gestor.headers) =>
    t.app.inject({ method: 'DELETE', url: `${url}/${id}`, headers });
  const errorsOf = async (p: object) => {
    const res = await post(p);
    expect(res.statusCode, res.body).toBe(422);
    return res.json<{ errors: Record<string, string[]> }>().errors;
  };
  /** A ticket straight in `senhas` (the tickets API is another engineer's). */
  const senha = async (over: Partial<typeof senhas.$inferInsert> & { fila_id: string; categoria_id: string }) => {
    const n = seq++;
    const [row] = await t.db
      .insert(senhas)
      .values({
        id: newId(),
        unidade_saude_id: upa.id,
        data: '2026-11-24',
        numero: n,
        codigo: `T${n}`,
        ...over,
      })
      .returning();
    return row!;
  };

  describe('POST and GET', () => {
    it('creates a queue with its locations and categories, and audits the write', async () => {
      const [a, b] = [await categoria({ prioridade: 2 }), await categoria({ prioridade: 1 })];
      const x = await create({
        nome: 'Recepção',
        locais: [{ nome: 'Guichê 2' }, { nome: 'Guichê 1', ativo: false }],
        categoria_ids: [a.id, b.id, a.id],
      });
      expect(x).toMatchObject({
        lock_version: 0,
        unidade_saude_id: upa.id,
        nome: 'Recepção',
        ativo: true,
        // Active first, then by name.
        locais: [
          { nome: 'Guichê 2', ativo: true },
          { nome: 'Guichê 1', ativo: false },
        ],
        // By priority.
        categorias: [
          { id: b.id, sigla: b.sigla, cor: '#1C7ED6', prioridade: 1 },
          { id: a.id, prioridade: 2 },
        ],
        aguardando: 0,
        encaminhamentos_pendentes: 0,
        encaminhamentos_abertos: 0,
      });
      expect((await get(x.id)).json()).toEqual(x);
      expect(await auditRows(t, { resource: 'filas/parametrizacoes', record_id: x.id })).toMatchObject([
        { action: 'create' },
      ]);
    });

    it('accepts a queue with no category (it only receives forwarded tickets)', async () => {
      expect((await create({ categoria_ids: [] })).categorias).toEqual([]);
    });

    it('refuses a blank name, no location, repeated location names, unknown categories and a NUL byte (422)', async () => {
      expect(await errorsOf({ locais: [] })).toEqual({ nome: [msg.obrigatorio], locais: [msg.filaSemLocal] });
      expect(
        await errorsOf(
          novo({ locais: [{ nome: 'Sala 1' }, { nome: ' sala 1 ' }, { nome: '' }], categoria_ids: ['x'] }),
        ),
      ).toEqual({
        'locais.1.nome': [msg.localRepetido],
        'locais.2.nome': [msg.obrigatorio],
        'categoria_ids.0': [msg.naoEValido],
      });
      expect(await errorsOf(novo({ categoria_ids: [UNKNOWN_ID] }))).toEqual({ categoria_ids: [msg.naoEValido] });
      expect(await errorsOf(novo({ nome: 'x'.repeat(61) }))).toEqual({ nome: [msg.max(60)] });
      expect((await post(novo({ nome: 'Tri\u0000agem' }))).statusCode).toBe(422);
    });

    it('refuses a name in use in the unit (422), but another unit may use it', async () => {
      const x = await create();
      expect(await errorsOf(novo({ nome: x.nome.toUpperCase() }))).toEqual({ nome: [msg.jaEmUso] });
      expect((await post(novo({ nome: x.nome }), outraUpa.headers)).statusCode).toBe(201);
    });
  });

  describe('a category feeds one queue of the unit (spec §5)', () => {
    it('refuses adding a category of another queue of the unit, on create and update (422 on categoria_ids)', async () => {
      const c = await categoria();
      const a = await create({ categoria_ids: [c.id] });
      expect(await errorsOf(novo({ categoria_ids: [c.id] }))).toEqual({
        categoria_ids: [msg.filaCategoriaEmOutraFila],
      });
      const b = await create();
      const res = await put(b, { categoria_ids: [c.id] });
      expect(res.statusCode).toBe(422);
      expect(res.json().errors).toEqual({ categoria_ids: [msg.filaCategoriaEmOutraFila] });
      // Its own queue keeps it; another unit's queue may take it.
      expect((await put(a, { nome: `${a.nome} (editada)` })).statusCode).toBe(200);
      expect((await post(novo({ categoria_ids: [c.id] }), outraUpa.headers)).statusCode).toBe(201);
    });

    it('answers two concurrent saves taking one category: one 201, one 422 on categoria_ids (never 500)', async () => {
      const c = await categoria();
      const [r1, r2] = await Promise.all([
        post(novo({ categoria_ids: [c.id] })),
        post(novo({ categoria_ids: [c.id] })),
      ]);
      expect([r1.statusCode, r2.statusCode].sort()).toEqual([201, 422]);
      const recusa = r1.statusCode === 422 ? r1 : r2;
      expect(recusa.json().errors).toEqual({ categoria_ids: [msg.filaCategoriaEmOutraFila] });
    });

    it('frees a category when its queue lets it go, and lists every category with its queue', async () => {
      const c = await categoria();
      const a = await create({ categoria_ids: [c.id] });
      let res = await t.app.inject({ method: 'GET', url: `${url}/categorias`, headers: gestor.headers });
      expect(res.json<CategoriaDisponivel[]>().find((x) => x.id === c.id)).toMatchObject({
        fila_id: a.id,
        fila_nome: a.nome,
      });
      // Another unit sees it free.
      res = await t.app.inject({ method: 'GET', url: `${url}/categorias`, headers: outraUpa.headers });
      expect(res.json<CategoriaDisponivel[]>().find((x) => x.id === c.id)).toMatchObject({ fila_id: null });
      expect((await put(a, { categoria_ids: [] })).json().categorias).toEqual([]);
      expect((await create({ categoria_ids: [c.id] })).categorias).toHaveLength(1);
    });
  });

  describe('PUT', () => {
    it('renames and adds locations, deletes unused ones, keeps those tickets name as inactive', async () => {
      const c = await categoria();
      const x = await create({
        locais: [{ nome: 'Sala A' }, { nome: 'Sala B' }, { nome: 'Sala C' }],
        categoria_ids: [c.id],
      });
      const [a, b, cc] = x.locais as [Fila['locais'][0], Fila['locais'][0], Fila['locais'][0]];
      // Sala B was used by a concluded ticket; Sala C by a ticket's step only.
      const s = await senha({ fila_id: x.id, categoria_id: c.id, situacao: 'concluida', local_id: b.id });
      await t.db
        .insert(senhaEventos)
        .values({ id: newId(), senha_id: s.id, tipo: 'chamada', fila_id: x.id, local_id: cc.id });
      const res = await put(x, { locais: [{ id: a.id, nome: 'Sala A1' }, { nome: 'Sala D' }] });
      expect(res.statusCode, res.body).toBe(200);
      const y = res.json<Fila>();
      expect(y.locais).toEqual([
        { id: a.id, nome: 'Sala A1', ativo: true },
        { id: expect.any(String), nome: 'Sala D', ativo: true },
        { id: b.id, nome: 'Sala B', ativo: false },
        { id: cc.id, nome: 'Sala C', ativo: false },
      ]);
      expect(y.lock_version).toBe(1);
      const rows = await auditRows(t, { resource: 'filas/parametrizacoes', record_id: x.id, action: 'update' });
      expect(rows[0]?.details).toEqual({ campos: ['locais'], locais: { removidos: 0, desativados: 2 } });
      // A new location may not take the name a kept one holds; an id of another queue is refused.
      const outra = await create();
      const bad = await put(y, { locais: [{ nome: 'sala b' }, { id: outra.locais[0]!.id, nome: 'X' }] });
      expect(bad.statusCode).toBe(422);
      expect(bad.json().errors).toEqual({ 'locais.0.nome': [msg.localRepetido], 'locais.1.id': [msg.naoEValido] });
      // An unused location left out is deleted.
      const z = await put(y, { locais: [{ id: a.id, nome: 'Sala A1' }] });
      expect(z.json<Fila>().locais.map((l) => l.nome)).toEqual(['Sala A1', 'Sala B', 'Sala C']);
      expect(await t.db.$count(filaLocais, eq(filaLocais.fila_id, x.id))).toBe(3);
    });

    it('swaps two location names in one save (issue 39), and still refuses a name another keeps', async () => {
      const x = await create({ locais: [{ nome: 'Guichê 1' }, { nome: 'Guichê 2' }, { nome: 'Sala 3' }] });
      const [g1, g2, s3] = x.locais;
      const res = await put(x, {
        locais: [
          { id: g1!.id, nome: 'Guichê 2', ativo: true },
          { id: g2!.id, nome: 'Guichê 1', ativo: true },
          { id: s3!.id, nome: 'Sala 3', ativo: true },
        ],
      });
      expect(res.statusCode, res.body).toBe(200);
      const y = res.json<Fila>();
      expect(y.locais.map((l) => [l.id, l.nome])).toEqual(
        expect.arrayContaining([
          [g1!.id, 'Guichê 2'],
          [g2!.id, 'Guichê 1'],
          [s3!.id, 'Sala 3'],
        ]),
      );
      // A rotation of three, and a new location taking the name one of them leaves.
      const z = await put(y, {
        locais: [
          { id: g1!.id, nome: 'Sala 3', ativo: true },
          { id: g2!.id, nome: 'Guichê 2', ativo: true },
          { id: s3!.id, nome: 'Sala 4', ativo: true },
          { nome: 'Guichê 1', ativo: true },
        ],
      });
      expect(z.statusCode, z.body).toBe(200);
      expect(
        z
          .json<Fila>()
          .locais.map((l) => l.nome)
          .sort(),
      ).toEqual(['Guichê 1', 'Guichê 2', 'Sala 3', 'Sala 4']);
      // Renaming one to a name another keeps is still 422.
      const w = z.json<Fila>();
      const dup = await put(w, {
        locais: w.locais.map((l) => ({ id: l.id, nome: l.nome === 'Sala 4' ? 'Sala 3' : l.nome, ativo: l.ativo })),
      });
      expect(dup.statusCode).toBe(422);
    });

    it('refuses adding an inactive category (422 categoriaInativa), keeps one the queue already has', async () => {
      const c = await categoria();
      const inativa = await categoria({ ativo: false });
      expect(await errorsOf(novo({ categoria_ids: [inativa.id] }))).toEqual({ categoria_ids: [msg.categoriaInativa] });
      const x = await create({ categoria_ids: [c.id] });
      await t.db.update(categorias).set({ ativo: false }).where(eq(categorias.id, c.id));
      const kept = await put(x, { nome: `${x.nome} renomeada` });
      expect(kept.statusCode, kept.body).toBe(200);
      const add = await put(kept.json<Fila>(), { categoria_ids: [c.id, inativa.id] });
      expect(add.statusCode).toBe(422);
      expect(add.json<{ errors: Record<string, string[]> }>().errors).toEqual({
        categoria_ids: [msg.categoriaInativa],
      });
    });

    it('answers 409 on a stale lock_version, 404 for another unit’s queue', async () => {
      const x = await create();
      expect((await put(x, { ativo: false })).json()).toMatchObject({ ativo: false, lock_version: 1 });
      const stale = await put(x);
      expect(stale.statusCode).toBe(409);
      expect(stale.json().code).toBe('edicao_desatualizada');
      expect((await get(x.id, outraUpa.headers)).statusCode).toBe(404);
      expect((await put({ ...x, lock_version: 1 }, {}, outraUpa.headers)).statusCode).toBe(404);
      expect((await del(x.id, outraUpa.headers)).statusCode).toBe(404);
    });

    it('refuses editing while a forwarded ticket waits in the queue (409 filaEncaminhamentosPendentes)', async () => {
      const c = await categoria();
      const origem = await create({ categoria_ids: [c.id] });
      const x = await create();
      const s = await senha({ fila_id: x.id, categoria_id: c.id, encaminhada_de_fila_id: origem.id });
      expect((await get(x.id)).json()).toMatchObject({ aguardando: 1, encaminhamentos_pendentes: 1 });
      const res = await put(x, { nome: `${x.nome} 2` });
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe(msg.filaEncaminhamentosPendentes);
      // A ticket waiting that was not forwarded does not block; nor one forwarded and already called.
      await t.db.update(senhas).set({ situacao: 'chamada' }).where(eq(senhas.id, s.id));
      await senha({ fila_id: x.id, categoria_id: c.id });
      expect((await put(x, { nome: `${x.nome} 2` })).statusCode).toBe(200);
    });
  });

  describe('DELETE', () => {
    it('removes a queue without tickets with its locations (204) and audits it; frees its categories', async () => {
      const c = await categoria();
      const x = await create({ categoria_ids: [c.id] });
      expect((await del(x.id)).statusCode).toBe(204);
      expect((await get(x.id)).statusCode).toBe(404);
      expect(await t.db.$count(filaLocais, eq(filaLocais.fila_id, x.id))).toBe(0);
      expect(
        await auditRows(t, { resource: 'filas/parametrizacoes', record_id: x.id, action: 'destroy' }),
      ).toHaveLength(1);
      expect((await create({ categoria_ids: [c.id] })).categorias).toHaveLength(1);
      expect((await del(UNKNOWN_ID)).statusCode).toBe(404);
    });

    it('refuses removing with open forwardings or tickets in the flow (409 filaEncaminhamentosAbertos)', async () => {
      const c = await categoria();
      for (const caso of [
        { situacao: 'aguardando', encaminhada: true },
        { situacao: 'aguardando', encaminhada: false },
        { situacao: 'chamada', encaminhada: false },
        { situacao: 'em_atendimento', encaminhada: false },
      ] as const) {
        const origem = await create();
        const x = await create();
        await senha({
          fila_id: x.id,
          categoria_id: c.id,
          situacao: caso.situacao,
          encaminhada_de_fila_id: caso.encaminhada ? origem.id : null,
        });
        const res = await del(x.id);
        expect(res.statusCode, JSON.stringify(caso)).toBe(409);
        expect(res.json().message).toBe(msg.filaEncaminhamentosAbertos);
        expect((await get(x.id)).json<Fila>().encaminhamentos_abertos).toBe(1);
      }
      // Forwarded out of it and still waiting elsewhere.
      const origem = await create();
      const destino = await create();
      await senha({ fila_id: destino.id, categoria_id: c.id, encaminhada_de_fila_id: origem.id });
      expect((await del(origem.id)).json().message).toBe(msg.filaEncaminhamentosAbertos);
    });

    it('refuses removing a queue with concluded tickets only, telling to deactivate it (409)', async () => {
      const c = await categoria();
      const x = await create();
      await senha({ fila_id: x.id, categoria_id: c.id, situacao: 'ausente' });
      // A ticket forwarded into it and served there is history, not an open forwarding.
      await senha({
        fila_id: x.id,
        categoria_id: c.id,
        situacao: 'concluida',
        encaminhada_de_fila_id: (await create()).id,
      });
      const res = await del(x.id);
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe(msg.filaComSenhas);
      expect((await put(x, { ativo: false })).statusCode).toBe(200);
    });
  });

  describe('list', () => {
    it('lists the unit’s queues by name with locations, categories and the waiting count; pages', async () => {
      const c = await categoria();
      const marca = newId().slice(-8);
      const b = await create({ nome: `L${marca} B`, categoria_ids: [c.id] });
      await create({ nome: `L${marca} A` });
      await create({ nome: `L${marca} Z` }, outraUpa.headers);
      await senha({ fila_id: b.id, categoria_id: c.id });
      await senha({ fila_id: b.id, categoria_id: c.id, situacao: 'chamada' });
      const res = await t.app.inject({ method: 'GET', url: `${url}?nome=${marca}`, headers: gestor.headers });
      expect(res.statusCode).toBe(200);
      expect(res.headers['x-total-count']).toBe('2');
      expect(res.json<Fila[]>().map((r) => [r.nome, r.aguardando, r.categorias.length, r.locais.length])).toEqual([
        [`L${marca} A`, 0, 0, 1],
        [`L${marca} B`, 1, 1, 1],
      ]);
      const p2 = await t.app.inject({
        method: 'GET',
        url: `${url}?nome=${marca}&per_page=1&page=2`,
        headers: gestor.headers,
      });
      expect(p2.json<Fila[]>().map((r) => r.nome)).toEqual([`L${marca} B`]);
      expect(p2.headers['x-total-count']).toBe('2');
    });
  });

  describe('the unit’s time between calls', () => {
    it('reads and changes tempo_chamadas (5–600 s) with the unit’s lock_version, audited', async () => {
      const u = (
        await t.app.inject({ method: 'GET', url: `${url}/unidade`, headers: gestor.headers })
      ).json<FilaUnidade>();
      expect(u).toMatchObject({ id: upa.id, nome: upa.nome, tempo_chamadas: 30 });
      const putU = (body: object, headers: Headers = gestor.headers) =>
        t.app.inject({ method: 'PUT', url: `${url}/unidade`, headers, payload: body });
      for (const [v, m] of [
        [4, msg.between(5, 600)],
        [601, msg.between(5, 600)],
        [10.5, msg.integer],
        [null, msg.obrigatorio],
      ] as const) {
        const r = await putU({ tempo_chamadas: v, lock_version: u.lock_version });
        expect(r.statusCode).toBe(422);
        expect(r.json().errors).toEqual({ tempo_chamadas: [m] });
      }
      const ok = await putU({ tempo_chamadas: 45, lock_version: u.lock_version });
      expect(ok.statusCode, ok.body).toBe(200);
      expect(ok.json()).toMatchObject({ tempo_chamadas: 45, lock_version: u.lock_version + 1 });
      expect((await putU({ tempo_chamadas: 50, lock_version: u.lock_version })).json().code).toBe(
        'edicao_desatualizada',
      );
      expect(await auditRows(t, { resource: 'filas/parametrizacoes', record_id: upa.id })).toMatchObject([
        { action: 'update_unidade', details: { campos: ['tempo_chamadas'] } },
      ]);
      expect((await putU({ tempo_chamadas: 50, lock_version: 1 }, recepcao.headers)).statusCode).toBe(403);

      // Spec §7: any signed-in staff member of the unit reads it.
      for (const quem of [gestor, recepcao, medico]) {
        const r = await t.app.inject({ method: 'GET', url: tempoUrl, headers: quem.headers });
        expect(r.statusCode).toBe(200);
        expect(r.json()).toEqual({ tempo_unidade_atual: 45 });
      }
      await t.db.update(unidadesSaude).set({ tempo_chamadas: 30 }).where(eq(unidadesSaude.id, upa.id));
      expect((await t.app.inject({ method: 'GET', url: tempoUrl, headers: outraUpa.headers })).json()).toEqual({
        tempo_unidade_atual: 30,
      });
      expect((await t.app.inject({ method: 'GET', url: tempoUrl })).statusCode).toBe(401);
    });

    it('answers 403 to a signed-in user without a current unit', async () => {
      const p = await f.profissional([
        { unidade: upa, perfil: 'gestor' },
        { unidade: await f.unidade(), perfil: 'gestor' },
      ]);
      const headers = await f.signIn(p);
      const r = await t.app.inject({ method: 'GET', url: tempoUrl, headers });
      expect(r.statusCode).toBe(403);
      expect(r.json().message).toBe(msg.semUnidadeAtual);
    });
  });

  it('access: reception reads only; medical staff nothing; a unit without queue management 403', async () => {
    const x = await create();
    expect((await get(x.id, recepcao.headers)).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url, headers: recepcao.headers })).statusCode).toBe(200);
    expect((await post(novo(), recepcao.headers)).statusCode).toBe(403);
    expect((await put(x, {}, recepcao.headers)).statusCode).toBe(403);
    expect((await del(x.id, recepcao.headers)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url, headers: medico.headers })).statusCode).toBe(403);
    for (const [method, u] of [
      ['GET', url],
      ['GET', `${url}/${x.id}`],
      ['GET', `${url}/categorias`],
      ['GET', `${url}/unidade`],
      ['POST', url],
    ] as const) {
      const r = await t.app.inject({
        method,
        url: u,
        headers: semFilas.headers,
        payload: method === 'POST' ? novo() : undefined,
      });
      expect(r.statusCode, `${method} ${u}`).toBe(403);
    }
  });
});
