/**
 * Every integer flag of every command goes through the one whole-number parser
 * (cli/whole-number.ts): the same bad values are refused the same way, by
 * commander, as one line naming the flag, with exit 2 and before anything runs.
 */
import type { Command, Option } from "commander";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildProgram } from "../../src/cli/program.js";
import { runCli } from "../helpers/run-cli.js";
import { makeTempRepo, type TempRepo } from "../helpers/temp-repo.js";

interface IntegerFlag {
  command: string[];
  flag: string;
  range: { min: number; max: number };
  good: string;
  /** Arguments that make a run with a good value stop early (exit 2) after parsing, without a server or a config. */
  rest?: string[];
}

const ANY = Number.MAX_SAFE_INTEGER;
const FLAGS: IntegerFlag[] = [
  {
    command: ["lint"],
    flag: "--max-warnings",
    range: { min: 0, max: ANY },
    good: "0",
  },
  {
    command: ["schema"],
    flag: "--schema-version",
    range: { min: 1, max: 2 },
    good: "2",
  },
  {
    command: ["emulator"],
    flag: "--port",
    range: { min: 0, max: 65_535 },
    good: "0",
    rest: ["--in-memory", "--state", "x.json"],
  },
  {
    command: ["emulator"],
    flag: "--catalog-size",
    range: { min: 0, max: 200_000 },
    good: "10",
    rest: ["--in-memory", "--state", "x.json"],
  },
  {
    command: ["emulator"],
    flag: "--device-poll-interval",
    range: { min: 1, max: 300 },
    good: "1",
    rest: ["--in-memory", "--state", "x.json"],
  },
  {
    command: ["users", "list"],
    flag: "--limit",
    range: { min: 1, max: 100 },
    good: "10",
  },
  {
    command: ["users", "list"],
    flag: "--offset",
    range: { min: 0, max: ANY },
    good: "10",
  },
  {
    command: ["replay"],
    flag: "--samples",
    range: { min: 0, max: 10_000 },
    good: "3",
  },
  ...(["sync", "diff"] as const).flatMap((sub) => [
    {
      command: ["catalog", sub],
      flag: "--limit",
      range: { min: 1, max: 100 },
      good: "50",
    },
    {
      command: ["catalog", sub],
      flag: "--max-tokens",
      range: { min: 1, max: 100_000_000 },
      good: "5000",
    },
    {
      command: ["catalog", sub],
      flag: "--max-seconds",
      range: { min: 1, max: 86_400 },
      good: "60",
    },
  ]),
];

/** Options named `<n>` that take something else: `--token-amount` is a decimal amount (onramps.ts). */
const NOT_INTEGER = ["--token-amount"];

const NOT_WHOLE = ["1.5", "1e3", "-1", "10m", " 7", "7 ", "", "0x10", "+3", "ten", "１"];

function expectation(range: IntegerFlag["range"]): string {
  return range.max === ANY ? `It must be a whole number of at least ${range.min}.` : `It must be a whole number from ${range.min} to ${range.max}.`;
}

function badValues(range: IntegerFlag["range"]): string[] {
  const outOfRange = [String(range.max + 1), ...(range.min > 0 ? [String(range.min - 1)] : [])].filter((text) => /^\d{1,15}$/.test(text) || text.length > 15);
  return [...NOT_WHOLE, ...outOfRange, "9".repeat(17)];
}

let temp: TempRepo;
beforeAll(() => {
  temp = makeTempRepo({ samples: false });
});
afterAll(() => temp.remove());

describe("integer flags", () => {
  it("the table lists every option that takes a number, and each goes through wholeNumber", () => {
    const found: string[] = [];
    const visit = (command: Command, path: string[]): void => {
      for (const option of command.options as Option[]) {
        if (option.parseArg?.name === "parseWholeNumber" || (/<(n|port)>$/.test(option.flags) && !NOT_INTEGER.includes(option.long ?? "")))
          found.push(`${path.join(" ")} ${option.long}`);
        if (/<(n|port)>$/.test(option.flags) && !NOT_INTEGER.includes(option.long ?? "")) expect(option.parseArg?.name, option.flags).toBe("parseWholeNumber");
      }
      for (const sub of command.commands) visit(sub, [...path, sub.name()]);
    };
    visit(buildProgram({ stdout: process.stdout, stderr: process.stderr } as never, { code: 0 }), []);
    expect(found.sort()).toEqual(FLAGS.map(({ command, flag }) => `${command.join(" ")} ${flag}`).sort());
  });

  it.each(FLAGS)("$command $flag refuses what is not a whole number in range, in one line (exit 2)", async ({ command, flag, range }) => {
    const values = badValues(range);
    const runs = await Promise.all(
      values.map((bad) =>
        runCli([...command, `${flag}=${bad}`], {
          cwd: temp.dir,
          timeoutMs: 20_000,
        }),
      ),
    );
    for (const [index, run] of runs.entries()) {
      const bad = values[index];
      const pattern = new RegExp(
        `^screenpol: option '${flag} <[a-z]+>' argument '${bad.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}' is invalid\\. ${expectation(range).replace(/\./g, "\\.")}\\n$`,
      );
      expect({
        bad,
        code: run.code,
        stderr: run.stderr,
        stdout: run.stdout,
      }).toEqual({
        bad,
        code: 2,
        stderr: expect.stringMatching(pattern),
        stdout: "",
      });
    }
  });

  it.each(FLAGS)("$command $flag takes $good", async ({ command, flag, good, rest = [] }) => {
    const run = await runCli([...command, flag, good, ...rest], {
      cwd: temp.dir,
      timeoutMs: 10_000,
    });
    expect(run.stderr).not.toMatch(/is invalid/);
  });
});
