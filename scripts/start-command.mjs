// What `npm start` runs, read from package.json's start script (`exec env NAME=value... node <flags> scripts/start.mjs`),
// so that whatever starts the server without npm in between (deploy/local.mjs, the bench) starts it the same way: the
// same environment for glibc's allocator and the same V8 flags (bench/results/history.md, "Memory and start-up").
import { readFileSync } from 'node:fs';

/** The start script's environment assignments and the arguments it gives node (flags, then scripts/start.mjs). */
export function startCommand() {
  const script = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')).scripts.start;
  const words = script.split(/\s+/).filter((word) => word && word !== 'exec' && word !== 'env');
  /** @type {Record<string, string>} */
  const env = {};
  for (let word = words[0]; word?.includes('='); word = words[0]) {
    words.shift();
    const at = word.indexOf('=');
    env[word.slice(0, at)] = word.slice(at + 1);
  }
  if (words[0] !== 'node') throw new Error(`package.json's start script no longer runs node: ${script}`);
  return { env, args: words.slice(1) };
}
