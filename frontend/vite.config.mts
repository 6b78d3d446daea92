import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

const root = fileURLToPath(new URL('.', import.meta.url));

/**
 * Two builds: the browser bundle (dist/frontend, with a manifest the server reads to link a page's
 * own stylesheets), and with `--ssr` the server entry (dist/frontend-ssr/entry-server.cjs), one
 * CommonJS file tree with React and every dependency inside, which the NestJS server requires.
 */
export default defineConfig(({ isSsrBuild }) => ({
  root,
  plugins: [react()],
  ssr: { noExternal: true, target: 'node' },
  // The server entry bundles React: its production build, whatever NODE_ENV the server runs with.
  define: isSsrBuild ? { 'process.env.NODE_ENV': JSON.stringify('production') } : {},
  build: isSsrBuild
    ? {
        outDir: fileURLToPath(new URL('../dist/frontend-ssr', import.meta.url)),
        emptyOutDir: true,
        target: 'node20',
        copyPublicDir: false,
        rollupOptions: { input: fileURLToPath(new URL('./src/entry-server.tsx', import.meta.url)), output: { format: 'cjs', entryFileNames: '[name].cjs', chunkFileNames: 'chunks/[name]-[hash].cjs' } },
      }
    : {
        outDir: fileURLToPath(new URL('../dist/frontend', import.meta.url)),
        emptyOutDir: true,
        reportCompressedSize: true,
        target: 'es2022',
        manifest: true,
      },
  server: {
    proxy: { '/api': 'http://localhost:3000' },
  },
}));
