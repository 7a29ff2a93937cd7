import { msg } from '@saude/shared';
import type { Atendimento } from '@saude/shared/schemas/atendimento';
import type { ChamadaPainel } from '@saude/shared/schemas/painel';
import type { Senha, SenhaContexto, SenhaListItem } from '@saude/shared/schemas/senha';
import { todayIso } from '@saude/shared/validation/dates';
import { and, eq } from 'drizzle-orm';
import type pg from 'pg';
import type { PGlite } from '@electric-sql/pglite';
import { beforeAll, describe, expect, it } from 'vitest';
import { categorias, senhaContadores, senhaEventos, senhas } from '../../../db/schema';
import { fixtures, type Headers, type Usuario, UNKNOWN_ID } from '../../../test/fixtures';
import { filasFixtures } from '../../../test/filas-fixtures';
import { auditRows, useTestApp, type TestApp } from '../../../test/helpers';
import { CANAL_CHAMADAS } from '../painel/eventos';

const url = '/api/v1/filas/senhas';

/** Collects the panel's notifications (LISTEN on the test database, PGlite or PostgreSQL). */
async function escutar(t: TestApp) {
  const recebidas: ChamadaPainel[] = [];
  const client = (t.db as unknown as { $client: unknown }).$client;
  if (t.kind === 'pglite') {
    const parar = await (client as PGlite).listen(CANAL_CHAMADAS, (p) => recebidas.push(JSON.parse(p)));
    return { recebidas, parar };
  }
  const c = await (client as pg.Pool).connect();
  c.on('notification', (n) => recebidas.push(JSON.parse(n.payload!)));
  await c.query(`listen ${CANAL_CHAMADAS}`);
  return {
    recebidas,
    parar: async () => {
      await c.query('unlisten *');
      c.release();
    },
  };
}

