/**
 * What `npm pack` ships (docs/decisions.md, "Issue 14: the package"): the files a user needs, the
 * docs among them (`screenpol explain` and --help read them offline),
 * and the license, none of the sources, tests or benchmarks, and no script that
 * npm runs (or asks to approve) where it is installed (scripts/build.mjs says why).
 * And the build that `npm ci` and `npm run build` run: two at once leave one
 * whole, importable dist/. And a package without its build says so in one line.
 */
import { execFile } from "node:child_process";
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, join } from "node:path";
import { promisify } from "node:util";
import { afterAll, describe, expect, it } from "vitest";
import { COMMAND_DOCS } from "../../src/cli/help.js";
import { CODES } from "../../src/core/diagnostic.js";
import { DOCS_CODES_URL } from "../helpers/docs-url.js";
import { BUILD_ROOT, PROJECT_ROOT, runCli } from "../helpers/run-cli.js";

const run = promisify(execFile);

interface PackedFile {
  path: string;
}

/** Not copied into the folder that is packed: installed, Git's, or built by this run instead. */
// .venv-ci: .ci/run's Python environment for pre-commit 4.x, 44 MB that npm pack would walk and leave out.
const NOT_COPIED = new Set(["node_modules", ".git", "dist", ".venv-ci"]);

/**
 * `npm pack --json` of the checkout as it is, with this run's dist/
 * (test/global-setup.ts) in place of whatever dist/ the checkout has: the
 * checkout's entries are copied, not linked, because npm pack leaves symbolic
 * links out. `--ignore-scripts`: kept from when pack ran `prepare`, a whole build,
 * which the global setup has just done. Packed once for the tests below; the
 * tarball is unpacked into `unpacked/package/`, as npm installs it.
 */
