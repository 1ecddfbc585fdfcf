// Builds the page into the folder given (build/web): the bundle of src/main.js (with chessground
// from node_modules), index.html and the style sheets. Run by CMake at `make build`.
import { build } from 'esbuild';
import { copyFileSync, mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const out = process.argv[2] || join(here, '..', 'build', 'web');
mkdirSync(out, { recursive: true });
await build({
  entryPoints: [join(here, 'src', 'main.js')],
  bundle: true,
  minify: true,
  format: 'esm',
  target: 'es2020',
  outfile: join(out, 'app.js'),
  logLevel: 'warning',
});
copyFileSync(join(here, 'src', 'index.html'), join(out, 'index.html'));
copyFileSync(join(here, 'src', 'style.css'), join(out, 'style.css'));
for (const css of ['chessground.base.css', 'chessground.brown.css', 'chessground.cburnett.css'])
  copyFileSync(join(here, 'node_modules', 'chessground', 'assets', css), join(out, css));
