import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';

const root = fileURLToPath(new URL('.', import.meta.url));

/** Files worth compressing, and the size below which compression gains nothing. */
const COMPRESSIBLE = /\.(js|mjs|css|svg|json|txt)$/;
const MIN_BYTES = 1024;

/**
 * Writes `name.br` (Brotli, best) and `name.gz` (gzip, best) beside every compressible file of the
 * browser build's `assets/`, once at build time: the server sends them from memory as they are
 * (backend/src/storefront/immutable-assets.ts) instead of compressing each answer.
 */
function precompressAssets(): Plugin {
  return {
    name: 'precompress-assets',
    apply: 'build',
    writeBundle(options, bundle) {
      if (!options.dir) return;
      for (const fileName of Object.keys(bundle)) {
        if (!fileName.startsWith('assets/') || !COMPRESSIBLE.test(fileName)) continue;
        const path = join(options.dir, fileName);
        const content = readFileSync(path);
        if (content.length < MIN_BYTES) continue;
        writeFileSync(`${path}.br`, brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: content.length } }));
        writeFileSync(`${path}.gz`, gzipSync(content, { level: 9 }));
      }
    },
  };
}

/**
 * Two builds: the browser bundle (dist/frontend, with a manifest the server reads to link a page's
 * own stylesheets), and with `--ssr` the server entry (dist/frontend-ssr/entry-server.cjs), one
 * CommonJS file tree with React and every dependency inside, which the NestJS server requires.
 */
export default defineConfig(({ isSsrBuild }) => ({
  root,
  plugins: isSsrBuild ? [react()] : [react(), precompressAssets()],
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
