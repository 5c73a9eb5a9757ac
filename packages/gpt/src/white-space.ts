/**
 * Whether the UTF-16 unit `unit` is white space as Rust's `White_Space` (the `\s` of the split
 * patterns) defines it; every such character is one unit.
 *
 * @example
 * ```ts
 * isWhiteSpace(0x20);   // true
 * isWhiteSpace(0x200b); // false: ZERO WIDTH SPACE is not White_Space
 * ```
 */
export function isWhiteSpace(unit: number): boolean {
  return (
    (unit >= 0x09 && unit <= 0x0d) ||
    unit === 0x20 ||
    unit === 0x85 ||
    unit === 0xa0 ||
    unit === 0x1680 ||
    (unit >= 0x2000 && unit <= 0x200a) ||
    unit === 0x2028 ||
    unit === 0x2029 ||
    unit === 0x202f ||
    unit === 0x205f ||
    unit === 0x3000
  );
}
