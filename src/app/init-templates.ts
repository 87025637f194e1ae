/**
 * The files `screenpol init` writes. Each passes `screenpol lint` as written
 * (test/integrations/init.test.ts): a scaffold that fails its own linter teaches
 * nothing. The environment id is a placeholder in the shape of a real one, the
 * one warning of that lint (placeholder-environment-id) until it is replaced.
 */
import { PLACEHOLDER_ENVIRONMENT_ID, placeholderEnvironmentId } from "../core/config.js";

/** The repository this package is published from: the action lives there. */
const ACTION = "screenpol/screenpol";

/**
 * Third-party actions the workflows use, pinned by commit (a tag can be moved;
 * a commit cannot), with the release each commit is. Checked against the
 * actions' own repositories on 2026-11-24.
 */
export const PINNED_ACTIONS = {
  checkout: "actions/checkout@34e114876b0b11c390a56381ad16ebd13914f8d5 # v4.3.1",
  setupNode: "actions/setup-node@49933ea5288caeca8642d1e84afbd3f7d6820020 # v4.4.0",
} as const;

export type EnvironmentKind = "sandbox" | "live";
export type HookManager = "pre-commit" | "husky" | "lefthook" | "none";
export type CiProvider = "github" | "none";

export interface ScaffoldOptions {
  /** screenpol's version, pinned in the workflow's action reference. */
  version: string;
  /** Environments to configure, each with its example policies; in order. */
  environments: ReadonlyArray<{ name: string; kind: EnvironmentKind }>;
  hooks: HookManager;
  ci: CiProvider;
  /** The `# yaml-language-server: $schema=` target of a policy file of `vendor` in `environment`. */
  schemaOf(environment: string, vendor: string): string;
}

export interface ScaffoldFile {
  /** Repository-relative, `/`-separated. */
  path: string;
  content: string;
  /**
   * `lines`: an existing file gets the template's missing lines appended
   * (.gitignore); otherwise an existing file is kept as it is.
   */
  merge?: "lines";
}

/** Every file of a new repository, in the order they are listed to the user. */
export function scaffoldFiles(options: ScaffoldOptions): ScaffoldFile[] {
  const files: ScaffoldFile[] = [{ path: "screenpol.config.yaml", content: configFile(options.environments) }];
  for (const { name } of options.environments) {
    for (const [vendor, scope, body] of EXAMPLES) {
      const modeline = `# yaml-language-server: $schema=${options.schemaOf(name, vendor)}\n`;
      files.push({ path: `policies/${name}/${vendor}/${scope}.yaml`, content: modeline + body.replace("{ENVIRONMENT}", name) });
    }
  }
  files.push(...hookFiles(options.hooks));
  if (options.ci === "github") {
    files.push({ path: ".github/workflows/screenpol.yml", content: githubWorkflow(options.version) });
    files.push({ path: ".github/workflows/screenpol-apply.yml", content: APPLY_WORKFLOW });
  }
  files.push({ path: ".gitignore", content: GITIGNORE, merge: "lines" });
  return files;
}

function configFile(environments: ScaffoldOptions["environments"]): string {
  const entries = environments.map(
    ({ name, kind }, index) => `  ${name}:
    # REPLACE this placeholder with the id of the ${kind} environment "${name}" from the
    # dashboard. No environment has it: \`screenpol lint\` warns and \`screenpol plan\`
    # and \`push\` fail until it is replaced.
    id: ${index === 0 ? PLACEHOLDER_ENVIRONMENT_ID : placeholderEnvironmentId(index)}
    kind: ${kind}
`,
  );
  return CONFIG_HEAD + entries.join("");
}

const CONFIG_HEAD = `# screenpol configuration: the environments this repository manages and where
# the admin API lives. The API token is never written here: export
# SCREENPOL_API_TOKEN (or pass --token-file) in your shell or CI secret store.

# The local emulator (\`screenpol emulator\`). Point at the hosted admin API for real use.
baseUrl: http://127.0.0.1:4010/api/v0

# Environment name -> dashboard environment id. The name is the folder under
# policies/ (and the file under webhooks/). Add an environment the same way; with
# kind: live, pushing to it asks for confirmation.
environments:
`;

const FLOOR_NOTE = `# Not in this file, on purpose: the sanctions floor runs under every screen and
# cannot be written or weakened here; when no rule matches, the service allows.`;

