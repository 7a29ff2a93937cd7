// A local stand-in for the municipality's tile server (issue 44: "the tests use a local tile stand-in"): playwright.config
// starts it beside the app and points MAP_TILES_URL at it, so every map of the suite draws tiles and no request leaves
// the machine. GET /{z}/{x}/{y}.png answers a 256×256 PNG built here: a light street grid, its shade alternating from
// tile to tile like a checkerboard so the seams show; GET /health for the runner. Usage: node e2e/tiles-standin.mjs <port>
import { createServer } from 'node:http';
import { deflateSync } from 'node:zlib';

const LADO = 256;

const CRC = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
const crc32 = (buf) => {
  let c = 0xffffffff;
  for (const b of buf) c = CRC[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
};
const bloco = (tipo, dados) => {
  const corpo = Buffer.concat([Buffer.from(tipo, 'ascii'), dados]);
  const tam = Buffer.alloc(4);
  tam.writeUInt32BE(dados.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(corpo));
  return Buffer.concat([tam, corpo, crc]);
};

/** An 8-bit RGB PNG: `cor(x, y)` gives each pixel's [r, g, b]. */
function png(cor) {
  const linhas = Buffer.alloc((LADO * 3 + 1) * LADO);
  for (let y = 0; y < LADO; y++) {
    const base = y * (LADO * 3 + 1); // filter byte 0: none
    for (let x = 0; x < LADO; x++) linhas.set(cor(x, y), base + 1 + x * 3);
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(LADO, 0);
  ihdr.writeUInt32BE(LADO, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    bloco('IHDR', ihdr),
    bloco('IDAT', deflateSync(linhas)),
    bloco('IEND', Buffer.alloc(0)),
  ]);
}

// Land as OpenStreetMap draws it, streets in white every 64 px, a hairline at the tile's edge.
const blocoDeMapa = (terra) =>
  png((x, y) => {
    if (x === 0 || y === 0) return [205, 200, 190];
    if (x % 64 < 5 || y % 64 < 5) return [255, 255, 255];
    return terra;
  });
const TILES = [blocoDeMapa([242, 239, 233]), blocoDeMapa([232, 236, 224])];

const porta = Number(process.argv[2]);
if (!porta) throw new Error('uso: node e2e/tiles-standin.mjs <porta>');
createServer((req, res) => {
  const url = new URL(req.url ?? '/', 'http://localhost');
  const m = /^\/(\d+)\/(\d+)\/(\d+)\.png$/.exec(url.pathname);
  if (m) {
    const [x, y] = [Number(m[2]), Number(m[3])];
    res.writeHead(200, { 'content-type': 'image/png', 'cache-control': 'no-store' });
    return res.end(TILES[(x + y) % 2]);
  }
  res.writeHead(url.pathname === '/health' ? 200 : 404, { 'content-type': 'text/plain' });
  res.end(url.pathname === '/health' ? 'ok' : 'não encontrado');
}).listen(porta, '127.0.0.1');
