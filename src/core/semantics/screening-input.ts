/**
 * A screening as read from a test case, a `decide` file or a replay line
 * (semantics.md section 1): its vendor's JSON Schema, then what a schema cannot
 * say. Every problem is a finding at its document path, never a silent default:
 * a signal or category of the other vendor names the vendor it belongs to.
 */
import type { Finding } from "../checks/check.js";
import { isRecord } from "../config.js";
import type { DocPath } from "../diagnostic.js";
import type { SchemaName } from "../generated/schemas.js";
import { validateWithSchema } from "../validate.js";
import { CATEGORIES, EQUIVALENTS, otherVendor, VENDORS, type Scope, type Vendor } from "../vendors.js";
import type { Screening } from "./signals.js";

/** The signals each vendor returns (semantics.md section 1). */
export const SIGNAL_KEYS: Record<Vendor, readonly string[]> = {
  vendorAWalletScreening: ["riskScore", "exposures", "cluster"],
  vendorBAddressScreening: ["riskLevel", "indicators", "entity"],
};

const SIGNAL_EQUIVALENTS: Readonly<Record<string, string>> = {
  riskScore: "riskLevel",
  riskLevel: "riskScore",
  exposures: "indicators",
  indicators: "exposures",
  cluster: "entity",
  entity: "cluster",
};

export function screeningSchemaName(vendor: Vendor): SchemaName {
  return `screening-${vendor}` as SchemaName;
}

/** The signals whose value is a category: the vendor's list (CATEGORIES), which a vendor may grow before the schema does. */
export type CategorySignal = "exposure" | "cluster" | "indicator" | "entity";

/** A category the vendor's list does not have, met in a screening. */
export interface UnknownValue {
  signal: CategorySignal;
  value: string;
}

export type ScreeningReading = { ok: true; screening: Screening; unknownValues?: UnknownValue[] } | { ok: false; findings: Finding[] };

export interface ScreeningReadOptions {
  /**
   * `accept`: a category not in the vendor's list is no finding but an
   * unknown value of the reading, and the screening is decided as it is (no
   * rule can name such a category, so none that names a category matches it;
   * semantics.md section 4). Replay's default, for an export recorded after
   * the vendor added a category. `refuse` (the default): a finding.
   */
  unknownCategories?: "accept" | "refuse";
}

/** A vendor's category is a short identifier (the longest listed has 22 characters); a longer string is no category it added. */
const MAX_UNKNOWN_CATEGORY_LENGTH = 64;

/** Where a category sits in a screening: `signals.exposures[i].category` or `signals.cluster.category`, and vendorB's alike. */
const CATEGORY_SIGNALS: Readonly<Record<string, CategorySignal>> = { exposures: "exposure", cluster: "cluster", indicators: "indicator", entity: "entity" };

/**
 * Reads one screening for a policy of `vendor` and `scope`. Paths in findings
 * are relative to the screening; `at` prefixes them (a test case's
 * `["cases", 3, "screening"]`).
 */
export function readScreening(data: unknown, vendor: Vendor, scope: Scope, at: DocPath = [], options: ScreeningReadOptions = {}): ScreeningReading {
  let findings = validateWithSchema(screeningSchemaName(vendor), data);
  let unknownValues: UnknownValue[] | undefined;
  if (options.unknownCategories === "accept" && findings.length > 0) {
    const refused: Finding[] = [];
    for (const finding of findings) {
      const unknown = unknownCategoryAt(finding, data, vendor);
      if (unknown === undefined) refused.push(finding);
      else if (!unknownValues?.some((seen) => seen.signal === unknown.signal && seen.value === unknown.value)) (unknownValues ??= []).push(unknown);
    }
    findings = refused;
  }
  findings = findings.map((finding) => explainOtherVendor(finding, data, vendor));
  if (isRecord(data)) {
    if (Object.hasOwn(data, "scope") && typeof data.scope === "string" && data.scope !== scope && (data.scope === "SIGN_IN" || data.scope === "TRANSACTION")) {
      findings.push({ code: "schema", path: ["scope"], message: `scope ${data.scope} does not match the ${scope} policy it is decided against`, target: "value" });
    }
    if (scope === "SIGN_IN" && Object.hasOwn(data, "transfer")) {
      findings.push({ code: "scope-field", path: ["transfer"], message: "a SIGN_IN screening has no transfer: there is no amount or token at sign-in", target: "key" });
    }
  }
  if (findings.length > 0) return { ok: false, findings: at.length === 0 ? findings : findings.map((finding) => ({ ...finding, path: [...at, ...finding.path] })) };
  return unknownValues ? { ok: true, screening: data as Screening, unknownValues } : { ok: true, screening: data as Screening };
}