const VENDOR_A_SIGN_IN = `# Example policy: vendorA wallet screening of addresses signing in, {ENVIRONMENT}.
# Replace the rules with your own; \`screenpol lint\` checks them offline.
#
${FLOOR_NOTE}
providerType: vendorAWalletScreening
scope: SIGN_IN
schemaVersion: 2
enabled: true
rules:
  preScreen:
    chains: [EVM, SOL, BTC]
    exposureDepth: 2
  postScreen:
    - id: block-severe-risk-score
      description: Vendor risk score of 9 or more.
      when:
        riskScore: { gte: 9 }
      action: BLOCK

    - id: alert-mixer-exposure
      description: A tenth or more of the address's funds passed through a mixer.
      when:
        exposure: { category: mixer, direction: any, minPercent: 10 }
      action: ALERT
`;

const VENDOR_A_TRANSACTION = `# Example policy: vendorA wallet screening of transfer counterparties, {ENVIRONMENT}.
# Replace the rules with your own; \`screenpol lint\` checks them offline.
#
${FLOOR_NOTE}
providerType: vendorAWalletScreening
scope: TRANSACTION
schemaVersion: 2
enabled: true
rules:
  preScreen:
    chains: [EVM, SOL]
    minAmountUsd: 100 # below it the vendor is not asked; the sanctions floor still runs
    exposureDepth: 3
  postScreen:
    - id: block-illicit-cluster
      description: The counterparty is itself an identified illicit entity.
      when:
        anyOf:
          - cluster: { category: ransomware }
          - cluster: { category: darknet_market }
      action: BLOCK

    - id: alert-stolen-funds
      when:
        exposure: { category: stolen_funds, direction: direct, minPercent: 5 }
      action: ALERT
`;

const VENDOR_B_SIGN_IN = `# Example policy: vendorB address screening of addresses signing in, {ENVIRONMENT}.
# Replace the rules with your own; \`screenpol lint\` checks them offline.
#
${FLOOR_NOTE}
providerType: vendorBAddressScreening
scope: SIGN_IN
schemaVersion: 2
enabled: true
rules:
  preScreen:
    chains: [EVM, SOL, BTC]
    includeIndirect: false
  postScreen:
    - id: block-severe-risk-level
      description: Vendor risk level severe.
      when:
        riskLevel: { atLeast: severe }
      action: BLOCK

    - id: alert-mixing-service-entity
      when:
        entity: { category: mixing_service }
      action: ALERT
`;

const VENDOR_B_TRANSACTION = `# Example policy: vendorB address screening of transfer counterparties, {ENVIRONMENT}.
# Replace the rules with your own; \`screenpol lint\` checks them offline.
#
${FLOOR_NOTE}
providerType: vendorBAddressScreening
scope: TRANSACTION
schemaVersion: 2
enabled: true
rules:
  preScreen:
    chains: [EVM]
    minAmountUsd: 100 # below it the vendor is not asked; the sanctions floor still runs
    includeIndirect: true
  postScreen:
    - id: block-ransomware-owner
      description: The counterparty is owned by a ransomware operator.
      when:
        indicator: { category: ransomware, riskType: ownership, minVolumeUsd: 0 }
      action: BLOCK

    - id: alert-high-risk
      when:
        anyOf:
          - riskLevel: { atLeast: high }
          - indicator: { category: darknet, riskType: counterparty, minVolumeUsd: 1000 }
      action: ALERT
`;

const EXAMPLES: ReadonlyArray<readonly [string, string, string]> = [
  ["vendorAWalletScreening", "SIGN_IN", VENDOR_A_SIGN_IN],
  ["vendorAWalletScreening", "TRANSACTION", VENDOR_A_TRANSACTION],
  ["vendorBAddressScreening", "SIGN_IN", VENDOR_B_SIGN_IN],
  ["vendorBAddressScreening", "TRANSACTION", VENDOR_B_TRANSACTION],
];

/**
 * The hook of docs/integrations.md for each manager. Each runs the project's
 * own installed screenpol (`npx screenpol`, from node_modules/.bin), so the
 * hook and CI lint with the same version, the one package.json pins.
 */
function hookFiles(hooks: HookManager): ScaffoldFile[] {
  switch (hooks) {
    case "pre-commit":
      return [{ path: ".pre-commit-config.yaml", content: PRE_COMMIT_LOCAL }];
    case "husky":
      return [{ path: ".husky/pre-commit", content: "npx screenpol lint --staged\n" }];
    case "lefthook":
      return [{ path: "lefthook.yml", content: LEFTHOOK }];
    case "none":
      return [];
  }
}

