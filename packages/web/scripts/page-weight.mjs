// Prints what the home page downloads before it can be used: the stylesheet, the entry script and every script the
// entry imports statically (not the lazy parts), gzip-compressed as the server sends them. Run after `vite build`.
import { readFileSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { gzipSync } from 'node:zlib';

const dist = new URL('../dist/', import.meta.url).pathname;
const html = readFileSync(join(dist, 'index.html'), 'utf8');
const seen = new Set();
const queue = [...html.matchAll(/(?:src|href)="\/(static\/[^"]+\.(?:js|css))"/g)].map((m) => m[1]);
const totals = { js: 0, css: 0 };

while (queue.length > 0) {
  const path = queue.shift();
  if (seen.has(path)) continue;
  seen.add(path);
  const code = readFileSync(join(dist, path));
  const size = gzipSync(code, { level: 9 }).length;
  totals[path.endsWith('.css') ? 'css' : 'js'] += size;
  console.log(`${(size / 1000).toFixed(2).padStart(7)} kB  ${path}`);
  if (!path.endsWith('.js')) continue;
  // Static imports only: `import{..}from"./x.js"` and `import"./x.js"`; dynamic `import("./x.js")` is lazy.
  for (const m of code.toString().matchAll(/(?:from|import)\s*"(\.\/[^"]+\.js)"/g)) {
    queue.push(join(dirname(path), m[1]));
  }
}
console.log(`JS  ${(totals.js / 1000).toFixed(2)} kB gzip (budget 95)`);
console.log(`CSS ${(totals.css / 1000).toFixed(2)} kB gzip (budget 12)`);
