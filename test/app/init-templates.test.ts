/**
 * The templates of `screenpol init` (src/app/init-files/, bundled as text by
 * scripts/generate.mjs): every `{{name}}` of every template is filled, none is
 * left in a file init writes, every template is written by some choice of
 * options, and GitHub's own `${{ expression }}` passes through untouched.
 */
import { describe, expect, it } from "vitest";
import { INIT_FILES, type InitFileName } from "../../src/app/generated/init-files.js";
import { fillTemplate, scaffoldFiles, type CiProvider, type HookManager, type ScaffoldFile } from "../../src/app/init-templates.js";

const PLACEHOLDER = /\{\{([A-Za-z]+)\}\}/g;
const HOOKS: readonly HookManager[] = ["pre-commit", "husky", "lefthook", "none"];
const CI: readonly CiProvider[] = ["github", "none"];

/** What init writes for every hook manager and CI provider, with two environments of each kind; and what init --from-live writes. */
function everyScaffold(): ScaffoldFile[] {
  const fromLive = scaffoldFiles({
    version: "1.2.3",
    environments: [{ name: "production", kind: "live", id: "7d4e1b2c-9a3f-4e8d-b6c5-0f1e2d3c4b5a" }],
    baseUrl: "https://admin.example.com/api/v0",
    hooks: "none",
    ci: "none",
    schemaOf: () => "",
  });
  return [...everyExampleScaffold(), ...fromLive];
}

function everyExampleScaffold(): ScaffoldFile[] {
  return HOOKS.flatMap((hooks) =>
    CI.flatMap((ci) =>
      scaffoldFiles({
        version: "1.2.3",
        environments: [
          { name: "sandbox", kind: "sandbox" },
          { name: "production", kind: "live" },
        ],
        hooks,
        ci,
        schemaOf: (environment, vendor) => `../../../node_modules/screenpol/schemas/policy-${vendor}.schema.json#${environment}`,
      }),
    ),
  );
}

describe("init templates", () => {
  const written = everyScaffold();

  it("leave no {{placeholder}} in any file init writes", () => {
    const left = written.flatMap(({ path, content }) => [...content.matchAll(PLACEHOLDER)].map((match) => `${path}: ${match[0]}`));
    expect(left).toEqual([]);
  });

  it("are each written by some choice of options, placeholders filled with the values init gives", () => {
    const unused = (Object.keys(INIT_FILES) as InitFileName[]).filter((name) => {
      // The template's text between its placeholders, in order: what a file it became must contain.
      const pieces = INIT_FILES[name].split(PLACEHOLDER).filter((_, index) => index % 2 === 0);
      return !written.some(({ content }) => {
        let from = 0;
        for (const piece of pieces) {
          const at = content.indexOf(piece, from);
          if (at === -1) return false;
          from = at + piece.length;
        }
        return true;
      });
    });
    expect(unused).toEqual([]);
    const policy = written.find(({ path }) => path === "policies/production/vendorBAddressScreening/SIGN_IN.yaml")!.content;
    expect(policy.split("\n").slice(0, 2)).toEqual([
      "# yaml-language-server: $schema=../../../node_modules/screenpol/schemas/policy-vendorBAddressScreening.schema.json#production",
      "# Example policy: vendorB address screening of addresses signing in, production.",
    ]);
    const config = written.find(({ path }) => path === "screenpol.config.yaml")!.content;
    expect(config).toContain('  production:\n    # REPLACE this placeholder with the id of the live environment "production" from the\n');
    expect(config).toContain("    id: 00000000-0000-4000-8000-000000000001\n    kind: live\n");
  });

  it("leave GitHub's ${{ expressions }} as they are", () => {
    const workflow = written.find(({ path }) => path === ".github/workflows/screenpol.yml")!.content;
    expect(workflow).toContain("      - uses: screenpol/screenpol@v1.2.3\n");
    expect(workflow).toContain("          plan: ${{ secrets.SCREENPOL_API_TOKEN != '' }}\n");
    expect(workflow).toContain("          SCREENPOL_API_TOKEN: ${{ secrets.SCREENPOL_API_TOKEN }}\n");
  });

  it("refuse a placeholder without a value and a value without a placeholder, naming both", () => {
    expect(() => fillTemplate("lefthook.yml", { environment: "sandbox" })).toThrow("init template lefthook.yml: no placeholder takes {{environment}}");
    expect(() => fillTemplate("github-workflow-screenpol.yml", { version: "1.2.3" })).toThrow("init template github-workflow-screenpol.yml: no value for {{checkoutAction}}");
  });
});
