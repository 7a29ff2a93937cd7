import { randomBytes } from 'node:crypto';
import { Writable } from 'node:stream';
import { msg } from '@saude/shared';
import type { ChamadaPainel, PainelChaveGerada, PainelSnapshot } from '@saude/shared/schemas/painel';
import { todayIso } from '@saude/shared/validation/dates';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { categorias, filaLocais, filas, paineisChaves, senhaEventos, senhas, unidadesSaude } from '../../../db/schema';
import { newId } from '../../../lib/ids';
import { fixtures, type Unidade, type Usuario } from '../../../test/fixtures';
import { auditRows, useTestApp, type TestApp } from '../../../test/helpers';
import { openSse } from '../../../test/sse';
import { notificarChamada } from './eventos';

const url = '/api/v1/filas/painel';
const sigla = () =>
  Array.from(randomBytes(3), (b) => String.fromCharCode(65 + (b % 26)))
    .join('')
    .slice(0, 3);

/** A queue of the unit with one desk and one category: what a call needs. */
export async function filaDeTeste(t: Pick<TestApp, 'db'>, unidade: Pick<Unidade, 'id'>) {
  const categoriaId = newId();
  const s = sigla();
  await t.db
    .insert(categorias)
    .values({ id: categoriaId, nome: `Categoria ${s}${newId()}`, sigla: s, prioridade: 1, cor: '#1565C0' });
  const filaId = newId();
  await t.db.insert(filas).values({ id: filaId, unidade_saude_id: unidade.id, nome: `Recepção ${newId()}` });
  const localId = newId();
  await t.db.insert(filaLocais).values({ id: localId, fila_id: filaId, nome: 'Guichê 1' });
  let numero = 0;
  /** Issues a ticket and calls it (or calls `senhaId` again), announcing it as the ticket service does. */
  const chamar = async (opts: { senhaId?: string; data?: string } = {}): Promise<ChamadaPainel> => {
    const senhaId = opts.senhaId ?? newId();
    if (!opts.senhaId) {
      numero += 1;
      await t.db.insert(senhas).values({
        id: senhaId,
        unidade_saude_id: unidade.id,
        categoria_id: categoriaId,
        fila_id: filaId,
        data: opts.data ?? todayIso(),
        numero,
        codigo: `${s}${String(numero).padStart(3, '0')}`,
        situacao: 'chamada',
      });
    }
    const [senha] = await t.db.select().from(senhas).where(eq(senhas.id, senhaId));
    return t.db.transaction(async (tx) => {
      const [evento] = await tx
        .insert(senhaEventos)
        .values({
          id: newId(),
          senha_id: senhaId,
          tipo: opts.senhaId ? 'rechamada' : 'chamada',
          fila_id: filaId,
          local_id: localId,
        })
        .returning();
      const chamada: ChamadaPainel = {
        unidade_saude_id: unidade.id,
        senha_id: senhaId,
        codigo: senha!.codigo,
        categoria: { nome: 'Categoria', cor: '#1565C0' },
        fila: 'Recepção',
        local: 'Guichê 1',
        chamada_em: evento!.created_at.toISOString(),
        rechamada: !!opts.senhaId,
      };
      await notificarChamada(tx, chamada);
      return chamada;
    });
  };
  return { chamar, codigoDe: (n: number) => `${s}${String(n).padStart(3, '0')}` };
}

