import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';

// The backend serves dist/ and expects every hashed part under /static/ (SPEC.md §7: parts load from static/js).
export default defineConfig({
  plugins: [react(), tailwindcss()],
  server: {
    // In development the Vite server hands every /api call to the backend on its default port.
    proxy: { '/api': 'http://127.0.0.1:3000' },
  },
  build: {
    assetsDir: 'static',
    // Every browser the shop supports has native modulepreload; the polyfill would only add weight to the entry.
    modulePreload: false,
    // The page-weight budget is measured on what the server sends, so keep the report honest.
    reportCompressedSize: true,
    rolldownOptions: {
      // The shared package is plain declarations; marking it side-effect free lets the home chunk take `messages`
      // and constants without dragging the zod schemas (and zod) along.
      treeshake: {
        moduleSideEffects: (id: string) => !id.includes('/packages/shared/'),
      },
      output: {
        entryFileNames: 'static/js/[name]-[hash].js',
        chunkFileNames: 'static/js/[name]-[hash].js',
        assetFileNames: (asset) =>
          asset.names.some((n) => n.endsWith('.css'))
            ? 'static/css/[name]-[hash][extname]'
            : 'static/media/[name]-[hash][extname]',
      },
    },
  },
});
