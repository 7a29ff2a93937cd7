import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { capturarDigital, LeitorIndisponivelError } from './leitorBiometrico';

// The reader module against a stand-in agent: a tiny HTTP server speaking the JSON protocol (GET /status,
// POST /captura), whose answers each test chooses.

let resposta: { status: number; pronto: unknown; captura: unknown; captura_status?: number } = {
  status: 200,
  pronto: true,
  captura: { template_base64: 'QUJDRA==', qualidade: 87 },
};
const pedidos: string[] = [];
let server: Server;
let url = '';

beforeAll(async () => {
  server = createServer((req, res) => {
    pedidos.push(`${req.method} ${req.url}`);
    res.setHeader('Content-Type', 'application/json');
    if (req.method === 'GET' && req.url === '/status') {
      res.statusCode = resposta.status;
      res.end(JSON.stringify({ pronto: resposta.pronto }));
    } else if (req.method === 'POST' && req.url === '/captura') {
      res.statusCode = resposta.captura_status ?? 200;
      res.end(typeof resposta.captura === 'string' ? resposta.captura : JSON.stringify(resposta.captura));
    } else {
      res.statusCode = 404;
      res.end('{}');
    }
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

describe('capturarDigital', () => {
  it('asks the status, then captures: the template and its quality', async () => {
    pedidos.length = 0;
    resposta = { status: 200, pronto: true, captura: { template_base64: 'QUJDRA==', qualidade: 87 } };
    await expect(capturarDigital(url)).resolves.toEqual({ template: 'QUJDRA==', qualidade: 87 });
    expect(pedidos).toEqual(['GET /status', 'POST /captura']);
  });

  it.each([
    ['not ready', { status: 200, pronto: false, captura: {} }],
    ['status 500', { status: 500, pronto: true, captura: {} }],
    ['capture 503', { status: 200, pronto: true, captura: {}, captura_status: 503 }],
    ['not JSON', { status: 200, pronto: true, captura: 'leitor travou' }],
    ['quality out of range', { status: 200, pronto: true, captura: { template_base64: 'QQ==', qualidade: 101 } }],
    ['no template', { status: 200, pronto: true, captura: { qualidade: 50 } }],
  ])('says no reader when the agent answers %s', async (_n, r) => {
    resposta = r;
    await expect(capturarDigital(url)).rejects.toBeInstanceOf(LeitorIndisponivelError);
  });

  it('says no reader when none is configured or nothing listens', async () => {
    await expect(capturarDigital(null)).rejects.toBeInstanceOf(LeitorIndisponivelError);
    const morto = createServer();
    await new Promise<void>((r) => morto.listen(0, '127.0.0.1', r));
    const porta = (morto.address() as AddressInfo).port;
    await new Promise<void>((r) => morto.close(() => r()));
    await expect(capturarDigital(`http://127.0.0.1:${porta}`)).rejects.toBeInstanceOf(LeitorIndisponivelError);
  });

  it('gives up after the timeout when the agent never answers', async () => {
    const mudo = createServer(() => undefined);
    await new Promise<void>((r) => mudo.listen(0, '127.0.0.1', r));
    const porta = (mudo.address() as AddressInfo).port;
    try {
      await expect(capturarDigital(`http://127.0.0.1:${porta}`, 200)).rejects.toBeInstanceOf(LeitorIndisponivelError);
    } finally {
      mudo.closeAllConnections();
      await new Promise<void>((r) => mudo.close(() => r()));
    }
  });
});
