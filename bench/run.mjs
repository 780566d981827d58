// Entry of `npm run bench`. The bench is strict TypeScript like the rest of the repo; tsx's loader runs it
// without a build step. Figures print as one table; the exit code is 0 even when a budget fails (it reports).
import { register } from 'tsx/esm/api';

register();
const { main } = await import('./src/main.ts');
await main(process.argv.slice(2));
