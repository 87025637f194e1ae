/**
 * `screenpol demo` (`npm start`): the whole loop on the sample repository (the
 * package's own, wherever the command runs)
 * against the emulator started in this process on a free loopback port: lint,
 * the policy tests with their coverage, plan (changes shown, a weakening of
 * `live` first: a rule added in the dashboard that the files lack), push
 * refused by the weakening guard, push again with --allow-weakening (the
 * `live` environment confirmed by the demo itself, and it says so), plan again
 * (no changes). Nothing in the repository is written; the emulator's state
 * lives in memory and ends with the demo.
 */
import { applyDashboardHotfix, demoRepository, startDemoService } from "../../app/demo.js";
import { runLint } from "../../app/lint.js";
import { runPolicyTestFiles } from "../../app/policy-tests.js";
import { formatTestPretty } from "../../core/formats/policy-tests.js";
import { runPlan } from "../../app/plan.js";
import { applyPlan, refusedWeakenings } from "../../app/push.js";
import { formatPlanPretty } from "../../core/formats/plan-pretty.js";
import { formatPretty, shouldUseColor } from "../../core/formats/pretty.js";
import { hasChanges } from "../../core/plan/index.js";
import { EXIT, type ExitCode } from "../exit-codes.js";
import type { CliIo } from "../io.js";
import { exitCodeOf, formatPushReport, weakeningReport } from "./push.js";
import { reportFindings } from "./plan.js";

export async function demoCommand(io: CliIo): Promise<ExitCode> {
  const started = performance.now();
  const color = shouldUseColor(io.env, io.stdout.isTTY === true);
  const bold = (text: string): string => (color ? `\x1b[1m${text}\x1b[0m` : text);
  const say = (text: string): void => void io.stdout.write(`${text}\n`);
  say(bold("screenpol demo: lint, test, plan, push (refused, then allowed) and plan again, against the emulator running in this process"));
  const service = await startDemoService();
  try {
    // Always the sample repository (the package's own): its environment ids are the emulator's.
    const cwd = demoRepository(io.cwd);
    say(`emulator: ${service.baseUrl} (state in memory; seeded with live policies that have drifted from the sample files)`);
    say(`repository: ${cwd} (read only)`);
    const hotfix = await applyDashboardHotfix(service.client);
    say(`dashboard: rule ${hotfix.ruleId} added to ${hotfix.name} outside the files (live revision ${hotfix.revision}); pushing the files would drop it`);
    say(`\n${bold("1. screenpol lint")}`);
    const lint = await runLint({ cwd });
    io.stdout.write(formatPretty(lint, { color }));
    if (lint.diagnostics.some((diagnostic) => diagnostic.severity === "error")) return EXIT.findings;

    say(`\n${bold("2. screenpol test --coverage")}: every case decided against the local files`);
    const tests = await runPolicyTestFiles({ cwd });
    if (tests.kind === "malformed" || tests.kind === "findings") {
      io.stdout.write(formatPretty(tests.lint, { color }));
      return tests.kind === "malformed" ? EXIT.usage : EXIT.findings;
    }
    if (tests.kind === "none") say(`no test files in ${tests.folder}/`);
    else {
      io.stdout.write(formatTestPretty(tests.run, { coverage: true, color }));
      if (tests.run.failed > 0) return EXIT.findings;
    }

    say(`\n${bold("3. screenpol plan")}: what a push would change, diffed against the live revisions`);
    const first = await runPlan({ cwd, env: io.env, client: service.client });
    if (first.kind === "findings") return reportFindings(first, io, color);
    io.stdout.write(formatPlanPretty(first.plan, { color, hint: "Next: push." }));

    say(`\n${bold("4. screenpol push")}: a weakening of the \`live\` environment is refused`);
    const refused = await refusedWeakenings(first.plan, { config: first.workspace.config, now: new Date() });
    if (refused.length > 0) {
      io.stdout.write(weakeningReport(refused));
      say("Refused without --allow-weakening: nothing was pushed (exit 1).");
    } else {
      say("No weakening of `live`: nothing to refuse.");
    }

    say(`\n${bold("5. screenpol push --allow-weakening")}: each change sent with the revision it was planned against`);
    if (first.plan.entries.some((entry) => entry.environmentKind === "live" && (entry.kind === "create" || entry.kind === "update"))) {
      say('The `live` environment needs a confirmation (--yes, or "yes" typed on a terminal): the demo confirms it itself.');
    }
    const report = await applyPlan({ client: service.client, plan: first.plan });
    io.stdout.write(formatPushReport(report, color));
    const pushed = exitCodeOf(report);
    if (pushed !== EXIT.ok) return pushed;

    say(`\n${bold("6. screenpol plan")} again: the live policies now match the files`);
    const second = await runPlan({ cwd, env: io.env, client: service.client });
    if (second.kind === "findings") return reportFindings(second, io, color);
    io.stdout.write(formatPlanPretty(second.plan, { color }));
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    if (hasChanges(second.plan)) {
      io.stderr.write("screenpol: demo: the second plan still shows changes; this is a bug, please report it\n");
      return EXIT.changesPending;
    }
    say(`\nDone in ${seconds} s. Edit a file under policies/ and run the demo again to see your change planned.`);
    return EXIT.ok;
  } finally {
    await service.close();
  }
}
