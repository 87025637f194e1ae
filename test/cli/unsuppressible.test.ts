/**
 * The findings no comment may hide (docs/codes/invalid-suppression.md): the
 * compliance findings, and those of a file that has no meaning yet. Each is
 * suppressed in every way a file could spell it, through the built CLI, and
 * must stay an error with `lint` exiting 1; the comment is itself reported as
 * `invalid-suppression`, saying why. The table is written out here, not read
 * from the source, so a code dropped from the source's sets turns these red.
 */
import { cpSync, readFileSync } from "node:fs";
import { basename, join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { PROJECT_ROOT, runCli } from "../helpers/run-cli.js";
import { makeTempRepo, type TempRepo } from "../helpers/temp-repo.js";

const FIXTURES = join(import.meta.dirname, "../fixtures/checks");
const REASON = "signed off by compliance (COMP-1201)";

interface Unsuppressible {
  code: string;
  /** Fixture cases (test/fixtures/checks/...) merged into one repository. */
  fixtures: string[];
  /** The file the finding is in, and its line. */
  file: string;
  line: number;
  /** Where the comment goes, when it cannot go in `file` (a file that cannot be read has no comments). */
  commentIn?: { file: string; line: number };
  /** What `invalid-suppression` says of a comment that names the code. */
  refusal: string;
}

const compliance = (code: string, title: string) => `${code} is a compliance finding (${title}) and cannot be suppressed: fix the policy`;
const structural = (code: string, title: string) => `${code} cannot be suppressed: a file that does not parse, validate and name one policy has no meaning to accept (${title}); fix the file`;

const CODES: readonly Unsuppressible[] = [
  {
    code: "sanctions-floor",
    fixtures: ["sanctions-floor/fail-category-sanctioned_entity"],
    file: "policies/sandbox/vendorBAddressScreening/TRANSACTION.yaml",
    line: 12,
    refusal: compliance("sanctions-floor", "attempt to express the sanctions floor"),
  },
  {
    code: "terminal-allow",
    fixtures: ["terminal-allow/fail-empty-when"],
    file: "policies/sandbox/vendorAWalletScreening/TRANSACTION.yaml",
    line: 15,
    refusal: compliance("terminal-allow", "catch-all allow"),
  },
  {
    code: "cross-vendor-field",
    fixtures: ["cross-vendor-field/fail-vendorA-fields-in-vendorB"],
    file: "policies/sandbox/vendorBAddressScreening/TRANSACTION.yaml",
    line: 9,
    refusal: compliance("cross-vendor-field", "field of the other vendor"),
  },
  {
    code: "secret-in-file",
    fixtures: ["secret-in-file/fail-api-token-in-policy"],
    file: "policies/sandbox/vendorAWalletScreening/SIGN_IN.yaml",
    line: 10,
    refusal: compliance("secret-in-file", "secret in a file"),
  },
  {
    code: "read-error",
    fixtures: ["read-error/fail-binary", "duplicate-policy/pass-same-scope-other-environment"],
    file: "policies/sandbox/vendorAWalletScreening/SIGN_IN.yaml",
    line: 1,
    commentIn: { file: "policies/sandbox/vendorAWalletScreening/TRANSACTION.yaml", line: 2 },
    refusal: structural("read-error", "unreadable file"),
  },
  {
    code: "yaml-syntax",
    fixtures: ["yaml-syntax/fail-tab-indent"],
    file: "policies/sandbox/vendorAWalletScreening/SIGN_IN.yaml",
    line: 6,
    refusal: structural("yaml-syntax", "invalid yaml"),
  },
  {
    code: "duplicate-key",
    fixtures: ["duplicate-key/fail-duplicate-key"],
    file: "policies/sandbox/vendorAWalletScreening/TRANSACTION.yaml",
    line: 13,
    refusal: structural("duplicate-key", "duplicate key"),
  },
  {
    code: "schema",
    fixtures: ["schema/fail-unknown-field"],
    file: "policies/live/vendorBAddressScreening/SIGN_IN.yaml",
    line: 8,
    refusal: structural("schema", "schema violation"),
  },
  {
    code: "unknown-schema-version",
    fixtures: ["unknown-schema-version/fail-three"],
    file: "policies/sandbox/vendorAWalletScreening/TRANSACTION.yaml",
    line: 3,
    refusal: structural("unknown-schema-version", "unknown schemaversion"),
  },
  {
    code: "path-mismatch",
    fixtures: ["path-mismatch/fail-scope-file-name"],
    file: "policies/live/vendorBAddressScreening/SIGN_IN.yaml",
    line: 2,
    refusal: structural("path-mismatch", "content disagrees with path"),
  },
  {
    code: "duplicate-policy",
    fixtures: ["duplicate-policy/fail-yaml-and-yml"],
    file: "policies/sandbox/vendorAWalletScreening/SIGN_IN.yml",
    line: 3,
    refusal: structural("duplicate-policy", "duplicate policy"),
  },
  {
    code: "unknown-policy",
    fixtures: ["unknown-policy/fail-undeclared-environment"],
    file: "tests/staging/vendorAWalletScreening/TRANSACTION.test.yaml",
    line: 1,
    refusal: structural("unknown-policy", "test of a policy that does not exist"),
  },
];

interface Spelling {
  name: string;
  /** The comment naming `code`, and whether it goes on the line above the finding (else on the file's first line). */
  comment(code: string): string;
  nextLine: boolean;
  /** Whether the comment names the code as screenpol spells it, so the refusal says why it cannot be suppressed. */
  exact: boolean;
}

const SPELLINGS: readonly Spelling[] = [
  { name: "next-line", comment: (code) => `# screenpol-disable-next-line ${code} -- ${REASON}`, nextLine: true, exact: true },
  { name: "file", comment: (code) => `# screenpol-disable-file ${code} -- ${REASON}`, nextLine: false, exact: true },
  { name: "next-line, in a list of codes", comment: (code) => `# screenpol-disable-next-line unreachable-rule, ${code} -- ${REASON}`, nextLine: true, exact: true },
  { name: "file, in a list of codes", comment: (code) => `# screenpol-disable-file ${code},expired-address-entry -- ${REASON}`, nextLine: false, exact: true },
  { name: "extra spaces", comment: (code) => `#    screenpol-disable-next-line     ${code}   ,   unreachable-rule    --    ${REASON}   `, nextLine: true, exact: true },
  { name: "mixed case", comment: (code) => `# screenpol-disable-file ${mixedCase(code)} -- ${REASON}`, nextLine: false, exact: false },
];

/** `Sanctions-FLOOR`: what a hand typing in a hurry writes. */
function mixedCase(code: string): string {
  const words = code.split("-");
  return words.map((word, index) => (index === words.length - 1 ? word.toUpperCase() : word[0]!.toUpperCase() + word.slice(1))).join("-");
}

/** The cases' files under one repository, with the fixtures' config. */
function repositoryOf(fixtures: readonly string[]): TempRepo {
  const repo = makeTempRepo({ samples: false });
  repo.write("screenpol.config.yaml", readFileSync(join(FIXTURES, "screenpol.config.yaml")));
  for (const fixture of fixtures) cpSync(join(FIXTURES, fixture), repo.dir, { recursive: true, filter: (source) => basename(source) !== "expected.json" });
  return repo;
}

/** The file with `comment` inserted as its line `line` (1-based), indented as the line it now precedes. */
function withComment(repo: TempRepo, file: string, line: number, comment: string): void {
  const lines = readFileSync(join(repo.dir, file), "utf8").split("\n");
  const indent = /^ */.exec(lines[line - 1] ?? "")![0];
  lines.splice(line - 1, 0, indent + comment);
  repo.write(file, lines.join("\n"));
}

interface Finding {
  file: string;
  line: number;
  code: string;
  severity: string;
  message: string;
}

let repo: TempRepo;
afterEach(() => repo?.remove());

describe.each(CODES)("$code, suppressed", ({ code, fixtures, file, line, commentIn, refusal }) => {
  it.each(SPELLINGS)("by $name: stays an error, lint exits 1, and the comment is an invalid-suppression", async ({ comment, nextLine, exact }) => {
    repo = repositoryOf(fixtures);
    const target = commentIn ?? { file, line };
    withComment(repo, target.file, nextLine ? target.line : 1, comment(code));

    const run = await runCli(["lint", "--format", "json"], { cwd: repo.dir });
    expect([run.code, run.stderr]).toEqual([1, ""]);
    const report = JSON.parse(run.stdout) as { diagnostics: Finding[]; suppressed?: Finding[]; suppressedCount?: number };
    expect(report.suppressed ?? []).toEqual([]);
    expect(report.suppressedCount ?? 0).toBe(0);
    const stays = report.diagnostics.filter((d) => d.code === code);
    expect(stays.map((d) => `${d.file} ${d.severity}`)).toContain(`${file} error`);
    expect(stays.every((d) => d.severity === "error")).toBe(true);

    const refused = report.diagnostics.filter((d) => d.code === "invalid-suppression" && d.file === target.file);
    expect(refused.map((d) => d.line)).toEqual([nextLine ? target.line : 1]);
    expect(refused[0]!.severity).toBe("error");
    if (exact) expect(refused[0]!.message).toBe(refusal);
    else expect(refused[0]!.message).toBe(`${mixedCase(code)} is not a screenpol code (did you mean ${code}?); \`screenpol explain\` lists the codes`);
  });
});

it("covers every code docs/codes/invalid-suppression.md says is never suppressed", () => {
  const page = readFileSync(join(PROJECT_ROOT, "docs/codes/invalid-suppression.md"), "utf8");
  const listed = (bullet: RegExp) => [...bullet.exec(page)![1]!.matchAll(/`([a-z-]+)`/g)].map((match) => match[1]);
  const never = [...listed(/^- a compliance finding: ([\s\S]*?);$/m), ...listed(/^- a finding that means the file has no meaning yet: ([\s\S]*?);$/m)];
  expect(CODES.map((row) => row.code).sort()).toEqual(never.sort());
});
