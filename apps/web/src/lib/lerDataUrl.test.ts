import { describe, expect, it } from 'vitest';
import { lerDataUrl } from './lerDataUrl';

describe('lerDataUrl', () => {
  it('reads a file as a data URL with its type and base64 bytes', async () => {
    const file = new File(['olá'], 'a.txt', { type: 'text/plain' });
    expect(await lerDataUrl(file)).toBe(`data:text/plain;base64,${btoa(unescape(encodeURIComponent('olá')))}`);
  });
});
