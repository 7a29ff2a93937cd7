import { Readable } from 'node:stream';
import { createInflateRaw } from 'node:zlib';

// Reading one file out of a .zip as a government portal delivers it (the CNES export, issue 43). The zip itself is
// read whole (it is the compressed size, capped by the caller); the file inside is inflated as a stream, so its own
// size limit is the caller's to count while reading (a small zip may inflate to gigabytes).

export class ZipInvalido extends Error {}

const ASSINATURA_CENTRAL = 0x02014b50;
const ASSINATURA_LOCAL = 0x04034b50;
const FIM_CENTRAL = Buffer.from([0x50, 0x4b, 0x05, 0x06]);

type Entrada = { nome: string; metodo: number; flags: number; comprimido: number; local: number };

function entradas(zip: Buffer): Entrada[] {
  // The end-of-central-directory record is in the last 22 bytes plus at most a 64 kB comment.
  const fim = zip.lastIndexOf(FIM_CENTRAL);
  if (fim < 0 || fim < zip.length - 22 - 0xffff) throw new ZipInvalido('o arquivo não é um .zip');
  const total = zip.readUInt16LE(fim + 10);
  let p = zip.readUInt32LE(fim + 16);
  const out: Entrada[] = [];
  for (let i = 0; i < total; i++) {
    if (zip.readUInt32LE(p) !== ASSINATURA_CENTRAL) throw new ZipInvalido('o .zip está corrompido');
    const nomeTam = zip.readUInt16LE(p + 28);
    out.push({
      flags: zip.readUInt16LE(p + 8),
      metodo: zip.readUInt16LE(p + 10),
      comprimido: zip.readUInt32LE(p + 20),
      local: zip.readUInt32LE(p + 42),
      nome: zip.toString('utf8', p + 46, p + 46 + nomeTam),
    });
    p += 46 + nomeTam + zip.readUInt16LE(p + 30) + zip.readUInt16LE(p + 32);
  }
  return out;
}

/**
 * The one file of `zip` whose name `aceita`, as a stream of its bytes. Throws ZipInvalido (with a pt-BR reason) for
 * a file that is not a zip, a corrupt or encrypted one, none or several matching files, or an unknown compression;
 * a corrupt compressed stream fails while it is read, with ZipInvalido too.
 */
export function arquivoDoZip(zip: Buffer, aceita: (nome: string) => boolean): AsyncIterable<Buffer> {
  let lista: Entrada[];
  try {
    lista = entradas(zip).filter((e) => !e.nome.endsWith('/') && aceita(e.nome.split('/').at(-1) ?? ''));
  } catch (err) {
    if (err instanceof ZipInvalido) throw err;
    // A length or offset past the end of the buffer.
    throw new ZipInvalido('o .zip está corrompido');
  }
  if (lista.length === 0) throw new ZipInvalido('o .zip não tem o arquivo esperado');
  if (lista.length > 1) throw new ZipInvalido('o .zip tem mais de um arquivo; envie só o do CNES');
  const e = lista[0]!;
  if (e.flags & 1) throw new ZipInvalido('o .zip está protegido por senha');
  if (e.comprimido === 0xffffffff || e.local === 0xffffffff) throw new ZipInvalido('.zip de mais de 4 GB não é aceito');
  if (e.local + 30 > zip.length || zip.readUInt32LE(e.local) !== ASSINATURA_LOCAL)
    throw new ZipInvalido('o .zip está corrompido');
  const inicio = e.local + 30 + zip.readUInt16LE(e.local + 26) + zip.readUInt16LE(e.local + 28);
  if (inicio + e.comprimido > zip.length) throw new ZipInvalido('o .zip está corrompido');
  const dados = zip.subarray(inicio, inicio + e.comprimido);
  if (e.metodo === 0) return Readable.from([dados]);
  if (e.metodo !== 8) throw new ZipInvalido('o .zip usa um método de compressão não suportado');
  return inflar(dados);
}

async function* inflar(dados: Buffer): AsyncIterable<Buffer> {
  try {
    for await (const parte of Readable.from([dados]).pipe(createInflateRaw())) yield parte as Buffer;
  } catch {
    throw new ZipInvalido('o .zip está corrompido');
  }
}
