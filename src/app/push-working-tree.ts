/**
 * Whether the files a push reads are not what the repository's default branch
 * holds, before a push to a `live` environment (issue: smaller walls; toolkit.md,
 * push): uncommitted changes to the config or under the policies folder
 * (policies and address entries), tracked or untracked; or HEAD on a branch
 * other than the default one. Untracked files elsewhere (the apply workflow
 * downloads plan.json into the checkout) and a detached HEAD (CI checks out a
 * commit) are not. Outside a Git repository there is nothing to compare.
 */
import { join, relative, sep } from "node:path";
import { CONFIG_FILE, type Config } from "../core/config.js";
import { git } from "../workspace/git-index.js";
import { workingTreeStatus } from "../workspace/git-status.js";

/** One line saying why the working tree is not what the default branch holds, or undefined when it is (or there is no Git). */
export async function pushTreeConcern(root: string, config: Config): Promise<string | undefined> {
  const status = await workingTreeStatus(root, [join(root, CONFIG_FILE), join(root, config.paths.policies)]);
  if (!status.inRepository) return undefined;
  const changed = [...status.changed].filter(([, code]) => code !== "!!").map(([path]) => relative(root, path).split(sep).join("/")).sort();
  if (changed.length > 0) {
    const shown = changed.slice(0, 3).join(", ") + (changed.length > 3 ? ` and ${changed.length - 3} more` : "");
    return `the working tree has uncommitted changes to ${shown}`;
  }
  const branch = await git(root, ["symbolic-ref", "--quiet", "--short", "HEAD"]).then((out) => out.trim(), () => "");
  const defaultRef = await git(root, ["symbolic-ref", "--quiet", "--short", "refs/remotes/origin/HEAD"]).then((out) => out.trim(), () => "");
  const defaultBranch = defaultRef.replace(/^origin\//, "");
  if (branch === "" || defaultBranch === "" || branch === defaultBranch) return undefined;
  return `HEAD is on the branch ${branch}, not the default branch ${defaultBranch}`;
}
