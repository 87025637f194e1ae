/**
 * One install source everywhere (README.md, "Install"): the release tarball by
 * its URL, never screenpol's bare name on a registry, which whoever holds that
 * name would serve instead. The README, docs, init's templates, the Action and
 * the workflows say the URL src/core/install-source.ts makes; init's printed
 * next steps are tested in init.test.ts, the Action's install in
 * github-action.test.ts.
 */
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { INSTALL_COMMAND, releaseTarballUrl } from "../../src/core/install-source.js";
import { PROJECT_ROOT } from "../helpers/run-cli.js";

const VERSION = (JSON.parse(readFileSync(join(PROJECT_ROOT, "package.json"), "utf8")) as { version: string }).version;

/**
 * What a reader or a runner follows: every tracked file but the tests, the
 * lockfile and docs/decisions.md, a record that quotes what the project once said.
 */
const FOLLOWED = execFileSync("git", ["ls-files", "-z"], { cwd: PROJECT_ROOT, encoding: "utf8" })
  .split("\0")
  .filter((path) => path !== "" && !path.startsWith("test/") && path !== "package-lock.json" && path !== "docs/decisions.md")
  .filter((path) => /\.(md|ya?ml|ts|mjs|js|json|sh)$|^\.ci\/run$/.test(path));

/** Each `npm install` (or `i`, `add`) in the file, its line continuations joined, as [line number, arguments]. */
function npmInstalls(text: string): Array<[number, string[]]> {
  const found: Array<[number, string[]]> = [];
  const joined = text.replace(/\\\n/g, " ");
  for (const match of joined.matchAll(/\bnpm\s+(?:install|i|add)\b([^\n`]*)/g)) {
    const line = joined.slice(0, match.index).split("\n").length;
    const args = match[1]!.split("#")[0]!.trim().split(/\s+/).filter(Boolean).map((arg) => arg.replace(/^["']|["'],?$/g, ""));
    found.push([line, args]);
  }
  return found;
}

describe("one install source", () => {
  it("is the release tarball of this version's tag, by URL", () => {
    expect(releaseTarballUrl()).toBe(`https://github.com/screenpol/screenpol/releases/download/v${VERSION}/screenpol-${VERSION}.tgz`);
    expect(INSTALL_COMMAND).toBe(`npm install --save-dev ${releaseTarballUrl()}`);
  });

  it("README's Install and Start a new policy repository sections install with that command", () => {
    const readme = readFileSync(join(PROJECT_ROOT, "README.md"), "utf8");
    for (const heading of ["## Install\n", "## Start a new policy repository\n"]) {
      const section = readme.split(heading)[1]!.split("\n## ")[0]!;
      const block = /```sh\n([\s\S]*?)```/.exec(section)![1]!;
      expect(block.split("\n")[heading === "## Install\n" ? 1 : 0]!.split("   #")[0]).toBe(INSTALL_COMMAND);
    }
  });

  it("every README or doc block that runs `npx screenpol init` installs screenpol with that command first", () => {
    const blocks: string[] = [];
    for (const path of FOLLOWED.filter((file) => file.endsWith(".md"))) {
      for (const [, block] of readFileSync(join(PROJECT_ROOT, path), "utf8").matchAll(/^```sh\n([\s\S]*?)^```/gm)) {
        if (block!.includes("npx screenpol init")) blocks.push(`${path}:\n${block}`);
      }
    }
    expect(blocks.length).toBeGreaterThanOrEqual(3);
    for (const block of blocks) {
      const lines = block.split("\n");
      const install = lines.findIndex((line) => line.split(/\s+#/)[0]!.trim() === INSTALL_COMMAND);
      expect(install, block).toBeGreaterThan(0);
      expect(install, block).toBeLessThan(lines.findIndex((line) => line.startsWith("npx screenpol init")));
    }
  });

  it("no README, doc, template, workflow or the Action installs screenpol by its bare name", () => {
    expect(FOLLOWED).toEqual(expect.arrayContaining(["README.md", "docs/integrations.md", "action.yml", "src/app/init-files/pre-commit-config.yaml"]));
    const byName: string[] = [];
    for (const path of FOLLOWED) {
      for (const [line, args] of npmInstalls(readFileSync(join(PROJECT_ROOT, path), "utf8"))) {
        if (args.some((arg) => /^screenpol(@.*)?$/.test(arg))) byName.push(`${path}:${line}: npm install ${args.join(" ")}`);
      }
    }
    expect(byName).toEqual([]);
  });

  it("every release tarball URL written anywhere is the one install-source.ts makes", () => {
    const urls: string[] = [];
    for (const path of FOLLOWED) {
      for (const [url] of readFileSync(join(PROJECT_ROOT, path), "utf8").matchAll(/https:\/\/[^\s"'`)]*\.tgz/g)) urls.push(`${path}: ${url}`);
    }
    // The Action's published-version install, the shell filling in the version it is given.
    expect(urls).toContain(`action.yml: ${releaseTarballUrl("$INPUT_VERSION")}`);
    expect(urls).toContain(`README.md: ${releaseTarballUrl()}`);
    for (const entry of urls) expect([releaseTarballUrl(), releaseTarballUrl("$INPUT_VERSION")]).toContain(entry.split(": ")[1]);
  });
});
