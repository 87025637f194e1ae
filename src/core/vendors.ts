/**
 * The fixed vocabulary of admin-api.md (ScreeningPolicy) and policy-language.md:
 * vendors, scopes, and what each vendor's rule language owns. The JSON Schemas
 * carry the structure; this carries the knowledge the checks need to explain a
 * mistake (which vendor a field belongs to, and what this vendor calls it).
 */

export const VENDORS = ["vendorAWalletScreening", "vendorBAddressScreening"] as const;
export type Vendor = (typeof VENDORS)[number];

export const SCOPES = ["SIGN_IN", "TRANSACTION"] as const;
export type Scope = (typeof SCOPES)[number];

export const SCHEMA_VERSIONS = [1, 2] as const;
export type SchemaVersion = (typeof SCHEMA_VERSIONS)[number];

export const ACTIONS = ["BLOCK", "ALERT", "ALLOW"] as const;
export type Action = (typeof ACTIONS)[number];

export function isVendor(value: unknown): value is Vendor {
  return typeof value === "string" && (VENDORS as readonly string[]).includes(value);
}

export function isScope(value: unknown): value is Scope {
  return typeof value === "string" && (SCOPES as readonly string[]).includes(value);
}

export function isSchemaVersion(value: unknown): value is SchemaVersion {
  return value === 1 || value === 2;
}

export function otherVendor(vendor: Vendor): Vendor {
  return vendor === "vendorAWalletScreening" ? "vendorBAddressScreening" : "vendorAWalletScreening";
}

/** Category list A and list B of policy-language.md section 4. */
export const CATEGORIES: Record<Vendor, readonly string[]> = {
  vendorAWalletScreening: [
    "darknet_market", "mixer", "ransomware", "scam", "stolen_funds", "terrorist_financing",
    "child_abuse_material", "fraud_shop", "gambling", "high_risk_exchange", "no_kyc_exchange",
    "privacy_wallet", "illicit_actor_org",
  ],
  vendorBAddressScreening: [
    "darknet", "mixing_service", "ransomware", "scam", "theft", "terrorism_financing", "csam",
    "gambling", "high_risk_exchange", "unlicensed_exchange", "malware", "extortion", "privacy_protocol",
  ],
};

/** Condition keys of `when`, per vendor (section 4). */
export const CONDITION_KEYS: Record<Vendor, readonly string[]> = {
  vendorAWalletScreening: ["riskScore", "exposure", "cluster"],
  vendorBAddressScreening: ["riskLevel", "indicator", "entity"],
};

/** preScreen keys that only one vendor has (section 3). */
export const PRESCREEN_ONLY_KEYS: Record<Vendor, readonly string[]> = {
  vendorAWalletScreening: ["exposureDepth"],
  vendorBAddressScreening: ["includeIndirect"],
};

/**
 * Field and value equivalents across vendors, both directions, so a message can
 * say "use riskScore". Only where the meaning really corresponds.
 */
export const EQUIVALENTS: Readonly<Record<string, string>> = {
  riskScore: "riskLevel",
  riskLevel: "riskScore",
  exposure: "indicator",
  indicator: "exposure",
  cluster: "entity",
  entity: "cluster",
  exposureDepth: "includeIndirect",
  includeIndirect: "exposureDepth",
  // condition members
  direction: "riskType",
  riskType: "direction",
  minPercent: "minVolumeUsd",
  minVolumeUsd: "minPercent",
  gte: "atLeast",
  atLeast: "gte",
  // categories
  darknet_market: "darknet",
  darknet: "darknet_market",
  mixer: "mixing_service",
  mixing_service: "mixer",
  stolen_funds: "theft",
  theft: "stolen_funds",
  terrorist_financing: "terrorism_financing",
  terrorism_financing: "terrorist_financing",
  child_abuse_material: "csam",
  csam: "child_abuse_material",
  no_kyc_exchange: "unlicensed_exchange",
  unlicensed_exchange: "no_kyc_exchange",
  privacy_wallet: "privacy_protocol",
  privacy_protocol: "privacy_wallet",
};
