import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { transform } from 'lightningcss';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';

const mantineClass = /\bm_[0-9a-f]{5,8}\b/g;

/**
 * Mantine's stylesheet holds every component (235 kB); each component's class names (m_xxxxxxxx) reach the bundle
 * only through that component's code. So the rules whose every selector names a Mantine class that no shipped chunk
 * contains can never match and are dropped: the CSS follows what the app uses, with no list to keep by hand.
 */
function dropUnusedMantineCss(files: string[]) {
  const used = new Set<string>();
  for (const file of files.filter((f) => f.endsWith('.js')))
    for (const m of fs.readFileSync(file, 'utf8').matchAll(mantineClass)) used.add(m[0]);
  type Selector = Array<{ type: string; name?: string }>;
  const dead = (selector: Selector) =>
    selector.some((c) => c.type === 'class' && /^m_[0-9a-f]{5,8}$/.test(c.name ?? '') && !used.has(c.name!));
  for (const file of files.filter((f) => f.endsWith('.css'))) {
    const { code } = transform({
      filename: file,
      code: fs.readFileSync(file),
      minify: true,
      visitor: {
        Rule: {
          style: (rule) => ((rule.value.selectors as Selector[]).every(dead) ? [] : undefined),
        },
      },
    });
    fs.writeFileSync(file, code);
  }
}

/**
 * After the bundle is written: unused Mantine CSS dropped, then brotli and gzip copies of every text file above 1 kB,
 * made once at the highest levels; the server sends the copy the browser accepts (@fastify/static preCompressed).
 * Field work on a weak connection (issue 12).
 */
function slimAndPrecompress(): Plugin {
  let outDir = '';
  return {
    name: 'saude:slim-and-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      const walk = (dir: string): string[] =>
        fs
          .readdirSync(dir, { withFileTypes: true })
          .flatMap((e) => (e.isDirectory() ? walk(path.join(dir, e.name)) : [path.join(dir, e.name)]));
      dropUnusedMantineCss(walk(path.join(outDir, 'assets')));
      for (const file of walk(outDir)) {
        if (!/\.(js|css|html|svg|json|txt)$/.test(file) || file.includes(`${path.sep}.vite${path.sep}`)) continue;
        const data = fs.readFileSync(file);
        if (data.length < 1024) continue;
        fs.writeFileSync(
          `${file}.br`,
          zlib.brotliCompressSync(data, {
            params: {
              [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
              [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length,
            },
          }),
        );
        fs.writeFileSync(`${file}.gz`, zlib.gzipSync(data, { level: 9 }));
      }
    },
  };
}

export default defineConfig({
  plugins: [
    react(),
    slimAndPrecompress(),
    // Issue 25: installable, and the app's code precached so the home visits open with no network. Prompt mode: a new
    // release waits until the user chooses to update (never in the middle of a form). Registered by src/app/pwa.ts
    // after the first load, so the first paint pays nothing for it. API answers are never cached by the service worker:
    // what the visits need offline lives in IndexedDB, per user, under the app's control (docs/decisions.md).
    VitePWA({
      registerType: 'prompt',
      injectRegister: false,
      strategies: 'generateSW',
      manifest: {
        name: 'Saúde Municipal',
        short_name: 'Saúde',
        description: 'Sistema de saúde do município',
        lang: 'pt-BR',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        background_color: '#ffffff',
        theme_color: '#009cb0',
        icons: [
          { src: '/brasao.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'any' },
          { src: '/favicon.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'any' },
        ],
      },
      workbox: {
        // Every chunk: a lazy screen missing offline would be a blank page. The .br/.gz copies are the same files.
        globPatterns: ['**/*.{js,css,html,svg,webmanifest}'],
        globIgnores: ['**/.vite/**'],
        maximumFileSizeToCacheInBytes: 4 * 1024 * 1024,
        navigateFallback: '/index.html',
        navigateFallbackDenylist: [/^\/api(\/|$)/],
        cleanupOutdatedCaches: true,
        // Hashed file names are their own revision.
        dontCacheBustURLsMatching: /^assets\//,
      },
    }),
  ],
  server: { port: 5173, proxy: { '/api': 'http://localhost:3000' } },
  build: {
    outDir: 'dist',
    sourcemap: false,
    manifest: true,
    chunkSizeWarningLimit: 800,
    rolldownOptions: {
      output: {
        // Lazy chunks by hash alone: the entry lists every screen's files by name to preload them, and the names were
        // ~2 kB of the first load's scripts (issue 41). The manifest still maps each file to its source.
        chunkFileNames: 'assets/[hash].js',
        // Left to itself the bundler merges modules by "who imports them", so a list screen that needs one Mantine
        // component fetched the chunk it shared with imask, or zod with dayjs (issue 15). The libraries only forms use
        // get chunks of their own; what is left follows the screens.
        codeSplitting: {
          // Only the named libraries: their dependencies (React, Mantine's core) stay where the screens need them.
          includeDependenciesRecursively: false,
          groups: [
            // Everything the entry needs before it runs in one file: left to itself the bundler cut it into 12, each a
            // request with its own headers on the first load (issue 41).
            { name: 'index', tags: ['$initial'] },
            // The Mantine parts of the sign-in page and the home, and the small helpers every screen shares, in one
            // file each rather than one per component (a request and its headers for 0.3 kB of code).
            {
              name: 'mantine-primeira',
              test: /@mantine[\\/]core[\\/]esm[\\/]components[\\/](Input|InputBase|TextInput|PasswordInput|ActionIcon|CloseButton|Alert|Paper|Collapse|SimpleGrid|Card|Badge|Skeleton|VisuallyHidden|Anchor|Accordion[\\/]AccordionChevron)[\\/.]/,
            },
            {
              name: 'mantine-utils',
              test: /node_modules[\\/](@mantine[\\/]hooks|@mantine[\\/]core[\\/]esm[\\/]core[\\/]utils)[\\/]/,
            },
            // prop-types (react-imask's) with it: left to itself it landed in the date input's chunk, which imports
            // this one, and the cycle ran imask before prop-types was defined ("n is not a function").
            { name: 'imask', test: /node_modules[\\/](imask|react-imask|prop-types)[\\/]/ },
            { name: 'zod', test: /node_modules[\\/]zod[\\/]/ },
            // dayjs apart from the date picker: lists format dates through it, only forms pick them.
            { name: 'dayjs', test: /node_modules[\\/]dayjs[\\/]/ },
            { name: 'datas', test: /node_modules[\\/]@mantine[\\/]dates[\\/]/ },
            { name: 'hook-form', test: /node_modules[\\/](react-hook-form|@hookform)[\\/]/ },
            { name: 'floating-ui', test: /node_modules[\\/]@floating-ui[\\/]/ },
          ],
        },
      },
    },
  },
});
