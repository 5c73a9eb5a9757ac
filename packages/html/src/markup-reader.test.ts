import { Tokenizer } from 'htmlparser2';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getText } from './index.js';

// html.parser rereads the rest of the input at every '<' that starts unfinished markup (bs4 takes
// seconds on 18 KB of `<a b='`); getText must not. Measured as work, not time: how many characters
// all the tokenizers of one call are given, on inputs of 40,000 characters made of one piece.
const PIECES = [
  "<a b='",
  '<a b="',
  '<a ',
  '<a/',
  '</a ',
  '</ ',
  '</>',
  '<!--',
  '<!-- > ',
  '<!-- -- >',
  '<!',
  '<!>',
  '<?',
  '<![CDATA[',
  '<![CDATA[ ] ]>',
  '<![if x] >',
  "<a b=='x' ",
  "<a b=='x'>",
  "<a b=\u00a0'x' ",
  '<a\u0000',
  '<title>',
  '<script>',
  "<textarea><a b='",
  'x&#1;',
  '&#',
  '<p>x</p>',
];
const LENGTH = 40_000;

afterEach(() => {
  vi.restoreAllMocks();
});

describe('getText on unfinished markup', () => {
  it.each(PIECES)('reads %j repeated with work linear in the input', (piece) => {
    const html = piece.repeat(Math.ceil(LENGTH / piece.length));
    let given = 0;
    const write = Tokenizer.prototype.write;
    vi.spyOn(Tokenizer.prototype, 'write').mockImplementation(function (this: Tokenizer, chunk: string) {
      given += chunk.length;
      write.call(this, chunk);
    });
    const text = getText(html);
    expect(text.length).toBeLessThanOrEqual(html.length);
    expect(given / html.length).toBeLessThan(10);
  });
});
