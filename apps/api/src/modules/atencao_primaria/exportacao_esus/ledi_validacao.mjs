// Checks e-SUS APS (LEDI) XML files against the official XSDs (issue 26). Plain JavaScript so that the command line
// (scripts/validar-ledi.mjs), the API tests and the e2e use this one check without a build step.
// The envelope's record slot is <xs:any processContents="lax">: with dadotransporte.xsd alone a record whose schema
// was never loaded passes unchecked. So the schema given to xmllint is a wrapper that imports the envelope AND every
// record schema found in the folder; then each record is checked against its own XSD.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { inflateRawSync } from 'node:zlib';
import { validateXML } from 'xmllint-wasm';

/** The wrapper schema: one import per top-level XSD of the folder (its targetNamespace). */
export function carregarXsd(pasta) {
  const arquivos = readdirSync(pasta).filter((f) => f.endsWith('.xsd'));
  const preload = arquivos.map((f) => ({ fileName: f, contents: readFileSync(path.join(pasta, f), 'utf8') }));
  const imports = preload
    .map((x) => [x.fileName, /targetNamespace="([^"]+)"/.exec(x.contents)?.[1]])
    .filter(([, ns]) => ns)
    .map(([f, ns]) => `<xs:import namespace="${ns}" schemaLocation="${f}"/>`)
    .join('');
  const schema = {
    fileName: 'ledi-todos.xsd',
    contents: `<?xml version="1.0" encoding="UTF-8"?><xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema">${imports}</xs:schema>`,
  };
  return { schema, preload };
}

/** Files per xmllint call: one WebAssembly start-up per batch, and a big export never in one call's memory. */
const LOTE = 200;

/** Validates files ({fileName, contents}); answers xmllint's result (valid, errors) over all batches. */
export async function validarLedi(xsd, arquivos) {
  const errors = [];
  for (let i = 0; i < arquivos.length; i += LOTE) {
    const xml = arquivos.slice(i, i + LOTE);
    const r = await validateXML({ xml, schema: xsd.schema, preload: xsd.preload, disableFileNameValidation: true });
    errors.push(...r.errors);
  }
  return { valid: errors.length === 0, errors };
}

/** The stored (method 0) or deflated (method 8) entries of a zip, read from its central directory. */
export function lerZip(buf) {
  let eocd = buf.length - 22;
  while (eocd >= 0 && buf.readUInt32LE(eocd) !== 0x06054b50) eocd--;
  if (eocd < 0) throw new Error('zip sem diretório central');
  let total = buf.readUInt16LE(eocd + 10);
  let p = buf.readUInt32LE(eocd + 16);
  // Past 65,535 files the export adds ZIP64 records (a locator just before the classic end record).
  if (eocd >= 20 && buf.readUInt32LE(eocd - 20) === 0x07064b50) {
    const z64 = Number(buf.readBigUInt64LE(eocd - 20 + 8));
    total = Number(buf.readBigUInt64LE(z64 + 32));
    p = Number(buf.readBigUInt64LE(z64 + 48));
  }
  const out = [];
  for (let i = 0; i < total; i++) {
    const method = buf.readUInt16LE(p + 10);
    const size = buf.readUInt32LE(p + 20);
    const nameLen = buf.readUInt16LE(p + 28);
    const extraLen = buf.readUInt16LE(p + 30);
    const commentLen = buf.readUInt16LE(p + 32);
    let local = buf.readUInt32LE(p + 42);
    if (local === 0xffffffff) local = Number(buf.readBigUInt64LE(p + 46 + nameLen + 4));
    const fileName = buf.toString('utf8', p + 46, p + 46 + nameLen);
    const start = local + 30 + buf.readUInt16LE(local + 26) + buf.readUInt16LE(local + 28);
    const data = buf.subarray(start, start + size);
    out.push({ fileName, contents: method === 8 ? inflateRawSync(data) : Buffer.from(data) });
    p += 46 + nameLen + extraLen + commentLen;
  }
  return out;
}
