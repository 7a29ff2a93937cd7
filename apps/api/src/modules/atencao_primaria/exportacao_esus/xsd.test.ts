import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// The XSDs kept in the repository (so CI and a fresh clone validate without ../shared) are the official ones: where
// the reference folder sits beside the clone, as on this project's machines, every copy is byte for byte the same.
const PASTA = path.join(import.meta.dirname, 'xsd');
const OFICIAL = path.resolve(import.meta.dirname, '../../../../../../../shared/reference/ledi/xsd');

describe('the LEDI XSDs in the repository (issue 26)', () => {
  it.skipIf(!existsSync(OFICIAL))('are copies of ../shared/reference/ledi/xsd, unchanged', () => {
    const copias = readdirSync(PASTA).filter((f) => f.endsWith('.xsd'));
    expect(copias.length).toBeGreaterThan(10);
    for (const f of copias)
      expect(readFileSync(path.join(PASTA, f), 'utf8'), f).toBe(readFileSync(path.join(OFICIAL, f), 'utf8'));
  });
});
