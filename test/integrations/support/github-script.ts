/**
 * Runs the script of an `actions/github-script` step as that action runs it (an
 * async function of `require`, `github`, `context`, `core`), in a child process
 * with the step's environment, against a stand-in of the GitHub REST API that
 * records every call.
 */
import { execFile } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

export interface ApiCall {
  method: "listComments" | "createComment" | "updateComment";
  params: Record<string, any>;
}

export interface ScriptRun {
  calls: ApiCall[];
  warnings: string[];
  failed: string[];
}

export interface ExistingComment {
  id: number;
  body: string;
  user: { type: "Bot" | "User"; login: string };
}

const HARNESS = String.raw`
const fs = require("fs");
const [, , inputFile, resultFile] = process.argv;
const { script, comments, refuseWrites } = JSON.parse(fs.readFileSync(inputFile, "utf8"));
const calls = [];
const warnings = [];
const failed = [];
const refuse = () => {
  const error = new Error("Resource not accessible by integration");
  error.status = 403;
  throw error;
};
const github = {
  rest: {
    issues: {
      listComments: async (params) => { calls.push({ method: "listComments", params }); return { data: comments }; },
      createComment: async (params) => { calls.push({ method: "createComment", params }); if (refuseWrites) refuse(); return { data: { id: 1000 } }; },
      updateComment: async (params) => { calls.push({ method: "updateComment", params }); if (refuseWrites) refuse(); return { data: {} }; },
    },
  },
  paginate: async (method, params) => (await method(params)).data,
};
const context = { repo: { owner: "acme", repo: "screening-policies" }, issue: { owner: "acme", repo: "screening-policies", number: 7 } };
const core = {
  warning: (message) => warnings.push(String(message)),
  setFailed: (message) => failed.push(String(message)),
  info: () => {},
  debug: () => {},
};
const AsyncFunction = Object.getPrototypeOf(async function () {}).constructor;
new AsyncFunction("require", "github", "context", "core", script)(require, github, context, core).then(
  () => fs.writeFileSync(resultFile, JSON.stringify({ calls, warnings, failed })),
  (error) => { console.error(error); process.exit(1); },
);
`;

export function runGithubScript(options: { script: string; env: Record<string, string>; comments?: ExistingComment[]; refuseWrites?: boolean }): Promise<ScriptRun> {
  const dir = mkdtempSync(join(tmpdir(), "screenpol-github-script-"));
  const harness = join(dir, "harness.cjs");
  const input = join(dir, "input.json");
  const result = join(dir, "result.json");
  writeFileSync(harness, HARNESS);
  writeFileSync(input, JSON.stringify({ script: options.script, comments: options.comments ?? [], refuseWrites: options.refuseWrites ?? false }));
  return new Promise((resolve, reject) => {
    execFile(process.execPath, [harness, input, result], { cwd: dir, env: { PATH: process.env.PATH, ...options.env }, timeout: 15_000 }, (error, _stdout, stderr) => {
      if (error) return reject(new Error(`github-script failed: ${stderr}`));
      resolve(JSON.parse(readFileSync(result, "utf8")) as ScriptRun);
    });
  });
}
