// Bundles the front end into the folder given as the first argument (CMake passes the build
// tree's web/ folder): app.js and app.css from src/, index.html and favicon.svg beside them. Types are checked
// by tsc first, since esbuild only strips them.
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import * as esbuild from 'esbuild';

const outputDirectory = process.argv[2] ?? 'dist';
mkdirSync(outputDirectory, { recursive: true });

execFileSync(process.execPath, ['node_modules/typescript/bin/tsc', '--noEmit', '-p', '.'], {
  stdio: 'inherit',
});

await esbuild.build({
  entryPoints: { app: 'src/main.ts' },
  bundle: true,
  minify: true,
  format: 'esm',
  target: 'es2020',
  outdir: outputDirectory,
  logLevel: 'warning',
});
await esbuild.build({
  entryPoints: { app: 'src/style.css' },
  bundle: true,
  minify: true,
  outdir: outputDirectory,
  logLevel: 'warning',
});
copyFileSync('index.html', join(outputDirectory, 'index.html'));
copyFileSync('favicon.svg', join(outputDirectory, 'favicon.svg'));
