/**
 * Deterministic benchmark corpus: `count` valid ScreeningPolicy files shaped like
 * the samples in policies/ (header comments, 5-8 postScreen rules, preScreen with
 * chains and, for TRANSACTION, tokens and a minimum amount), both vendors, both
 * scopes, schemaVersion 1 and 2, spread over environments env-0001, env-0002, ...
 * declared in a screenpol.config.yaml with lowercase-UUID ids.
 *
 * Layout: <dir>/screenpol.config.yaml and <dir>/policies/<env>/<vendor>/<scope>.yaml.
 * Every file is meant to lint clean; bench/run.js checks that it does.
 *
 *     node bench/corpus.js [--count 5000] [--seed 20261101] [--dir bench/.corpus]
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

export const VENDORS = ["vendorAWalletScreening", "vendorBAddressScreening"];
export const SCOPES = ["SIGN_IN", "TRANSACTION"];
/** Bump when the generated content changes, so a cached corpus is regenerated. */
const GENERATOR_VERSION = 3;
/** ALLOW < ALERT < BLOCK: the generated rules never get stricter down the list (see policyText). */
const STRICTNESS = { ALLOW: 0, ALERT: 1, BLOCK: 2 };

const CATEGORIES_A = [
  "darknet_market", "mixer", "ransomware", "scam", "stolen_funds", "terrorist_financing",
  "child_abuse_material", "fraud_shop", "gambling", "high_risk_exchange", "no_kyc_exchange",
  "privacy_wallet", "illicit_actor_org",
];
const CATEGORIES_B = [
  "darknet", "mixing_service", "ransomware", "scam", "theft", "terrorism_financing", "csam",
  "gambling", "high_risk_exchange", "unlicensed_exchange", "malware", "extortion", "privacy_protocol",
];
const CHAINS = ["EVM", "SOL", "BTC", "TRON", "LTC"];
const TOKENS = [
  { chain: "EVM", networkId: 1, contractAddress: "0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48", label: "USDC, Ethereum" },
  { chain: "EVM", networkId: 1, contractAddress: "0xdAC17F958D2ee523a2206206994597C13D831ec7", label: "USDT, Ethereum" },
  { chain: "EVM", networkId: 1, contractAddress: "0x6B175474E89094C44Da98b954EedeAC495271d0F", label: "DAI, Ethereum" },
  { chain: "EVM", networkId: 137, contractAddress: "0x3c499c542cEF5E3811e1192ce70d8cC03d5c3359", label: "USDC, Polygon PoS" },
  { chain: "EVM", networkId: 8453, contractAddress: "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913", label: "USDC, Base" },
  { chain: "EVM", networkId: 42161, contractAddress: "0xaf88d065e77c8cC2239327C5EDb3A432268e5831", label: "USDC, Arbitrum One" },
  { chain: "SOL", networkId: 101, contractAddress: "EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v", label: "USDC, Solana" },
  { chain: "SOL", networkId: 101, contractAddress: "Es9vMFrzaCERmJfrF4H2FYD4KCoNkY11McCe8BenwNYB", label: "USDT, Solana" },
];
const REASONS = [
  "Zero tolerance under the AML programme; escalated to the MLRO by the block event.",
  "Reviewed by the L1 team within 24h.",
  "Material exposure above the tolerance of AML manual 4.2.",
  "Risk assessment RA-2026-04; revisit at the next quarterly policy review.",
  "Agreed with the MLRO after the 2026-09 review (COMP-1181).",
  "Goes to the review queue; no customer-facing effect.",
  "Raised after incident INC-2291; keep until the vendor labels the cluster.",
];

/** mulberry32: small, fast, good enough, and the same on every machine. */
export function rng(seed) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (lo, hi) => lo + Math.floor(next() * (hi - lo + 1));
  const pick = (list) => list[Math.floor(next() * list.length)];
  const sample = (list, n) => {
    const copy = [...list];
    for (let i = copy.length - 1; i > 0; i--) {
      const j = Math.floor(next() * (i + 1));
      [copy[i], copy[j]] = [copy[j], copy[i]];
    }
    return copy.slice(0, n);
  };
  return { next, int, pick, sample, chance: (p) => next() < p };
}

export function envName(index) {
  return `env-${String(index + 1).padStart(4, "0")}`;
}

