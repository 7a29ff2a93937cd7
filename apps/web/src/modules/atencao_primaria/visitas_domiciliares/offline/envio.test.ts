// Issue 25: the sender over an in-memory queue (jsdom has no IndexedDB): what each answer does to a record, the order
// (visits before cancellations), the owner, the 401 that keeps the queue, a retry that resends the same id.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { tokenStore } from '../../../../lib/http';
import type { ItemFila } from './db';

const rows = new Map<string, ItemFila>();
const selecao = (campo: keyof ItemFila, valor: unknown, f: (r: ItemFila) => boolean = () => true) => {
  const sel = () => [...rows.values()].filter((r) => r[campo] === valor && f(r));
  return {
    toArray: async () => sel().map((r) => ({ ...r })),
    delete: async () => sel().forEach((r) => rows.delete(r.chave)),
  };
};
const fila = {
  put: async (r: ItemFila) => void rows.set(r.chave, { ...r }),
  update: async (k: string, ch: Partial<ItemFila>) => void Object.assign(rows.get(k) ?? {}, ch),
  delete: async (k: string) => void rows.delete(k),
  where: (campo: keyof ItemFila) => ({
    equals: (v: unknown) => ({
      ...selecao(campo, v),
      filter: (f: (r: ItemFila) => boolean) => selecao(campo, v, f),
    }),
  }),
};
vi.mock('./abrirDb', () => ({ abrirDb: async () => ({ fila }) }));

const { enviarFila, precisaEntrar } = await import('./fila');

const API = '/api/v1/atencao_primaria/visitas_domiciliares';
const MUDOU = 'Não é possível realizar o lançamento para famílias com status "Mudou-se"';

function item(chave: string, o: Partial<ItemFila> = {}): ItemFila {
  return {
    chave,
    tipo: 'visita',
    visita_id: chave,
    usuario_id: 'acs',
    familia_id: 'f1',
    descricao: 'Família de Maria',
    corpo: { id: chave, familia_id: 'f1', desfecho_id: 1 },
    estado: 'aguardando',
    motivo: null,
    tentativas: 0,
    criado_em: rows.size,
    enviado_em: null,
    ...o,
  };
}

type Chamada = { url: string; body: { id?: string } };
function servidor(responder: (c: Chamada) => Response | 'sem rede') {
  const chamadas: Chamada[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      const c = { url, body: JSON.parse(String(init.body)) as { id?: string } };
      chamadas.push(c);
      const r = responder(c);
      if (r === 'sem rede') throw new TypeError('Failed to fetch');
      return r;
    }),
  );
  return chamadas;
}
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const estado = (k: string) => rows.get(k)?.estado;

describe('the queue sender (issue 25)', () => {
  beforeEach(() => {
    rows.clear();
    tokenStore.set('token');
    // The retry timer of a run that left records waiting never fires during a test.
    vi.useFakeTimers({ toFake: ['setTimeout', 'setInterval'] });
  });
  afterEach(() => {
    vi.useRealTimers();
    tokenStore.clear();
  });

  it("sends the owner's visits, then cancellations; a refusal keeps the server's reason", async () => {
    await fila.put(item('c1', { tipo: 'cancelamento', visita_id: 'v1', corpo: { justificativa: 'Lançada errado' } }));
    await fila.put(item('v1'));
    await fila.put(item('v2', { familia_id: 'f2' }));
    await fila.put(item('outro', { usuario_id: 'outro-agente' }));
    const chamadas = servidor(({ body }) =>
      body.id === 'v2' ? json(403, { message: MUDOU, code: 'proibido' }) : json(201, {}),
    );
    await enviarFila('acs');
    expect(chamadas.map((c) => c.url)).toEqual([API, API, `${API}/v1/cancelar`]);
    expect(estado('v1')).toBe('enviado');
    expect(estado('c1')).toBe('enviado');
    expect(rows.get('v2')).toMatchObject({ estado: 'recusado', motivo: MUDOU });
    // Another agent's record waits for their own session.
    expect(estado('outro')).toBe('aguardando');
  });

  it('with no network the record waits; the next run resends the same id', async () => {
    await fila.put(item('v1'));
    let rede = false;
    const chamadas = servidor(() => (rede ? json(200, {}) : 'sem rede'));
    await enviarFila('acs');
    expect(rows.get('v1')).toMatchObject({ estado: 'aguardando', tentativas: 1 });
    rede = true;
    await enviarFila('acs');
    expect(estado('v1')).toBe('enviado');
    expect(chamadas.map((c) => c.body.id)).toEqual(['v1', 'v1']);
  });

  it('a 500 or 429 waits too; a cancellation already made (409) counts as sent', async () => {
    await fila.put(item('v1'));
    await fila.put(item('v2'));
    await fila.put(item('c3', { tipo: 'cancelamento', visita_id: 'v3', corpo: { justificativa: 'Duplicada aqui' } }));
    servidor(({ url, body }) =>
      url.endsWith('/cancelar') ? json(409, { message: 'Já cancelada' }) : json(body.id === 'v1' ? 500 : 429, {}),
    );
    await enviarFila('acs');
    expect(estado('v1')).toBe('aguardando');
    expect(estado('v2')).toBe('aguardando');
    expect(estado('c3')).toBe('enviado');
  });

  it('a 401 stops the run, keeps every record waiting and asks for a sign-in; a good run clears it', async () => {
    for (let i = 0; i < 8; i++) await fila.put(item(`v${i}`));
    let sessao = false;
    const chamadas = servidor(() => (sessao ? json(201, {}) : json(401, { message: 'Sessão expirada' })));
    await enviarFila('acs');
    expect(precisaEntrar()).toBe(true);
    // Stopped: at most the requests already in flight (four at a time), never the whole queue.
    expect(chamadas.length).toBeLessThanOrEqual(4);
    expect([...rows.values()].every((r) => r.estado === 'aguardando')).toBe(true);
    sessao = true;
    await enviarFila('acs');
    expect([...rows.values()].every((r) => r.estado === 'enviado')).toBe(true);
    expect(precisaEntrar()).toBe(false);
  });
});
