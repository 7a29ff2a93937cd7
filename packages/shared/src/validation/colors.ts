const TEXT_ON_LIGHT = '#707070';
const TEXT_ON_DARK = '#FFFFFF';

/** Parses '#abc', 'abc', '#aabbcc' or 'aabbcc' into [r, g, b] (0–255), or null. */
export function parseHexColor(hex: string): [number, number, number] | null {
  const h = hex.trim().replace(/^#/, '');
  if (!/^([0-9a-f]{3}|[0-9a-f]{6})$/i.test(h)) return null;
  const full = h.length === 3 ? Array.from(h, (c) => c + c).join('') : h;
  return [0, 2, 4].map((i) => parseInt(full.slice(i, i + 2), 16)) as [number, number, number];
}

/** Perceived brightness 0.299R + 0.587G + 0.114B on the 0–255 scale (ITU-R BT.601 weights). */
export function luminance(hex: string): number | null {
  const rgb = parseHexColor(hex);
  // Integer weights first: 0.299 + 0.587 + 0.114 in floating point puts grey 128 at 127.999…
  return rgb ? (299 * rgb[0] + 587 * rgb[1] + 114 * rgb[2]) / 1000 : null;
}

/**
 * Text colour over a background: grey on light backgrounds (luminance ≥ 128), white on dark ones.
 * An unreadable colour falls back to grey, because the default background behind it is white.
 */
export function textColorFor(bgHex: string): typeof TEXT_ON_LIGHT | typeof TEXT_ON_DARK {
  const l = luminance(bgHex);
  return l === null || l >= 128 ? TEXT_ON_LIGHT : TEXT_ON_DARK;
}
