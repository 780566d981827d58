// Imported first by every module that builds schemas, so it runs before any schema exists.
//
// zod 4 decides, as an object schema is built, whether it may compile its parser with `new Function`, by trying
// once. In the storefront our CSP (no 'unsafe-eval', docs/product.md §10) refuses, and Chrome reports the refusal on
// every form page; jitless skips the try there. The server keeps the compiled parsers.
import { config } from 'zod';

if ('document' in globalThis) config({ jitless: true });
