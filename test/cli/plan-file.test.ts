/**
 * plan.json's shape is schemas/plan.schema.json: a tampered plan (another
 * format version, a missing member, a wrong type) is refused by `push --plan`
 * with exit 2 and one line naming the member, before anything is sent.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { schemaDocument } from "../../src/core/validate.js";
import { PLAN_FORMAT_VERSION } from "../../src/core/plan/index.js";
import { revisions, setUp, type Setup } from "./plan-harness.js";

type PlanJson = { entries: Array<Record<string, any>>; [key: string]: any };

const TAMPERINGS: Array<[what: string, edit: (plan: PlanJson, update: number) => void, reason: string]> = [
  ["another format version", (plan) => (plan.formatVersion = 2), "formatVersion is 2; this screenpol reads plan format 1"],
  ["no format version", (plan) => delete plan.formatVersion, "formatVersion is missing; this screenpol reads plan format 1"],
  ["a missing member", (plan) => delete plan.paths, "paths is missing"],
  ["a missing entry member", (plan, update) => delete plan.entries[update]!.baseRevision, "entries[{update}].baseRevision is missing"],
  ["a missing body", (plan, update) => delete plan.entries[update]!.body, "entries[{update}].body is missing"],
  ["a wrong type", (plan, update) => (plan.entries[update]!.body.enabled = "yes"), "entries[{update}].body.enabled is not a boolean"],
  ["a negative revision", (plan, update) => (plan.entries[update]!.baseRevision = -1), "entries[{update}].baseRevision is not a non-negative integer"],
  ["an unknown kind", (plan, update) => (plan.entries[update]!.kind = "delete"), "entries[{update}].kind is not one of create, update, unchanged, live-only"],
  ["an unknown environment kind", (plan) => (plan.environments[0].kind = "prod"), "environments[0].kind is not one of sandbox, live"],
  ["a file hash that is not text", (plan) => (plan.files = { "policies/a.yaml": 1 }), 'files["policies/a.yaml"] is not a string'],
  ["a body of another revision", (plan, update) => (plan.entries[update]!.body.revision += 1), "is not the planned base revision"],
  ["not an object", (plan) => Object.assign(plan, { entries: "all" }), "entries is not an array"],
  ["an approval without its fingerprint", (plan) => (plan.weakeningApproval = { policies: [] }), "weakeningApproval.fingerprint is missing"],
];

describe("push --plan with a tampered plan.json", () => {
  let setup: Setup;
  let original: PlanJson;
  let update: number;
  beforeAll(async () => {
    setup = await setUp();
    expect((await setup.cli(["plan", "--out", "plan.json"])).code).toBe(0);
    original = JSON.parse(readFileSync(join(setup.repo.dir, "plan.json"), "utf8"));
    update = original.entries.findIndex((entry) => entry.kind === "update" && entry.resource === "policy");
  });
  afterAll(() => setup.close());

  it.each(TAMPERINGS)("%s: exit 2, one line, nothing pushed", async (_what, edit, reason) => {
    const plan = structuredClone(original);
    edit(plan, update);
    writeFileSync(join(setup.repo.dir, "tampered.json"), JSON.stringify(plan));
    const before = revisions(setup.harness);
    const run = await setup.cli(["push", "--plan", "tampered.json", "--yes"]);
    expect(run.code).toBe(2);
    expect(run.stdout).toBe("");
    expect(run.stderr).toMatch(/^screenpol: cannot use the plan tampered\.json: [^\n]+\n$/);
    expect(run.stderr).toContain(reason.replace("{update}", String(update)));
    expect(revisions(setup.harness)).toEqual(before);
  });

  it("the schema's formatVersion is the one plan writes", () => {
    const schema = schemaDocument("plan") as { properties: { formatVersion: { const: number } } };
    expect(schema.properties.formatVersion.const).toBe(PLAN_FORMAT_VERSION);
  });
});
