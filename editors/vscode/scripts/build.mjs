#!/usr/bin/env node
// Bundles the extension into one CommonJS file, dist/extension.js (the manifest's `main`), with
// vscode-languageclient inside it: the folder then runs without its node_modules, copied into
// ~/.vscode/extensions or packed by `vsce package --no-dependencies` (docs/editors.md, "VS Code").
// `vscode` is the editor's own module, provided at run time.
//
//     node scripts/build.mjs [folder]   (default: this folder; the test builds into a temporary one)
import { readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const manifest = JSON.parse(readFileSync(join(root, "package.json"), "utf8"));
const into = resolve(process.argv[2] ?? root);

try {
  await build({
    entryPoints: [join(root, "src/extension.ts")],
    outfile: join(into, manifest.main),
    bundle: true,
    platform: "node",
    format: "cjs",
    // The Node.js of VS Code 1.82 (Electron 25) is 18.15.
    target: "node18",
    external: ["vscode"],
    logLevel: "warning",
  });
} catch {
  // esbuild has printed each error with its file and line.
  process.exitCode = 1;
}