async function pack(): Promise<{ files: string[]; scripts: Record<string, string>; unpacked: string }> {
  const root = mkdtempSync(join(tmpdir(), "screenpol-pack-"));
  try {
    // editors/vscode/node_modules: the VS Code extension's own dependencies (docs/editors.md), tens of MB npm pack leaves out.
    const copied = (source: string) => basename(source) !== "node_modules";
    for (const entry of readdirSync(PROJECT_ROOT)) if (!NOT_COPIED.has(entry)) cpSync(join(PROJECT_ROOT, entry), join(root, entry), { recursive: true, filter: copied });
    cpSync(join(BUILD_ROOT, "dist"), join(root, "dist"), { recursive: true });
    const { stdout } = await run("npm", ["pack", "--json", "--ignore-scripts", "--offline"], { cwd: root, env: { ...process.env, NO_COLOR: "1" } });
    const [packed] = JSON.parse(stdout) as [{ filename: string; files: PackedFile[] }];
    const manifest = JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as { scripts?: Record<string, string> };
    const unpacked = mkdtempSync(join(tmpdir(), "screenpol-unpacked-"));
    await run("tar", ["-xzf", join(root, packed.filename), "-C", unpacked]);
    return { files: packed.files.map((file) => file.path), scripts: manifest.scripts ?? {}, unpacked };
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

let packed: ReturnType<typeof pack> | undefined;
const packedFiles = (): ReturnType<typeof pack> => (packed ??= pack());
afterAll(async () => {
  if (packed !== undefined) rmSync((await packed).unpacked, { recursive: true, force: true });
});

/**
 * The scripts npm runs where a package is installed (preinstall, install and
 * postinstall), and prepare, which npm 11 lists with them for approval when the
 * package comes from a URL, as the release tarball does.
 */
const INSTALL_TIME_SCRIPTS = ["preinstall", "install", "postinstall", "prepare"];

describe("npm pack", () => {
  // The first test to ask waits for the pack (a copy of the checkout, then npm pack): beyond vitest's 20 s on a busy 2-core machine.
  it("ships the license, the readme, the bin, dist/ and schemas/, and no sources, tests, benchmarks or editor extensions", { timeout: 120_000 }, async () => {
    const { files } = await packedFiles();
    for (const path of ["LICENSE", "README.md", "package.json", "bin/screenpol.js", "dist/index.js", "dist/index.d.ts", "dist/bin/main.cjs", "python/ray_replay.py"]) expect(files, path).toContain(path);
    expect(files.filter((path) => /^(test|tests|bench|src|editors)\//.test(path))).toEqual([]);
  });

  it("ships the docs: every code's page, and every page --help names", async () => {
    const { files } = await packedFiles();
    for (const code of CODES) expect(files).toContain(`docs/codes/${code}.md`);
    for (const path of ["docs/codes/README.md", ...Object.values(COMMAND_DOCS)]) expect(files).toContain(path);
  });

  it("unpacked as npm installs it: explains a code from the docs it ships, and --help names that page in it and at its version's tag", async () => {
    const { unpacked } = await packedFiles();
    const installed = join(unpacked, "package");
    // The dependencies npm would install beside it; `explain` loads none but the bundle's.
    symlinkSync(join(PROJECT_ROOT, "node_modules"), join(installed, "node_modules"), "dir");
    const elsewhere = mkdtempSync(join(tmpdir(), "screenpol-offline-cwd-"));
    try {
      const bin = join(installed, "bin/screenpol.js");
      const page = await runCli(["explain", "sanctions-floor"], { cwd: elsewhere, bin });
      expect([page.code, page.stderr]).toEqual([0, ""]);
      expect(page.stdout.split("\n")[0]).toBe("# `sanctions-floor`: Attempt to express the sanctions floor");
      const help = await runCli(["decide", "--help"], { cwd: elsewhere, bin });
      expect(help.stdout).toContain(`\nDocs:\n  ${join(installed, "docs/semantics.md")}\n  ${DOCS_CODES_URL.replace(/codes$/, "semantics.md")}\n`);
    } finally {
      rmSync(elsewhere, { recursive: true, force: true });
    }
  });

  it("has no install-time script: an install runs nothing of screenpol's and asks to approve nothing", async () => {
    const { files, scripts } = await packedFiles();
    expect(INSTALL_TIME_SCRIPTS.filter((name) => scripts[name] !== undefined)).toEqual([]);
    // The build (postprepare, in a checkout or a clone) is not shipped: there is nothing to build where it is installed.
    expect(files.filter((path) => path.startsWith("scripts/"))).toEqual([]);
  });

  it("runs no script on pack, so that its standard output is the packed file's name (how pre-commit installs the hook)", async () => {
    const { scripts } = await packedFiles();
    expect(["prepack", "prepare", "postpack"].filter((name) => scripts[name] !== undefined)).toEqual([]);
  });
});

describe("the build (scripts/build.mjs)", () => {
  it("run twice at once into one folder leaves one whole build there, importable, and no staging folder", { timeout: 180_000 }, async () => {
    // A package root of its own (package.json for "type": "module", node_modules for
    // dist's imports), so the checkout's dist/ is left alone.
    const root = mkdtempSync(join(tmpdir(), "screenpol-build-twice-"));
    try {
      cpSync(join(PROJECT_ROOT, "package.json"), join(root, "package.json"));
      symlinkSync(join(PROJECT_ROOT, "node_modules"), join(root, "node_modules"), "dir");
      const outDir = join(root, "dist");
      const build = `const { buildAll } = await import(${JSON.stringify(join(PROJECT_ROOT, "scripts/build.mjs"))}); await buildAll({ quiet: true, outDir: ${JSON.stringify(outDir)} });`;
      await Promise.all([1, 2].map(() => run(process.execPath, ["--input-type=module", "-e", build])));

      for (const path of ["index.js", "index.d.ts", "bin/main.cjs", "bin/lint-worker.js"]) expect(existsSync(join(outDir, path)), path).toBe(true);
      expect(readdirSync(root).sort()).toEqual(["dist", "node_modules", "package.json"]);
      const probe = `const m = await import(${JSON.stringify(join(outDir, "index.js"))}); console.log(typeof m.lintText);`;
      const { stdout } = await run(process.execPath, ["--input-type=module", "-e", probe]);
      expect(stdout.trim()).toBe("function");
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});

describe("the bin (bin/screenpol.js) of a package without its build", () => {
  it("says so in one line and exits 2, with no stack trace, whatever the command", async () => {
    const { unpacked } = await packedFiles();
    // The package as an install that skipped the build leaves it: everything but dist/ (node_modules linked anew).
    const installed = mkdtempSync(join(tmpdir(), "screenpol-no-build-"));
    try {
      for (const entry of readdirSync(join(unpacked, "package"))) if (entry !== "dist" && entry !== "node_modules") cpSync(join(unpacked, "package", entry), join(installed, entry), { recursive: true });
      symlinkSync(join(PROJECT_ROOT, "node_modules"), join(installed, "node_modules"), "dir");
      for (const args of [["lint", "--staged"], ["--version"]]) {
        const result = await runCli(args, { cwd: installed, bin: join(installed, "bin/screenpol.js") });
        expect(result).toEqual({
          code: 2,
          stdout: "",
          stderr: "screenpol: this installation has no build (dist/ is missing): reinstall screenpol, or run npm run build in its folder\n",
        });
      }
    } finally {
      rmSync(installed, { recursive: true, force: true });
    }
  });
});