/**
 * The unknown category a finding is about, if it is one: at a category's
 * place, a string the vendor's list does not have (a string there fails only
 * the list, so nothing else about the screening is overlooked).
 */
function unknownCategoryAt(finding: Finding, data: unknown, vendor: Vendor): UnknownValue | undefined {
  const path = finding.path;
  if (path[0] !== "signals" || path.at(-1) !== "category") return undefined;
  const signal = Object.hasOwn(CATEGORY_SIGNALS, String(path[1])) ? CATEGORY_SIGNALS[String(path[1])] : undefined;
  const listed = path[1] === "exposures" || path[1] === "indicators";
  if (signal === undefined || path.length !== (listed ? 4 : 3) || (listed && typeof path[2] !== "number")) return undefined;
  const value = valueAt(data, path);
  if (typeof value !== "string" || value.length === 0 || value.length > MAX_UNKNOWN_CATEGORY_LENGTH || CATEGORIES[vendor].includes(value)) return undefined;
  return { signal, value };
}

/**
 * What a screening says of the policy it is decided against, for a `decide`
 * without `--vendor` or `--scope` (docs/semantics.md, "decide"): the scope is
 * its `scope` member, or TRANSACTION when it has a transfer (a SIGN_IN
 * screening has none); the vendor is the one whose signals it names, when it
 * names one vendor's only. Each with where it was read, for the line that
 * says so.
 */
export interface ScreeningTarget {
  vendor?: { value: Vendor; from: string };
  scope?: { value: Scope; from: string };
}

export function screeningTarget(data: unknown): ScreeningTarget {
  if (!isRecord(data)) return {};
  const target: ScreeningTarget = {};
  if (data.scope === "SIGN_IN" || data.scope === "TRANSACTION") target.scope = { value: data.scope, from: "its scope" };
  else if (!Object.hasOwn(data, "scope") && Object.hasOwn(data, "transfer")) target.scope = { value: "TRANSACTION", from: "its transfer" };
  const names = isRecord(data.signals) ? Object.keys(data.signals) : [];
  const vendors = VENDORS.filter((vendor) => names.some((name) => SIGNAL_KEYS[vendor].includes(name)));
  if (vendors.length === 1) target.vendor = { value: vendors[0]!, from: "its signals" };
  return target;
}

/** An unknown signal or category that is the other vendor's says so, with this vendor's word for it. */
function explainOtherVendor(finding: Finding, data: unknown, vendor: Vendor): Finding {
  const other = otherVendor(vendor);
  const path = finding.path;
  const last = path.at(-1);
  if (path.length === 2 && path[0] === "signals" && typeof last === "string" && SIGNAL_KEYS[other].includes(last) && finding.target === "key") {
    const equivalent = SIGNAL_EQUIVALENTS[last];
    return {
      code: "cross-vendor-field",
      path,
      target: "key",
      message: `${last} is a signal of ${other}, not of ${vendor}${equivalent ? `; ${vendor} returns ${equivalent}` : ""}`,
    };
  }
  if (last === "category" && path[0] === "signals") {
    const value = valueAt(data, path);
    if (typeof value === "string" && CATEGORIES[other].includes(value) && !CATEGORIES[vendor].includes(value)) {
      const equivalent = EQUIVALENTS[value];
      return {
        code: "cross-vendor-field",
        path,
        target: "value",
        message: `${value} is a category of ${other}, not of ${vendor}${equivalent && CATEGORIES[vendor].includes(equivalent) ? `; ${vendor} calls it ${equivalent}` : ""}`,
      };
    }
  }
  return finding;
}

function valueAt(data: unknown, path: DocPath): unknown {
  let node = data;
  for (const segment of path) {
    if (Array.isArray(node) && typeof segment === "number") node = node[segment];
    else if (isRecord(node) && typeof segment === "string" && Object.hasOwn(node, segment)) node = node[segment];
    else return undefined;
  }
  return node;
}
