import { describe, expect, it } from 'vitest';
import { luminance, parseHexColor, textColorFor } from './colors';

describe('textColorFor', () => {
  it.each([
    ['#FFFFFF', '#707070'],
    ['#fff', '#707070'],
    ['ffffff', '#707070'],
    ['#00bcd4', '#707070'], // theme primary: 0.587 × 188 + 0.114 × 212 ≈ 134.5
    ['#009cb0', '#FFFFFF'], // navbar: ≈ 111.6
    ['#000000', '#FFFFFF'],
    ['#000', '#FFFFFF'],
    ['#808080', '#707070'], // exactly 128 counts as light
    ['#7f7f7f', '#FFFFFF'], // 127
  ])('over %s writes in %s', (bg, fg) => expect(textColorFor(bg)).toBe(fg));

  it('falls back to grey for an unreadable colour', () => {
    expect(textColorFor('not-a-colour')).toBe('#707070');
    expect(textColorFor('#12345')).toBe('#707070');
  });

  it('parses 3 and 6 hex digits and weighs them 0.299 / 0.587 / 0.114', () => {
    expect(parseHexColor('#abc')).toEqual([0xaa, 0xbb, 0xcc]);
    expect(parseHexColor('00BCD4')).toEqual([0, 188, 212]);
    expect(luminance('#ff0000')).toBeCloseTo(76.245);
    expect(luminance('zzz')).toBeNull();
  });
});
