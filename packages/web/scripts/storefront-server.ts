// A storefront build served for measuring it in a browser: Vite's preview server on the build folder (hashed files
// as built, index.html for every client route) handing /api to a running backend, so the pages load their real data.
// Any build folder can be served this way (packages/web/dist or a scratch build, see web-build.ts), whatever the
// backend itself would serve. What is weighed is each file's body, so the server's own compression does not matter.
import { preview } from 'vite';

export interface StorefrontServer {
  origin: string;
  close: () => Promise<void>;
}

export async function serveStorefront(webDir: string, dist: string, apiOrigin: string): Promise<StorefrontServer> {
  const server = await preview({
    root: webDir,
    // The storefront's own config (its build plugins) has nothing to say about serving a finished build.
    configFile: false,
    logLevel: 'silent',
    build: { outDir: dist },
    preview: { host: '127.0.0.1', port: 0, strictPort: false, proxy: { '/api': apiOrigin } },
  });
  const address = server.httpServer.address();
  if (typeof address !== 'object' || address === null) throw new Error('the preview server is not listening');
  return { origin: `http://127.0.0.1:${address.port}`, close: () => server.close() };
}
