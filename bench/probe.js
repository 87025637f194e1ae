/**
 * Child process of the cold-start analysis (bench/coldstart.js); not meant to be
 * run by hand, but harmless:
 *
 *     node bench/probe.js stages <policy file>   CLI `lint <file>` (dist/bin bundle) split into stages
 *     node bench/probe.js import <specifier>     time to import one module, fresh process
 *     node bench/probe.js compile <policy file>  first vs second parse / schema validation / lintText
 *                                                (give the file relative to the repository root)
 *     node bench/probe.js ajv-compile <policy file>       import ajv + compile one schema + first call
 *     node bench/probe.js standalone <policy file> <dir>  import + first call of a precompiled validator
 *
 * Prints one line `PROBE {json}` on stderr (stdout belongs to the CLI's output).
 * performance.now() counts from the process's time origin, so the first reading
 * is what node's own bootstrap cost before this script ran.
 */
const boot = performance.now();
const [mode, arg] = process.argv.slice(2);
const dist = new URL("../dist/", import.meta.url);
const report = (data) => process.stderr.write(`PROBE ${JSON.stringify({ boot, ...data })}\n`);

/** URL of a file under dist/; a `*` in the name matches a chunk hash (bin/lint-*.js). */
async function distFile(path) {
  if (!path.includes("*")) return new URL(path, dist).href;
  const { readdirSync } = await import("node:fs");
  const dir = new URL(path.slice(0, path.lastIndexOf("/") + 1), dist);
  const [before, after] = path.slice(path.lastIndexOf("/") + 1).split("*");
  const name = readdirSync(dir).find((entry) => entry.startsWith(before) && entry.endsWith(after) && /^[A-Za-z0-9]+$/.test(entry.slice(before.length, entry.length - after.length)));
  if (!name) throw new Error(`no dist/${path}`);
  return new URL(name, dir).href;
}

if (mode === "stages") {
  // What bin/screenpol.js runs: the esbuild bundle dist/bin/main.cjs, one CommonJS
  // file (required here without bin/'s code cache: the cost of compiling it).
  const { createRequire } = await import("node:module");
  const t0 = performance.now();
  const { main } = createRequire(import.meta.url)(new URL("bin/main.cjs", dist).pathname);
  const t1 = performance.now();
  const t2 = t1;
  const code = await main(["lint", arg]);
  const t3 = performance.now();
  report({ loadMain: t1 - t0, loadLintCommand: t2 - t1, runLint: t3 - t2, code });
} else if (mode === "import") {
  const specifier = arg.startsWith("dist/") ? await distFile(arg.slice(5)) : arg;
  const t0 = performance.now();
  await import(specifier);
  report({ import: performance.now() - t0 });
} else if (mode === "compile") {
  const { readFileSync } = await import("node:fs");
  const text = readFileSync(arg, "utf8");
  const t0 = performance.now();
  const { parseYaml } = await import(new URL("core/document.js", dist).href);
  const { validateWithSchema, policySchemaName } = await import(new URL("core/validate.js", dist).href);
  const { lintText } = await import(new URL("core/lint.js", dist).href);
  const t1 = performance.now();
  const first = parseYaml(text);
  const t2 = performance.now();
  parseYaml(text);
  const t3 = performance.now();
  const data = first.document.data;
  const name = policySchemaName(data.providerType, data.schemaVersion);
  const findings = validateWithSchema(name, data);
  const t4 = performance.now();
  validateWithSchema(name, data);
  const t5 = performance.now();
  const diagnostics = lintText(arg, text);
  const t6 = performance.now();
  lintText(arg, text);
  const t7 = performance.now();
  report({
    importCore: t1 - t0,
    parseFirst: t2 - t1,
    parseAgain: t3 - t2,
    schemaFirst: t4 - t3,
    schemaAgain: t5 - t4,
    lintTextFirst: t6 - t5,
    lintTextAgain: t7 - t6,
    schemaFindings: findings.length,
    diagnostics: diagnostics.length,
  });
} else if (mode === "ajv-compile") {
  // What src/core/validate.ts did before the validators were precompiled: import
  // ajv, compile one policy schema with its options, validate.
  const { readFileSync } = await import("node:fs");
  const YAML = (await import("yaml")).default;
  const data = YAML.parse(readFileSync(arg, "utf8"));
  const schema = JSON.parse(readFileSync(new URL(`../schemas/policy-${data.providerType}-v${data.schemaVersion}.schema.json`, import.meta.url), "utf8"));
  const t0 = performance.now();
  const { Ajv } = await import("ajv");
  const t1 = performance.now();
  const validate = new Ajv({ allErrors: true, strict: true, verbose: true }).compile(schema);
  const t2 = performance.now();
  const valid = validate(data);
  const t3 = performance.now();
  report({ importAjv: t1 - t0, compile: t2 - t1, validateFirst: t3 - t2, valid: valid ? 1 : 0 });
} else if (mode === "standalone") {
  // A validator precompiled with ajv's standalone code generation (bench/coldstart.js
  // writes them): what loading one costs instead of importing ajv and compiling.
  const { readFileSync } = await import("node:fs");
  const YAML = (await import("yaml")).default;
  const data = YAML.parse(readFileSync(arg, "utf8"));
  const name = `policy-${data.providerType}-v${data.schemaVersion}`;
  const t0 = performance.now();
  const { default: validate } = await import(new URL(`${name}.mjs`, `file://${process.argv[4]}/`).href);
  const t1 = performance.now();
  const valid = validate(data);
  const t2 = performance.now();
  validate(data);
  const t3 = performance.now();
  report({ importValidator: t1 - t0, validateFirst: t2 - t1, validateAgain: t3 - t2, valid: valid ? 1 : 0 });
} else {
  process.stderr.write(`probe: unknown mode ${mode}\n`);
  process.exitCode = 2;
}
