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

type Layer = "core" | "contract" | "remote" | "workspace" | "emulator" | "app" | "cli" | "lsp" | "index";

/** Which layers each layer may import (besides itself). `index` is the library entry, src/index.ts. */
const ALLOWED: Readonly<Record<Layer, readonly Layer[]>> = {
  core: [],
  contract: ["core"],
  remote: ["core", "contract"],
  workspace: ["core"],
  emulator: ["core", "contract"],
  app: ["core", "contract", "remote", "workspace"],
  // style.md: cli -> app -> (core, remote, workspace). The front end talks to app, and may use core's pure vocabulary
  // and formats (style.md's lsp/: "app and core calls out; it never reaches past app into workspace or remote").
  cli: ["app", "core", "lsp"],
  // style.md's lsp/: a second front end beside cli/, on the same floor; `screenpol lsp` (cli) starts it.
  lsp: ["app", "core"],
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

  it("every import goes down the layers: core -> core; contract -> core; remote, emulator -> core, contract; workspace -> core; app -> core, contract, remote, workspace; lsp -> app, core; cli -> app, core, lsp; nothing imports cli", () => {
    const violations = crossings
      .filter(({ from, to }) => to === undefined || (to !== from && !ALLOWED[from].includes(to)))
      .filter(({ file, imports }) => !EXCEPTIONS.some((exception) => exception.file === file && exception.imports === imports))
      .map(({ file, imports }) => `${file} -> ${imports}`);
    expect(violations, violations.join("\n")).toEqual([]);
  });

  it("no module imports itself through others: src/ has no import circle", () => {
    const circles = importCircles(crossings.map(({ file, imports }) => ({ from: file, to: imports.replace(/\.js$/, ".ts") })));
    expect(circles.map((circle) => circle.join(" -> ")), circles.map((circle) => circle.join(" -> ")).join("\n")).toEqual([]);
  });

  it("finds an import circle", () => {
    const edges = [
      { from: "a.ts", to: "b.ts" },
      { from: "b.ts", to: "c.ts" },
      { from: "c.ts", to: "a.ts" },
      { from: "c.ts", to: "d.ts" },
      { from: "d.ts", to: "d.ts" },
    ];
    expect(importCircles(edges)).toEqual([["a.ts", "b.ts", "c.ts", "a.ts"], ["d.ts", "d.ts"]]);
    expect(importCircles(edges.slice(0, 2))).toEqual([]);
  });

  it("lists only exceptions that still occur", () => {
    const stale = EXCEPTIONS.filter((exception) => !crossings.some((crossing) => crossing.file === exception.file && crossing.imports === exception.imports));
    expect(stale.map((exception) => `${exception.file} -> ${exception.imports}`)).toEqual([]);
  });
});

/**
 * Every import circle of the graph, each as one path from its first file (in
 * sorted order) back to it: the strongly connected components (Tarjan), so a
 * tangle of several circles is reported once, as the circle through its files
 * that a depth-first walk finds. A circle makes a module's exports undefined
 * while the other half of the circle loads, depending on which is imported
 * first, and says the two halves are one module in two files.
 */
export function importCircles(edges: ReadonlyArray<{ from: string; to: string }>): string[][] {
  const next = new Map<string, string[]>();
  for (const { from, to } of edges) next.set(from, [...(next.get(from) ?? []), to]);
  const nodes = [...new Set(edges.flatMap(({ from, to }) => [from, to]))].sort();
  const index = new Map<string, number>();
  const lowest = new Map<string, number>();
  const stack: string[] = [];
  const components: string[][] = [];
  const visit = (node: string): void => {
    index.set(node, index.size);
    lowest.set(node, index.get(node)!);
    stack.push(node);
    for (const target of next.get(node) ?? []) {
      if (!index.has(target)) {
        visit(target);
        lowest.set(node, Math.min(lowest.get(node)!, lowest.get(target)!));
      } else if (stack.includes(target)) {
        lowest.set(node, Math.min(lowest.get(node)!, index.get(target)!));
      }
    }
    if (lowest.get(node) !== index.get(node)) return;
    const component = stack.splice(stack.indexOf(node));
    if (component.length > 1 || (next.get(node) ?? []).includes(node)) components.push(component);
  };
  for (const node of nodes) if (!index.has(node)) visit(node);
  return components.map((component) => circleThrough(component, next)).sort((a, b) => a[0]!.localeCompare(b[0]!));
}

/** A path from the component's first file back to it, through files of the component only (breadth first: the shortest). */
function circleThrough(component: readonly string[], next: ReadonlyMap<string, readonly string[]>): string[] {
  const members = new Set(component);
  const start = [...component].sort()[0]!;
  const cameFrom = new Map<string, string>();
  const queue = [start];
  for (let at = 0; at < queue.length; at++) {
    const node = queue[at]!;
    for (const target of next.get(node) ?? []) {
      if (!members.has(target)) continue;
      if (target === start) {
        const path = [start];
        for (let step: string | undefined = node; step !== start; step = cameFrom.get(step)) path.splice(1, 0, step!);
        return [...path, start];
      }
      if (!cameFrom.has(target)) {
        cameFrom.set(target, node);
        queue.push(target);
      }
    }
  }
  return [start];
}
