import { execFileSync } from "node:child_process";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { lint } from "../src/index.js";
import { BUILD_ROOT, runCli } from "./helpers/run-cli.js";
import { makeTempRepo, type TempRepo } from "./helpers/temp-repo.js";

describe('import { lint } from "screenpol"', () => {
  let repo: TempRepo;
  beforeAll(() => {
    repo = makeTempRepo();
    repo.write("policies/live/vendorAWalletScreening/SIGN_IN.yaml", "providerType: vendorAWalletScreening\nscope: SIGN_IN\nschemaVersion: 2\nenabled: true\nsanctions_floor: off\nrules: {preScreen: {}, postScreen: []}\n");
    repo.write("webhooks/live.yaml", "webhooks:\n  - webhookId: 0b7e4f6a-2c1d-4e8f-9a3b-5c6d7e8f9a0b\n    url: http://hooks.example.com/x\n    events: [User.Created]\n    isEnabled: true\n");
  });
  afterAll(() => repo.remove());

  it("returns the same diagnostics as the CLI", async () => {
    const library = await lint([], { cwd: repo.dir });
    const cli = await runCli(["lint", "--format", "json"], { cwd: repo.dir });
    expect(library.diagnostics.length).toBeGreaterThanOrEqual(3);
    expect(JSON.parse(cli.stdout).diagnostics).toEqual(library.diagnostics);
    expect(library.filesLinted).toBe(JSON.parse(cli.stdout).files);
  });

  // From the package root of this run's build: "screenpol" resolves there, by its package.json, to its dist/.
  it("resolves by package name to the built library", () => {
    const script = `import { lint } from "screenpol"; const r = await lint([], { cwd: ${JSON.stringify(repo.dir)} }); console.log(r.diagnostics.map((d) => d.code).join(","));`;
    const output = execFileSync(process.execPath, ["--input-type=module", "-e", script], { cwd: BUILD_ROOT, encoding: "utf8" });
    expect(output.trim().split(",")).toContain("sanctions-floor");
  });
});
