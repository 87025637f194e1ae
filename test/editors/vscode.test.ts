/**
 * The VS Code extension (editors/vscode/, issue 28 "Editors"): VS Code cannot run here, so what
 * is held is that its manifest is one VS Code and `vsce package` accept, that it type-checks and
 * builds, and that the bundle loads with nothing but the editor's own `vscode` module beside it
 * (the folder is copied into ~/.vscode/extensions without node_modules, docs/editors.md).
 * That npm pack of screenpol leaves editors/ out is held by test/package/package.test.ts.
 * The build needs the extension's own dependencies (`npm ci --prefix editors/vscode`, which
 * .ci/run does): without them those tests are skipped, with a warning on the test output.
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { PROJECT_ROOT } from "../helpers/project-root.js";

const EXTENSION = join(PROJECT_ROOT, "editors/vscode");
const manifest = JSON.parse(readFileSync(join(EXTENSION, "package.json"), "utf8"));
const installed = existsSync(join(EXTENSION, "node_modules/vscode-languageclient/package.json"));
if (!installed) console.warn("test/editors/vscode.test.ts: build SKIPPED, the extension's dependencies are not installed (npm ci --prefix editors/vscode)");

/** The lowest version a `^1.82.0`-style range admits, as [major, minor, patch]. */
function lowest(range: string): number[] {
  const match = /^\^?(\d+)\.(\d+)\.(\d+)$/.exec(range.replace(/^~/, ""));
  if (!match) throw new Error(`not a caret, tilde or exact version: ${range}`);
  return match.slice(1).map(Number);
}
const atLeast = (a: number[], b: number[]) => a[0]! !== b[0]! ? a[0]! > b[0]! : a[1]! !== b[1]! ? a[1]! > b[1]! : a[2]! >= b[2]!;

describe("the VS Code extension's manifest", () => {
  it("has the fields VS Code and vsce require, and activates in a screenpol repository", () => {
    expect(manifest).toMatchObject({ name: "screenpol-vscode", publisher: "screenpol", main: "./dist/extension.js" });
    expect(manifest.name).toMatch(/^[a-z0-9][a-z0-9-]*$/);
    expect(manifest.version).toMatch(/^\d+\.\d+\.\d+$/);
    expect(manifest.engines.vscode).toMatch(/^\^\d+\.\d+\.\d+$/);
    expect(manifest.activationEvents).toEqual(["workspaceContains:screenpol.config.yaml"]);
    expect(manifest.contributes.configuration.properties["screenpol.path"]).toMatchObject({ type: "string", default: "" });
  });

  it("asks for a VS Code no older than its client and its types need (vsce refuses newer @types/vscode)", () => {
    const engine = lowest(manifest.engines.vscode);
    expect(atLeast(engine, lowest(manifest.devDependencies["@types/vscode"]))).toBe(true);
    if (installed) {
      const client = JSON.parse(readFileSync(join(EXTENSION, "node_modules/vscode-languageclient/package.json"), "utf8"));
      expect(atLeast(engine, lowest(client.engines.vscode))).toBe(true);
    }
  });
});

describe.skipIf(!installed)("the VS Code extension's build", () => {
  const out = mkdtempSync(join(tmpdir(), "screenpol-vscode-"));
  afterAll(() => rmSync(out, { recursive: true, force: true }));

  it("type-checks", () => {
    const tsc = spawnSync(process.execPath, [join(PROJECT_ROOT, "node_modules/typescript/bin/tsc"), "-p", join(EXTENSION, "tsconfig.json")], { encoding: "utf8", timeout: 60_000 });
    expect(tsc.stdout + tsc.stderr).toBe("");
    expect(tsc.status).toBe(0);
  }, 60_000);

  it("builds the manifest's main, which loads with only the editor's vscode module and exports activate and deactivate", () => {
    const build = spawnSync(process.execPath, [join(EXTENSION, "scripts/build.mjs"), out], { encoding: "utf8", timeout: 60_000 });
    expect(build.stderr).toBe("");
    expect(build.status).toBe(0);
    const main = join(out, manifest.main);
    expect(existsSync(main)).toBe(true);
    // Outside the checkout, so nothing but Node's built-ins and the stand-in for `vscode` resolves.
    // The client subclasses the editor's classes as it loads: the stand-in gives an empty class for any name.
    const probe = join(out, "probe.cjs");
    writeFileSync(
      probe,
      `const Module = require("node:module");
const resolve = Module._resolveFilename;
Module._resolveFilename = function (request, ...rest) { return request === "vscode" ? "vscode" : resolve.call(this, request, ...rest); };
require.cache.vscode = { id: "vscode", filename: "vscode", loaded: true, exports: new Proxy({}, { get: (made, name) => (made[name] ??= class {}) }) };
const extension = require(${JSON.stringify(main)});
console.log(typeof extension.activate, typeof extension.deactivate);`,
    );
    const load = spawnSync(process.execPath, [probe], { cwd: out, encoding: "utf8", timeout: 30_000 });
    expect(load.stderr).toBe("");
    expect(load.stdout).toBe("function function\n");
  }, 60_000);
});
