// `npm start`, deploy/local.mjs and the bench must start the server alike: all three read package.json's start script
// through scripts/start-command.mjs.
import { describe, expect, it } from 'vitest';
import { startCommand } from '../../../scripts/start-command.mjs';

describe('startCommand', () => {
  it("reads the allocator's environment and node's arguments out of package.json's start script", () => {
    expect(startCommand()).toEqual({
      env: { MALLOC_MMAP_THRESHOLD_: '65536', MALLOC_TRIM_THRESHOLD_: '65536' },
      args: ['--max-semi-space-size=4', '--heap-growing-percent=100', 'scripts/start.mjs'],
    });
  });
});
