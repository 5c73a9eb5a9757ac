import type { Token } from '@tokenlab/core';

const GOLDEN_ANGLE = 137.508;

/** FNV-1a over UTF-16 units: a stable 32-bit hash, so the same text always gets the same colour. */
export function hashText(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/**
 * The hue of a token: from its id when it has one (the same id is the same colour in every column
 * and every run), otherwise from its text. Successive ids are a golden angle apart, so neighbours
 * in the vocabulary never look alike.
 */
export function tokenHue(token: Pick<Token, 'id' | 'text'>): number {
  const key = token.id ?? hashText(token.text);
  return Math.round((key * GOLDEN_ANGLE) % 360);
}

/** The background colour of a token: a light tint of its hue, dark text stays readable on it. */
export function tokenColor(token: Pick<Token, 'id' | 'text'>): string {
  return `hsl(${tokenHue(token)} 85% 86%)`;
}