describe(url, () => {
  let log = '';
  const stream = new Writable({
    write(chunk: Buffer, _enc, done) {
      log += chunk.toString();
      done();
    },
  });
  const t = useTestApp({ LOG_LEVEL: 'info', PUBLIC_URL: 'https://saude.exemplo.gov.br/' }, { logStream: stream });
  const f = fixtures(t);
  let base = '';
  let upa: Unidade;
  let gestor: Usuario;

  const gerarChave = async (headers = gestor.headers) => {
    const res = await t.app.inject({ method: 'POST', url: `${url}/chave`, headers });
    expect(res.statusCode).toBe(200);
    return res.json<PainelChaveGerada>();
  };
  const snapshot = (unidadeId: string, chave?: string) =>
    t.app.inject({ method: 'GET', url: `${url}/${unidadeId}`, query: chave === undefined ? {} : { chave } });
  const abrir = (unidadeId: string, chave: string) =>
    openSse(`${base}${url}/${unidadeId}/eventos?chave=${encodeURIComponent(chave)}`);

  beforeAll(async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`;
    upa = await f.unidade({ gerenciamento_filas: true });
    gestor = await f.usuario({ unidade: upa, perfil: 'gestor' });
  });

  it('generates a key shown once, stores only its hash, audits it, and the link opens the panel', async () => {
    const { chave, url: link } = await gerarChave();
    expect(chave.length).toBeGreaterThanOrEqual(32);
    expect(link).toBe(`https://saude.exemplo.gov.br/filas/painel/${upa.id}?chave=${encodeURIComponent(chave)}`);
    const [row] = await t.db.select().from(paineisChaves).where(eq(paineisChaves.unidade_saude_id, upa.id));
    expect(row!.chave_hash).not.toContain(chave);
    const trail = await auditRows(t, { action: 'painel_chave', record_id: upa.id });
    expect(trail).toHaveLength(1);
    expect(JSON.stringify(trail[0])).not.toContain(chave);

    const res = await snapshot(upa.id, chave);
    expect(res.statusCode).toBe(200);
    expect(res.json<PainelSnapshot>()).toEqual({ unidade: { id: upa.id, nome: upa.nome }, atual: null, ultimas: [] });
  });

  it('refuses a missing key (401), a wrong one, another unit, a malformed id and a unit without queues (403)', async () => {
    const { chave } = await gerarChave();
    const sem = await snapshot(upa.id);
    expect(sem.statusCode).toBe(401);
    expect(sem.json()).toMatchObject({ message: msg.painelChaveAusente });
    const errada = await snapshot(upa.id, `${chave}x`);
    expect(errada.statusCode).toBe(403);
    expect(errada.json()).toMatchObject({ message: msg.painelChaveInvalida });
    const outra = await f.unidade({ gerenciamento_filas: true });
    expect((await snapshot(outra.id, chave)).statusCode).toBe(403);
    expect((await snapshot('nao-e-uuid', chave)).statusCode).toBe(403);
    const nul = await snapshot(upa.id, 'abc\u0000def');
    expect(nul.statusCode).toBe(422);
    // The unit stops managing queues: its key opens nothing.
    const semFilas = await f.unidade({ gerenciamento_filas: true });
    const gestorSemFilas = await f.usuario({ unidade: semFilas, perfil: 'gestor' });
    const chaveSemFilas = (await gerarChave(gestorSemFilas.headers)).chave;
    expect((await snapshot(semFilas.id, chaveSemFilas)).statusCode).toBe(200);
    await t.db.update(unidadesSaude).set({ gerenciamento_filas: false }).where(eq(unidadesSaude.id, semFilas.id));
    expect((await snapshot(semFilas.id, chaveSemFilas)).statusCode).toBe(403);
    const gerar = await t.app.inject({ method: 'POST', url: `${url}/chave`, headers: gestorSemFilas.headers });
    expect(gerar.statusCode).toBe(403);
  });

  it("answers today's latest call and the five before it, one line per ticket, no other unit, no names", async () => {
    const unidade = await f.unidade({ gerenciamento_filas: true });
    const g = await f.usuario({ unidade, perfil: 'gestor' });
    const { chave } = await gerarChave(g.headers);
    const fila = await filaDeTeste(t, unidade);
    const outra = await filaDeTeste(t, await f.unidade({ gerenciamento_filas: true }));
    await fila.chamar({ data: '2020-01-02' });
    const chamadas: ChamadaPainel[] = [];
    for (let i = 0; i < 7; i++) chamadas.push(await fila.chamar());
    await outra.chamar();
    // The second ticket is called again: it becomes the current one, and is not listed twice.
    const rechamada = await fila.chamar({ senhaId: chamadas[1]!.senha_id });

    const snap = (await snapshot(unidade.id, chave)).json<PainelSnapshot>();
    expect(snap.atual).toMatchObject({ codigo: rechamada.codigo, rechamada: true, local: 'Guichê 1' });
    expect(snap.ultimas.map((c) => c.codigo)).toEqual([6, 5, 4, 3, 2].map((i) => chamadas[i]!.codigo));
    expect(snap.ultimas[0]).toEqual({
      unidade_saude_id: unidade.id,
      senha_id: chamadas[6]!.senha_id,
      codigo: chamadas[6]!.codigo,
      categoria: { nome: expect.stringMatching(/^Categoria/), cor: '#1565C0' },
      fila: expect.stringMatching(/^Recepção/),
      local: 'Guichê 1',
      chamada_em: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      rechamada: false,
    });
    expect(new Date(snap.ultimas[0]!.chamada_em).getTime()).toBe(new Date(chamadas[6]!.chamada_em).getTime());
  });

  it('streams each call of the unit as it commits, uncompressed, and no call of another unit', async () => {
    const unidade = await f.unidade({ gerenciamento_filas: true });
    const g = await f.usuario({ unidade, perfil: 'gestor' });
    const { chave } = await gerarChave(g.headers);
    const fila = await filaDeTeste(t, unidade);
    const outra = await filaDeTeste(t, await f.unidade({ gerenciamento_filas: true }));
    const painel = await abrir(unidade.id, chave);
    try {
      expect(painel.status).toBe(200);
      expect(painel.headers['content-type']).toBe('text/event-stream; charset=utf-8');
      expect(painel.headers['content-encoding']).toBeUndefined();
      expect(painel.headers['cache-control']).toBe('no-store');
      expect(painel.headers['x-content-type-options']).toBe('nosniff');
      expect(painel.headers['referrer-policy']).toBe('no-referrer');
      await outra.chamar();
      // Payloads out of the shared format are dropped, and the stream goes on.
      await t.db.execute(sql`select pg_notify('filas_chamadas', 'não é json')`);
      await t.db.execute(
        sql`select pg_notify('filas_chamadas', ${JSON.stringify({ unidade_saude_id: unidade.id, codigo: 'X001' })})`,
      );
      const chamada = await fila.chamar();
      const frame = await painel.next((fr) => fr.event === 'chamada');
      expect(JSON.parse(frame.data)).toEqual(chamada);
      // In commit order: the other unit's call (made first) never reached this stream.
      expect(painel.frames.filter((fr) => fr.event === 'chamada')).toHaveLength(1);
    } finally {
      painel.close();
    }
  });

  it('refuses a stream with a wrong key, and a new key ends the streams of the old one at once', async () => {
    const unidade = await f.unidade({ gerenciamento_filas: true });
    const g = await f.usuario({ unidade, perfil: 'gestor' });
    const antiga = (await gerarChave(g.headers)).chave;
    const errada = await abrir(unidade.id, 'chave-errada-chave-errada');
    expect(errada.status).toBe(403);
    expect(JSON.parse(await errada.body)).toMatchObject({ message: msg.painelChaveInvalida });

    const painel = await abrir(unidade.id, antiga);
    expect(painel.status).toBe(200);
    const nova = (await gerarChave(g.headers)).chave;
    await painel.ended;
    expect((await abrir(unidade.id, antiga)).status).toBe(403);
    const renovado = await abrir(unidade.id, nova);
    try {
      expect(renovado.status).toBe(200);
      const fila = await filaDeTeste(t, unidade);
      const chamada = await fila.chamar();
      expect(JSON.parse((await renovado.next((fr) => fr.event === 'chamada')).data)).toMatchObject({
        codigo: chamada.codigo,
      });
    } finally {
      renovado.close();
    }
  });

  it('never writes the panel key to the log', async () => {
    const { chave } = await gerarChave();
    log = '';
    await snapshot(upa.id, chave);
    await snapshot(upa.id, `${chave}errada`);
    const painel = await abrir(upa.id, chave);
    painel.close();
    await painel.ended;
    expect(log).toContain(`/api/v1/filas/painel/${upa.id}`);
    expect(log).not.toContain(chave);
  });
});
