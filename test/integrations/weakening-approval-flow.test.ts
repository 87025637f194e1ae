/**
 * An approved weakening lands on merge with no laptop involved
 * (docs/integrations.md, "Approving a weakening"): the two workflows `init
 * --ci github` writes, run as written by the stand-in runner against the
 * emulator. The pull request's check is action.yml with the inputs the
 * generated workflow gives it and the event payload as a file; its plan.json
 * artifact is handed to the apply workflow, whose `gh` is a stand-in serving
 * it. No label: the check fails. The run of adding the label: the plan
 * records the approval, and the apply workflow pushes it. A commit after the
 * label, or live moved before the merge: refused.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parse } from "yaml";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { ALL_SCOPES_TOKEN, changeLivePolicy, revisions, setUp, type Setup } from "../cli/plan-harness.js";
import { BIN, PROJECT_ROOT } from "../helpers/run-cli.js";
import { loadAction, runCompositeAction, substitute, type ActionFile } from "./support/actions-runner.js";

const ACTION = loadAction(join(PROJECT_ROOT, "action.yml"));
const LABEL = "screenpol:weakening-approved";
const LIVE_TRANSACTION = "policies/live/vendorAWalletScreening/TRANSACTION.yaml";
const LIVE_SIGN_IN = "policies/live/vendorAWalletScreening/SIGN_IN.yaml";

type Workflow = { on: unknown; jobs: Record<string, { steps: Array<Record<string, any>> }> };

describe("approving a weakening on the pull request, pushed on merge (the workflows init --ci github writes)", { timeout: 240_000 }, () => {
  let setup: Setup;
  let tools: string;
  beforeEach(async () => {
    setup = await setUp();
    tools = mkdtempSync(join(tmpdir(), "screenpol-approval-tools-"));
    // The repository's own screenpol, as `npm ci` installs it: the action and npx find it in node_modules/.bin.
    mkdirSync(join(setup.repo.dir, "node_modules/.bin"), { recursive: true });
    symlinkSync(BIN, join(setup.repo.dir, "node_modules/.bin/screenpol"));
    writeFileSync(join(tools, "npm"), "#!/usr/bin/env bash\n", { mode: 0o755 });
    writeFileSync(
      join(tools, "gh"),
      [
        "#!/usr/bin/env bash",
        'if [ "$1 $2" = "run list" ]; then echo "4242 success"; fi',
        'if [ "$1 $2" = "run download" ]; then dir="${@: -1}"; mkdir -p "$dir" && cp "$REVIEWED_PLAN" "$dir/plan.json"; fi',
        "",
      ].join("\n"),
      { mode: 0o755 },
    );
    expect((await setup.cli(["init", "--ci", "github", "--hooks", "none"])).code).toBe(0);
    // The pull request: the live TRANSACTION policy's BLOCK threshold 8 -> 9, a weakening.
    weaken(LIVE_TRANSACTION);
  });
  afterEach(async () => {
    rmSync(tools, { recursive: true, force: true });
    await setup.close();
  });

  function weaken(file: string): void {
    const text = readFileSync(join(setup.repo.dir, file), "utf8");
    const weakened = text.replace("riskScore: { gte: 8 }", "riskScore: { gte: 9 }");
    expect(weakened).not.toBe(text);
    setup.repo.write(file, weakened);
  }

  function workflow(name: string): Workflow {
    return parse(readFileSync(join(setup.repo.dir, ".github/workflows", name), "utf8")) as Workflow;
  }

  const runEnv = () => ({ ...process.env, PATH: `${tools}:${process.env.PATH}`, SCREENPOL_BASE_URL: setup.harness.running.baseUrl, SCREENPOL_API_TOKEN: undefined });

  /** The pull request's check on an event: action.yml with the generated workflow's inputs; the plan.json it uploads. */
  async function check(event: { action: string; label?: string; labels: string[] }) {
    const generated = workflow("screenpol.yml");
    expect(generated.on).toEqual({ pull_request: { types: ["opened", "synchronize", "reopened", "labeled", "unlabeled"] } });
    const step = generated.jobs.screenpol!.steps.find((candidate) => String(candidate.uses).startsWith("screenpol/screenpol@"))!;
    const secrets = { SCREENPOL_API_TOKEN: ALL_SCOPES_TOKEN };
    const inputs = Object.fromEntries(Object.entries(step.with as Record<string, string>).map(([name, value]) => [name, substitute(String(value), { secrets })]));
    expect(inputs).toEqual({ "screenpol-version": "installed", plan: "true", "approve-weakening-label": LABEL, test: "true" });
    let uploaded: string | undefined;
    const run = await runCompositeAction({
      action: ACTION,
      inputs: { ...inputs, sarif: "false", compare: "false" },
      workspace: setup.repo.dir,
      actionPath: PROJECT_ROOT,
      event: {
        action: event.action,
        ...(event.label === undefined ? {} : { label: { name: event.label } }),
        pull_request: { number: 7, labels: event.labels.map((name) => ({ name })) },
      },
      eventName: "pull_request",
      secrets,
      env: { ...runEnv(), SCREENPOL_API_TOKEN: ALL_SCOPES_TOKEN },
      uses: ({ action, with: withValues }) => {
        if (action.startsWith("actions/upload-artifact@")) uploaded = readFileSync(withValues.path!, "utf8");
        return {};
      },
    });
    return { run, plan: uploaded === undefined ? undefined : (JSON.parse(uploaded) as Record<string, any>), verdict: run.steps.at(-1)! };
  }

  /** The apply workflow on the merge, with the artifact of the pull request's last run. */
  async function applyOnMerge(plan: Record<string, any>) {
    const reviewed = join(tools, "plan.json");
    writeFileSync(reviewed, JSON.stringify(plan));
    const run = await runCompositeAction({
      action: { inputs: {}, runs: { using: "composite", steps: workflow("screenpol-apply.yml").jobs.apply!.steps } } as unknown as ActionFile,
      inputs: {},
      workspace: setup.repo.dir,
      actionPath: setup.repo.dir,
      event: { pull_request: { merged: true, merge_commit_sha: "0123456789abcdef", head: { sha: "feedc0de" } } },
      eventName: "pull_request",
      secrets: { SCREENPOL_API_TOKEN: ALL_SCOPES_TOKEN },
      env: { ...runEnv(), REVIEWED_PLAN: reviewed },
      uses: () => ({}),
    });
    return { run, push: run.steps.at(-1)! };
  }

  it("without the label the check fails on the weakening of the live environment, naming it and the label that approves it", async () => {
    const { run, plan, verdict } = await check({ action: "synchronize", labels: [] });
    const planStep = run.steps.find((step) => step.id === "plan")!;
    expect(run.outputs["plan-exit-code"]).toBe("1");
    expect(run.outputs["weakening-approval"]).toBe("absent");
    expect(planStep.output).toContain("screenpol: policy-weakened: live/vendorAWalletScreening/TRANSACTION (mixed)\n");
    expect(verdict.output).toContain(
      `::error title=screenpol::a weakening of a live environment needs approval (the policy-weakened lines of the plan step name it): add the label ${LABEL} to approve it`,
    );
    expect(run.status).toBe("failure");
    expect(run.summary).not.toContain("Weakening approved");
    // The plan is still there to read; it approves nothing.
    expect(plan!.weakeningApproval).toBeUndefined();
  });

  it("the run of adding the label records the approval; on merge the apply workflow pushes it, without --allow-weakening", async () => {
    const { run, plan } = await check({ action: "labeled", label: LABEL, labels: ["compliance", LABEL] });
    expect(run.outputs["weakening-approval"]).toBe("approved");
    expect(run.outputs["plan-exit-code"]).toBe("0");
    expect(run.status).toBe("success");
    expect(plan!.weakeningApproval.policies.map((policy: any) => `${policy.environment}/${policy.providerType}/${policy.scope}`)).toEqual(["live/vendorAWalletScreening/TRANSACTION"]);
    // The pull request's comment (and the job summary) says what the merge will push weakened.
    expect(run.summary).toContain(
      `**✅ Weakening approved** (weakening \`${plan!.weakeningApproval.fingerprint.slice(0, 12)}\`): \`live/vendorAWalletScreening/TRANSACTION\`. \`push --plan\` pushes it only while the weakening against live is exactly this one.\n`,
    );

    const { run: apply, push } = await applyOnMerge(plan!);
    expect(push.output).toContain(`screenpol: pushing this weakening to the live environment "live": approved in the plan (weakening ${plan!.weakeningApproval.fingerprint.slice(0, 12)}), and the same against live now`);
    expect(push.output).toMatch(/^pushed +live\/vendorAWalletScreening\/TRANSACTION +revision 17 -> 18$/m);
    expect(push.status).toBe("success");
    expect(apply.status).toBe("success");
    expect(revisions(setup.harness)["live/vendorAWalletScreening/TRANSACTION"]).toBe(18);
  });

  it("a second weakening committed after the label: the label is stale, the check fails and approves nothing", async () => {
    weaken(LIVE_SIGN_IN);
    const { run, plan, verdict } = await check({ action: "synchronize", labels: [LABEL] });
    expect(run.outputs["weakening-approval"]).toBe("stale");
    expect(run.steps.find((step) => step.id === "plan")!.output).toContain("screenpol: policy-weakened: live/vendorAWalletScreening/SIGN_IN (");
    expect(verdict.output).toContain(`::error title=screenpol::a weakening of a live environment needs approval: the label ${LABEL} was added before this run (new commits, or another label), so it does not approve what is planned now; remove it and add it again`);
    expect(run.status).toBe("failure");
    expect(plan!.weakeningApproval).toBeUndefined();
  });

  it("live moved between the approval and the merge: the apply workflow pushes nothing, printing the difference (exit 1)", async () => {
    const { plan } = await check({ action: "labeled", label: LABEL, labels: [LABEL] });
    // Someone blocks more live before the merge: the approved file would now undo that too.
    await changeLivePolicy(setup, LIVE_TRANSACTION, (live) => live.replace("  postScreen:\n", "  postScreen:\n    - id: block-watchlisted-score\n      when:\n        riskScore: { gte: 7 }\n      action: BLOCK\n\n"));
    const before = revisions(setup.harness);
    const { run, push } = await applyOnMerge(plan!);
    expect(push.output).toContain("  + BLOCK (block-watchlisted-score) -> ALERT (alert-obfuscation)  (now, not approved)\n");
    expect(push.output).toContain("screenpol: live moved since the plan: live/vendorAWalletScreening/TRANSACTION (planned against revision 17, live revision 18 now)\n");
    expect(push.output).toContain('screenpol: refusing to push a weakening to the live environment "live" other than the one approved in the plan; nothing was pushed\n');
    expect(push.status).toBe("failure");
    expect(run.status).toBe("failure");
    expect(revisions(setup.harness)).toEqual(before);
  });
});
