// Uploaded images (issue 21: a theme's image, the crest): the type is read from the bytes, never from the file's name
// or the browser's claim, so a renamed file is refused. The browser checks before sending; the API is the authority.

export const IMAGEM_TIPOS = ['image/png', 'image/jpeg', 'image/webp', 'image/svg+xml'] as const;
type ImagemTipo = (typeof IMAGEM_TIPOS)[number];
/** 500 kB (issue 21), counted on the decoded bytes. */
export const IMAGEM_MAX_BYTES = 500 * 1024;

export const imagemMsg = {
  tipo: 'deve ser uma imagem PNG, JPEG, SVG ou WebP',
  tamanho: 'não deve ter mais que 500 kB',
  svgAtivo: 'não pode conter scripts, eventos ou conteúdo externo',
  dataUrl: 'deve ser uma imagem em base64 (data:image/…;base64,…)',
} as const;

const starts = (b: Uint8Array, sig: number[], at = 0) => sig.every((x, i) => b[at + i] === x);

/** The type the bytes really are, or null. */
export function tipoPelosBytes(b: Uint8Array): ImagemTipo | null {
  if (starts(b, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (starts(b, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (starts(b, [0x52, 0x49, 0x46, 0x46]) && starts(b, [0x57, 0x45, 0x42, 0x50], 8)) return 'image/webp';
  const head = new TextDecoder('utf-8', { fatal: false }).decode(b.subarray(0, 1024)).replace(/^\uFEFF/, '');
  // An SVG: optional XML declaration, comments and doctype, then the <svg element.
  if (/^\s*(<\?xml[^>]*>\s*)?(<!--[\s\S]*?-->\s*|<!DOCTYPE[^>]*>\s*)*<svg[\s>]/i.test(head)) return 'image/svg+xml';
  return null;
}

// What makes an SVG able to run code or fetch something when shown: refused, not cleaned (a crest has no need of it).
const SVG_ATIVO = [
  /<script[\s>/]/i,
  /<foreignObject[\s>/]/i,
  /<iframe[\s>/]/i,
  /<embed[\s>/]/i,
  /<object[\s>/]/i,
  /\son[a-z]+\s*=/i,
  /(href|src)\s*=\s*["']?\s*(javascript|data|https?|\/\/)/i,
  /url\(\s*["']?\s*(javascript|https?|\/\/)/i,
  /<!ENTITY/i,
  /@import/i,
];

/** Checks decoded bytes: a field message, or null when the image may be kept. */
function checarImagem(b: Uint8Array): { tipo: ImagemTipo } | { erro: string } {
  if (b.length > IMAGEM_MAX_BYTES) return { erro: imagemMsg.tamanho };
  const tipo = tipoPelosBytes(b);
  if (!tipo) return { erro: imagemMsg.tipo };
  if (tipo === 'image/svg+xml') {
    const texto = new TextDecoder('utf-8', { fatal: false }).decode(b);
    if (SVG_ATIVO.some((re) => re.test(texto))) return { erro: imagemMsg.svgAtivo };
  }
  return { tipo };
}

/** Base64 to bytes, in the browser and in Node alike; null when it is not base64. */
function base64ParaBytes(b64: string): Uint8Array | null {
  const limpo = b64.replace(/\s/g, '');
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(limpo) || limpo.length % 4 !== 0) return null;
  const bin = atob(limpo);
  const out = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
  return out;
}

/**
 * Checks a data URL as stored (`imagem_base64`, `brasao`): the declared type must be the one the bytes are. Returns
 * the message for the field, or null when it is fine. The size limit is on the decoded bytes.
 */
export function checarImagemDataUrl(valor: string): string | null {
  const m = /^data:(image\/[a-z+.-]+);base64,(.*)$/s.exec(valor);
  if (!m) return imagemMsg.dataUrl;
  // Base64 is 4/3 of the bytes: refuse a far too large one before decoding it.
  if (m[2]!.length > Math.ceil((IMAGEM_MAX_BYTES * 4) / 3) + 8) return imagemMsg.tamanho;
  const bytes = base64ParaBytes(m[2]!);
  if (!bytes) return imagemMsg.dataUrl;
  const r = checarImagem(bytes);
  if ('erro' in r) return r.erro;
  return r.tipo === m[1] ? null : imagemMsg.tipo;
}
