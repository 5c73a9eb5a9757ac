import { describe, expect, it } from 'vitest';
import { joiningType, joinsAcross } from './joining.js';
import { JOINING_TYPES_UNICODE_VERSION } from './joining-types.js';

describe('joiningType', () => {
  it('gives the types of ArabicShaping.txt across the joining scripts', () => {
    expect(JOINING_TYPES_UNICODE_VERSION).toBe('15.0.0');
    const cases: [string, number, string][] = [
      ['ARABIC LETTER BEH', 0x0628, 'D'],
      ['ARABIC LETTER ALEF', 0x0627, 'R'],
      ['ARABIC LETTER TEH MARBUTA', 0x0629, 'R'],
      ['ARABIC TATWEEL', 0x0640, 'C'],
      ['ARABIC FATHA', 0x064e, 'T'],
      ['ARABIC NUMBER SIGN', 0x0600, 'U'],
      ['ARABIC LETTER BEH WITH SMALL V BELOW (Supplement)', 0x0750, 'D'],
      ['ARABIC LETTER BEH WITH SMALL V BELOW (Extended-A)', 0x08a0, 'D'],
      ['ARABIC LETTER REH WITH LOOP (Extended-A)', 0x08aa, 'R'],
      ['ARABIC LETTER ROHINGYA YEH (Extended-A)', 0x08ac, 'R'],
      ['ARABIC LETTER ALEF WITH ATTACHED FATHA (Extended-B)', 0x0870, 'R'],
      ['ARABIC TATWEEL WITH OVERSTRUCK HAMZA (Extended-B)', 0x0883, 'C'],
      ['ARABIC SMALL LOW WORD SAKTA (Extended-C, a mark)', 0x10efd, 'T'],
      ['SYRIAC LETTER ALAPH', 0x0710, 'R'],
      ['SYRIAC LETTER BETH', 0x0712, 'D'],
      ['SYRIAC ABBREVIATION MARK', 0x070f, 'T'],
      ['NKO LETTER A', 0x07ca, 'D'],
      ['NKO LAJANYALAN', 0x07fa, 'C'],
      ['MANDAIC LETTER HALQA', 0x0840, 'R'],
      ['MANDAIC LETTER AB', 0x0841, 'D'],
      ['MONGOLIAN LETTER A', 0x1820, 'D'],
      ['MONGOLIAN NIRUGU', 0x180a, 'C'],
      ['MONGOLIAN VOWEL SEPARATOR', 0x180e, 'U'],
      ['PHAGS-PA SUPERFIXED LETTER RA', 0xa872, 'L'],
      ['MANICHAEAN LETTER ALEPH', 0x10ac0, 'D'],
      ['MANICHAEAN LETTER HETH', 0x10acd, 'L'],
      ['PSALTER PAHLAVI LETTER ALEPH', 0x10b80, 'D'],
      ['HANIFI ROHINGYA LETTER A', 0x10d00, 'L'],
      ['HANIFI ROHINGYA LETTER BA', 0x10d01, 'D'],
      ['SOGDIAN LETTER ALEPH', 0x10f30, 'D'],
      ['ADLAM CAPITAL LETTER ALIF', 0x1e900, 'D'],
      ['ADLAM NASALIZATION MARK', 0x1e94b, 'T'],
      ['ZERO WIDTH NON-JOINER', 0x200c, 'U'],
      ['ZERO WIDTH JOINER', 0x200d, 'C'],
      ['LEFT-TO-RIGHT MARK (Cf)', 0x200e, 'T'],
      ['SOFT HYPHEN (Cf)', 0x00ad, 'T'],
      ['COMBINING ACUTE ACCENT (Mn)', 0x0301, 'T'],
      ['LATIN SMALL LETTER A', 0x61, 'U'],
      ['DIGIT ONE', 0x31, 'U'],
      ['last code point', 0x10ffff, 'U'],
    ];
    for (const [name, codePoint, type] of cases) expect(joiningType(codePoint), name).toBe(type);
  });
});

