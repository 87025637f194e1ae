/**
 * The policy tests gate the pull request (docs/integrations.md, GitHub): the
 * workflow `screenpol init --ci github` writes, run as written by the stand-in
 * runner (support/actions-runner.ts) with this checkout's action, on a
 * repository whose test file has a failing case. No API token (a fork's pull
 * request): the lint and the tests still run, and the failing case fails the
 * check with an annotation on its line; fixed, the check passes.
 */
import { mkdirSync, readFileSync, symlinkSync } from "node:fs";
import { join } from "node:path";
import { parse } from "yaml";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { BIN, PROJECT_ROOT, runCli } from "../helpers/run-cli.js";
import { loadAction, runCompositeAction, substitute } from "./support/actions-runner.js";
import { gitEnv } from "./support/git.js";
import { makePolicyRepo, type PolicyRepo } from "./support/policy-repo.js";

const ACTION = loadAction(join(PROJECT_ROOT, "action.yml"));
const TEST_FILE = "tests/sandbox/vendorBAddressScreening/SIGN_IN.test.yaml";
const TEST_TEXT = `environment: sandbox
providerType: vendorBAddressScreening
scope: SIGN_IN
cases:
  - name: a low risk level is blocked
    screening:
      chain: EVM
      address: "0x52908400098527886E0F7030069857D2E4169EE7"
      signals: { riskLevel: low }
    expect: { action: BLOCK }
`;

describe("the workflow screenpol init writes runs the policy tests", { timeout: 120_000 }, () => {
  let repo: PolicyRepo;
  beforeEach(async () => {
    repo = makePolicyRepo(gitEnv({ SCREENPOL_BASE_URL: undefined }));
    expect((await runCli(["init", "--ci", "github", "--hooks", "none"], { cwd: repo.dir })).code).toBe(0);
    // The repository's own screenpol, as `npm ci` installs it: the action finds it in node_modules/.bin.
    mkdirSync(join(repo.dir, "node_modules/.bin"), { recursive: true });
    symlinkSync(BIN, join(repo.dir, "node_modules/.bin/screenpol"));
  });
  afterEach(() => repo.remove());

  async function check() {
    const workflow = parse(readFileSync(join(repo.dir, ".github/workflows/screenpol.yml"), "utf8")) as { jobs: { screenpol: { steps: Array<Record<string, any>> } } };
    const step = workflow.jobs.screenpol.steps.find((candidate) => String(candidate.uses).startsWith("screenpol/screenpol@"))!;
    // A fork's pull request: no secret, so no plan.
    const secrets = { SCREENPOL_API_TOKEN: "" };
    const inputs = Object.fromEntries(Object.entries(step.with as Record<string, unknown>).map(([name, value]) => [name, substitute(String(value), { secrets })]));
    expect(inputs).toMatchObject({ plan: "false", test: "true" });
    return runCompositeAction({
      action: ACTION,
      inputs,
      workspace: repo.dir,
      actionPath: PROJECT_ROOT,
      event: { action: "synchronize", pull_request: { number: 7, labels: [] } },
      eventName: "pull_request",
      secrets,
      env: { ...repo.env },
      // upload-sarif: nothing to stand in for here.
      uses: () => ({}),
    });
  }

  it("a failing case fails the check, annotated at its line of the test file; the fixed case passes it", async () => {
    repo.write(TEST_FILE, TEST_TEXT);
    const failing = await check();
    const tests = failing.steps.find((step) => step.id === "test")!;
    expect(tests.output).toContain(`::error file=${TEST_FILE},line=5,title=screenpol test%3A a low risk level is blocked::expected: BLOCK%0Aactual:   ALLOW by terminal-allow`);
    expect(failing.outputs["test-exit-code"]).toBe("1");
    expect(readFileSync(failing.outputs["test-junit"]!, "utf8")).toContain('failures="1"');
    expect(failing.outputs["lint-exit-code"]).toBe("0");
    expect(failing.steps.at(-1)!.output).toContain("::error title=screenpol::screenpol test failed (exit 1)");
    expect(failing.status).toBe("failure");

    repo.write(TEST_FILE, TEST_TEXT.replace("a low risk level is blocked", "a low risk level is allowed").replace("action: BLOCK", "action: ALLOW"));
    const passing = await check();
    expect(passing.outputs["test-exit-code"]).toBe("0");
    expect(passing.status).toBe("success");
  });
});
