import { describe, expect, it } from 'vitest';
import { checarImagemDataUrl, IMAGEM_MAX_BYTES, imagemMsg, tipoPelosBytes } from './imagem';

const png = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
const b64 = (b: Uint8Array | string) => Buffer.from(typeof b === 'string' ? Buffer.from(b) : b).toString('base64');
const svg = (corpo: string) => `<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg">${corpo}</svg>`;

describe('image checks by the bytes', () => {
  it('knows PNG, JPEG, WebP and SVG by their first bytes, nothing else', () => {
    expect(tipoPelosBytes(png)).toBe('image/png');
    expect(tipoPelosBytes(Uint8Array.from([0xff, 0xd8, 0xff, 0xe0]))).toBe('image/jpeg');
    expect(tipoPelosBytes(new TextEncoder().encode('RIFF\0\0\0\0WEBPVP8 '))).toBe('image/webp');
    expect(tipoPelosBytes(new TextEncoder().encode(svg('<circle r="4"/>')))).toBe('image/svg+xml');
    expect(tipoPelosBytes(new TextEncoder().encode('GIF89a'))).toBeNull();
    expect(tipoPelosBytes(new TextEncoder().encode('olá, não sou imagem'))).toBeNull();
  });

  it('keeps a PNG and a clean SVG sent as what they are', () => {
    expect(checarImagemDataUrl(`data:image/png;base64,${b64(png)}`)).toBeNull();
    expect(checarImagemDataUrl(`data:image/svg+xml;base64,${b64(svg('<rect width="2" height="2"/>'))}`)).toBeNull();
  });

  it('refuses a PNG renamed SVG, a text file, a broken data URL and a file over 500 kB', () => {
    expect(checarImagemDataUrl(`data:image/svg+xml;base64,${b64(png)}`)).toBe(imagemMsg.tipo);
    expect(checarImagemDataUrl(`data:image/png;base64,${b64('texto')}`)).toBe(imagemMsg.tipo);
    expect(checarImagemDataUrl('data:image/png;base64,@@@')).toBe(imagemMsg.dataUrl);
    expect(checarImagemDataUrl('https://exemplo.org/logo.png')).toBe(imagemMsg.dataUrl);
    const grande = new Uint8Array(IMAGEM_MAX_BYTES + 1);
    grande.set(png);
    expect(checarImagemDataUrl(`data:image/png;base64,${b64(grande)}`)).toBe(imagemMsg.tamanho);
    expect(checarImagemDataUrl(`data:image/png;base64,${'A'.repeat(7_000_000)}`)).toBe(imagemMsg.tamanho);
  });

  it.each([
    '<script>alert(1)</script>',
    '<rect onload="alert(1)"/>',
    '<a href="javascript:alert(1)"><text>x</text></a>',
    '<image href="https://rastreio.example/p.png"/>',
    '<foreignObject><div/></foreignObject>',
    '<style>@import url(//x.example/a.css);</style>',
  ])('refuses an SVG that could run or fetch something: %s', (corpo) => {
    expect(checarImagemDataUrl(`data:image/svg+xml;base64,${b64(svg(corpo))}`)).toBe(imagemMsg.svgAtivo);
  });
});
