import { crc32, deflateRawSync } from 'node:zlib';

// Test kit: a .zip built in memory (API tests and e2e send it as the CNES portal's download).

/** A .zip as the CNES portal delivers it: deflated entries, local headers and the central directory. */
export function zipDe(arquivos: Array<[string, string | Buffer]>): Buffer {
  const locais: Buffer[] = [];
  const centrais: Buffer[] = [];
  let offset = 0;
  for (const [nome, conteudo] of arquivos) {
    const dados = Buffer.from(conteudo);
    const comprimido = deflateRawSync(dados);
    const n = Buffer.from(nome);
    const comum = (h: Buffer, at: number) => {
      h.writeUInt16LE(20, at);
      h.writeUInt16LE(0, at + 2);
      h.writeUInt16LE(8, at + 4);
      h.writeUInt32LE(crc32(dados), at + 10);
      h.writeUInt32LE(comprimido.length, at + 14);
      h.writeUInt32LE(dados.length, at + 18);
      h.writeUInt16LE(n.length, at + 22);
    };
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    comum(local, 4);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    comum(central, 6);
    central.writeUInt32LE(offset, 42);
    locais.push(local, n, comprimido);
    centrais.push(central, n);
    offset += 30 + n.length + comprimido.length;
  }
  const dir = Buffer.concat(centrais);
  const fim = Buffer.alloc(22);
  fim.writeUInt32LE(0x06054b50, 0);
  fim.writeUInt16LE(arquivos.length, 8);
  fim.writeUInt16LE(arquivos.length, 10);
  fim.writeUInt32LE(dir.length, 12);
  fim.writeUInt32LE(offset, 16);
  return Buffer.concat([...locais, dir, fim]);
}
