import { describe, expect, it } from 'vitest';
import { runCapture } from '../testing.js';

describe('the final newline', () => {
  it('encode encodes it, notes it once on a terminal, and --strip-final-newline drops it', async () => {
    const piped = await runCapture(['encode', '-e', 'cl100k_base'], 'Hello world\n');
    expect(piped.stdout).toBe('9906 1917 198\n');
    expect(piped.stderr).toBe('');
    const terminal = await runCapture(['encode', '-e', 'cl100k_base', '--count'], 'Hello world\n', {
      stderrTTY: true,
    });
    expect(terminal.stdout).toBe('3\n');
    expect(terminal.stderr.match(/newline/g)).toHaveLength(2);
    expect(terminal.stderr.trim().split('\n')).toHaveLength(1);
    expect(terminal.stderr).toContain('--strip-final-newline');
    const stripped = await runCapture(
      ['encode', '-e', 'cl100k_base', '--strip-final-newline'],
      'Hello world\n',
      {
        stderrTTY: true,
      },
    );
    expect(stripped.stdout).toBe('9906 1917\n');
    expect(stripped.stderr).toBe('');
    const crlf = await runCapture(
      ['encode', '-e', 'cl100k_base', '--count', '--strip-final-newline'],
      'Hello world\r\n',
    );
    expect(crlf.stdout).toBe('2\n');
    // Only one newline goes: a blank line the text ends with is still text.
    const two = await runCapture(['encode', '-e', 'cl100k_base', '--strip-final-newline'], 'Hi\n\n');
    expect(two.stdout).toBe('13347 198\n');
    const none = await runCapture(['encode', '-e', 'cl100k_base'], 'Hello world', { stderrTTY: true });
    expect(none.stderr).toBe('');
  });

  it('decode ends with a newline on a terminal, and writes the text exactly into a pipe', async () => {
    const terminal = await runCapture(['decode', '-e', 'cl100k_base'], '9906 1917', { stdoutTTY: true });
    expect(terminal.stdout).toBe('Hello world\n');
    const own = await runCapture(['decode', '-e', 'cl100k_base'], '9906 1917 198', { stdoutTTY: true });
    expect(own.stdout).toBe('Hello world\n');
    const piped = await runCapture(['decode', '-e', 'cl100k_base'], '9906 1917');
    expect(piped.stdout).toBe('Hello world');
  });
});
