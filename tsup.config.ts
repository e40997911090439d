// tsup.config.ts — builds dist/: the library (index), the `quire` command (cli), the server's render
// worker (loaded by piscina from dist/render-worker.js) and the bench entry.
// Dependencies stay external (node_modules at run time); declarations are emitted for the library.
import { defineConfig } from 'tsup';

export default defineConfig({
  entry: {
    index: 'src/index.ts',
    cli: 'src/cli.ts',
    'bench-entry': 'src/bench-entry.ts',
    'render-worker': 'src/render-worker.ts',
  },
  format: ['esm'],
  target: 'node20',
  platform: 'node',
  sourcemap: true,
  clean: true,
  dts: { entry: { index: 'src/index.ts' } },
  splitting: true,
});
