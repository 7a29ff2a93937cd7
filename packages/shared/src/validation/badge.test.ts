import { describe, expect, it } from 'vitest';
import { badgeLabel } from './badge';

describe('badgeLabel (spec §4)', () => {
  it.each([
    [0, null],
    [-3, null],
    [1, '1'],
    [42, '42'],
    [98, '98'],
    [99, null],
    [100, '99+'],
    [5000, '99+'],
    [Number.NaN, null],
  ])('%s unread → %s', (n, label) => expect(badgeLabel(n)).toBe(label));
});