describe('joinsAcross', () => {
  it('finds cuts inside joined Arabic words, across harakat and tatweel', () => {
    expect(joinsAcross('كتب', 1)).toBe(true);
    expect(joinsAcross('كتب', 2)).toBe(true);
    expect(joinsAcross('بِسْمِ', 2)).toBe(true);
    expect(joinsAcross('كـتب', 1)).toBe(true);
  });

  it('leaves non-joining cuts alone: after a right-joining letter, at spaces, in Latin', () => {
    expect(joinsAcross('دار', 1)).toBe(false);
    expect(joinsAcross('دار', 2)).toBe(false); // nor does alef
    expect(joinsAcross('بدر', 1)).toBe(true);
    expect(joinsAcross('كتب كتب', 3)).toBe(false);
    expect(joinsAcross('كتب كتب', 4)).toBe(false);
    expect(joinsAcross('abc', 1)).toBe(false);
    expect(joinsAcross('ب1', 1)).toBe(false);
    expect(joinsAcross('كتب', 0)).toBe(false);
    expect(joinsAcross('كتب', 3)).toBe(false);
  });

  it('joins the letters of Arabic Extended-A', () => {
    // ࢠ (U+08A0, dual-joining) before ࢪ (U+08AA, right-joining), and after beh.
    expect(joinsAcross('\u08a0\u08aa', 1)).toBe(true);
    expect(joinsAcross('ب\u08a0', 1)).toBe(true);
    // ࢬ ROHINGYA YEH is right-joining: it never joins what follows.
    expect(joinsAcross('\u08acب', 1)).toBe(false);
    expect(joinsAcross('ب\u08ac', 1)).toBe(true);
  });

  it('joins a left-joining letter only to what follows it', () => {
    // MANICHAEAN HETH (L) then MANICHAEAN BETH (D), astral: the cut is between surrogate pairs.
    const heth = String.fromCodePoint(0x10acd);
    const beth = String.fromCodePoint(0x10ac1);
    expect(joinsAcross(heth + beth, 2)).toBe(true);
    expect(joinsAcross(beth + heth, 2)).toBe(false);
    // A cut inside a surrogate pair is no cut between characters.
    expect(joinsAcross(heth + beth, 1)).toBe(false);
    expect(joinsAcross(heth + beth, 3)).toBe(false);
    // PHAGS-PA SUPERFIXED LETTER RA (L) before a Phags-pa letter (D).
    expect(joinsAcross('\ua872\ua840', 1)).toBe(true);
    expect(joinsAcross('\ua840\ua872', 1)).toBe(false);
  });

  it('lets ZWNJ break the join and tatweel cause it', () => {
    expect(joinsAcross('ب\u200cب', 1)).toBe(false);
    expect(joinsAcross('ب\u200cب', 2)).toBe(false);
    // Tatweel joins on both sides, even after a right-joining letter's neighbour.
    expect(joinsAcross('بـ', 1)).toBe(true);
    expect(joinsAcross('ـب', 1)).toBe(true);
    expect(joinsAcross('دـ', 1)).toBe(false);
    // ZWJ causes joining too.
    expect(joinsAcross('ب\u200d', 1)).toBe(true);
  });

  it('joins the letters of the other cursive scripts', () => {
    expect(joinsAcross('\u0712\u0710', 1)).toBe(true); // Syriac beth, alaph
    expect(joinsAcross('\u07ca\u07cb', 1)).toBe(true); // N'Ko
    expect(joinsAcross('\u0841\u0840', 1)).toBe(true); // Mandaic
    expect(joinsAcross('\u1820\u1821', 1)).toBe(true); // Mongolian
    const adlam = String.fromCodePoint(0x1e922, 0x1e944, 0x1e923); // letter, mark, letter
    expect(joinsAcross(adlam, 2)).toBe(true);
    expect(joinsAcross(adlam, 4)).toBe(true);
  });
});
