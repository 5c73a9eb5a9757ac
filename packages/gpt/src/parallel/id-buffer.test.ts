import { describe, expect, it } from 'vitest';
import { IdBuffer, MAX_IDS } from './id-buffer.js';

describe('IdBuffer', () => {
  it('keeps ids pushed and appended in order as it grows', () => {
    const buffer = new IdBuffer(16);
    const expected: number[] = [];
    for (let i = 0; i < 10; i++) {
      buffer.push(i);
      expected.push(i);
    }
    for (const size of [0, 5, 40, 1, 300]) {
      const part = Uint32Array.from({ length: size }, (_, i) => 1000 * size + i);
      buffer.append(part);
      expected.push(...part);
      buffer.push(7);
      expected.push(7);
    }
    expect(buffer.length).toBe(expected.length);
    expect(Array.from(buffer.ids())).toEqual(expected);
  });
});

describe('IdBuffer.reserveAtRate', () => {
  it('makes room once for a whole text at its first stretch’s rate, keeping the ids so far', () => {
    const buffer = new IdBuffer(16);
    buffer.append(Uint32Array.from({ length: 10 }, (_, i) => i));
    // 10 ids in 40 units: 0.25 a unit, so 100,000 units need 25,000 ids (and an eighth more).
    buffer.reserveAtRate(10, 40, 100_000);
    const before = buffer.ids().buffer;
    for (let i = 10; i < 25_000; i++) buffer.push(i);
    expect(buffer.ids().buffer).toBe(before);
    expect(buffer.ids().length).toBe(25_000);
    expect(buffer.ids()[9]).toBe(9);
    expect(buffer.ids()[24_999]).toBe(24_999);
  });

  it('still grows when the text turns out denser than its first stretch', () => {
    const buffer = new IdBuffer(16);
    buffer.reserveAtRate(1, 100, 1000);
    const expected = Array.from({ length: 5000 }, (_, i) => i * 7);
    for (const id of expected) buffer.push(id);
    expect(Array.from(buffer.ids())).toEqual(expected);
  });

  it('leaves a buffer that is large enough, or a stretch or text of no size, as it is', () => {
    const buffer = new IdBuffer(10_000);
    const before = buffer.ids().buffer;
    buffer.reserveAtRate(1, 10, 1000);
    buffer.reserveAtRate(5, 0, 1000);
    buffer.reserveAtRate(5, 10, 0);
    expect(buffer.ids().buffer).toBe(before);
  });
});

describe('IdBuffer at its bound', () => {
  it('grows up to maxIds and no further, then names the bound and the way out', () => {
    const buffer = new IdBuffer(60, 100);
    for (let i = 0; i < 100; i++) buffer.push(i);
    expect(Array.from(buffer.ids())).toEqual(Array.from({ length: 100 }, (_, i) => i));
    expect(() => buffer.push(100)).toThrow(
      /more than 100 ids for one array: encode the text in parts \(encodeFileStreamParallel and encodeStreamParallel/,
    );
    expect(buffer.length).toBe(100);
    const appended = new IdBuffer(16, 100);
    appended.append(new Uint32Array(90));
    expect(() => appended.append(new Uint32Array(11))).toThrow(RangeError);
    expect(appended.length).toBe(90);
  });

  it('makes room at a first stretch’s rate only up to maxIds', () => {
    const buffer = new IdBuffer(16, 100);
    buffer.reserveAtRate(1, 1, 1_000_000);
    for (let i = 0; i < 100; i++) buffer.push(i);
    expect(buffer.ids()[99]).toBe(99);
    expect(() => buffer.push(0)).toThrow(RangeError);
  });

  it('stops at the longest Uint32Array there is (one id more is refused by the engine itself)', () => {
    // Only the refusal is tried: a Uint32Array of MAX_IDS would reserve 16 GiB.
    expect(() => new Uint32Array(MAX_IDS + 1)).toThrow(RangeError);
  });
});

describe('IdBuffer.appenderSizedByFirst', () => {
  it("appends parts in order, making room for the whole text once, at the first part's rate", () => {
    const buffer = new IdBuffer(16);
    const onIds = buffer.appenderSizedByFirst(40, 4000); // the first part: 10 ids in 40 units
    onIds(Uint32Array.from({ length: 10 }, (_, i) => i));
    const room = buffer.ids().buffer;
    const expected = Array.from({ length: 10 }, (_, i) => i);
    for (let part = 1; part < 100; part++) {
      const ids = Uint32Array.from({ length: 10 }, (_, i) => part * 10 + i);
      onIds(ids);
      expected.push(...ids);
    }
    expect(buffer.ids().buffer).toBe(room);
    expect(Array.from(buffer.ids())).toEqual(expected);
  });
});