function uuid(r) {
  const hex = (n) => Array.from({ length: n }, () => "0123456789abcdef"[r.int(0, 15)]).join("");
  return `${hex(8)}-${hex(4)}-4${hex(3)}-${"89ab"[r.int(0, 3)]}${hex(3)}-${hex(12)}`;
}

/** One condition (a flow map line) of `vendor`; `strong` ones suit BLOCK. */
function condition(r, vendor, used) {
  const fresh = (list) => {
    const free = list.filter((c) => !used.has(c));
    const category = r.pick(free.length > 0 ? free : list);
    used.add(category);
    return category;
  };
  if (vendor === VENDORS[0]) {
    switch (r.int(0, 3)) {
      case 0: return { key: "riskScore", text: `riskScore: { gte: ${r.pick([4, 5, 6.5, 7, 7.5, 8, 8.5, 9, 9.5])} }`, slug: "risk-score" };
      case 1: {
        const category = fresh(CATEGORIES_A);
        return { key: "cluster", text: `cluster: { category: ${category} }`, slug: category.replaceAll("_", "-") };
      }
      default: {
        const category = fresh(CATEGORIES_A);
        const direction = r.pick(["direct", "indirect", "any"]);
        return {
          key: "exposure",
          text: `exposure: { category: ${category}, direction: ${direction}, minPercent: ${r.pick([1, 5, 10, 15, 20, 25, 50])} }`,
          slug: `${direction}-${category.replaceAll("_", "-")}`,
        };
      }
    }
  }
  switch (r.int(0, 3)) {
    case 0: return { key: "riskLevel", text: `riskLevel: { atLeast: ${r.pick(["medium", "high", "severe"])} }`, slug: "risk-level" };
    case 1: {
      const category = fresh(CATEGORIES_B);
      return { key: "entity", text: `entity: { category: ${category} }`, slug: `${category.replaceAll("_", "-")}-entity` };
    }
    default: {
      const category = fresh(CATEGORIES_B);
      const riskType = r.pick(["ownership", "counterparty", "indirect"]);
      return {
        key: "indicator",
        text: `indicator: { category: ${category}, riskType: ${riskType}, minVolumeUsd: ${r.pick([0, 100, 500, 1000, 5000, 10000])} }`,
        slug: `${category.replaceAll("_", "-")}-${riskType}`,
      };
    }
  }
}

/** A `when` of 1-2 plain conditions, or (schemaVersion 2) an anyOf of 2-4 alternatives. */
function whenBlock(r, vendor, schemaVersion, used) {
  const lines = [];
  let slug;
  if (schemaVersion === 2 && r.chance(0.35)) {
    const keyOf = vendor === VENDORS[0] ? "cluster" : "entity";
    const categories = r.sample(vendor === VENDORS[0] ? CATEGORIES_A : CATEGORIES_B, r.int(2, 4));
    if (r.chance(0.3)) {
      const extra = vendor === VENDORS[0] ? `riskScore: { gte: ${r.pick([3, 4, 5])} }` : `riskLevel: { atLeast: ${r.pick(["medium", "high"])} }`;
      lines.push(`        ${extra}`);
    }
    lines.push("        anyOf:");
    for (const category of categories) lines.push(`          - ${keyOf}: { category: ${category} }`);
    slug = `${keyOf}-${categories[0].replaceAll("_", "-")}-or-${categories.length - 1}-more`;
  } else {
    const first = condition(r, vendor, used);
    lines.push(`        ${first.text}`);
    slug = first.slug;
    if (r.chance(0.25)) {
      const second = condition(r, vendor, used);
      if (second.key !== first.key) {
        lines.push(`        ${second.text}`);
        slug += `-with-${second.key.toLowerCase()}`;
      }
    }
  }
  return { lines, slug };
}

/** ALLOW rules always name an attribution (cluster/entity), so none is a catch-all. */
function allowWhen(r, vendor) {
  if (vendor === VENDORS[0]) {
    const category = r.pick(["gambling", "high_risk_exchange", "no_kyc_exchange"]);
    return { lines: [`        cluster: { category: ${category} }`, `        riskScore: { lte: ${r.pick([1, 2, 3])} }`], slug: `low-risk-${category.replaceAll("_", "-")}` };
  }
  const category = r.pick(["gambling", "high_risk_exchange", "unlicensed_exchange"]);
  return { lines: [`        entity: { category: ${category} }`], slug: `licensed-${category.replaceAll("_", "-")}` };
}

