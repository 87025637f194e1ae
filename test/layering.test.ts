/**
 * The layering of docs/decisions.md ("One wire contract; seed data as data"),
 * held by scanning the import statements of every file in src/: static
 * imports, `export ... from` and dynamic `import("...")`. A violation is
 * printed as `file -> import`.
 */
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve, sep } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const SRC = resolve(dirname(fileURLToPath(import.meta.url)), "../src");

type Layer = "core" | "contract" | "remote" | "workspace" | "emulator" | "app" | "cli" | "index";

/** Which layers each layer may import (besides itself). `index` is the library entry, src/index.ts. */
const ALLOWED: Readonly<Record<Layer, readonly Layer[]>> = {
  core: [],
  contract: ["core"],
  remote: ["core", "contract"],
  workspace: ["core"],
  emulator: ["core", "contract"],
  app: ["core", "contract", "remote", "workspace"],
  cli: ["app", "core", "contract", "remote", "workspace"],
  index: ["core", "contract", "remote", "workspace", "emulator", "app"],
};

/**
 * Imports across layers that are deliberate, each with its reason. Nothing
 * else may cross; an exception that no longer occurs fails the test too, so
 * the list cannot go stale.
 */
const EXCEPTIONS: ReadonlyArray<{ file: string; imports: string; reason: string }> = [
  {
    file: "emulator/state-file.ts",
    imports: "workspace/atomic-write.js",
    reason:
      "the state file is written like every other file: temporary, fsync, rename, fsync of the folder; one implementation (and one temporary-name pattern, which the kill -9 tests rely on), and workspace is where the fs code lives",
  },
  {
    file: "app/demo.ts",
    imports: "emulator/index.js",
    reason: "`npm start` pushes the sample policies to the emulator embedded in the same process (toolkit.md, What users must get)",
  },
  {
    file: "cli/commands/emulator.ts",
    imports: "emulator/index.js",
    reason: "`screenpol emulator` is the emulator's command line: it starts the server and prints its facts",
  },
  {
    file: "cli/program.ts",
    imports: "emulator/bounds.js",
    reason: "the `emulator` command's --port and --catalog-size take the emulator's own bounds (one definition, also checked on its state file); bounds.ts is constants only",
  },
];

function sourceFiles(directory: string): string[] {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const path = join(directory, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith(".ts") ? [path] : [];
  });
}

/** Module specifiers of `import ... from`, `export ... from`, `import "..."` and `import("...")`. */
export function importsOf(text: string): string[] {
  const withoutComments = text.replace(/\/\*[\s\S]*?\*\//g, "").replace(/^\s*\/\/.*$/gm, "");
  const pattern = /(?:^|[\s;}])(?:import|export)\s[^;]*?\sfrom\s*["']([^"']+)["']|(?:^|[\s;])import\s*["']([^"']+)["']|\bimport\(\s*["']([^"']+)["']\s*\)/g;
  return [...withoutComments.matchAll(pattern)].map((match) => match[1] ?? match[2] ?? match[3]!);
}

function layerOf(file: string): Layer | undefined {
  const path = relative(SRC, file);
  if (path.startsWith("..")) return undefined;
  if (path === "index.ts") return "index";
  return path.split(sep)[0] as Layer;
}

describe("layering", () => {
  const files = sourceFiles(SRC);
  const crossings = files.flatMap((file) =>
    importsOf(readFileSync(file, "utf8"))
      .filter((specifier) => specifier.startsWith("."))
      .map((specifier) => ({ file: relative(SRC, file), imports: relative(SRC, resolve(dirname(file), specifier)), from: layerOf(file)!, to: layerOf(resolve(dirname(file), specifier)) })),
  );

  it("finds the imports it scans", () => {
    expect(files.length).toBeGreaterThan(100);
    expect(crossings.some((crossing) => crossing.from === "emulator" && crossing.to === "contract")).toBe(true);
    expect(importsOf(`import a from "./a.js";\nexport { b } from "./b.js";\nimport "./c.js";\nconst d = await import("./d.js");\n// import e from "./e.js";`)).toEqual(["./a.js", "./b.js", "./c.js", "./d.js"]);
  });

  it("every import goes down the layers: core -> core; contract -> core; remote, emulator -> core, contract; workspace -> core; app -> core, contract, remote, workspace; cli -> app and below; nothing imports cli", () => {
    const violations = crossings
      .filter(({ from, to }) => to === undefined || (to !== from && !ALLOWED[from].includes(to)))
      .filter(({ file, imports }) => !EXCEPTIONS.some((exception) => exception.file === file && exception.imports === imports))
      .map(({ file, imports }) => `${file} -> ${imports}`);
    expect(violations, violations.join("\n")).toEqual([]);
  });

  it("lists only exceptions that still occur", () => {
    const stale = EXCEPTIONS.filter((exception) => !crossings.some((crossing) => crossing.file === exception.file && crossing.imports === exception.imports));
    expect(stale.map((exception) => `${exception.file} -> ${exception.imports}`)).toEqual([]);
  });
});
