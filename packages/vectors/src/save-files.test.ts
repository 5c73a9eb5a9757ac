import { lstat, mkdtemp, readlink, symlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { KeyedVectors } from './keyed-vectors.js';
import { saveWord2VecFormat } from './node.js';

describe('saving vectors', () => {
  it('writes into a device named by the path instead of renaming a file over it', async () => {
    // A link to /dev/null stands for the device: renamed over, the link (not the device) is replaced.
    const dir = await mkdtemp(join(tmpdir(), 'vectors-'));
    const device = join(dir, 'null');
    await symlink('/dev/null', device);
    const kv = new KeyedVectors(['a', 'b'], Float32Array.of(1, 2, 3, 4), 2);
    await saveWord2VecFormat(kv, device);
    expect((await lstat(device)).isSymbolicLink()).toBe(true);
    expect(await readlink(device)).toBe('/dev/null');
  });
});
