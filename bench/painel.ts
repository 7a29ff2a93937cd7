// npm run bench:painel — the calling panel under 2,000 TVs (issue 17: "a call made on any API process reaches every
// panel within 1 s"). The production build in its own process (embedded PostgreSQL with the demo, or DATABASE_URL),
// BENCH_CLIENTES Server-Sent Events streams on the UPA's panel, then BENCH_CHAMADAS calls, each a NOTIFY sent from a
// connection of this process; every stream's delivery time runs from just before the NOTIFY to the frame's arrival.
// The same-run baseline: a bare node:http server in its own process writing one frame to as many open sockets (no
// database, no framework), timed from the request that asks it to push. Run `npm run build` first.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { DEMO_PAINEL_CHAVE } from '../apps/api/src/seed/painel';
import { openSse, type SseStream } from '../apps/api/src/test/sse';
import { freePort, knobs, log, machine, pct, printGoals, startServer } from './lib';

const k = knobs({ CLIENTES: 2000, CHAMADAS: 3, ABRINDO: 100 });
const agent = new http.Agent({ keepAlive: true, maxSockets: Infinity });

/** Opens `n` streams, `k.ABRINDO` at a time (the listen backlog would drop a burst of 2,000 SYNs). */
async function abrirTodos(url: string, n: number): Promise<SseStream[]> {
  const streams: SseStream[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: k.ABRINDO }, async () => {
      while (next < n) {
        next++;
        const s = await openSse(url, agent);
        if (s.status !== 200) throw new Error(`stream recusado: ${s.status} ${await s.body}`);
        streams.push(s);
      }
    }),
  );
  return streams;
}

/** Each stream's delay (ms) from t0 until its frame whose data contains `marca`. */
async function entregas(streams: SseStream[], marca: string, push: () => Promise<void>): Promise<number[]> {
  const chegadas = streams.map((s) => s.next((f) => f.data.includes(marca)).then(() => performance.now()));
  const t0 = performance.now();
  await push();
  return (await Promise.all(chegadas)).map((t) => t - t0);
}

type Resultado = { amostras: number[] };

async function nossoPainel(): Promise<Resultado> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'saude-bench-painel-'));
  fs.chmodSync(dataDir, 0o755);
  const server = await startServer({ DATA_DIR: dataDir, DEMO: 'true', LOG_LEVEL: 'warn' });
  const dbUrl =
    process.env.DATABASE_URL ??
    `postgres://postgres@localhost/postgres?host=${path.join(dataDir, 'postgres')}&port=5432`;
  const db = new pg.Client({ connectionString: dbUrl });
  await db.connect();
  try {
    const { rows } = await db.query<{ id: string }>(`select id from unidades_saude where cnes = '9900055'`);
    const upa = rows[0]!.id;
    const url = `${server.url}/api/v1/filas/painel/${upa}/eventos?chave=${DEMO_PAINEL_CHAVE}`;
    const t = performance.now();
    const streams = await abrirTodos(url, k.CLIENTES);
    log(`  ${streams.length} painéis conectados em ${((performance.now() - t) / 1000).toFixed(1)} s`);
    const amostras: number[] = [];
    for (let i = 0; i < k.CHAMADAS; i++) {
      // A well-formed call (the hub drops anything else); the ticket need not exist for the stream.
      const codigo = `B${String(i).padStart(3, '0')}`;
      const chamada = {
        unidade_saude_id: upa,
        senha_id: '0190a0b0-0000-7000-8000-000000000000',
        codigo,
        categoria: { nome: 'Normal', cor: '#1565C0' },
        fila: 'Recepção',
        local: 'Guichê 1',
        chamada_em: new Date().toISOString(),
        rechamada: false,
      };
      amostras.push(
        ...(await entregas(streams, `"${codigo}"`, async () => {
          await db.query(`select pg_notify('filas_chamadas', $1)`, [JSON.stringify(chamada)]);
        })),
      );
    }
    for (const s of streams) s.close();
    return { amostras };
  } finally {
    await db.end();
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

// The baseline server: GET keeps the socket and writes an SSE head; POST /push writes its body to every socket.
const BARE = `
const http = require('node:http');
const socks = new Set();
http.createServer((req, res) => {
  if (req.method === 'GET') {
    res.writeHead(200, { 'content-type': 'text/event-stream' });
    res.write('retry: 3000\\n\\n');
    socks.add(res);
    res.on('close', () => socks.delete(res));
    return;
  }
  let body = '';
  req.on('data', (c) => (body += c));
  req.on('end', () => {
    const frame = 'event: chamada\\ndata: ' + body + '\\n\\n';
    for (const s of socks) s.write(frame);
    res.end('ok');
  });
}).listen(Number(process.env.PORT), '127.0.0.1', () => process.send('pronto'));
`;

async function base(): Promise<Resultado> {
  const port = await freePort();
  const child = spawn(process.execPath, ['-e', BARE], {
    env: { ...process.env, PORT: String(port) },
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  await new Promise<void>((r) => child.once('message', () => r()));
  try {
    const url = `http://127.0.0.1:${port}/eventos`;
    const streams = await abrirTodos(url, k.CLIENTES);
    const amostras: number[] = [];
    for (let i = 0; i < k.CHAMADAS; i++) {
      const codigo = `B${String(i).padStart(3, '0')}`;
      amostras.push(
        ...(await entregas(streams, `"${codigo}"`, async () => {
          await fetch(`http://127.0.0.1:${port}/push`, { method: 'POST', body: JSON.stringify({ codigo }) });
        })),
      );
    }
    for (const s of streams) s.close();
    return { amostras };
  } finally {
    child.kill();
  }
}

log(`== painel de chamadas: ${k.CLIENTES} painéis, ${k.CHAMADAS} chamadas (${machine()})`);
log('-- nosso (API + PostgreSQL LISTEN/NOTIFY)');
const nosso = await nossoPainel();
log('-- base (node:http puro, sem banco)');
const bare = await base();

const linha = (nome: string, a: number[]) =>
  [nome, ...[50, 95, 99, 100].map((p) => `${pct(a, p).toFixed(0)} ms`), String(a.length)]
    .map((c, i) => (i === 0 ? c.padEnd(36) : c.padStart(9)))
    .join(' ');
log(`\nentrega da chamada a cada painel (da NOTIFY / do push até o frame chegar)\n`);
log(['', 'p50', 'p95', 'p99', 'máx', 'amostras'].map((c, i) => (i === 0 ? c.padEnd(36) : c.padStart(9))).join(' '));
log(linha('nosso: API + LISTEN/NOTIFY', nosso.amostras));
log(linha('base: node:http puro', bare.amostras));
const ok = printGoals('metas (issue 17)', [
  {
    what: `p99 da entrega a ${k.CLIENTES} painéis`,
    goal: '≤ 1 s',
    measured: pct(nosso.amostras, 99),
    unit: 'ms',
    limit: 1000,
  },
]);
agent.destroy();
process.exit(ok ? 0 : 1);