function policyText(r, env, kind, vendor, scope, schemaVersion) {
  const vendorA = vendor === VENDORS[0];
  const out = [];
  out.push(`# yaml-language-server: $schema=../../../schemas/policy-${vendor}-v${schemaVersion}.schema.json`);
  out.push("#");
  out.push(`# ${vendorA ? "vendorA wallet" : "vendorB address"} screening ${scope === "SIGN_IN" ? "at sign-in" : "of transfer counterparties"}, ${env.toUpperCase()} (${kind}).`);
  out.push(`# Owner: Compliance Engineering. Last review: 2026-${String(r.int(1, 12)).padStart(2, "0")} quarterly policy review (COMP-${r.int(1000, 9999)}).`);
  if (kind === "live") out.push("# Changes need a second approver from Compliance (CODEOWNERS).");
  out.push("#");
  out.push("# Not in this file, on purpose: the floor that runs under every screen is");
  out.push("# generated by the service; when no rule below matches, the service allows.");
  out.push(`providerType: ${vendor}`);
  out.push(`scope: ${scope}`);
  out.push(`schemaVersion: ${schemaVersion}`);
  out.push(`enabled: ${r.chance(0.92) ? "true" : "false"}`);
  out.push("rules:");
  out.push("  preScreen:");
  const chains = CHAINS.filter((chain) => r.chance(chain === "EVM" ? 0.95 : 0.45));
  if (chains.length === 0) chains.push("EVM");
  out.push(`    chains: [${chains.join(", ")}]`);
  if (scope === "TRANSACTION") {
    out.push(`    minAmountUsd: ${r.pick([0, 50, 100, 250, 500, 1000])}${r.chance(0.5) ? " # below it the vendor is not called" : ""}`);
    out.push("    # Tokens by (chain, networkId, contractAddress), as in the token catalog.");
    out.push("    tokens:");
    for (const token of r.sample(TOKENS, r.int(2, 5))) {
      const address = token.chain === "EVM" ? `"${token.contractAddress}"` : token.contractAddress;
      out.push(`      - chain: ${token.chain} # ${token.label}`);
      out.push(`        networkId: ${token.networkId}`);
      out.push(`        contractAddress: ${address}`);
    }
  }
  if (vendorA) {
    if (r.chance(0.85)) out.push(`    exposureDepth: ${r.int(1, 5)}${r.chance(0.4) ? " # hops of indirect exposure" : ""}`);
  } else if (r.chance(0.85)) {
    out.push(`    includeIndirect: ${r.chance(0.5) ? "true" : "false"}`);
  }
  out.push("  postScreen:");
  const ruleCount = r.int(5, 8);
  const ids = new Set();
  const used = new Set();
  const whens = new Set();
  const catchAllLast = r.chance(0.2);
  // A rule below a weaker one that covers it is a shadowed-rule error (policy-language.md 5.3): the actions
  // only ever weaken down the list, so an earlier rule that covers a later one is at least as strict.
  let weakest = "BLOCK";
  for (let i = 0; i < ruleCount; i++) {
    const last = i === ruleCount - 1;
    let action;
    let when;
    if (last && catchAllLast) {
      action = "ALERT";
      when = vendorA ? { lines: ["        riskScore: { gte: 0 }"], slug: "everything-else" } : { lines: ["        riskLevel: { atLeast: low }"], slug: "everything-else" };
    } else {
      // A `when` equal to an earlier one would be unreachable (a warning): draw again.
      for (let attempt = 0; attempt < 50 && (!when || whens.has(when.lines.join("\n"))); attempt++) {
        action = i < 2 ? "BLOCK" : r.pick(["BLOCK", "ALERT", "ALERT", "ALLOW"]);
        if (STRICTNESS[action] > STRICTNESS[weakest]) action = weakest;
        when = action === "ALLOW" ? allowWhen(r, vendor) : whenBlock(r, vendor, schemaVersion, used);
      }
      if (whens.has(when.lines.join("\n"))) continue;
    }
    whens.add(when.lines.join("\n"));
    if (STRICTNESS[action] < STRICTNESS[weakest]) weakest = action;
    let id = `${action.toLowerCase()}-${when.slug}`.slice(0, 60).replace(/-+$/, "");
    for (let n = 2; ids.has(id); n++) id = `${id.replace(/-\d+$/, "")}-${n}`;
    ids.add(id);
    if (ids.size > 1) out.push("");
    out.push(`    - id: ${id}`);
    const roll = r.next();
    if (roll < 0.55) out.push(`      description: ${r.pick(REASONS)}`);
    else if (roll < 0.8) {
      out.push("      description: >-");
      for (const reason of r.sample(REASONS, 2)) out.push(`        ${reason}`);
    }
    out.push("      when:");
    out.push(...when.lines);
    out.push(`      action: ${action}`);
  }
  return `${out.join("\n")}\n`;
}

