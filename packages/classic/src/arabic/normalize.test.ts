import { describe, expect, it } from 'vitest';
import {
  ARABIC_NORMALIZATION_STEPS,
  alefMaksura,
  asciiDigits,
  foldAlef,
  nfc,
  normalizeArabic,
  parseArabicSteps,
  removeTatweel,
  stripTashkeel,
  tehMarbuta,
} from './normalize.js';

describe('normalizeArabic steps', () => {
  it('exposes each step as a function', () => {
    expect(nfc('\u0627\u0654')).toBe('\u0623');
    expect(removeTatweel('العـــربية')).toBe('العربية');
    expect(stripTashkeel('مُحَمَّدٌ')).toBe('محمد');
    expect(stripTashkeel('ٱلرَّحْمَـٰنِ')).toBe('ٱلرحمـن');
    expect(foldAlef('أحمد إلى آخر ٱلحمد')).toBe('احمد الى اخر الحمد');
    expect(alefMaksura('على')).toBe('علي');
    expect(tehMarbuta('مدرسة')).toBe('مدرسه');
    expect(asciiDigits('١٢٫٥ و ۱۲۳ و ٬ وحدها')).toBe('12.5 و 123 و ٬ وحدها');
  });

  it('keeps the small waw and yeh and the ayah symbols, which are not diacritics', () => {
    expect(stripTashkeel('\u0647\u06E6 \u06DE \u06E9')).toBe('\u0647\u06E6 \u06DE \u06E9');
  });

  it('runs every step in order by default and reports what each changed', () => {
    const result = normalizeArabic('العـــربيّة أَهلاً ١٢٫٥ على');
    expect(result.text).toBe('العربيه اهلا 12.5 علي');
    expect(result.steps).toEqual([
      { step: 'nfc', changed: 0 },
      { step: 'removeTatweel', changed: 3 },
      { step: 'stripTashkeel', changed: 3 },
      { step: 'foldAlef', changed: 1 },
      { step: 'alefMaksura', changed: 1 },
      { step: 'tehMarbuta', changed: 1 },
      { step: 'digits', changed: 4 },
    ]);
  });

  it('runs only the named steps, in the order given', () => {
    const result = normalizeArabic('أَحمد', 'stripTashkeel,foldAlef');
    expect(result.text).toBe('احمد');
    expect(result.steps.map((report) => report.step)).toEqual(['stripTashkeel', 'foldAlef']);
    expect(normalizeArabic('ـا', 'all').steps.map((report) => report.step)).toEqual([
      ...ARABIC_NORMALIZATION_STEPS,
    ]);
  });

  it('maps offsets of the normalized text back to the input', () => {
    const input = 'قال مُحَمَّدٌ: العـــربية';
    const result = normalizeArabic(input);
    const word = 'محمد';
    const start = result.text.indexOf(word);
    const end = start + word.length;
    expect(input.slice(result.offsets[start], result.offsets[end])).toBe('مُحَمَّدٌ');
    const second = result.text.indexOf('العربيه');
    expect(input.slice(result.offsets[second], result.offsets[second + 7])).toBe('العـــربية');
    expect(result.offsets.length).toBe(result.text.length + 1);
  });

  it('maps NFC recompositions to their cluster', () => {
    const input = 'x\u0627\u0654y';
    const result = normalizeArabic(input, ['nfc']);
    expect(result.text).toBe('x\u0623y');
    expect(result.steps).toEqual([{ step: 'nfc', changed: 2 }]);
    expect([...result.offsets]).toEqual([0, 1, 3, 4]);
  });

  it('maps reordered marks and composed Hangul jamo to their cluster', () => {
    const reordered = normalizeArabic('x\u0628\u0651\u064E', ['nfc']);
    expect(reordered.text).toBe('x\u0628\u064E\u0651');
    expect(reordered.steps).toEqual([{ step: 'nfc', changed: 3 }]);
    expect([...reordered.offsets]).toEqual([0, 1, 1, 1, 4]);
    const hangul = normalizeArabic('\u1100\u1161\u11A8 😀', ['nfc']);
    expect(hangul.text).toBe('\uAC01 😀');
    expect([...hangul.offsets]).toEqual([0, 3, 4, 5, 6]);
  });

  it('names an unknown step and lists the known ones', () => {
    expect(() => parseArabicSteps('nfc,foldAlif')).toThrow(
      /unknown Arabic normalization step 'foldAlif'.*foldAlef/,
    );
  });

  it('handles empty input and lone surrogates without losing them', () => {
    expect(normalizeArabic('').text).toBe('');
    expect(normalizeArabic('\uD800ـ').text).toBe('\uD800');
  });
});

describe('normalizeArabic on long input', () => {
  it('normalizes a 4 MB line with decomposed characters, keeping the offset map', () => {
    const unit = 'كتب ا\u0654حمد العـربية ';
    const line = unit.repeat(Math.ceil((4 * 1024 * 1024) / unit.length));
    const result = normalizeArabic(line);
    expect(result.text.startsWith('كتب احمد العربيه ')).toBe(true);
    expect(result.steps[0]).toEqual({
      step: 'nfc',
      changed: 2 * Math.ceil((4 * 1024 * 1024) / unit.length),
    });
    const last = result.text.lastIndexOf('احمد');
    expect(line.slice(result.offsets[last], result.offsets[last + 4])).toBe('ا\u0654حمد');
  });
});
