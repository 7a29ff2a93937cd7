import { once } from 'node:events';
import { createReadStream, createWriteStream, type WriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { finished } from 'node:stream/promises';
import { promisify } from 'node:util';
import { crc32, deflateRaw, deflateRawSync } from 'node:zlib';

// A zip written as a stream, for an export of a million small files (issue 26). yazl, tried first, keeps every entry
// (with its compressed bytes) until the end and scans the whole list on each entry: quadratic time and all the data in
// memory. Here each file is written as soon as it is compressed, the writer waits while the reader is behind
// (backpressure), and the central directory is spooled to a temporary file, so memory stays flat whatever the count.
// ZIP64 records are added when the count or the offsets pass the classic format's limits.

const deflate = promisify(deflateRaw);
const UTF8 = 0x0800;
const MAX16 = 0xffff;
const MAX32 = 0xffffffff;

/** What a header says of an entry's data. */
type EntrySizes = { crc: number; compressed: number; size: number; method: number };

/** MS-DOS time and date of a moment (the zip's own format, local time). */
function dosTime(d: Date): { time: number; date: number } {
  return {
    time: (d.getHours() << 11) | (d.getMinutes() << 5) | Math.floor(d.getSeconds() / 2),
    date: ((d.getFullYear() - 1980) << 9) | ((d.getMonth() + 1) << 5) | d.getDate(),
  };
}

export class ZipWriter {
  /** The zip's bytes: pipe it to the response. */
  readonly output = new PassThrough({ highWaterMark: 1 << 20 });
  private offset = 0;
  private count = 0;
  private centralSize = 0;
  private dir: string | undefined;
  private central: WriteStream | undefined;
  private readonly when = dosTime(new Date());

  /** Adds one file, compressed; resolves when the reader has room for more. */
  async addBuffer(name: string, data: Buffer): Promise<void> {
    // A record of a few kB compresses in tens of microseconds: faster in line than a round trip to the thread pool.
    const body = data.length < 32_768 ? deflateRawSync(data) : await deflate(data);
    await this.addEntry(name, data, body, 8);
  }

  /** Adds a file kept on disk as it is (stored: a report may be large, and is read twice: size and CRC, then bytes). */
  async addFile(name: string, path: string): Promise<void> {
    let crc = 0;
    let size = 0;
    for await (const chunk of createReadStream(path)) {
      crc = crc32(chunk as Buffer, crc);
      size += (chunk as Buffer).length;
    }
    const header = await this.header(name, { crc, compressed: size, size, method: 0 });
    await this.write(header);
    for await (const chunk of createReadStream(path)) await this.write(chunk as Buffer);
  }

  /**
   * Writes the central directory, waits until the reader has taken every byte so far, runs `antesDoFim` (the caller
   * records what was delivered), then writes the last record and ends the stream: the client's download completes
   * only after the caller's record is made.
   */
  async finish(antesDoFim: () => Promise<void> = async () => {}): Promise<void> {
    const cdOffset = this.offset;
    if (this.central) {
      this.central.end();
      await finished(this.central);
      for await (const chunk of createReadStream(join(this.dir!, 'central'))) await this.write(chunk as Buffer);
    }
    const zip64 = this.count >= MAX16 || cdOffset >= MAX32 || this.centralSize >= MAX32;
    if (zip64) {
      const rec = Buffer.alloc(56);
      rec.writeUInt32LE(0x06064b50, 0);
      rec.writeBigUInt64LE(44n, 4);
      rec.writeUInt16LE(45, 12);
      rec.writeUInt16LE(45, 14);
      rec.writeBigUInt64LE(BigInt(this.count), 24);
      rec.writeBigUInt64LE(BigInt(this.count), 32);
      rec.writeBigUInt64LE(BigInt(this.centralSize), 40);
      rec.writeBigUInt64LE(BigInt(cdOffset), 48);
      const locator = Buffer.alloc(20);
      locator.writeUInt32LE(0x07064b50, 0);
      locator.writeBigUInt64LE(BigInt(this.offset), 8);
      locator.writeUInt32LE(1, 16);
      await this.write(Buffer.concat([rec, locator]));
    }
    await this.drained();
    await antesDoFim();
    const end = Buffer.alloc(22);
    end.writeUInt32LE(0x06054b50, 0);
    end.writeUInt16LE(Math.min(this.count, MAX16), 8);
    end.writeUInt16LE(Math.min(this.count, MAX16), 10);
    end.writeUInt32LE(Math.min(this.centralSize, MAX32), 12);
    end.writeUInt32LE(Math.min(cdOffset, MAX32), 16);
    await this.write(end);
    this.output.end();
    await this.cleanup();
  }

  /** Ends the stream with an error (the client sees a broken download) and removes the spool. */
  async abort(e: Error): Promise<void> {
    this.output.destroy(e);
    // A spool write still in flight fails after the destroy: harmless, cleanup removes the spool.
    this.central?.on('error', () => undefined);
    this.central?.destroy();
    await this.cleanup();
  }

  /** Resolves when the output holds nothing the reader has not taken (polled: a pipe signals only a full buffer). */
  private async drained(): Promise<void> {
    while (this.output.readableLength + this.output.writableLength > 0) {
      if (this.output.destroyed) throw new Error('zip: a saída foi fechada');
      await new Promise((r) => setTimeout(r, 20));
    }
  }

  private async cleanup(): Promise<void> {
    if (this.dir) await rm(this.dir, { recursive: true, force: true });
    this.dir = undefined;
  }

  private async addEntry(name: string, data: Buffer, body: Buffer, method: number): Promise<void> {
    const header = await this.header(name, { crc: crc32(data), compressed: body.length, size: data.length, method });
    await this.write(Buffer.concat([header, body]));
  }

  /** The local header, and the entry's central-directory record spooled for the end. */
  private async header(name: string, e: EntrySizes): Promise<Buffer> {
    if (e.size >= MAX32) throw new Error('zip: arquivo grande demais');
    const fileName = Buffer.from(name, 'utf8');
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    this.entryFields(local, 6, e, fileName.length);

    const far = this.offset >= MAX32;
    const cd = Buffer.alloc(46);
    cd.writeUInt32LE(0x02014b50, 0);
    cd.writeUInt16LE((3 << 8) | (far ? 45 : 20), 4); // made by: Unix
    cd.writeUInt16LE(far ? 45 : 20, 6);
    this.entryFields(cd, 8, e, fileName.length);
    cd.writeUInt16LE(far ? 12 : 0, 30);
    cd.writeUInt32LE((0o100644 << 16) >>> 0, 38);
    cd.writeUInt32LE(far ? MAX32 : this.offset, 42);
    const parts = [cd, fileName];
    if (far) {
      const extra = Buffer.alloc(12);
      extra.writeUInt16LE(0x0001, 0);
      extra.writeUInt16LE(8, 2);
      extra.writeBigUInt64LE(BigInt(this.offset), 4);
      parts.push(extra);
    }
    await this.spool(Buffer.concat(parts));
    this.count++;
    return Buffer.concat([local, fileName]);
  }

  /**
   * The fields the local header and the central directory share, in the same order from `at`: flags (UTF-8 names),
   * method, time, date, CRC, sizes and the name's length.
   */
  private entryFields(b: Buffer, at: number, e: EntrySizes, nameLength: number): void {
    b.writeUInt16LE(UTF8, at);
    b.writeUInt16LE(e.method, at + 2);
    b.writeUInt16LE(this.when.time, at + 4);
    b.writeUInt16LE(this.when.date, at + 6);
    b.writeUInt32LE(e.crc, at + 8);
    b.writeUInt32LE(e.compressed, at + 12);
    b.writeUInt32LE(e.size, at + 16);
    b.writeUInt16LE(nameLength, at + 20);
  }

  private async spool(record: Buffer): Promise<void> {
    if (!this.central) {
      this.dir = await mkdtemp(join(tmpdir(), 'saude-zip-'));
      this.central = createWriteStream(join(this.dir, 'central'));
    }
    this.centralSize += record.length;
    if (!this.central.write(record)) await once(this.central, 'drain');
  }

  /** Writes to the output, waiting while the reader is behind; fails if the reader went away. */
  private async write(b: Buffer): Promise<void> {
    if (this.output.destroyed) throw new Error('zip: a saída foi fechada');
    this.offset += b.length;
    if (this.output.write(b)) return;
    await new Promise<void>((resolve, reject) => {
      const done = () => {
        this.output.off('close', closed);
        resolve();
      };
      const closed = () => {
        this.output.off('drain', done);
        reject(new Error('zip: a saída foi fechada'));
      };
      this.output.once('drain', done);
      this.output.once('close', closed);
    });
  }
}
