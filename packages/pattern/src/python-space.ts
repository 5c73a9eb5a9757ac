// Python's whitespace below U+3001 (every whitespace character is at or below U+3000).
const SPACE_TABLE = new Uint8Array(0x3001);
for (const unit of [0x85, 0xa0, 0x1680, 0x2028, 0x2029, 0x202f, 0x205f, 0x3000]) SPACE_TABLE[unit] = 1;
for (let unit = 0x09; unit <= 0x0d; unit++) SPACE_TABLE[unit] = 1;
for (let unit = 0x1c; unit <= 0x20; unit++) SPACE_TABLE[unit] = 1;
for (let unit = 0x2000; unit <= 0x200a; unit++) SPACE_TABLE[unit] = 1;

/**
 * Python's `str.isspace()` for one UTF-16 unit (every such character is in the BMP).
 *
 * @example
 * ```ts
 * isPythonSpace(0x1c); // true: Python counts the file separator as space
 * isPythonSpace(0xfeff); // false
 * ```
 */
export function isPythonSpace(unit: number): boolean {
  return unit <= 0x3000 && SPACE_TABLE[unit] === 1;
}
