/**
 * .ci/run's end: the run's wall and CPU time, then the plain `N passed, N failed`
 * line, last. Run for real on a copy of the script, with npm and the tools it
 * installs replaced by stand-ins on PATH (a real run is the whole suite).
 */
import { spawn } from "node:child_process";
import { chmodSync, cpSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, expect, it } from "vitest";
import { PROJECT_ROOT } from "./helpers/project-root.js";

const scratchFolders: string[] = [];
afterEach(() => {
  for (const folder of scratchFolders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

/** Where `.ci/run` finds everything it calls: real bash, node and coreutils, stand-ins for the rest. */
function fakeToolbox(root: string, npmTest: string): string {
  const bin = join(root, "bin");
  mkdirSync(bin);
  for (const [name, real] of [["bash", "/bin/bash"], ["node", process.execPath], ["env", "/usr/bin/env"], ["mktemp", "/usr/bin/mktemp"], ["dirname", "/usr/bin/dirname"], ["grep", "/bin/grep"]] as const) {
    symlinkSync(real, join(bin, name));
  }
  const script = (name: string, body: string) => {
    writeFileSync(join(bin, name), `#!/bin/bash\n${body}\n`);
    chmodSync(join(bin, name), 0o755);
  };
  // Present, so that nothing is apt-installed.
  for (const name of ["pre-commit", "chromium", "dbus-run-session", "gnome-keyring-daemon", "secret-tool", "nvim"]) script(name, "exit 0");
  // `python3 -c 'import ensurepip'` succeeds; `python3 -m venv .venv-ci` leaves a pre-commit 4.6.2 there.
  script("python3", 'if [ "$1" = -m ]; then mkdir -p .venv-ci/bin; printf \'#!/bin/bash\\necho "pre-commit 4.6.2"\\n\' > .venv-ci/bin/pre-commit; chmod +x .venv-ci/bin/pre-commit; printf \'#!/bin/bash\\nexit 0\\n\' > .venv-ci/bin/pip; chmod +x .venv-ci/bin/pip; fi; exit 0');
  script("npm", `if [ "$1" = test ]; then\n${npmTest}\nfi\nexit 0`);
  return bin;
}

function runCi(npmTest: string): Promise<{ code: number | null; lines: string[] }> {
  const root = mkdtempSync(join(tmpdir(), "screenpol-ci-run-"));
  scratchFolders.push(root);
  const clone = join(root, "clone");
  mkdirSync(join(clone, ".ci"), { recursive: true });
  cpSync(join(PROJECT_ROOT, ".ci/run"), join(clone, ".ci/run"));
  const bin = fakeToolbox(root, npmTest);
  return new Promise((resolve, reject) => {
    const child = spawn(join(clone, ".ci/run"), [], { cwd: clone, env: { PATH: bin, HOME: root, LC_ALL: "C" }, stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    child.stdout.setEncoding("utf8").on("data", (chunk: string) => (stdout += chunk));
    const timer = setTimeout(() => child.kill("SIGKILL"), 15_000);
    child.on("error", reject);
    child.on("close", (code) => {
      clearTimeout(timer);
      resolve({ code, lines: stdout.trimEnd().split("\n") });
    });
  });
}

/** The report vitest writes (`--outputFile.json=...`, npm test's last argument), and some CPU spent in a grandchild. */
const NPM_TEST_WRITING = (report: string, status: number) =>
  `${"node -e 'let x = 0; for (let i = 0; i < 3e7; i++) x += i; process.exit(x > 0 ? 0 : 1)'"}\nfor arg in "$@"; do case "$arg" in --outputFile.json=*) printf '%s' '${report}' > "\${arg#--outputFile.json=}";; esac; done\nexit ${status}`;

const TIME_LINE = /^time: \d+m \d+\.\ds wall, (\d+\.\d) CPU-seconds \(user (\d+\.\d) \+ sys (\d+\.\d)\)$/;

it("ends with the wall and CPU time of the run, then the plain count line, last; the tests' exit status is kept", { timeout: 30_000 }, async () => {
  const run = await runCi(NPM_TEST_WRITING('{"numPassedTests":3,"numFailedTests":1,"numPendingTests":2,"numTodoTests":0}', 1));
  expect(run.lines.at(-1)).toBe("3 passed, 1 failed, 2 skipped");
  const time = TIME_LINE.exec(run.lines.at(-2) ?? "");
  expect(time, run.lines.join("\n")).not.toBeNull();
  const [, total, user, sys] = time!.map(Number);
  // Processes it waited for count: the stand-in npm's node did work, so CPU time is not zero.
  expect(total).toBeGreaterThan(0);
  expect(total).toBeCloseTo(user! + sys!, 0);
  expect(run.code).toBe(1);
});

it("prints the time line before `0 passed, 1 failed` when the tests wrote no report", { timeout: 30_000 }, async () => {
  const run = await runCi("exit 0");
  expect(run.lines.at(-1)).toBe("0 passed, 1 failed");
  expect(run.lines.at(-2)).toMatch(TIME_LINE);
  expect(run.code).toBe(1);
});