/**
 * The one line bench/run.js prints (then exits 2) instead of throughput figures
 * when the corpus does not lint clean: a finding in every run would measure the
 * cost of reporting it, and the corpus is meant to be what a healthy repository holds.
 * Undefined when `diagnostics` (a lint's, with file, line, code) is empty.
 */
export function uncleanCorpusLine(diagnostics) {
  if (diagnostics.length === 0) return undefined;
  const codes = [...new Set(diagnostics.map((d) => d.code))].sort().join(", ");
  const first = diagnostics[0];
  return `bench: the corpus is not lint-clean (${diagnostics.length} finding${diagnostics.length === 1 ? "" : "s"}: ${codes}; first ${first.file}:${first.line} ${first.code}); not reporting throughput: fix bench/corpus.js and regenerate (--regen)`;
}

/**
 * Writes the corpus unless `dir` already holds one made with the same parameters.
 * Returns the list of files (absolute paths, sorted), the config path and the
 * (vendor, schemaVersion) groups.
 */
export function ensureCorpus({ dir, count = 5000, seed = 20261101, force = false }) {
  const stampFile = join(dir, "corpus.json");
  const stamp = { generator: GENERATOR_VERSION, count, seed };
  let manifest;
  if (!force) {
    try {
      manifest = JSON.parse(readFileSync(stampFile, "utf8"));
      if (JSON.stringify(manifest.stamp) !== JSON.stringify(stamp)) manifest = undefined;
    } catch {
      manifest = undefined;
    }
  }
  if (manifest) return { ...manifest, dir, generated: false };

  rmSync(dir, { recursive: true, force: true });
  const r = rng(seed);
  const envCount = Math.ceil(count / (VENDORS.length * SCOPES.length));
  const config = [
    "# Benchmark corpus: generated by bench/corpus.js, do not edit.",
    "baseUrl: http://127.0.0.1:4010/api/v0",
    "environments:",
  ];
  const files = [];
  const groups = {};
  let bytes = 0;
  for (let e = 0; e < envCount && files.length < count; e++) {
    const env = envName(e);
    const kind = e % 4 === 3 ? "live" : "sandbox";
    config.push(`  ${env}:`, `    id: ${uuid(r)}`, `    kind: ${kind}`);
    for (const vendor of VENDORS) {
      for (const scope of SCOPES) {
        if (files.length >= count) break;
        const schemaVersion = r.chance(0.5) ? 2 : 1;
        const relative = `policies/${env}/${vendor}/${scope}.yaml`;
        const text = policyText(r, env, kind, vendor, scope, schemaVersion);
        const path = join(dir, relative);
        mkdirSync(dirname(path), { recursive: true });
        writeFileSync(path, text);
        bytes += Buffer.byteLength(text);
        files.push(relative);
        (groups[`${vendor}-v${schemaVersion}`] ??= []).push(relative);
      }
    }
  }
  config.push("paths:", "  policies: policies", "  webhooks: webhooks", "  catalog: catalog");
  writeFileSync(join(dir, "screenpol.config.yaml"), `${config.join("\n")}\n`);
  manifest = { stamp, files, groups, bytes, environments: envCount };
  writeFileSync(stampFile, JSON.stringify(manifest));
  return { ...manifest, dir, generated: true };
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const arg = (name, fallback) => {
    const index = process.argv.indexOf(`--${name}`);
    return index > 0 ? process.argv[index + 1] : fallback;
  };
  const here = dirname(fileURLToPath(import.meta.url));
  const corpus = ensureCorpus({
    dir: resolve(arg("dir", join(here, ".corpus"))),
    count: Number(arg("count", 5000)),
    seed: Number(arg("seed", 20261101)),
    force: true,
  });
  console.log(`${corpus.files.length} policies, ${corpus.environments} environments, ${(corpus.bytes / 1024 / 1024).toFixed(1)} MiB in ${corpus.dir}`);
}
