/**
 * `screenpol compare --write-tests <dir>`: a policy test file for each
 * compared policy with a weakening transition, written atomically under `dir`
 * (semantics.md sections 3 and 5; docs/decisions.md,
 * "Issue 13: compare formats, --write-tests, the Action"). A file that exists
 * already is never overwritten: the whole write is refused before anything is
 * written (exit 2), since it may hold cases someone edited.
 */
import { dirname, join, relative, resolve, sep } from "node:path";
import type { CompareHeading, ComparedPolicyView } from "../core/formats/compare.js";
import { formatWeakeningTests, weakeningTestPath } from "../core/formats/weakening-tests.js";
import { isWeakening } from "../core/semantics/weakening/verdict.js";
import { writeFileAtomic } from "../workspace/atomic-write.js";
import { pathExists } from "../workspace/repository.js";
import { schemaReference } from "../workspace/schema-reference.js";
import { UsageError } from "./errors.js";

export interface WeakeningTestsRequest {
  /** Where `dir` is relative to, and what the written paths are shown relative to. */
  cwd: string;
  /** The repository root, where the test file schema is looked for. */
  root: string;
  dir: string;
  policies: readonly ComparedPolicyView[];
  heading: CompareHeading;
}

export interface WrittenTestFile {
  /** Relative to `cwd`, `/`-separated. */
  file: string;
  cases: number;
}

export async function writeWeakeningTests(request: WeakeningTestsRequest): Promise<WrittenTestFile[]> {
  const folder = resolve(request.cwd, request.dir);
  const show = (path: string) => relative(request.cwd, path).split(sep).join("/");
  const files = request.policies
    .filter((policy) => policy.transitions.some(isWeakening))
    .map((policy) => ({ policy, path: join(folder, ...weakeningTestPath(policy).split("/")) }));
  const existing: string[] = [];
  for (const { path } of files) if (await pathExists(path)) existing.push(show(path));
  if (existing.length > 0) {
    throw new UsageError(`--write-tests: ${existing.join(", ")} ${existing.length === 1 ? "exists" : "exist"} already; screenpol never overwrites a test file: move it away or choose another folder. Nothing was written`);
  }
  const written: WrittenTestFile[] = [];
  for (const { policy, path } of files) {
    const schema = await schemaReference(request.root, dirname(path), "policy-test.schema.json");
    await writeFileAtomic(path, formatWeakeningTests(policy, request.heading, schema), { createFolder: true });
    written.push({ file: show(path), cases: policy.transitions.filter(isWeakening).length });
  }
  return written;
}
