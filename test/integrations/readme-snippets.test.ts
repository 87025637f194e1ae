/**
 * README.md carries the integration snippets a reader copies; the tests run the
 * ones of docs/integrations.md. Each README snippet must be, to the byte, the one
 * the tests run, so what README shows is what was run.
 */
import { describe, expect, it } from "vitest";
import { README, snippet, snippetNames } from "./support/docs.js";

describe("README's integration snippets", () => {
  const names = snippetNames(README);

  it("are there (pre-commit, husky, lint-staged, lefthook, GitHub, editors)", () => {
    expect(names).toEqual(expect.arrayContaining(["pre-commit-remote", "pre-commit-local", "husky-pre-commit", "lint-staged-config", "husky-lint-staged", "lefthook", "github-workflow", "editor-schemas", "vscode-settings"]));
  });

  it.each(names)("%s is the snippet the tests run", (name) => {
    expect(snippet(name, README)).toBe(snippet(name));
  });
});
