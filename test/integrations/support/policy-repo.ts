/** A Git repository of the sample policies with one committed revision, and a good and a bad version of one policy. */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { makeTempRepo, type TempRepo } from "../../helpers/temp-repo.js";
import { git, gitEnv } from "./git.js";

export const POLICY = "policies/sandbox/vendorBAddressScreening/SIGN_IN.yaml";

export interface PolicyRepo extends TempRepo {
  env: NodeJS.ProcessEnv;
  good: string;
  /** The good policy with vendorA's `riskScore` in place of `riskLevel`: a cross-vendor-field error. */
  bad: string;
  git(...args: string[]): string;
  head(): string;
  /** The staged or committed content of a path: `:path` or `REV:path`. */
  show(spec: string): string;
}

export function makePolicyRepo(env: NodeJS.ProcessEnv = gitEnv()): PolicyRepo {
  const repo = makeTempRepo();
  const good = readFileSync(join(repo.dir, POLICY), "utf8");
  const bad = good.replace("riskLevel: { atLeast: severe }", "riskScore: { gte: 9 }");
  if (bad === good) throw new Error(`${POLICY} no longer holds the line the bad version replaces`);
  const run = (...args: string[]) => git(repo.dir, env, ...args);
  run("init", "-q");
  run("add", "-A");
  run("commit", "-qm", "sample policies");
  return {
    ...repo,
    env,
    good,
    bad,
    git: run,
    head: () => run("rev-parse", "HEAD").trim(),
    show: (spec) => run("show", spec),
  };
}
