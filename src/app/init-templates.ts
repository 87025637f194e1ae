/**
 * The files `screenpol init` writes. Each passes `screenpol lint` as written
 * (test/integrations/init.test.ts): a scaffold that fails its own linter teaches
 * nothing. The environment id is a placeholder in the shape of a real one.
 */

/**
 * A valid lowercase UUID (toolkit.md, Remote behaviour) that no dashboard hands
 * out: `lint` accepts it, `plan` and `push` get 404 from the service until it is
 * replaced, and `grep 00000000-` finds it.
 */
export const PLACEHOLDER_ENVIRONMENT_ID = "00000000-0000-4000-8000-000000000000";

/** The repository this package is published from: the pre-commit hook and the action live there. */
const REPOSITORY_URL = "https://github.com/screenpol/screenpol";
const ACTION = "screenpol/screenpol";

export interface ScaffoldFile {
  /** Repository-relative, `/`-separated. */
  path: string;
  content: string;
}

/** Every file of a new repository, in the order they are listed to the user. */
export function scaffoldFiles(version: string): ScaffoldFile[] {
  return [
    { path: "screenpol.config.yaml", content: CONFIG },
    { path: "policies/sandbox/vendorAWalletScreening/SIGN_IN.yaml", content: VENDOR_A_SIGN_IN },
    { path: "policies/sandbox/vendorAWalletScreening/TRANSACTION.yaml", content: VENDOR_A_TRANSACTION },
    { path: "policies/sandbox/vendorBAddressScreening/SIGN_IN.yaml", content: VENDOR_B_SIGN_IN },
    { path: "policies/sandbox/vendorBAddressScreening/TRANSACTION.yaml", content: VENDOR_B_TRANSACTION },
    { path: ".pre-commit-config.yaml", content: preCommitConfig(version) },
    { path: ".github/workflows/screenpol.yml", content: githubWorkflow(version) },
    { path: ".gitignore", content: GITIGNORE },
  ];
}

const CONFIG = `# screenpol configuration: the environments this repository manages and where
# the admin API lives. The API token is never written here: export
# SCREENPOL_API_TOKEN (or pass --token-file) in your shell or CI secret store.

# The local emulator (\`screenpol emulator\`). Point at the hosted admin API for real use.
baseUrl: http://127.0.0.1:4010/api/v0

# Environment name -> dashboard environment id. The name is the folder under
# policies/ (and the file under webhooks/). Add a \`live\` environment the same way,
# with kind: live; pushing to it asks for confirmation.
environments:
  sandbox:
    # REPLACE this placeholder with your sandbox environment's id from the
    # dashboard. It is a valid UUID so that \`screenpol lint\` passes now, but no
    # environment has it: \`screenpol plan\` and \`push\` fail until it is replaced.
    id: ${PLACEHOLDER_ENVIRONMENT_ID}
    kind: sandbox
`;

const FLOOR_NOTE = `# Not in this file, on purpose: the sanctions floor runs under every screen and
# cannot be written or weakened here; when no rule matches, the service allows.`;

const VENDOR_A_SIGN_IN = `# Example policy: vendorA wallet screening of addresses signing in, sandbox.
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

const VENDOR_A_TRANSACTION = `# Example policy: vendorA wallet screening of transfer counterparties, sandbox.
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

const VENDOR_B_SIGN_IN = `# Example policy: vendorB address screening of addresses signing in, sandbox.
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

const VENDOR_B_TRANSACTION = `# Example policy: vendorB address screening of transfer counterparties, sandbox.
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

function preCommitConfig(version: string): string {
  return `# pre-commit (https://pre-commit.com): run \`pre-commit install\` once; every
# commit that touches a policy, address entries, webhooks or the config is then
# linted as staged.
repos:
  - repo: ${REPOSITORY_URL}
    rev: v${version}
    hooks:
      - id: screenpol-lint
`;
}

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
      - uses: actions/checkout@v4
      - uses: ${ACTION}@v${version}
        with:
          # The plan needs the API token; without the secret (a fork) only the lint runs.
          plan: \${{ secrets.SCREENPOL_API_TOKEN != '' }}
        env:
          SCREENPOL_API_TOKEN: \${{ secrets.SCREENPOL_API_TOKEN }}
`;
}

const GITIGNORE = `node_modules/
# The local emulator's state (screenpol emulator).
.screenpol-emulator*.json
# Reports and plans are build output: CI keeps them as artifacts.
*.sarif
plan.json
# Never commit an API token: screenpol reads SCREENPOL_API_TOKEN or --token-file.
.env
*.token
`;
