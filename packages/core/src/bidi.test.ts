import { describe, expect, it } from 'vitest';
import { bidiClass, bidiLevels, visualClusters, visualLine, visualOrder } from './bidi.js';

// Visual orders below are Chromium's for the same lines (apps/cli checks the helper against
// Chromium's rendering of a larger set in its browser test).
describe('bidi', () => {
  it('knows the bidi class of code points across the table', () => {
    expect(bidiClass(0x41)).toBe('L');
    expect(bidiClass(0x5d0)).toBe('R');
    expect(bidiClass(0x627)).toBe('AL');
    expect(bidiClass(0x30)).toBe('EN');
    expect(bidiClass(0x660)).toBe('AN');
    expect(bidiClass(0x25)).toBe('ET');
    expect(bidiClass(0x2c)).toBe('CS');
    expect(bidiClass(0x2d)).toBe('ES');
    expect(bidiClass(0x64b)).toBe('NSM');
    expect(bidiClass(0x20)).toBe('WS');
    expect(bidiClass(0x200d)).toBe('BN');
    expect(bidiClass(0x2067)).toBe('RLI');
    expect(bidiClass(0x1f600)).toBe('ON');
    expect(bidiClass(0x10ffff)).toBe('BN');
  });

  it('reverses the runs of each level (L2)', () => {
    expect(visualOrder([0, 0, 1, 1, 2, 2, 1, 0])).toEqual([0, 1, 6, 4, 5, 3, 2, 7]);
  });

  it('keeps numbers and Latin words left to right inside Arabic', () => {
    expect(visualLine('العدد ٣٤٥ و 2024', 'rtl')).toBe('2024 و ٣٤٥ ددعلا');
    expect(visualLine('في 2014 (GPT)', 'rtl')).toBe('(GPT) 2014 يف');
    // After Arabic letters 12.5 is an Arabic number (W2), so % is not joined to it (W5) and goes left.
    expect(visualLine('سعره 12.5% فقط', 'rtl')).toBe('طقف %12.5 هرعس');
  });

  it('splits a phone number after Arabic letters into Arabic numbers (W2)', () => {
    expect(visualLine('الهاتف 966-11', 'rtl')).toBe('11-966 فتاهلا');
  });

  it('finds the paragraph direction from the first strong letter', () => {
    expect(bidiLevels('abc مرحبا').paragraphLevel).toBe(0);
    expect(bidiLevels('2024 مرحبا').paragraphLevel).toBe(1);
    expect(bidiLevels('123').paragraphLevel).toBe(0);
  });

  it('keeps combining marks after their base letter and mirrors brackets', () => {
    const clusters = visualClusters('كَتَبَ (a)', 'rtl');
    expect(clusters.map((cluster) => cluster.text).join('')).toBe('(a) بَتَكَ');
    expect(visualLine('قال (نعم)', 'rtl')).toBe('(معن) لاق');
  });
});