const PRE_COMMIT_LOCAL = `# pre-commit (https://pre-commit.com): run \`pre-commit install\` once; every
# commit that touches a policy, address entries, webhooks or the config is then
# linted as staged, by the screenpol this repository installs (npm install --save-dev screenpol).
repos:
  - repo: local
    hooks:
      - id: screenpol-lint
        name: screenpol lint
        entry: npx screenpol lint --staged
        language: system
        files: ^(policies/.*\\.ya?ml|webhooks/[^/]*\\.ya?ml|screenpol\\.config\\.yaml)$
        require_serial: true
`;

const LEFTHOOK = `# lefthook.yml
pre-commit:
  commands:
    screenpol:
      glob: "{policies/**/*.{yaml,yml},webhooks/*.{yaml,yml},screenpol.config.yaml}"
      run: npx screenpol lint --staged {staged_files}
`;

/** The workflow of docs/integrations.md, GitHub, with this version of the action. */
export function githubWorkflow(version: string): string {
  return `# screenpol on every pull request: findings as annotations and in code scanning,
# and the plan against the live policies as a pull request comment.
name: screenpol

on:
  pull_request:

permissions:
  contents: read
  security-events: write # upload SARIF to code scanning
  pull-requests: write # post the plan comment

jobs:
  screenpol:
    runs-on: ubuntu-latest
    steps:
      - uses: ${PINNED_ACTIONS.checkout}
      - uses: ${ACTION}@v${version}
        with:
          # The plan needs the API token; without the secret (a fork) only the lint runs.
          plan: \${{ secrets.SCREENPOL_API_TOKEN != '' }}
        env:
          SCREENPOL_API_TOKEN: \${{ secrets.SCREENPOL_API_TOKEN }}
`;
}

/**
 * The apply workflow of docs/integrations.md: on the merge of a pull request,
 * push exactly the plan that was reviewed on it (the `screenpol-plan` artifact
 * of the pull request's last successful screenpol run), never a plan made
 * afresh after the review. \`push --plan\` refuses with exit 3 when a live
 * policy moved since the plan was made, so nothing unreviewed is written.
 */
const APPLY_WORKFLOW = `# screenpol: on the merge of a pull request, push the plan reviewed on it.
name: screenpol apply

on:
  pull_request:
    types: [closed]

permissions:
  contents: read
  actions: read # download the plan artifact of the pull request's run

concurrency:
  group: screenpol-apply # one push at a time, in merge order
  cancel-in-progress: false

jobs:
  apply:
    if: github.event.pull_request.merged == true
    runs-on: ubuntu-latest
    steps:
      - uses: ${PINNED_ACTIONS.checkout}
        with:
          ref: \${{ github.event.pull_request.merge_commit_sha }}
      - uses: ${PINNED_ACTIONS.setupNode}
        with:
          node-version: 20
      - run: npm ci --no-audit --no-fund
      - name: Download the reviewed plan
        env:
          GH_TOKEN: \${{ github.token }}
          HEAD_SHA: \${{ github.event.pull_request.head.sha }}
        run: |
          run_id="$(gh run list --workflow screenpol.yml --commit "$HEAD_SHA" --status success --limit 1 --json databaseId --jq '.[0].databaseId')"
          if [ -z "$run_id" ]; then
            echo "::error::no successful screenpol run for $HEAD_SHA: nothing reviewed to push"
            exit 1
          fi
          gh run download "$run_id" --name screenpol-plan --dir "$RUNNER_TEMP/screenpol-plan"
      - name: Push exactly the reviewed plan (exit 3 when live moved since)
        env:
          SCREENPOL_API_TOKEN: \${{ secrets.SCREENPOL_API_TOKEN }}
        run: npx screenpol push --plan "$RUNNER_TEMP/screenpol-plan/plan.json" --yes
`;

const GITIGNORE = `node_modules/
# The local emulator's state (screenpol emulator).
.screenpol-emulator*.json
# Reports and plans are build output: CI keeps them as artifacts.
*.sarif
plan.json
# Never commit an API token: screenpol reads SCREENPOL_API_TOKEN or --token-file.
.env
*.token
# The lint cache (screenpol lint --cache).
.screenpol-cache*
`;
