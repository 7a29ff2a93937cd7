import { randomBytes } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { lerZip } from './xsd';
import { ZipWriter } from './zip';

/** Everything the writer wrote, read as the client does. */
async function ler(w: ZipWriter): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const c of w.output) parts.push(c as Buffer);
  return Buffer.concat(parts);
}
const buffered = (w: ZipWriter) => w.output.readableLength + w.output.writableLength;
const aLittleLater = () => new Promise((r) => setTimeout(r, 200));

describe('ZipWriter (issue 26)', () => {
  it('writes compressed files and a stored file that a reader opens again, names in UTF-8', async () => {
    const w = new ZipWriter();
    const lendo = ler(w);
    await w.addBuffer('individual/ação.esus.xml', Buffer.from('<a>ficha</a>'.repeat(100)));
    const path = join(tmpdir(), `relatorio-${Date.now()}.csv`);
    await writeFile(path, 'tipo;campo\r\nindividual;Nome do pai\r\n');
    await w.addFile('relatorio.csv', path);
    await w.finish();
    const zip = lerZip(await lendo);
    expect(zip.map((e) => e.fileName)).toEqual(['individual/ação.esus.xml', 'relatorio.csv']);
    expect(zip[0]!.contents.toString()).toBe('<a>ficha</a>'.repeat(100));
    expect(zip[1]!.contents.toString()).toBe('tipo;campo\r\nindividual;Nome do pai\r\n');
  });

  it('passes 65,535 files with ZIP64 records, every file still found', async () => {
    const w = new ZipWriter();
    const lendo = ler(w);
    for (let i = 0; i < 70_000; i++) await w.addBuffer(`f/${i}.xml`, Buffer.from(`<n>${i}</n>`));
    await w.finish();
    const buf = await lendo;
    expect(buf.readUInt16LE(buf.length - 22 + 10)).toBe(0xffff); // the classic count says "see ZIP64"
    const zip = lerZip(buf);
    expect(zip).toHaveLength(70_000);
    expect(zip[69_999]).toMatchObject({ fileName: 'f/69999.xml' });
    expect(zip[69_999]!.contents.toString()).toBe('<n>69999</n>');
  });

  it('waits while the reader is behind: the buffer stays near 2 MB (its two sides) however much is added', async () => {
    const w = new ZipWriter();
    let added = 0;
    const adding = (async () => {
      for (let i = 0; i < 40; i++) {
        await w.addBuffer(`r/${i}`, randomBytes(100_000)); // incompressible: 4 MB in all
        added++;
      }
      await w.finish();
    })();
    await vi.waitFor(() => expect(buffered(w)).toBeGreaterThanOrEqual(1 << 20), { timeout: 10_000 });
    await aLittleLater();
    expect(added).toBeLessThan(40);
    expect(buffered(w)).toBeLessThan(2 * (1 << 20) + 250_000);
    const zip = lerZip(await ler(w));
    await adding;
    expect(zip).toHaveLength(40);
  });

  it('runs the last step only after the reader took every byte, and before the download ends', async () => {
    const w = new ZipWriter();
    await w.addBuffer('a.xml', Buffer.from('<a/>'));
    const passos: string[] = [];
    const fim = w.finish(async () => {
      passos.push('registrado');
    });
    await aLittleLater();
    expect(passos).toEqual([]); // nobody read yet
    const lendo = ler(w).then((b) => {
      passos.push('download completo');
      return b;
    });
    await fim;
    expect(lerZip(await lendo)).toHaveLength(1);
    expect(passos).toEqual(['registrado', 'download completo']);
  });

  it('a reader that goes away stops the writer with an error', async () => {
    const w = new ZipWriter();
    w.output.destroy();
    await expect(w.addBuffer('a', Buffer.from('x'))).rejects.toThrow('a saída foi fechada');
  });
});
