import { inflateRawSync } from 'node:zlib';

/** The entries of a zip read from its central directory (tests and the bench; scripts/validar-ledi.mjs has its own). */
export function lerZip(buf: Buffer): Array<{ fileName: string; contents: Buffer }> {
  let eocd = buf.length - 22;
  while (eocd >= 0 && buf.readUInt32LE(eocd) !== 0x06054b50) eocd--;
  if (eocd < 0) throw new Error('zip sem diretório central');
  const total = buf.readUInt16LE(eocd + 10);
  let p = buf.readUInt32LE(eocd + 16);
  const out: Array<{ fileName: string; contents: Buffer }> = [];
  for (let i = 0; i < total; i++) {
    const method = buf.readUInt16LE(p + 10);
    const size = buf.readUInt32LE(p + 20);
    const nameLen = buf.readUInt16LE(p + 28);
    const local = buf.readUInt32LE(p + 42);
    const fileName = buf.toString('utf8', p + 46, p + 46 + nameLen);
    const start = local + 30 + buf.readUInt16LE(local + 26) + buf.readUInt16LE(local + 28);
    const data = buf.subarray(start, start + size);
    out.push({ fileName, contents: method === 8 ? inflateRawSync(data) : Buffer.from(data) });
    p += 46 + nameLen + buf.readUInt16LE(p + 30) + buf.readUInt16LE(p + 32);
  }
  return out;
}