describe(url, () => {
  const t = useTestApp();
  const f = fixtures(t);
  const ff = filasFixtures(t);
  let cena: Awaited<ReturnType<typeof ff.cenario>>;
  let recepcao: Usuario;
  let medico: Usuario;
  let guiche1: string;
  let guiche2: string;

  const post = (path: string, payload: object, headers: Headers = recepcao.headers) =>
    t.app.inject({ method: 'POST', url: `${url}${path}`, headers, payload });
  const emitir = async (categoria_id: string, headers: Headers = recepcao.headers): Promise<SenhaListItem> => {
    const res = await post('', { categoria_id }, headers);
    if (res.statusCode !== 201) throw new Error(`emitir: ${res.statusCode} ${res.body}`);
    return res.json<SenhaListItem>();
  };
  /**
   * A desk's new call waits for its last unanswered one to be older than tempo_chamadas (issue 39): the helpers that
   * call age the unit's open calls first, so a test calls as a desk does after the interval.
   */
  const liberarGuiches = () =>
    t.db
      .update(senhas)
      .set({ chamada_em: new Date(Date.now() - 3_600_000) })
      .where(and(eq(senhas.unidade_saude_id, cena.unidade.id), eq(senhas.situacao, 'chamada')));
  const passo = async (s: Pick<SenhaListItem, 'id' | 'lock_version'>, acao: string, body: object = {}, h?: Headers) => {
    if (acao === 'chamar') await liberarGuiches();
    return post(`/${s.id}/${acao}`, { lock_version: s.lock_version, ...body }, h);
  };
  const ok = async (res: { statusCode: number; body: string; json: <T>() => T }) => {
    if (res.statusCode !== 200) throw new Error(`${res.statusCode} ${res.body}`);
    return res.json<SenhaListItem>();
  };
  const recusa = (res: { statusCode: number; json: <T>() => T }, status: number, message: string) => {
    expect(res.statusCode).toBe(status);
    expect(res.json<{ message: string }>().message).toBe(message);
  };
  const errorsOf = (res: { statusCode: number; json: <T>() => T }) => {
    expect(res.statusCode).toBe(422);
    return res.json<{ errors: Record<string, string[]> }>().errors;
  };
  const proxima = async (fila_id = cena.recepcao.fila.id, local_id = guiche1, h?: Headers) => {
    await liberarGuiches();
    return post('/chamar_proxima', { fila_id, local_id }, h);
  };
  /** Empties the reception queue of today's waiting tickets (each test calls from a known queue). */
  const esvaziar = () =>
    t.db
      .update(senhas)
      .set({ situacao: 'concluida' })
      .where(and(eq(senhas.unidade_saude_id, cena.unidade.id), eq(senhas.situacao, 'aguardando')));
  const atrasarChamada = (id: string, segundos: number) =>
    t.db
      .update(senhas)
      .set({ chamada_em: new Date(Date.now() - segundos * 1000) })
      .where(eq(senhas.id, id));

  beforeAll(async () => {
    cena = await ff.cenario();
    recepcao = await f.usuario({ perfil: 'recepcao', unidade: cena.unidade });
    medico = await f.usuario({ perfil: 'medico', unidade: cena.unidade });
    [guiche1, guiche2] = cena.recepcao.locais.map((l) => l.id) as [string, string];
  });

  describe('issuing', () => {
    it('numbers per category and day (sigla + 3 digits), in the queue of the parametrization; event and audit', async () => {
      const { normal, sessenta } = cena.categorias;
      const a = await emitir(normal.id);
      const b = await emitir(normal.id);
      const c = await emitir(sessenta.id);
      expect([a.codigo, b.codigo, c.codigo]).toEqual([
        `${normal.sigla}001`,
        `${normal.sigla}002`,
        `${sessenta.sigla}001`,
      ]);
      expect(a).toMatchObject({
        numero: 1,
        data: todayIso(),
        situacao: 'aguardando',
        fila: { id: cena.recepcao.fila.id, nome: 'Recepção' },
        categoria: { id: normal.id, nome: normal.nome, sigla: normal.sigla, cor: normal.cor, prioridade: 3 },
        local: null,
        chamadas: 0,
        encaminhada_de: null,
        lock_version: 0,
      });
      const eventos = await t.db.select().from(senhaEventos).where(eq(senhaEventos.senha_id, a.id));
      expect(eventos.map((e) => [e.tipo, e.fila_id, e.profissional_id])).toEqual([
        ['emitida', cena.recepcao.fila.id, recepcao.id],
      ]);
      const [trail] = await auditRows(t, { record_id: a.id });
      expect(trail).toMatchObject({ action: 'create', resource: 'filas/senhas', municipe_ids: null });
    });

    it('uses more digits past 999', async () => {
      const cat = await ff.categoria();
      const { fila } = await ff.fila(cena.unidade, { categorias: [cat] });
      await t.db.insert(senhaContadores).values({
        unidade_saude_id: cena.unidade.id,
        categoria_id: cat.id,
        data: todayIso(),
        ultimo: 999,
      });
      const s = await emitir(cat.id);
      expect(s).toMatchObject({ numero: 1000, codigo: `${cat.sigla}1000`, fila: { id: fila.id } });
    });

    it('refuses a category the unit does not parametrize, a blank one and a NUL byte (422 on categoria_id)', async () => {
      const solta = await ff.categoria();
      expect(errorsOf(await post('', { categoria_id: solta.id }))).toEqual({
        categoria_id: [msg.senhaCategoriaSemFila],
      });
      expect(errorsOf(await post('', { categoria_id: '' }))).toEqual({ categoria_id: [msg.obrigatorio] });
      expect(errorsOf(await post('', { categoria_id: 'a\u0000b' })).categoria_id).toBeDefined();
      // An inactive queue hands out no tickets.
      const cat = await ff.categoria();
      await ff.fila(cena.unidade, { categorias: [cat], ativo: false });
      expect(errorsOf(await post('', { categoria_id: cat.id }))).toEqual({ categoria_id: [msg.senhaCategoriaSemFila] });
    });
  });

  describe('listing and reading', () => {
    it("lists today's tickets of the unit with filters and pages (X-Total-Count); waiting ones in call order", async () => {
      await esvaziar();
      const { normal, oitenta } = cena.categorias;
      const n = await emitir(normal.id);
      const o = await emitir(oitenta.id);
      // Yesterday's ticket and another unit's are not today's list of this unit.
      const outra = await ff.cenario();
      const daOutra = await emitir(
        outra.categorias.normal.id,
        (await f.usuario({ perfil: 'recepcao', unidade: outra.unidade })).headers,
      );
      await t.db
        .update(senhas)
        .set({ data: '2000-01-01' })
        .where(eq(senhas.id, (await emitir(normal.id)).id));

      const res = await t.app.inject({
        method: 'GET',
        url,
        headers: recepcao.headers,
        query: { situacao: 'aguardando', fila_id: cena.recepcao.fila.id },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json<SenhaListItem[]>().map((s) => s.id)).toEqual([o.id, n.id]);
      expect(res.headers['x-total-count']).toBe('2');

      const porCodigo = await t.app.inject({
        method: 'GET',
        url,
        headers: recepcao.headers,
        query: { codigo: o.codigo.toLowerCase() },
      });
      expect(porCodigo.json<SenhaListItem[]>().map((s) => s.id)).toEqual([o.id]);
      const pagina = await t.app.inject({ method: 'GET', url, headers: recepcao.headers, query: { per_page: '1' } });
      expect(pagina.json<SenhaListItem[]>()).toHaveLength(1);
      expect(Number(pagina.headers['x-total-count'])).toBeGreaterThan(2);
      const todas = await t.app.inject({ method: 'GET', url, headers: recepcao.headers, query: { per_page: '100' } });
      expect(todas.body).not.toContain(daOutra.id);
      const porCategoria = await t.app.inject({
        method: 'GET',
        url,
        headers: recepcao.headers,
        query: { categoria_id: oitenta.id, per_page: '100' },
      });
      expect(porCategoria.json<SenhaListItem[]>().every((s) => s.categoria.id === oitenta.id)).toBe(true);
      expect(
        errorsOf(await t.app.inject({ method: 'GET', url, headers: recepcao.headers, query: { situacao: 'x' } })),
      ).toHaveProperty('situacao');
    });

    it('reads one ticket with its steps (who, where, when) and the unit context', async () => {
      await esvaziar();
      const s = await emitir(cena.categorias.normal.id);
      await ok(await proxima(cena.recepcao.fila.id, guiche2, medico.headers));
      const res = await t.app.inject({ method: 'GET', url: `${url}/${s.id}`, headers: recepcao.headers });
      expect(res.statusCode).toBe(200);
      const lida = res.json<Senha>();
      expect(lida).toMatchObject({
        situacao: 'chamada',
        local: { id: guiche2, nome: 'Guichê 2' },
        chamada_por: { id: medico.id, nome: medico.nome },
        chamadas: 1,
      });
      expect(lida.eventos.map((e) => [e.tipo, e.fila.nome, e.local?.nome ?? null, e.profissional?.nome])).toEqual([
        ['emitida', 'Recepção', null, recepcao.nome],
        ['chamada', 'Recepção', 'Guichê 2', medico.nome],
      ]);
      const ctx = (
        await t.app.inject({ method: 'GET', url: `${url}/contexto`, headers: recepcao.headers })
      ).json<SenhaContexto>();
      expect(ctx.tempo_chamadas).toBe(30);
      // Earlier tests add priority-3 categories with random names to this unit: compare the scene's own.
      const daCena = new Set(Object.values(cena.categorias).map((c) => c.id));
      expect(
        ctx.categorias.filter((c) => daCena.has(c.id) && c.fila_id === cena.recepcao.fila.id).map((c) => c.id),
      ).toEqual([cena.categorias.oitenta.id, cena.categorias.sessenta.id, cena.categorias.normal.id]);
      expect(ctx.filas.find((q) => q.id === cena.recepcao.fila.id)?.locais.map((l) => l.nome)).toEqual([
        'Guichê 1',
        'Guichê 2',
      ]);
      expect(
        (await t.app.inject({ method: 'GET', url: `${url}/${UNKNOWN_ID}`, headers: recepcao.headers })).statusCode,
      ).toBe(404);
    });
  });

  describe('calling', () => {
    it('calls the next by category priority, then arrival; announces it to the panel; empty queue refused', async () => {
      await esvaziar();
      const { normal, sessenta, oitenta } = cena.categorias;
      const n1 = await emitir(normal.id);
      const s1 = await emitir(sessenta.id);
      const n2 = await emitir(normal.id);
      const o1 = await emitir(oitenta.id);
      const s2 = await emitir(sessenta.id);
      const painel = await escutar(t);
      try {
        const chamadas: string[] = [];
        for (let i = 0; i < 5; i++) chamadas.push((await ok(await proxima())).id);
        expect(chamadas).toEqual([o1.id, s1.id, s2.id, n1.id, n2.id]);
        recusa(await proxima(), 409, msg.filaSemSenhasAguardando);
        await expect.poll(() => painel.recebidas.length).toBe(5);
        expect(painel.recebidas[0]).toMatchObject({
          unidade_saude_id: cena.unidade.id,
          senha_id: o1.id,
          codigo: o1.codigo,
          categoria: { nome: oitenta.nome, cor: oitenta.cor },
          fila: 'Recepção',
          local: 'Guichê 1',
          rechamada: false,
        });
      } finally {
        await painel.parar();
      }
    });

    it('refuses a location of another queue, a queue of another unit, and blank fields (422)', async () => {
      expect(errorsOf(await proxima(cena.recepcao.fila.id, cena.classificacao.locais[0]!.id))).toEqual({
        local_id: [msg.senhaLocalForaDaFila],
      });
      const outra = await ff.cenario();
      expect(errorsOf(await proxima(outra.recepcao.fila.id, outra.recepcao.locais[0]!.id))).toEqual({
        fila_id: [msg.naoEValido],
      });
      expect(errorsOf(await post('/chamar_proxima', {}))).toEqual({
        fila_id: [msg.obrigatorio],
        local_id: [msg.obrigatorio],
      });
    });

    it('calls a given waiting or absent ticket; one called, attended or concluded is refused (spec §8)', async () => {
      const s = await emitir(cena.categorias.normal.id);
      const chamada = await ok(await passo(s, 'chamar', { local_id: guiche1 }));
      expect(chamada).toMatchObject({ situacao: 'chamada', local: { nome: 'Guichê 1' }, lock_version: 1 });
      // The other desk, with the ticket as it read it: the state's word, not "reload".
      recusa(await passo(s, 'chamar', { local_id: guiche2 }), 409, msg.senhaEmAtendimento);
      recusa(await passo(chamada, 'chamar', { local_id: guiche2 }), 409, msg.senhaEmAtendimento);
      const ausente = await ok(await passo(chamada, 'ausente'));
      expect(ausente.situacao).toBe('ausente');
      // Stale version on a state that allows the step → 409 edicao_desatualizada.
      const stale = await passo(chamada, 'chamar', { local_id: guiche2 });
      expect(stale.statusCode).toBe(409);
      expect(stale.json<{ code: string }>().code).toBe('edicao_desatualizada');
      const de_novo = await ok(await passo(ausente, 'chamar', { local_id: guiche2 }));
      expect(de_novo).toMatchObject({ situacao: 'chamada', local: { nome: 'Guichê 2' }, chamadas: 2 });
      const em = await ok(await passo(de_novo, 'iniciar'));
      recusa(await passo(em, 'chamar', { local_id: guiche1 }), 409, msg.senhaEmAtendimento);
      const fim = await ok(await passo(em, 'concluir'));
      recusa(await passo(fim, 'chamar', { local_id: guiche1 }), 409, msg.senhaIndisponivel);
      expect(
        errorsOf(
          await passo(await emitir(cena.categorias.normal.id), 'chamar', {
            local_id: cena.classificacao.locais[0]!.id,
          }),
        ),
      ).toEqual({ local_id: [msg.senhaLocalForaDaFila] });
    });

    it('calls again only after tempo_chamadas, to the same place, saying how long is left', async () => {
      const s = await emitir(cena.categorias.normal.id);
      recusa(await passo(s, 'rechamar'), 409, msg.senhaNaoChamada);
      const c = await ok(await passo(s, 'chamar', { local_id: guiche2 }));
      const cedo = await passo(c, 'rechamar');
      expect(cedo.statusCode).toBe(409);
      const corpo = cedo.json<{ message: string; segundos_restantes: number }>();
      expect(corpo.segundos_restantes).toBeGreaterThan(25);
      expect(corpo.message).toBe(msg.chamadaRepetidaCedo(corpo.segundos_restantes));
      await atrasarChamada(s.id, 31);
      const painel = await escutar(t);
      try {
        const r = await ok(await passo(c, 'rechamar'));
        expect(r).toMatchObject({ situacao: 'chamada', local: { id: guiche2 }, chamadas: 2 });
        await expect.poll(() => painel.recebidas.length).toBe(1);
        expect(painel.recebidas[0]).toMatchObject({ senha_id: s.id, local: 'Guichê 2', rechamada: true });
      } finally {
        await painel.parar();
      }
      const lida = (
        await t.app.inject({ method: 'GET', url: `${url}/${s.id}`, headers: recepcao.headers })
      ).json<Senha>();
      expect(lida.eventos.map((e) => e.tipo)).toEqual(['emitida', 'chamada', 'rechamada']);
    });

    it("reads the unit's tempo_chamadas", async () => {
      const rapida = await ff.cenario({ tempo_chamadas: 0 });
      const r = await f.usuario({ perfil: 'recepcao', unidade: rapida.unidade });
      const s = await emitir(rapida.categorias.normal.id, r.headers);
      const c = await ok(await passo(s, 'chamar', { local_id: rapida.recepcao.locais[0]!.id }, r.headers));
      expect((await passo(c, 'rechamar', {}, r.headers)).statusCode).toBe(200);
    });
  });

  describe('attending, concluding, absent', () => {
    it('walks called → in attendance → concluded, each step an event; refuses steps the state does not allow', async () => {
      const s = await emitir(cena.categorias.normal.id);
      recusa(await passo(s, 'iniciar'), 409, msg.senhaNaoChamada);
      recusa(await passo(s, 'concluir'), 409, msg.senhaNaoChamada);
      recusa(await passo(s, 'ausente'), 409, msg.senhaNaoChamada);
      const c = await ok(await passo(s, 'chamar', { local_id: guiche1 }));
      const em = await ok(await passo(c, 'iniciar', {}, medico.headers));
      expect(em.situacao).toBe('em_atendimento');
      expect(em.atendimento_iniciado_em).not.toBeNull();
      recusa(await passo(em, 'iniciar'), 409, msg.senhaEmAtendimento);
      recusa(await passo(em, 'ausente'), 409, msg.senhaEmAtendimento);
      recusa(await passo(em, 'rechamar'), 409, msg.senhaEmAtendimento);
      const fim = await ok(await passo(em, 'concluir', {}, medico.headers));
      expect(fim.situacao).toBe('concluida');
      expect(fim.concluida_em).not.toBeNull();
      for (const a of ['iniciar', 'concluir', 'ausente', 'rechamar', 'encaminhar'])
        recusa(await passo(fim, a, { fila_id: cena.classificacao.fila.id }), 409, msg.senhaIndisponivel);
      const eventos = await t.db.select().from(senhaEventos).where(eq(senhaEventos.senha_id, s.id));
      expect(eventos.map((e) => e.tipo).sort()).toEqual(['chamada', 'concluida', 'em_atendimento', 'emitida'].sort());
      expect((await auditRows(t, { record_id: s.id })).map((r) => r.action)).toEqual([
        'create',
        'chamar',
        'iniciar',
        'concluir',
      ]);
      // A called ticket may be concluded straight away (a quick matter at the desk).
      const d = await ok(await passo(await emitir(cena.categorias.normal.id), 'chamar', { local_id: guiche1 }));
      expect((await ok(await passo(d, 'concluir'))).situacao).toBe('concluida');
    });

    it('answers 409 edicao_desatualizada to a stale lock_version', async () => {
      const s = await emitir(cena.categorias.normal.id);
      const c = await ok(await passo(s, 'chamar', { local_id: guiche1 }));
      await ok(await passo(c, 'iniciar'));
      const res = await passo({ id: s.id, lock_version: c.lock_version }, 'concluir');
      expect(res.statusCode).toBe(409);
      expect(res.json<{ code: string }>().code).toBe('edicao_desatualizada');
    });
  });

  describe('forwarding', () => {
    it('sends the ticket to another queue of the unit, waiting there from now; that queue calls it', async () => {
      await t.db
        .update(senhas)
        .set({ situacao: 'concluida' })
        .where(and(eq(senhas.fila_id, cena.classificacao.fila.id), eq(senhas.situacao, 'aguardando')));
      const s = await emitir(cena.categorias.normal.id);
      const c = await ok(await passo(s, 'chamar', { local_id: guiche1 }));
      const em = await ok(await passo(c, 'iniciar'));
      const enc = await ok(await passo(em, 'encaminhar', { fila_id: cena.classificacao.fila.id }));
      expect(enc).toMatchObject({
        situacao: 'aguardando',
        fila: { id: cena.classificacao.fila.id, nome: 'Classificação de risco' },
        encaminhada_de: { id: cena.recepcao.fila.id, nome: 'Recepção' },
        local: null,
        chamada_em: null,
        chamadas: 0,
      });
      expect(new Date(enc.na_fila_desde).getTime()).toBeGreaterThan(new Date(s.na_fila_desde).getTime());
      const sala = cena.classificacao.locais[0]!.id;
      const chamada = await ok(await proxima(cena.classificacao.fila.id, sala));
      expect(chamada).toMatchObject({ id: s.id, local: { nome: 'Sala 1' }, encaminhada_de: { nome: 'Recepção' } });
      const lida = (
        await t.app.inject({ method: 'GET', url: `${url}/${s.id}`, headers: recepcao.headers })
      ).json<Senha>();
      expect(lida.eventos.map((e) => [e.tipo, e.fila.nome])).toEqual([
        ['emitida', 'Recepção'],
        ['chamada', 'Recepção'],
        ['em_atendimento', 'Recepção'],
        ['encaminhada', 'Classificação de risco'],
        ['chamada', 'Classificação de risco'],
      ]);
    });

    it('refuses its own queue and a queue of another unit (422), a closed queue (senhaNaoEncaminhada)', async () => {
      const s = await emitir(cena.categorias.normal.id);
      expect(errorsOf(await passo(s, 'encaminhar', { fila_id: cena.recepcao.fila.id }))).toEqual({
        fila_id: [msg.senhaFilaIgualAtual],
      });
      const outra = await ff.cenario();
      expect(errorsOf(await passo(s, 'encaminhar', { fila_id: outra.classificacao.fila.id }))).toEqual({
        fila_id: [msg.naoEValido],
      });
      const { fila: fechada } = await ff.fila(cena.unidade, { ativo: false });
      recusa(await passo(s, 'encaminhar', { fila_id: fechada.id }), 409, msg.senhaNaoEncaminhada);
      const [row] = await t.db.select().from(senhas).where(eq(senhas.id, s.id));
      expect(row).toMatchObject({ fila_id: cena.recepcao.fila.id, lock_version: 0 });
    });
  });

  describe('access', () => {
    it('403 to a profile without the permission; 403 in a unit that does not manage queues', async () => {
      const acs = await f.usuario({ perfil: 'acs', unidade: cena.unidade });
      expect((await t.app.inject({ method: 'GET', url, headers: acs.headers })).statusCode).toBe(403);
      expect((await post('', { categoria_id: cena.categorias.normal.id }, acs.headers)).statusCode).toBe(403);
      // The doctor calls and attends, but does not issue.
      expect((await post('', { categoria_id: cena.categorias.normal.id }, medico.headers)).statusCode).toBe(403);
      const ubs = await f.unidade({ pronto_atendimento: true });
      const semFilas = await f.usuario({ perfil: 'recepcao', unidade: ubs });
      for (const res of [
        await t.app.inject({ method: 'GET', url, headers: semFilas.headers }),
        await t.app.inject({ method: 'GET', url: `${url}/contexto`, headers: semFilas.headers }),
        await post('', { categoria_id: cena.categorias.normal.id }, semFilas.headers),
        await proxima(cena.recepcao.fila.id, guiche1, semFilas.headers),
      ])
        expect(res.statusCode).toBe(403);
    });

    it("answers 404 to every route on another unit's ticket, and changes nothing", async () => {
      const s = await emitir(cena.categorias.normal.id);
      const outra = await ff.cenario();
      const alheio = await f.usuario({ perfil: 'gestor', unidade: outra.unidade });
      const body = { lock_version: 0, local_id: outra.recepcao.locais[0]!.id, fila_id: outra.classificacao.fila.id };
      expect((await t.app.inject({ method: 'GET', url: `${url}/${s.id}`, headers: alheio.headers })).statusCode).toBe(
        404,
      );
      for (const a of ['chamar', 'rechamar', 'iniciar', 'concluir', 'encaminhar', 'ausente'])
        expect((await post(`/${s.id}/${a}`, body, alheio.headers)).statusCode, a).toBe(404);
      const [row] = await t.db.select().from(senhas).where(eq(senhas.id, s.id));
      expect(row).toMatchObject({ situacao: 'aguardando', lock_version: 0 });
    });
  });

  describe('concurrency', () => {
    it('twenty issues at once get the numbers 1..20, no gap, no repeat', async () => {
      const cat = await ff.categoria();
      await ff.fila(cena.unidade, { categorias: [cat] });
      const res = await Promise.all(Array.from({ length: 20 }, () => post('', { categoria_id: cat.id })));
      expect(res.map((r) => r.statusCode)).toEqual(Array(20).fill(201));
      const numeros = res.map((r) => r.json<SenhaListItem>().numero).sort((a, b) => a - b);
      expect(numeros).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    });

    it('twenty "call next" at once take twenty different tickets, none twice', async () => {
      const cat = await ff.categoria();
      // Twenty desks: one desk's second call within tempo_chamadas is refused (the next test).
      const { fila, locais } = await ff.fila(cena.unidade, {
        categorias: [cat],
        locais: Array.from({ length: 20 }, (_, i) => `Guichê ${i + 1}`),
      });
      const emitidas = new Set<string>();
      for (let i = 0; i < 20; i++) emitidas.add((await emitir(cat.id)).id);
      const res = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          post('/chamar_proxima', { fila_id: fila.id, local_id: locais[i]!.id }, i % 2 ? medico.headers : undefined),
        ),
      );
      expect(res.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
      const chamadas = res.map((r) => r.json<SenhaListItem>().id);
      expect(new Set(chamadas).size).toBe(20);
      expect(new Set(chamadas)).toEqual(emitidas);
      const rows = await t.db.select().from(senhas).where(eq(senhas.fila_id, fila.id));
      expect(rows.every((r) => r.situacao === 'chamada' && r.chamadas === 1)).toBe(true);
      const eventos = await t.db
        .select()
        .from(senhaEventos)
        .where(and(eq(senhaEventos.fila_id, fila.id), eq(senhaEventos.tipo, 'chamada')));
      expect(eventos).toHaveLength(20);
      recusa(await proxima(fila.id, locais[0]!.id), 409, msg.filaSemSenhasAguardando);
    });
  });

  describe('one action per press (issue 39)', () => {
    it('a double click on "call next" calls one ticket: the desk second call within tempo_chamadas is refused', async () => {
      const cat = await ff.categoria();
      const { fila, locais } = await ff.fila(cena.unidade, { categorias: [cat] });
      const a = await emitir(cat.id);
      const b = await emitir(cat.id);
      const corpo = { fila_id: fila.id, local_id: locais[0]!.id };
      const res = await Promise.all([post('/chamar_proxima', corpo), post('/chamar_proxima', corpo)]);
      expect(res.map((r) => r.statusCode).sort()).toEqual([200, 409]);
      const recusada = res.find((r) => r.statusCode === 409)!.json<{ message: string; segundos_restantes: number }>();
      expect(recusada.message).toBe(msg.chamadaRepetidaCedo(recusada.segundos_restantes));
      const rows = await t.db.select().from(senhas).where(eq(senhas.fila_id, fila.id));
      expect(rows.filter((r) => r.situacao === 'chamada').map((r) => r.id)).toEqual([a.id]);
      // A given ticket to the same desk is refused too; another desk calls at once.
      const outra = await post(`/${b.id}/chamar`, { local_id: locais[0]!.id, lock_version: 0 });
      expect(outra.statusCode).toBe(409);
      expect(outra.json<{ message: string }>().message).toMatch(/^Aguarde \d+ segundos para chamar novamente\.$/);
      expect((await post('/chamar_proxima', { fila_id: fila.id, local_id: locais[1]!.id })).statusCode).toBe(200);
      // Once the desk's call is answered (absent, started, concluded) the desk calls again at once.
      const c = await emitir(cat.id);
      const [chamadaA] = await t.db.select().from(senhas).where(eq(senhas.id, a.id));
      await ok(await post(`/${a.id}/ausente`, { lock_version: chamadaA!.lock_version }));
      expect((await post('/chamar_proxima', corpo)).json<SenhaListItem>().id).toBe(c.id);
    });

    it('a double tap on a category issues one ticket: the press id makes the retry answer the same ticket', async () => {
      const cat = await ff.categoria();
      await ff.fila(cena.unidade, { categorias: [cat] });
      const id = crypto.randomUUID();
      const res = await Promise.all([post('', { categoria_id: cat.id, id }), post('', { categoria_id: cat.id, id })]);
      expect(res.map((r) => r.statusCode)).toEqual([201, 201]);
      expect(res.map((r) => r.json<SenhaListItem>().codigo)).toEqual([`${cat.sigla}001`, `${cat.sigla}001`]);
      const rows = await t.db.select().from(senhas).where(eq(senhas.categoria_id, cat.id));
      expect(rows.map((r) => r.id)).toEqual([id]);
      // A later retry of the same press too; the next press gets the next number.
      expect((await post('', { categoria_id: cat.id, id })).json<SenhaListItem>().numero).toBe(1);
      expect((await emitir(cat.id)).numero).toBe(2);
      // The id of another category's ticket is not a retry.
      expect(errorsOf(await post('', { categoria_id: cena.categorias.normal.id, id }))).toEqual({
        id: [msg.naoEValido],
      });
    });

    it('refuses an inactive category with its own message (422 on categoria_id)', async () => {
      const cat = await ff.categoria();
      await ff.fila(cena.unidade, { categorias: [cat] });
      await t.db.update(categorias).set({ ativo: false }).where(eq(categorias.id, cat.id));
      expect(errorsOf(await post('', { categoria_id: cat.id }))).toEqual({ categoria_id: [msg.categoriaInativa] });
    });
  });

  describe('reads are audited (issue 39)', () => {
    it('writes a row for a ticket read and for a page of tickets, naming the citizen of a linked arrival', async () => {
      const s = await emitir(cena.categorias.normal.id);
      const lida = await t.app.inject({ method: 'GET', url: `${url}/${s.id}`, headers: medico.headers });
      expect(lida.statusCode).toBe(200);
      const [show] = await auditRows(t, { action: 'show', record_id: s.id });
      expect(show).toMatchObject({ resource: 'filas/senhas', profissional_id: medico.id, municipe_ids: null });
      const m = await f.municipe();
      const chegada = await t.app.inject({
        method: 'POST',
        url: '/api/v1/urgencia_emergencia/atendimentos',
        headers: recepcao.headers,
        payload: { municipe_id: m.id, tipo_chegada_id: 1, senha: s.codigo },
      });
      expect(chegada.statusCode).toBe(201);
      await t.app.inject({ method: 'GET', url: `${url}/${s.id}`, headers: medico.headers });
      const shows = await auditRows(t, { action: 'show', record_id: s.id });
      expect(shows.at(-1)!.municipe_ids).toEqual([m.id]);
      const antes = (await auditRows(t, { action: 'index', resource: 'filas/senhas' })).length;
      const pagina = await t.app.inject({
        method: 'GET',
        url,
        headers: medico.headers,
        query: { codigo: s.codigo },
      });
      expect(pagina.json<SenhaListItem[]>().map((x) => x.id)).toEqual([s.id]);
      const index = await auditRows(t, { action: 'index', resource: 'filas/senhas' });
      expect(index).toHaveLength(antes + 1);
      expect(index.at(-1)).toMatchObject({ municipe_ids: [m.id], details: { filtros: ['codigo'] } });
    });
  });

  describe('urgent-care arrivals (issue 17)', () => {
    const atendimentos = '/api/v1/urgencia_emergencia/atendimentos';
    const chegada = async (senha: string, headers: Headers = recepcao.headers) =>
      t.app.inject({
        method: 'POST',
        url: atendimentos,
        headers,
        payload: { municipe_id: (await f.municipe()).id, tipo_chegada_id: 1, senha },
      });

    it("links and concludes today's ticket of the code; refuses one another arrival took; other codes stay text", async () => {
      const s = await emitir(cena.categorias.normal.id);
      const c = await ok(await passo(s, 'chamar', { local_id: guiche1 }));
      const res = await chegada(c.codigo.toLowerCase());
      expect(res.statusCode).toBe(201);
      const a = res.json<Atendimento>();
      const [row] = await t.db.select().from(senhas).where(eq(senhas.id, s.id));
      expect(row).toMatchObject({ situacao: 'concluida', atendimento_id: a.id });
      const eventos = await t.db.select().from(senhaEventos).where(eq(senhaEventos.senha_id, s.id));
      expect(eventos.map((e) => e.tipo)).toContain('concluida');

      const outra = await chegada(c.codigo);
      expect(errorsOf(outra)).toEqual({ senha: [msg.senhaConcluidaEmOutroAtendimento] });
      // The same arrival saved again keeps its ticket.
      const put = await t.app.inject({
        method: 'PUT',
        url: `${atendimentos}/${a.id}`,
        headers: recepcao.headers,
        payload: { tipo_chegada_id: 1, senha: c.codigo, lock_version: a.lock_version },
      });
      expect(put.statusCode).toBe(200);

      const livre = await chegada('Z999');
      expect(livre.statusCode).toBe(201);
      expect(livre.json<Atendimento>().senha).toBe('Z999');
    });

    it('moves the link when an edit changes the code; a ticket concluded at the desk is linked too', async () => {
      const s1 = await emitir(cena.categorias.normal.id);
      const s2 = await emitir(cena.categorias.normal.id);
      const a = (await chegada(s1.codigo)).json<Atendimento>();
      const c2 = await ok(await passo(s2, 'chamar', { local_id: guiche1 }));
      await ok(await passo(c2, 'concluir'));
      const put = await t.app.inject({
        method: 'PUT',
        url: `${atendimentos}/${a.id}`,
        headers: recepcao.headers,
        payload: { tipo_chegada_id: 1, senha: s2.codigo, lock_version: a.lock_version },
      });
      expect(put.statusCode).toBe(200);
      const rows = await t.db.select().from(senhas).where(eq(senhas.unidade_saude_id, cena.unidade.id));
      expect(rows.find((r) => r.id === s1.id)?.atendimento_id).toBeNull();
      expect(rows.find((r) => r.id === s2.id)).toMatchObject({ atendimento_id: a.id, situacao: 'concluida' });
    });

    it("refuses a repeated call of an arrival before the unit's tempo_chamadas; 0 lets it call at once", async () => {
      const a = (await chegada('')).json<Atendimento>();
      expect(
        (await t.app.inject({ method: 'POST', url: `${atendimentos}/${a.id}/chamar`, headers: recepcao.headers }))
          .statusCode,
      ).toBe(200);
      const cedo = await t.app.inject({
        method: 'POST',
        url: `${atendimentos}/${a.id}/chamar`,
        headers: recepcao.headers,
      });
      expect(cedo.statusCode).toBe(409);
      expect(cedo.json<{ segundos_restantes: number }>().segundos_restantes).toBeLessThanOrEqual(30);

      const rapida = await ff.cenario({ tempo_chamadas: 0 });
      const r = await f.usuario({ perfil: 'recepcao', unidade: rapida.unidade });
      const b = (await chegada('', r.headers)).json<Atendimento>();
      for (let i = 0; i < 2; i++)
        expect(
          (await t.app.inject({ method: 'POST', url: `${atendimentos}/${b.id}/chamar`, headers: r.headers }))
            .statusCode,
        ).toBe(200);
    });
  });
});
