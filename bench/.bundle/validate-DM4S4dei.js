import { createRequire } from "node:module";
// dist/core/vendors.js
/**
* The fixed vocabulary of admin-api.md (ScreeningPolicy) and policy-language.md:
* vendors, scopes, and what each vendor's rule language owns. The JSON Schemas
* carry the structure; this carries the knowledge the checks need to explain a
* mistake (which vendor a field belongs to, and what this vendor calls it).
*/
const VENDORS = ["vendorAWalletScreening", "vendorBAddressScreening"];
const SCOPES = ["SIGN_IN", "TRANSACTION"];
const SCHEMA_VERSIONS = [1, 2];
function isVendor(value) {
	return typeof value === "string" && VENDORS.includes(value);
}
function isScope(value) {
	return typeof value === "string" && SCOPES.includes(value);
}
function isSchemaVersion(value) {
	return value === 1 || value === 2;
}
function otherVendor(vendor) {
	return vendor === "vendorAWalletScreening" ? "vendorBAddressScreening" : "vendorAWalletScreening";
}
/** Category list A and list B of policy-language.md section 4. */
const CATEGORIES = {
	vendorAWalletScreening: [
		"darknet_market",
		"mixer",
		"ransomware",
		"scam",
		"stolen_funds",
		"terrorist_financing",
		"child_abuse_material",
		"fraud_shop",
		"gambling",
		"high_risk_exchange",
		"no_kyc_exchange",
		"privacy_wallet",
		"illicit_actor_org"
	],
	vendorBAddressScreening: [
		"darknet",
		"mixing_service",
		"ransomware",
		"scam",
		"theft",
		"terrorism_financing",
		"csam",
		"gambling",
		"high_risk_exchange",
		"unlicensed_exchange",
		"malware",
		"extortion",
		"privacy_protocol"
	]
};
/** Condition keys of `when`, per vendor (section 4). */
const CONDITION_KEYS = {
	vendorAWalletScreening: [
		"riskScore",
		"exposure",
		"cluster"
	],
	vendorBAddressScreening: [
		"riskLevel",
		"indicator",
		"entity"
	]
};
/** preScreen keys that only one vendor has (section 3). */
const PRESCREEN_ONLY_KEYS = {
	vendorAWalletScreening: ["exposureDepth"],
	vendorBAddressScreening: ["includeIndirect"]
};
/**
* Field and value equivalents across vendors, both directions, so a message can
* say "use riskScore". Only where the meaning really corresponds.
*/
const EQUIVALENTS = {
	riskScore: "riskLevel",
	riskLevel: "riskScore",
	exposure: "indicator",
	indicator: "exposure",
	cluster: "entity",
	entity: "cluster",
	exposureDepth: "includeIndirect",
	includeIndirect: "exposureDepth",
	direction: "riskType",
	riskType: "direction",
	minPercent: "minVolumeUsd",
	minVolumeUsd: "minPercent",
	gte: "atLeast",
	atLeast: "gte",
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
	privacy_protocol: "privacy_wallet"
};
// dist/core/generated/schemas.js
const SCHEMAS = {
	"addresses": {
		"$schema": "http://json-schema.org/draft-07/schema#",
		"$id": "https://screenpol.dev/schemas/addresses.schema.json",
		"title": "Screening address entries",
		"description": "Per-address exceptions of one (environment, vendor) pair: policies/<environment>/<providerType>/addresses.yaml. Entries belong to the environment and vendor, not to a policy; each applies to ALL scopes or to one. The sanctions floor still applies to an ALLOW entry.",
		"type": "object",
		"additionalProperties": false,
		"required": ["providerType", "entries"],
		"properties": {
			"providerType": {
				"type": "string",
				"enum": ["vendorAWalletScreening", "vendorBAddressScreening"],
				"description": "Screening vendor the entries belong to: vendorAWalletScreening, vendorBAddressScreening. Must equal the folder name."
			},
			"entries": {
				"type": "array",
				"items": { "$ref": "#/definitions/entry" },
				"description": "The address entries; an (address, chain) pair may appear only once."
			}
		},
		"definitions": {
			"chain": {
				"type": "string",
				"pattern": "^[A-Z][A-Z0-9_]{1,15}$",
				"description": "Chain family name: an upper-case identifier of 2 to 16 characters (letters, digits, underscore), for example EVM, SOL or BTC.",
				"examples": [
					"EVM",
					"SOL",
					"BTC"
				]
			},
			"entry": {
				"type": "object",
				"title": "Address entry",
				"description": "One address that is always allowed or always blocked for this vendor, before its postScreen rules.",
				"additionalProperties": false,
				"required": [
					"address",
					"chain",
					"action",
					"scope",
					"reason"
				],
				"properties": {
					"address": {
						"type": "string",
						"minLength": 1,
						"description": "The address, in the format of its chain: EVM 0x + 40 hex digits (all lowercase or a valid EIP-55 checksum; quote it in YAML), SOL base58 of 32 to 44 characters, BTC bech32 bc1... or base58 1.../3....",
						"examples": ["0x52908400098527886E0F7030069857D2E4169EE7"]
					},
					"chain": { "$ref": "#/definitions/chain" },
					"action": {
						"type": "string",
						"enum": ["ALLOW", "BLOCK"],
						"description": "ALLOW: the vendor's signals are not applied to this address (the sanctions floor still is). BLOCK: the address is always refused."
					},
					"scope": {
						"type": "string",
						"enum": [
							"ALL",
							"SIGN_IN",
							"TRANSACTION"
						],
						"description": "Where the entry applies: ALL (both scopes), SIGN_IN or TRANSACTION. It counts in addressEntryCount of the policies it applies to."
					},
					"reason": {
						"type": "string",
						"minLength": 1,
						"maxLength": 500,
						"description": "Why the exception exists, for auditors: who reviewed it and when, ticket reference. Required, 1 to 500 characters."
					},
					"expiresAt": {
						"type": "string",
						"pattern": "^\\d{4}-\\d{2}-\\d{2}([Tt ]\\d{2}:\\d{2}(:\\d{2}(\\.\\d+)?)?([Zz]|[+-]\\d{2}:?\\d{2})?)?$",
						"description": "Optional end of the exception, an ISO 8601 date or date-time (2027-10-01 or 2027-10-01T00:00:00Z). After it the entry no longer applies and the linter warns.",
						"examples": ["2027-10-01T00:00:00Z"]
					}
				}
			}
		}
	},
	"config": {
		"$schema": "http://json-schema.org/draft-07/schema#",
		"$id": "https://screenpol.dev/schemas/config.schema.json",
		"title": "screenpol configuration",
		"description": "screenpol.config.yaml at the repository root: the environments, the admin API base URL and where the files live. The API token is never written here: it comes from SCREENPOL_API_TOKEN or --token-file.",
		"type": "object",
		"additionalProperties": false,
		"required": ["environments"],
		"properties": {
			"baseUrl": {
				"type": "string",
				"pattern": "^https?://",
				"default": "http://127.0.0.1:4010/api/v0",
				"description": "Base URL of the admin API, including the /api/v0 prefix. Default http://127.0.0.1:4010/api/v0 (the local emulator). http:// is only accepted for a loopback host: the token would otherwise cross the network in clear.",
				"examples": ["http://127.0.0.1:4010/api/v0"]
			},
			"environments": {
				"type": "object",
				"minProperties": 1,
				"propertyNames": {
					"type": "string",
					"pattern": "^[a-z][a-z0-9-]{0,31}$"
				},
				"additionalProperties": { "$ref": "#/definitions/environment" },
				"description": "Environments by name (lowercase letter, then lowercase letters, digits and hyphens, at most 32 characters). The name is the folder under policies/ and the file under webhooks/. At least one."
			},
			"paths": {
				"type": "object",
				"additionalProperties": false,
				"description": "Where the files live, relative to this file. Each defaults to its own name.",
				"properties": {
					"policies": {
						"type": "string",
						"minLength": 1,
						"default": "policies",
						"description": "Folder of policies/<environment>/<providerType>/<scope>.yaml and addresses.yaml. Default policies."
					},
					"webhooks": {
						"type": "string",
						"minLength": 1,
						"default": "webhooks",
						"description": "Folder of <environment>.yaml webhook files. Default webhooks."
					},
					"catalog": {
						"type": "string",
						"minLength": 1,
						"default": "catalog",
						"description": "Folder of the token catalog snapshot (tokens.json, tokens.meta.json). Default catalog."
					}
				}
			}
		},
		"definitions": { "environment": {
			"type": "object",
			"title": "Environment",
			"description": "One environment of the project.",
			"additionalProperties": false,
			"required": ["id", "kind"],
			"properties": {
				"id": {
					"type": "string",
					"pattern": "^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$",
					"description": "Environment id: a lowercase UUID (8-4-4-4-12 hex digits), from the dashboard.",
					"examples": ["3f0c2a9e-8b1d-4c7a-9e2f-5a6b7c8d9e01"]
				},
				"kind": {
					"type": "string",
					"enum": ["sandbox", "live"],
					"description": "sandbox or live. Pushing to a live environment needs --yes or an interactive confirmation."
				}
			}
		} }
	},
	"policy-vendorAWalletScreening-v1": {
		"$schema": "http://json-schema.org/draft-07/schema#",
		"$id": "https://screenpol.dev/schemas/policy-vendorAWalletScreening-v1.schema.json",
		"title": "vendorAWalletScreening screening policy, schemaVersion 1",
		"description": "One vendorAWalletScreening ScreeningPolicy of one environment and scope (policies/<environment>/vendorAWalletScreening/<SIGN_IN|TRANSACTION>.yaml), rule language schemaVersion 1. The sanctions floor and the terminal ALLOW are generated by the service and cannot be written here; revision, addressEntryCount and updatedAt are managed by the server.",
		"type": "object",
		"additionalProperties": false,
		"required": [
			"providerType",
			"scope",
			"schemaVersion",
			"enabled",
			"rules"
		],
		"properties": {
			"providerType": {
				"type": "string",
				"const": "vendorAWalletScreening",
				"description": "Screening vendor of the policy: vendorAWalletScreening for this schema. Must equal the folder name."
			},
			"scope": {
				"type": "string",
				"enum": ["SIGN_IN", "TRANSACTION"],
				"description": "When the policy screens: SIGN_IN (the address of a user signing in) or TRANSACTION (the counterparty of a transfer). Must equal the file name. There is no value meaning both."
			},
			"schemaVersion": {
				"type": "integer",
				"const": 1,
				"description": "Version of the rule language that governs rules: 1 for this schema. 1 or 2; 2 adds anyOf in when."
			},
			"enabled": {
				"type": "boolean",
				"description": "true: the policy screens live traffic. false: the vendor is not consulted for this scope (the sanctions floor still applies)."
			},
			"rules": {
				"type": "object",
				"description": "The customer rules in the vendorAWalletScreening rule schema: preScreen (how the vendor is asked) and postScreen (ordered rules mapping its signals to BLOCK, ALERT or ALLOW).",
				"additionalProperties": false,
				"required": ["preScreen", "postScreen"],
				"properties": {
					"preScreen": { "$ref": "#/definitions/preScreen" },
					"postScreen": {
						"type": "array",
						"items": { "$ref": "#/definitions/rule" },
						"description": "Ordered list of rules; the first rule whose when matches decides. When none matches, the service allows (the terminal ALLOW is generated, never written here)."
					}
				}
			}
		},
		"definitions": {
			"chain": {
				"type": "string",
				"pattern": "^[A-Z][A-Z0-9_]{1,15}$",
				"description": "Chain family name: an upper-case identifier of 2 to 16 characters (letters, digits, underscore), for example EVM, SOL or BTC.",
				"examples": [
					"EVM",
					"SOL",
					"BTC"
				]
			},
			"tokenRef": {
				"type": "object",
				"title": "Token reference",
				"description": "One token whose transfers are sent to the vendor, identified by chain, network and contract address (never by symbol: a `symbol` key is rejected). When a catalog snapshot exists the reference must be in it.",
				"additionalProperties": false,
				"required": [
					"chain",
					"networkId",
					"contractAddress"
				],
				"properties": {
					"chain": { "$ref": "#/definitions/chain" },
					"networkId": {
						"type": "integer",
						"minimum": 0,
						"description": "Network identifier within the chain family, as in the token catalog: the EVM chain id (1 Ethereum, 137 Polygon, 8453 Base) or the catalog's network id for other families (101 Solana mainnet).",
						"examples": [
							1,
							137,
							8453,
							101
						]
					},
					"contractAddress": {
						"type": "string",
						"minLength": 1,
						"description": "Contract (EVM) or mint (SOL) address of the token, exactly as in the token catalog. Quote EVM addresses in YAML so that 0x... is not read as a number.",
						"examples": ["0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48"]
					}
				}
			},
			"preScreen": {
				"type": "object",
				"title": "preScreen",
				"description": "How vendorAWalletScreening is asked: which chains, which tokens and amounts (TRANSACTION only), and how many hops of exposure to analyse. Fields: chains, minAmountUsd, tokens, exposureDepth.",
				"additionalProperties": false,
				"properties": {
					"chains": {
						"type": "array",
						"minItems": 1,
						"uniqueItems": true,
						"items": { "$ref": "#/definitions/chain" },
						"description": "Chain families sent to the vendor for screening, for example [EVM, SOL, BTC]. Non-empty and without repeats; leave the key out to screen all chains."
					},
					"minAmountUsd": {
						"type": "number",
						"minimum": 0,
						"description": "TRANSACTION policies only: transfers below this USD amount are not sent to the vendor (the sanctions floor still runs on every screen). A number >= 0. Not allowed in a SIGN_IN policy: there is no amount at sign-in.",
						"examples": [
							0,
							100,
							1e3
						]
					},
					"tokens": {
						"type": "array",
						"minItems": 1,
						"uniqueItems": true,
						"items": { "$ref": "#/definitions/tokenRef" },
						"description": "TRANSACTION policies only: the tokens whose transfers are sent to the vendor, each as {chain, networkId, contractAddress}. Non-empty. Not allowed in a SIGN_IN policy: there is no token at sign-in."
					},
					"exposureDepth": {
						"type": "integer",
						"minimum": 1,
						"maximum": 5,
						"description": "vendorAWalletScreening only: how many hops of indirect exposure the vendor analyses, an integer from 1 (direct counterparties only) to 5. Deeper finds more indirect exposure and more false positives. (vendorBAddressScreening uses includeIndirect instead.)",
						"examples": [2, 3]
					}
				}
			},
			"category": {
				"type": "string",
				"enum": [
					"darknet_market",
					"mixer",
					"ransomware",
					"scam",
					"stolen_funds",
					"terrorist_financing",
					"child_abuse_material",
					"fraud_shop",
					"gambling",
					"high_risk_exchange",
					"no_kyc_exchange",
					"privacy_wallet",
					"illicit_actor_org"
				],
				"description": "vendorAWalletScreening risk category. One of: darknet_market, mixer, ransomware, scam, stolen_funds, terrorist_financing, child_abuse_material, fraud_shop, gambling, high_risk_exchange, no_kyc_exchange, privacy_wallet, illicit_actor_org."
			},
			"riskScore": {
				"type": "object",
				"title": "riskScore condition",
				"description": "Holds when the vendor's overall risk score of the address (0 = no risk, 10 = highest) is within the bounds: gte and/or lte, at least one of them. {gte: 0} matches every address.",
				"additionalProperties": false,
				"minProperties": 1,
				"properties": {
					"gte": {
						"type": "number",
						"minimum": 0,
						"maximum": 10,
						"description": "Holds when the risk score is greater than or equal to this value, a number from 0 to 10.",
						"examples": [7]
					},
					"lte": {
						"type": "number",
						"minimum": 0,
						"maximum": 10,
						"description": "Holds when the risk score is less than or equal to this value, a number from 0 to 10.",
						"examples": [2]
					}
				}
			},
			"exposure": {
				"type": "object",
				"title": "exposure condition",
				"description": "Holds when at least minPercent of the address's funds are exposed to the category in the given direction. All three fields are required.",
				"additionalProperties": false,
				"required": [
					"category",
					"direction",
					"minPercent"
				],
				"properties": {
					"category": { "$ref": "#/definitions/category" },
					"direction": {
						"type": "string",
						"enum": [
							"direct",
							"indirect",
							"any"
						],
						"description": "Which exposure counts: direct (funds moved straight to or from the category), indirect (through intermediaries, up to preScreen.exposureDepth hops) or any (either)."
					},
					"minPercent": {
						"type": "number",
						"minimum": 0,
						"maximum": 100,
						"description": "Smallest share of the address's funds, in percent (0 to 100), exposed to the category for the condition to hold. 0 means any exposure at all.",
						"examples": [
							0,
							5,
							25
						]
					}
				}
			},
			"cluster": {
				"type": "object",
				"title": "cluster condition",
				"description": "Holds when the vendor attributes the address itself to a cluster (an identified entity) of this category.",
				"additionalProperties": false,
				"required": ["category"],
				"properties": { "category": { "$ref": "#/definitions/category" } }
			},
			"when": {
				"type": "object",
				"title": "when",
				"description": "Conditions of the rule, all of which must hold (AND). Keys: riskScore, exposure, cluster. An empty when ({}) matches every address: it is only meaningful with BLOCK or ALERT, as the last rule. (anyOf needs schemaVersion 2.)",
				"additionalProperties": false,
				"properties": {
					"riskScore": { "$ref": "#/definitions/riskScore" },
					"exposure": { "$ref": "#/definitions/exposure" },
					"cluster": { "$ref": "#/definitions/cluster" }
				}
			},
			"rule": {
				"type": "object",
				"title": "postScreen rule",
				"description": "One rule: when all its conditions hold, its action decides the screen and later rules are not evaluated.",
				"additionalProperties": false,
				"required": [
					"id",
					"when",
					"action"
				],
				"properties": {
					"id": {
						"type": "string",
						"pattern": "^[a-z0-9][a-z0-9-]{0,63}$",
						"description": "Identifier of the rule, unique in the policy: lowercase letters, digits and hyphens, starting with a letter or digit, at most 64 characters. Shown in audit logs and alerts.",
						"examples": ["block-ransomware-exposure"]
					},
					"description": {
						"type": "string",
						"maxLength": 500,
						"description": "Why the rule exists, for reviewers and auditors: free text, at most 500 characters."
					},
					"when": { "$ref": "#/definitions/when" },
					"action": {
						"type": "string",
						"enum": [
							"BLOCK",
							"ALERT",
							"ALLOW"
						],
						"description": "What happens when the rule matches: BLOCK (refuse the sign-in or transaction), ALERT (let it through and raise an alert for compliance review) or ALLOW (let it through; later rules are skipped). The sanctions floor runs before any rule and cannot be allowed away."
					}
				}
			}
		}
	},
	"policy-vendorAWalletScreening-v2": {
		"$schema": "http://json-schema.org/draft-07/schema#",
		"$id": "https://screenpol.dev/schemas/policy-vendorAWalletScreening-v2.schema.json",
		"title": "vendorAWalletScreening screening policy, schemaVersion 2",
		"description": "One vendorAWalletScreening ScreeningPolicy of one environment and scope (policies/<environment>/vendorAWalletScreening/<SIGN_IN|TRANSACTION>.yaml), rule language schemaVersion 2 (adds anyOf in when). The sanctions floor and the terminal ALLOW are generated by the service and cannot be written here; revision, addressEntryCount and updatedAt are managed by the server.",
		"type": "object",
		"additionalProperties": false,
		"required": [
			"providerType",
			"scope",
			"schemaVersion",
			"enabled",
			"rules"
		],
		"properties": {
			"providerType": {
				"type": "string",
				"const": "vendorAWalletScreening",
				"description": "Screening vendor of the policy: vendorAWalletScreening for this schema. Must equal the folder name."
			},
			"scope": {
				"type": "string",
				"enum": ["SIGN_IN", "TRANSACTION"],
				"description": "When the policy screens: SIGN_IN (the address of a user signing in) or TRANSACTION (the counterparty of a transfer). Must equal the file name. There is no value meaning both."
			},
			"schemaVersion": {
				"type": "integer",
				"const": 2,
				"description": "Version of the rule language that governs rules: 2 for this schema. 1 or 2; 2 adds anyOf in when over 1."
			},
			"enabled": {
				"type": "boolean",
				"description": "true: the policy screens live traffic. false: the vendor is not consulted for this scope (the sanctions floor still applies)."
			},
			"rules": {
				"type": "object",
				"description": "The customer rules in the vendorAWalletScreening rule schema: preScreen (how the vendor is asked) and postScreen (ordered rules mapping its signals to BLOCK, ALERT or ALLOW).",
				"additionalProperties": false,
				"required": ["preScreen", "postScreen"],
				"properties": {
					"preScreen": { "$ref": "#/definitions/preScreen" },
					"postScreen": {
						"type": "array",
						"items": { "$ref": "#/definitions/rule" },
						"description": "Ordered list of rules; the first rule whose when matches decides. When none matches, the service allows (the terminal ALLOW is generated, never written here)."
					}
				}
			}
		},
		"definitions": {
			"chain": {
				"type": "string",
				"pattern": "^[A-Z][A-Z0-9_]{1,15}$",
				"description": "Chain family name: an upper-case identifier of 2 to 16 characters (letters, digits, underscore), for example EVM, SOL or BTC.",
				"examples": [
					"EVM",
					"SOL",
					"BTC"
				]
			},
			"tokenRef": {
				"type": "object",
				"title": "Token reference",
				"description": "One token whose transfers are sent to the vendor, identified by chain, network and contract address (never by symbol: a `symbol` key is rejected). When a catalog snapshot exists the reference must be in it.",
				"additionalProperties": false,
				"required": [
					"chain",
					"networkId",
					"contractAddress"
				],
				"properties": {
					"chain": { "$ref": "#/definitions/chain" },
					"networkId": {
						"type": "integer",
						"minimum": 0,
						"description": "Network identifier within the chain family, as in the token catalog: the EVM chain id (1 Ethereum, 137 Polygon, 8453 Base) or the catalog's network id for other families (101 Solana mainnet).",
						"examples": [
							1,
							137,
							8453,
							101
						]
					},
					"contractAddress": {
						"type": "string",
						"minLength": 1,
						"description": "Contract (EVM) or mint (SOL) address of the token, exactly as in the token catalog. Quote EVM addresses in YAML so that 0x... is not read as a number.",
						"examples": ["0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48"]
					}
				}
			},
			"preScreen": {
				"type": "object",
				"title": "preScreen",
				"description": "How vendorAWalletScreening is asked: which chains, which tokens and amounts (TRANSACTION only), and how many hops of exposure to analyse. Fields: chains, minAmountUsd, tokens, exposureDepth.",
				"additionalProperties": false,
				"properties": {
					"chains": {
						"type": "array",
						"minItems": 1,
						"uniqueItems": true,
						"items": { "$ref": "#/definitions/chain" },
						"description": "Chain families sent to the vendor for screening, for example [EVM, SOL, BTC]. Non-empty and without repeats; leave the key out to screen all chains."
					},
					"minAmountUsd": {
						"type": "number",
						"minimum": 0,
						"description": "TRANSACTION policies only: transfers below this USD amount are not sent to the vendor (the sanctions floor still runs on every screen). A number >= 0. Not allowed in a SIGN_IN policy: there is no amount at sign-in.",
						"examples": [
							0,
							100,
							1e3
						]
					},
					"tokens": {
						"type": "array",
						"minItems": 1,
						"uniqueItems": true,
						"items": { "$ref": "#/definitions/tokenRef" },
						"description": "TRANSACTION policies only: the tokens whose transfers are sent to the vendor, each as {chain, networkId, contractAddress}. Non-empty. Not allowed in a SIGN_IN policy: there is no token at sign-in."
					},
					"exposureDepth": {
						"type": "integer",
						"minimum": 1,
						"maximum": 5,
						"description": "vendorAWalletScreening only: how many hops of indirect exposure the vendor analyses, an integer from 1 (direct counterparties only) to 5. Deeper finds more indirect exposure and more false positives. (vendorBAddressScreening uses includeIndirect instead.)",
						"examples": [2, 3]
					}
				}
			},
			"category": {
				"type": "string",
				"enum": [
					"darknet_market",
					"mixer",
					"ransomware",
					"scam",
					"stolen_funds",
					"terrorist_financing",
					"child_abuse_material",
					"fraud_shop",
					"gambling",
					"high_risk_exchange",
					"no_kyc_exchange",
					"privacy_wallet",
					"illicit_actor_org"
				],
				"description": "vendorAWalletScreening risk category. One of: darknet_market, mixer, ransomware, scam, stolen_funds, terrorist_financing, child_abuse_material, fraud_shop, gambling, high_risk_exchange, no_kyc_exchange, privacy_wallet, illicit_actor_org."
			},
			"riskScore": {
				"type": "object",
				"title": "riskScore condition",
				"description": "Holds when the vendor's overall risk score of the address (0 = no risk, 10 = highest) is within the bounds: gte and/or lte, at least one of them. {gte: 0} matches every address.",
				"additionalProperties": false,
				"minProperties": 1,
				"properties": {
					"gte": {
						"type": "number",
						"minimum": 0,
						"maximum": 10,
						"description": "Holds when the risk score is greater than or equal to this value, a number from 0 to 10.",
						"examples": [7]
					},
					"lte": {
						"type": "number",
						"minimum": 0,
						"maximum": 10,
						"description": "Holds when the risk score is less than or equal to this value, a number from 0 to 10.",
						"examples": [2]
					}
				}
			},
			"exposure": {
				"type": "object",
				"title": "exposure condition",
				"description": "Holds when at least minPercent of the address's funds are exposed to the category in the given direction. All three fields are required.",
				"additionalProperties": false,
				"required": [
					"category",
					"direction",
					"minPercent"
				],
				"properties": {
					"category": { "$ref": "#/definitions/category" },
					"direction": {
						"type": "string",
						"enum": [
							"direct",
							"indirect",
							"any"
						],
						"description": "Which exposure counts: direct (funds moved straight to or from the category), indirect (through intermediaries, up to preScreen.exposureDepth hops) or any (either)."
					},
					"minPercent": {
						"type": "number",
						"minimum": 0,
						"maximum": 100,
						"description": "Smallest share of the address's funds, in percent (0 to 100), exposed to the category for the condition to hold. 0 means any exposure at all.",
						"examples": [
							0,
							5,
							25
						]
					}
				}
			},
			"cluster": {
				"type": "object",
				"title": "cluster condition",
				"description": "Holds when the vendor attributes the address itself to a cluster (an identified entity) of this category.",
				"additionalProperties": false,
				"required": ["category"],
				"properties": { "category": { "$ref": "#/definitions/category" } }
			},
			"conditionSet": {
				"type": "object",
				"title": "Condition set",
				"description": "One alternative of anyOf: conditions that must all hold (AND). Keys: riskScore, exposure, cluster. anyOf cannot be nested.",
				"additionalProperties": false,
				"properties": {
					"riskScore": { "$ref": "#/definitions/riskScore" },
					"exposure": { "$ref": "#/definitions/exposure" },
					"cluster": { "$ref": "#/definitions/cluster" }
				}
			},
			"when": {
				"type": "object",
				"title": "when",
				"description": "Conditions of the rule, all of which must hold (AND). Keys: riskScore, exposure, cluster, and anyOf (a list of condition sets of which at least one must hold). An empty when ({}) matches every address: it is only meaningful with BLOCK or ALERT, as the last rule.",
				"additionalProperties": false,
				"properties": {
					"riskScore": { "$ref": "#/definitions/riskScore" },
					"exposure": { "$ref": "#/definitions/exposure" },
					"cluster": { "$ref": "#/definitions/cluster" },
					"anyOf": {
						"type": "array",
						"minItems": 1,
						"items": { "$ref": "#/definitions/conditionSet" },
						"description": "schemaVersion 2: a non-empty list of condition sets (keys riskScore, exposure, cluster), at least one of which must hold, in addition to the other conditions of this when."
					}
				}
			},
			"rule": {
				"type": "object",
				"title": "postScreen rule",
				"description": "One rule: when all its conditions hold, its action decides the screen and later rules are not evaluated.",
				"additionalProperties": false,
				"required": [
					"id",
					"when",
					"action"
				],
				"properties": {
					"id": {
						"type": "string",
						"pattern": "^[a-z0-9][a-z0-9-]{0,63}$",
						"description": "Identifier of the rule, unique in the policy: lowercase letters, digits and hyphens, starting with a letter or digit, at most 64 characters. Shown in audit logs and alerts.",
						"examples": ["block-ransomware-exposure"]
					},
					"description": {
						"type": "string",
						"maxLength": 500,
						"description": "Why the rule exists, for reviewers and auditors: free text, at most 500 characters."
					},
					"when": { "$ref": "#/definitions/when" },
					"action": {
						"type": "string",
						"enum": [
							"BLOCK",
							"ALERT",
							"ALLOW"
						],
						"description": "What happens when the rule matches: BLOCK (refuse the sign-in or transaction), ALERT (let it through and raise an alert for compliance review) or ALLOW (let it through; later rules are skipped). The sanctions floor runs before any rule and cannot be allowed away."
					}
				}
			}
		}
	},
	"policy-vendorBAddressScreening-v1": {
		"$schema": "http://json-schema.org/draft-07/schema#",
		"$id": "https://screenpol.dev/schemas/policy-vendorBAddressScreening-v1.schema.json",
		"title": "vendorBAddressScreening screening policy, schemaVersion 1",
		"description": "One vendorBAddressScreening ScreeningPolicy of one environment and scope (policies/<environment>/vendorBAddressScreening/<SIGN_IN|TRANSACTION>.yaml), rule language schemaVersion 1. The sanctions floor and the terminal ALLOW are generated by the service and cannot be written here; revision, addressEntryCount and updatedAt are managed by the server.",
		"type": "object",
		"additionalProperties": false,
		"required": [
			"providerType",
			"scope",
			"schemaVersion",
			"enabled",
			"rules"
		],
		"properties": {
			"providerType": {
				"type": "string",
				"const": "vendorBAddressScreening",
				"description": "Screening vendor of the policy: vendorBAddressScreening for this schema. Must equal the folder name."
			},
			"scope": {
				"type": "string",
				"enum": ["SIGN_IN", "TRANSACTION"],
				"description": "When the policy screens: SIGN_IN (the address of a user signing in) or TRANSACTION (the counterparty of a transfer). Must equal the file name. There is no value meaning both."
			},
			"schemaVersion": {
				"type": "integer",
				"const": 1,
				"description": "Version of the rule language that governs rules: 1 for this schema. 1 or 2; 2 adds anyOf in when."
			},
			"enabled": {
				"type": "boolean",
				"description": "true: the policy screens live traffic. false: the vendor is not consulted for this scope (the sanctions floor still applies)."
			},
			"rules": {
				"type": "object",
				"description": "The customer rules in the vendorBAddressScreening rule schema: preScreen (how the vendor is asked) and postScreen (ordered rules mapping its signals to BLOCK, ALERT or ALLOW).",
				"additionalProperties": false,
				"required": ["preScreen", "postScreen"],
				"properties": {
					"preScreen": { "$ref": "#/definitions/preScreen" },
					"postScreen": {
						"type": "array",
						"items": { "$ref": "#/definitions/rule" },
						"description": "Ordered list of rules; the first rule whose when matches decides. When none matches, the service allows (the terminal ALLOW is generated, never written here)."
					}
				}
			}
		},
		"definitions": {
			"chain": {
				"type": "string",
				"pattern": "^[A-Z][A-Z0-9_]{1,15}$",
				"description": "Chain family name: an upper-case identifier of 2 to 16 characters (letters, digits, underscore), for example EVM, SOL or BTC.",
				"examples": [
					"EVM",
					"SOL",
					"BTC"
				]
			},
			"tokenRef": {
				"type": "object",
				"title": "Token reference",
				"description": "One token whose transfers are sent to the vendor, identified by chain, network and contract address (never by symbol: a `symbol` key is rejected). When a catalog snapshot exists the reference must be in it.",
				"additionalProperties": false,
				"required": [
					"chain",
					"networkId",
					"contractAddress"
				],
				"properties": {
					"chain": { "$ref": "#/definitions/chain" },
					"networkId": {
						"type": "integer",
						"minimum": 0,
						"description": "Network identifier within the chain family, as in the token catalog: the EVM chain id (1 Ethereum, 137 Polygon, 8453 Base) or the catalog's network id for other families (101 Solana mainnet).",
						"examples": [
							1,
							137,
							8453,
							101
						]
					},
					"contractAddress": {
						"type": "string",
						"minLength": 1,
						"description": "Contract (EVM) or mint (SOL) address of the token, exactly as in the token catalog. Quote EVM addresses in YAML so that 0x... is not read as a number.",
						"examples": ["0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48"]
					}
				}
			},
			"preScreen": {
				"type": "object",
				"title": "preScreen",
				"description": "How vendorBAddressScreening is asked: which chains, which tokens and amounts (TRANSACTION only), and whether indirect indicators are reported. Fields: chains, minAmountUsd, tokens, includeIndirect.",
				"additionalProperties": false,
				"properties": {
					"chains": {
						"type": "array",
						"minItems": 1,
						"uniqueItems": true,
						"items": { "$ref": "#/definitions/chain" },
						"description": "Chain families sent to the vendor for screening, for example [EVM, SOL, BTC]. Non-empty and without repeats; leave the key out to screen all chains."
					},
					"minAmountUsd": {
						"type": "number",
						"minimum": 0,
						"description": "TRANSACTION policies only: transfers below this USD amount are not sent to the vendor (the sanctions floor still runs on every screen). A number >= 0. Not allowed in a SIGN_IN policy: there is no amount at sign-in.",
						"examples": [
							0,
							100,
							1e3
						]
					},
					"tokens": {
						"type": "array",
						"minItems": 1,
						"uniqueItems": true,
						"items": { "$ref": "#/definitions/tokenRef" },
						"description": "TRANSACTION policies only: the tokens whose transfers are sent to the vendor, each as {chain, networkId, contractAddress}. Non-empty. Not allowed in a SIGN_IN policy: there is no token at sign-in."
					},
					"includeIndirect": {
						"type": "boolean",
						"description": "vendorBAddressScreening only: true to have the vendor report indirect (multi-hop) indicators as well as direct ones; false for direct only. (vendorAWalletScreening uses exposureDepth instead.)"
					}
				}
			},
			"category": {
				"type": "string",
				"enum": [
					"darknet",
					"mixing_service",
					"ransomware",
					"scam",
					"theft",
					"terrorism_financing",
					"csam",
					"gambling",
					"high_risk_exchange",
					"unlicensed_exchange",
					"malware",
					"extortion",
					"privacy_protocol"
				],
				"description": "vendorBAddressScreening risk category. One of: darknet, mixing_service, ransomware, scam, theft, terrorism_financing, csam, gambling, high_risk_exchange, unlicensed_exchange, malware, extortion, privacy_protocol."
			},
			"riskLevel": {
				"type": "object",
				"title": "riskLevel condition",
				"description": "Holds when the vendor's overall risk level of the address is at least the given level (low < medium < high < severe). {atLeast: low} matches every address.",
				"additionalProperties": false,
				"required": ["atLeast"],
				"properties": { "atLeast": {
					"type": "string",
					"enum": [
						"low",
						"medium",
						"high",
						"severe"
					],
					"description": "Lowest risk level that satisfies the condition: low, medium, high or severe."
				} }
			},
			"indicator": {
				"type": "object",
				"title": "indicator condition",
				"description": "Holds when the vendor reports a risk indicator of this category and risk type with at least minVolumeUsd of volume. All three fields are required.",
				"additionalProperties": false,
				"required": [
					"category",
					"riskType",
					"minVolumeUsd"
				],
				"properties": {
					"category": { "$ref": "#/definitions/category" },
					"riskType": {
						"type": "string",
						"enum": [
							"ownership",
							"counterparty",
							"indirect"
						],
						"description": "How the address relates to the category: ownership (the address belongs to such an entity), counterparty (it transacted directly with one) or indirect (through intermediaries; reported when preScreen.includeIndirect is true)."
					},
					"minVolumeUsd": {
						"type": "number",
						"minimum": 0,
						"description": "Smallest USD volume attributed to the indicator for the condition to hold, a number >= 0. 0 means any volume.",
						"examples": [
							0,
							500,
							1e4
						]
					}
				}
			},
			"entity": {
				"type": "object",
				"title": "entity condition",
				"description": "Holds when the vendor identifies the address as belonging to an entity of this category.",
				"additionalProperties": false,
				"required": ["category"],
				"properties": { "category": { "$ref": "#/definitions/category" } }
			},
			"when": {
				"type": "object",
				"title": "when",
				"description": "Conditions of the rule, all of which must hold (AND). Keys: riskLevel, indicator, entity. An empty when ({}) matches every address: it is only meaningful with BLOCK or ALERT, as the last rule. (anyOf needs schemaVersion 2.)",
				"additionalProperties": false,
				"properties": {
					"riskLevel": { "$ref": "#/definitions/riskLevel" },
					"indicator": { "$ref": "#/definitions/indicator" },
					"entity": { "$ref": "#/definitions/entity" }
				}
			},
			"rule": {
				"type": "object",
				"title": "postScreen rule",
				"description": "One rule: when all its conditions hold, its action decides the screen and later rules are not evaluated.",
				"additionalProperties": false,
				"required": [
					"id",
					"when",
					"action"
				],
				"properties": {
					"id": {
						"type": "string",
						"pattern": "^[a-z0-9][a-z0-9-]{0,63}$",
						"description": "Identifier of the rule, unique in the policy: lowercase letters, digits and hyphens, starting with a letter or digit, at most 64 characters. Shown in audit logs and alerts.",
						"examples": ["block-ransomware-exposure"]
					},
					"description": {
						"type": "string",
						"maxLength": 500,
						"description": "Why the rule exists, for reviewers and auditors: free text, at most 500 characters."
					},
					"when": { "$ref": "#/definitions/when" },
					"action": {
						"type": "string",
						"enum": [
							"BLOCK",
							"ALERT",
							"ALLOW"
						],
						"description": "What happens when the rule matches: BLOCK (refuse the sign-in or transaction), ALERT (let it through and raise an alert for compliance review) or ALLOW (let it through; later rules are skipped). The sanctions floor runs before any rule and cannot be allowed away."
					}
				}
			}
		}
	},
	"policy-vendorBAddressScreening-v2": {
		"$schema": "http://json-schema.org/draft-07/schema#",
		"$id": "https://screenpol.dev/schemas/policy-vendorBAddressScreening-v2.schema.json",
		"title": "vendorBAddressScreening screening policy, schemaVersion 2",
		"description": "One vendorBAddressScreening ScreeningPolicy of one environment and scope (policies/<environment>/vendorBAddressScreening/<SIGN_IN|TRANSACTION>.yaml), rule language schemaVersion 2 (adds anyOf in when). The sanctions floor and the terminal ALLOW are generated by the service and cannot be written here; revision, addressEntryCount and updatedAt are managed by the server.",
		"type": "object",
		"additionalProperties": false,
		"required": [
			"providerType",
			"scope",
			"schemaVersion",
			"enabled",
			"rules"
		],
		"properties": {
			"providerType": {
				"type": "string",
				"const": "vendorBAddressScreening",
				"description": "Screening vendor of the policy: vendorBAddressScreening for this schema. Must equal the folder name."
			},
			"scope": {
				"type": "string",
				"enum": ["SIGN_IN", "TRANSACTION"],
				"description": "When the policy screens: SIGN_IN (the address of a user signing in) or TRANSACTION (the counterparty of a transfer). Must equal the file name. There is no value meaning both."
			},
			"schemaVersion": {
				"type": "integer",
				"const": 2,
				"description": "Version of the rule language that governs rules: 2 for this schema. 1 or 2; 2 adds anyOf in when over 1."
			},
			"enabled": {
				"type": "boolean",
				"description": "true: the policy screens live traffic. false: the vendor is not consulted for this scope (the sanctions floor still applies)."
			},
			"rules": {
				"type": "object",
				"description": "The customer rules in the vendorBAddressScreening rule schema: preScreen (how the vendor is asked) and postScreen (ordered rules mapping its signals to BLOCK, ALERT or ALLOW).",
				"additionalProperties": false,
				"required": ["preScreen", "postScreen"],
				"properties": {
					"preScreen": { "$ref": "#/definitions/preScreen" },
					"postScreen": {
						"type": "array",
						"items": { "$ref": "#/definitions/rule" },
						"description": "Ordered list of rules; the first rule whose when matches decides. When none matches, the service allows (the terminal ALLOW is generated, never written here)."
					}
				}
			}
		},
		"definitions": {
			"chain": {
				"type": "string",
				"pattern": "^[A-Z][A-Z0-9_]{1,15}$",
				"description": "Chain family name: an upper-case identifier of 2 to 16 characters (letters, digits, underscore), for example EVM, SOL or BTC.",
				"examples": [
					"EVM",
					"SOL",
					"BTC"
				]
			},
			"tokenRef": {
				"type": "object",
				"title": "Token reference",
				"description": "One token whose transfers are sent to the vendor, identified by chain, network and contract address (never by symbol: a `symbol` key is rejected). When a catalog snapshot exists the reference must be in it.",
				"additionalProperties": false,
				"required": [
					"chain",
					"networkId",
					"contractAddress"
				],
				"properties": {
					"chain": { "$ref": "#/definitions/chain" },
					"networkId": {
						"type": "integer",
						"minimum": 0,
						"description": "Network identifier within the chain family, as in the token catalog: the EVM chain id (1 Ethereum, 137 Polygon, 8453 Base) or the catalog's network id for other families (101 Solana mainnet).",
						"examples": [
							1,
							137,
							8453,
							101
						]
					},
					"contractAddress": {
						"type": "string",
						"minLength": 1,
						"description": "Contract (EVM) or mint (SOL) address of the token, exactly as in the token catalog. Quote EVM addresses in YAML so that 0x... is not read as a number.",
						"examples": ["0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48"]
					}
				}
			},
			"preScreen": {
				"type": "object",
				"title": "preScreen",
				"description": "How vendorBAddressScreening is asked: which chains, which tokens and amounts (TRANSACTION only), and whether indirect indicators are reported. Fields: chains, minAmountUsd, tokens, includeIndirect.",
				"additionalProperties": false,
				"properties": {
					"chains": {
						"type": "array",
						"minItems": 1,
						"uniqueItems": true,
						"items": { "$ref": "#/definitions/chain" },
						"description": "Chain families sent to the vendor for screening, for example [EVM, SOL, BTC]. Non-empty and without repeats; leave the key out to screen all chains."
					},
					"minAmountUsd": {
						"type": "number",
						"minimum": 0,
						"description": "TRANSACTION policies only: transfers below this USD amount are not sent to the vendor (the sanctions floor still runs on every screen). A number >= 0. Not allowed in a SIGN_IN policy: there is no amount at sign-in.",
						"examples": [
							0,
							100,
							1e3
						]
					},
					"tokens": {
						"type": "array",
						"minItems": 1,
						"uniqueItems": true,
						"items": { "$ref": "#/definitions/tokenRef" },
						"description": "TRANSACTION policies only: the tokens whose transfers are sent to the vendor, each as {chain, networkId, contractAddress}. Non-empty. Not allowed in a SIGN_IN policy: there is no token at sign-in."
					},
					"includeIndirect": {
						"type": "boolean",
						"description": "vendorBAddressScreening only: true to have the vendor report indirect (multi-hop) indicators as well as direct ones; false for direct only. (vendorAWalletScreening uses exposureDepth instead.)"
					}
				}
			},
			"category": {
				"type": "string",
				"enum": [
					"darknet",
					"mixing_service",
					"ransomware",
					"scam",
					"theft",
					"terrorism_financing",
					"csam",
					"gambling",
					"high_risk_exchange",
					"unlicensed_exchange",
					"malware",
					"extortion",
					"privacy_protocol"
				],
				"description": "vendorBAddressScreening risk category. One of: darknet, mixing_service, ransomware, scam, theft, terrorism_financing, csam, gambling, high_risk_exchange, unlicensed_exchange, malware, extortion, privacy_protocol."
			},
			"riskLevel": {
				"type": "object",
				"title": "riskLevel condition",
				"description": "Holds when the vendor's overall risk level of the address is at least the given level (low < medium < high < severe). {atLeast: low} matches every address.",
				"additionalProperties": false,
				"required": ["atLeast"],
				"properties": { "atLeast": {
					"type": "string",
					"enum": [
						"low",
						"medium",
						"high",
						"severe"
					],
					"description": "Lowest risk level that satisfies the condition: low, medium, high or severe."
				} }
			},
			"indicator": {
				"type": "object",
				"title": "indicator condition",
				"description": "Holds when the vendor reports a risk indicator of this category and risk type with at least minVolumeUsd of volume. All three fields are required.",
				"additionalProperties": false,
				"required": [
					"category",
					"riskType",
					"minVolumeUsd"
				],
				"properties": {
					"category": { "$ref": "#/definitions/category" },
					"riskType": {
						"type": "string",
						"enum": [
							"ownership",
							"counterparty",
							"indirect"
						],
						"description": "How the address relates to the category: ownership (the address belongs to such an entity), counterparty (it transacted directly with one) or indirect (through intermediaries; reported when preScreen.includeIndirect is true)."
					},
					"minVolumeUsd": {
						"type": "number",
						"minimum": 0,
						"description": "Smallest USD volume attributed to the indicator for the condition to hold, a number >= 0. 0 means any volume.",
						"examples": [
							0,
							500,
							1e4
						]
					}
				}
			},
			"entity": {
				"type": "object",
				"title": "entity condition",
				"description": "Holds when the vendor identifies the address as belonging to an entity of this category.",
				"additionalProperties": false,
				"required": ["category"],
				"properties": { "category": { "$ref": "#/definitions/category" } }
			},
			"conditionSet": {
				"type": "object",
				"title": "Condition set",
				"description": "One alternative of anyOf: conditions that must all hold (AND). Keys: riskLevel, indicator, entity. anyOf cannot be nested.",
				"additionalProperties": false,
				"properties": {
					"riskLevel": { "$ref": "#/definitions/riskLevel" },
					"indicator": { "$ref": "#/definitions/indicator" },
					"entity": { "$ref": "#/definitions/entity" }
				}
			},
			"when": {
				"type": "object",
				"title": "when",
				"description": "Conditions of the rule, all of which must hold (AND). Keys: riskLevel, indicator, entity, and anyOf (a list of condition sets of which at least one must hold). An empty when ({}) matches every address: it is only meaningful with BLOCK or ALERT, as the last rule.",
				"additionalProperties": false,
				"properties": {
					"riskLevel": { "$ref": "#/definitions/riskLevel" },
					"indicator": { "$ref": "#/definitions/indicator" },
					"entity": { "$ref": "#/definitions/entity" },
					"anyOf": {
						"type": "array",
						"minItems": 1,
						"items": { "$ref": "#/definitions/conditionSet" },
						"description": "schemaVersion 2: a non-empty list of condition sets (keys riskLevel, indicator, entity), at least one of which must hold, in addition to the other conditions of this when."
					}
				}
			},
			"rule": {
				"type": "object",
				"title": "postScreen rule",
				"description": "One rule: when all its conditions hold, its action decides the screen and later rules are not evaluated.",
				"additionalProperties": false,
				"required": [
					"id",
					"when",
					"action"
				],
				"properties": {
					"id": {
						"type": "string",
						"pattern": "^[a-z0-9][a-z0-9-]{0,63}$",
						"description": "Identifier of the rule, unique in the policy: lowercase letters, digits and hyphens, starting with a letter or digit, at most 64 characters. Shown in audit logs and alerts.",
						"examples": ["block-ransomware-exposure"]
					},
					"description": {
						"type": "string",
						"maxLength": 500,
						"description": "Why the rule exists, for reviewers and auditors: free text, at most 500 characters."
					},
					"when": { "$ref": "#/definitions/when" },
					"action": {
						"type": "string",
						"enum": [
							"BLOCK",
							"ALERT",
							"ALLOW"
						],
						"description": "What happens when the rule matches: BLOCK (refuse the sign-in or transaction), ALERT (let it through and raise an alert for compliance review) or ALLOW (let it through; later rules are skipped). The sanctions floor runs before any rule and cannot be allowed away."
					}
				}
			}
		}
	},
	"webhooks": {
		"$schema": "http://json-schema.org/draft-07/schema#",
		"$id": "https://screenpol.dev/schemas/webhooks.schema.json",
		"title": "Webhooks of an environment",
		"description": "webhooks/<environment>.yaml: the existing webhooks of one environment, by id (the interface only updates webhooks, it does not create them). Server fields (secret, version, createdAt, updatedAt, enabledAt, environmentId) are not written here.",
		"type": "object",
		"additionalProperties": false,
		"required": ["webhooks"],
		"properties": { "webhooks": {
			"type": "array",
			"items": { "$ref": "#/definitions/webhook" },
			"description": "The webhooks to keep in this state."
		} },
		"definitions": { "webhook": {
			"type": "object",
			"title": "Webhook",
			"description": "One webhook: where screening and account events are delivered.",
			"additionalProperties": false,
			"required": [
				"webhookId",
				"url",
				"events",
				"isEnabled"
			],
			"properties": {
				"webhookId": {
					"type": "string",
					"pattern": "^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$",
					"description": "Identifier of an existing webhook: a lowercase UUID (8-4-4-4-12 hex digits).",
					"examples": ["0b7e4f6a-2c1d-4e8f-9a3b-5c6d7e8f9a0b"]
				},
				"url": {
					"type": "string",
					"description": "Delivery target: an https address (https://, a host name ending in a dot and a 2-10 letter lowercase top-level label, optional path) or an SNS topic ARN (arn:<partition>:sns:<region>:<12-digit account>:<name>).",
					"examples": ["https://hooks.example.com/screening", "arn:aws:sns:eu-west-1:123456789012:screening-alerts"]
				},
				"events": {
					"type": "array",
					"minItems": 1,
					"uniqueItems": true,
					"items": {
						"type": "string",
						"description": "An event kind, <resource>.<action> in lowercase letters, digits and _, for example user.created."
					},
					"description": "Subscribed event kinds, each <resource>.<action>, for example [user.created, wallet.linked]. Non-empty, without repeats."
				},
				"isEnabled": {
					"type": "boolean",
					"description": "true: deliveries are on. false: the webhook is kept but nothing is delivered."
				}
			}
		} }
	}
};
// dist/core/generated/validators.js
const require = createRequire(import.meta.url);
const addresses = validate10;
const schema11 = {
	"$schema": "http://json-schema.org/draft-07/schema#",
	"$id": "https://screenpol.dev/schemas/addresses.schema.json",
	"title": "Screening address entries",
	"description": "Per-address exceptions of one (environment, vendor) pair: policies/<environment>/<providerType>/addresses.yaml. Entries belong to the environment and vendor, not to a policy; each applies to ALL scopes or to one. The sanctions floor still applies to an ALLOW entry.",
	"type": "object",
	"additionalProperties": false,
	"required": ["providerType", "entries"],
	"properties": {
		"providerType": {
			"type": "string",
			"enum": ["vendorAWalletScreening", "vendorBAddressScreening"],
			"description": "Screening vendor the entries belong to: vendorAWalletScreening, vendorBAddressScreening. Must equal the folder name."
		},
		"entries": {
			"type": "array",
			"items": { "$ref": "#/definitions/entry" },
			"description": "The address entries; an (address, chain) pair may appear only once."
		}
	},
	"definitions": {
		"chain": {
			"type": "string",
			"pattern": "^[A-Z][A-Z0-9_]{1,15}$",
			"description": "Chain family name: an upper-case identifier of 2 to 16 characters (letters, digits, underscore), for example EVM, SOL or BTC.",
			"examples": [
				"EVM",
				"SOL",
				"BTC"
			]
		},
		"entry": {
			"type": "object",
			"title": "Address entry",
			"description": "One address that is always allowed or always blocked for this vendor, before its postScreen rules.",
			"additionalProperties": false,
			"required": [
				"address",
				"chain",
				"action",
				"scope",
				"reason"
			],
			"properties": {
				"address": {
					"type": "string",
					"minLength": 1,
					"description": "The address, in the format of its chain: EVM 0x + 40 hex digits (all lowercase or a valid EIP-55 checksum; quote it in YAML), SOL base58 of 32 to 44 characters, BTC bech32 bc1... or base58 1.../3....",
					"examples": ["0x52908400098527886E0F7030069857D2E4169EE7"]
				},
				"chain": { "$ref": "#/definitions/chain" },
				"action": {
					"type": "string",
					"enum": ["ALLOW", "BLOCK"],
					"description": "ALLOW: the vendor's signals are not applied to this address (the sanctions floor still is). BLOCK: the address is always refused."
				},
				"scope": {
					"type": "string",
					"enum": [
						"ALL",
						"SIGN_IN",
						"TRANSACTION"
					],
					"description": "Where the entry applies: ALL (both scopes), SIGN_IN or TRANSACTION. It counts in addressEntryCount of the policies it applies to."
				},
				"reason": {
					"type": "string",
					"minLength": 1,
					"maxLength": 500,
					"description": "Why the exception exists, for auditors: who reviewed it and when, ticket reference. Required, 1 to 500 characters."
				},
				"expiresAt": {
					"type": "string",
					"pattern": "^\\d{4}-\\d{2}-\\d{2}([Tt ]\\d{2}:\\d{2}(:\\d{2}(\\.\\d+)?)?([Zz]|[+-]\\d{2}:?\\d{2})?)?$",
					"description": "Optional end of the exception, an ISO 8601 date or date-time (2027-10-01 or 2027-10-01T00:00:00Z). After it the entry no longer applies and the linter warns.",
					"examples": ["2027-10-01T00:00:00Z"]
				}
			}
		}
	}
};
const schema12 = {
	"type": "object",
	"title": "Address entry",
	"description": "One address that is always allowed or always blocked for this vendor, before its postScreen rules.",
	"additionalProperties": false,
	"required": [
		"address",
		"chain",
		"action",
		"scope",
		"reason"
	],
	"properties": {
		"address": {
			"type": "string",
			"minLength": 1,
			"description": "The address, in the format of its chain: EVM 0x + 40 hex digits (all lowercase or a valid EIP-55 checksum; quote it in YAML), SOL base58 of 32 to 44 characters, BTC bech32 bc1... or base58 1.../3....",
			"examples": ["0x52908400098527886E0F7030069857D2E4169EE7"]
		},
		"chain": { "$ref": "#/definitions/chain" },
		"action": {
			"type": "string",
			"enum": ["ALLOW", "BLOCK"],
			"description": "ALLOW: the vendor's signals are not applied to this address (the sanctions floor still is). BLOCK: the address is always refused."
		},
		"scope": {
			"type": "string",
			"enum": [
				"ALL",
				"SIGN_IN",
				"TRANSACTION"
			],
			"description": "Where the entry applies: ALL (both scopes), SIGN_IN or TRANSACTION. It counts in addressEntryCount of the policies it applies to."
		},
		"reason": {
			"type": "string",
			"minLength": 1,
			"maxLength": 500,
			"description": "Why the exception exists, for auditors: who reviewed it and when, ticket reference. Required, 1 to 500 characters."
		},
		"expiresAt": {
			"type": "string",
			"pattern": "^\\d{4}-\\d{2}-\\d{2}([Tt ]\\d{2}:\\d{2}(:\\d{2}(\\.\\d+)?)?([Zz]|[+-]\\d{2}:?\\d{2})?)?$",
			"description": "Optional end of the exception, an ISO 8601 date or date-time (2027-10-01 or 2027-10-01T00:00:00Z). After it the entry no longer applies and the linter warns.",
			"examples": ["2027-10-01T00:00:00Z"]
		}
	}
};
const schema13 = {
	"type": "string",
	"pattern": "^[A-Z][A-Z0-9_]{1,15}$",
	"description": "Chain family name: an upper-case identifier of 2 to 16 characters (letters, digits, underscore), for example EVM, SOL or BTC.",
	"examples": [
		"EVM",
		"SOL",
		"BTC"
	]
};
const func2 = require("ajv/dist/runtime/ucs2length").default;
const pattern0 = /* @__PURE__ */ new RegExp("^[A-Z][A-Z0-9_]{1,15}$", "u");
const pattern1 = /* @__PURE__ */ new RegExp("^\\d{4}-\\d{2}-\\d{2}([Tt ]\\d{2}:\\d{2}(:\\d{2}(\\.\\d+)?)?([Zz]|[+-]\\d{2}:?\\d{2})?)?$", "u");
function validate11(data, { instancePath = "", parentData, parentDataProperty, rootData = data } = {}) {
	let vErrors = null;
	let errors = 0;
	if (data && typeof data == "object" && !Array.isArray(data)) {
		if (data.address === void 0) {
			const err0 = {
				instancePath,
				schemaPath: "#/required",
				keyword: "required",
				params: { missingProperty: "address" },
				message: "must have required property 'address'",
				schema: schema12.required,
				parentSchema: schema12,
				data
			};
			if (vErrors === null) vErrors = [err0];
			else vErrors.push(err0);
			errors++;
		}
		if (data.chain === void 0) {
			const err1 = {
				instancePath,
				schemaPath: "#/required",
				keyword: "required",
				params: { missingProperty: "chain" },
				message: "must have required property 'chain'",
				schema: schema12.required,
				parentSchema: schema12,
				data
			};
			if (vErrors === null) vErrors = [err1];
			else vErrors.push(err1);
			errors++;
		}
		if (data.action === void 0) {
			const err2 = {
				instancePath,
				schemaPath: "#/required",
				keyword: "required",
				params: { missingProperty: "action" },
				message: "must have required property 'action'",
				schema: schema12.required,
				parentSchema: schema12,
				data
			};
			if (vErrors === null) vErrors = [err2];
			else vErrors.push(err2);
			errors++;
		}
		if (data.scope === void 0) {
			const err3 = {
				instancePath,
				schemaPath: "#/required",
				keyword: "required",
				params: { missingProperty: "scope" },
				message: "must have required property 'scope'",
				schema: schema12.required,
				parentSchema: schema12,
				data
			};
			if (vErrors === null) vErrors = [err3];
			else vErrors.push(err3);
			errors++;
		}
		if (data.reason === void 0) {
			const err4 = {
				instancePath,
				schemaPath: "#/required",
				keyword: "required",
				params: { missingProperty: "reason" },
				message: "must have required property 'reason'",
				schema: schema12.required,
				parentSchema: schema12,
				data
			};
			if (vErrors === null) vErrors = [err4];
			else vErrors.push(err4);
			errors++;
		}
		for (const key0 in data) if (!(key0 === "address" || key0 === "chain" || key0 === "action" || key0 === "scope" || key0 === "reason" || key0 === "expiresAt")) {
			const err5 = {
				instancePath,
				schemaPath: "#/additionalProperties",
				keyword: "additionalProperties",
				params: { additionalProperty: key0 },
				message: "must NOT have additional properties",
				schema: false,
				parentSchema: schema12,
				data
			};
			if (vErrors === null) vErrors = [err5];
			else vErrors.push(err5);
			errors++;
		}
		if (data.address !== void 0) {
			let data0 = data.address;
			if (typeof data0 === "string") {
				if (func2(data0) < 1) {
					const err6 = {
						instancePath: instancePath + "/address",
						schemaPath: "#/properties/address/minLength",
						keyword: "minLength",
						params: { limit: 1 },
						message: "must NOT have fewer than 1 characters",
						schema: 1,
						parentSchema: schema12.properties.address,
						data: data0
					};
					if (vErrors === null) vErrors = [err6];
					else vErrors.push(err6);
					errors++;
				}
			} else {
				const err7 = {
					instancePath: instancePath + "/address",
					schemaPath: "#/properties/address/type",
					keyword: "type",
					params: { type: "string" },
					message: "must be string",
					schema: schema12.properties.address.type,
					parentSchema: schema12.properties.address,
					data: data0
				};
				if (vErrors === null) vErrors = [err7];
				else vErrors.push(err7);
				errors++;
			}
		}
		if (data.chain !== void 0) {
			let data1 = data.chain;
			if (typeof data1 === "string") {
				if (!pattern0.test(data1)) {
					const err8 = {
						instancePath: instancePath + "/chain",
						schemaPath: "#/definitions/chain/pattern",
						keyword: "pattern",
						params: { pattern: "^[A-Z][A-Z0-9_]{1,15}$" },
						message: "must match pattern \"^[A-Z][A-Z0-9_]{1,15}$\"",
						schema: "^[A-Z][A-Z0-9_]{1,15}$",
						parentSchema: schema13,
						data: data1
					};
					if (vErrors === null) vErrors = [err8];
					else vErrors.push(err8);
					errors++;
				}
			} else {
				const err9 = {
					instancePath: instancePath + "/chain",
					schemaPath: "#/definitions/chain/type",
					keyword: "type",
					params: { type: "string" },
					message: "must be string",
					schema: schema13.type,
					parentSchema: schema13,
					data: data1
				};
				if (vErrors === null) vErrors = [err9];
				else vErrors.push(err9);
				errors++;
			}
		}
		if (data.action !== void 0) {
			let data2 = data.action;
			if (typeof data2 !== "string") {
				const err10 = {
					instancePath: instancePath + "/action",
					schemaPath: "#/properties/action/type",
					keyword: "type",
					params: { type: "string" },
					message: "must be string",
					schema: schema12.properties.action.type,
					parentSchema: schema12.properties.action,
					data: data2
				};
				if (vErrors === null) vErrors = [err10];
				else vErrors.push(err10);
				errors++;
			}
			if (!(data2 === "ALLOW" || data2 === "BLOCK")) {
				const err11 = {
					instancePath: instancePath + "/action",
					schemaPath: "#/properties/action/enum",
					keyword: "enum",
					params: { allowedValues: schema12.properties.action.enum },
					message: "must be equal to one of the allowed values",
					schema: schema12.properties.action.enum,
					parentSchema: schema12.properties.action,
					data: data2
				};
				if (vErrors === null) vErrors = [err11];
				else vErrors.push(err11);
				errors++;
			}
		}
		if (data.scope !== void 0) {
			let data3 = data.scope;
			if (typeof data3 !== "string") {
				const err12 = {
					instancePath: instancePath + "/scope",
					schemaPath: "#/properties/scope/type",
					keyword: "type",
					params: { type: "string" },
					message: "must be string",
					schema: schema12.properties.scope.type,
					parentSchema: schema12.properties.scope,
					data: data3
				};
				if (vErrors === null) vErrors = [err12];
				else vErrors.push(err12);
				errors++;
			}
			if (!(data3 === "ALL" || data3 === "SIGN_IN" || data3 === "TRANSACTION")) {
				const err13 = {
					instancePath: instancePath + "/scope",
					schemaPath: "#/properties/scope/enum",
					keyword: "enum",
					params: { allowedValues: schema12.properties.scope.enum },
					message: "must be equal to one of the allowed values",
					schema: schema12.properties.scope.enum,
					parentSchema: schema12.properties.scope,
					data: data3
				};
				if (vErrors === null) vErrors = [err13];
				else vErrors.push(err13);
				errors++;
			}
		}
		if (data.reason !== void 0) {
			let data4 = data.reason;
			if (typeof data4 === "string") {
				if (func2(data4) > 500) {
					const err14 = {
						instancePath: instancePath + "/reason",
						schemaPath: "#/properties/reason/maxLength",
						keyword: "maxLength",
						params: { limit: 500 },
						message: "must NOT have more than 500 characters",
						schema: 500,
						parentSchema: schema12.properties.reason,
						data: data4
					};
					if (vErrors === null) vErrors = [err14];
					else vErrors.push(err14);
					errors++;
				}
				if (func2(data4) < 1) {
					const err15 = {
						instancePath: instancePath + "/reason",
						schemaPath: "#/properties/reason/minLength",
						keyword: "minLength",
						params: { limit: 1 },
						message: "must NOT have fewer than 1 characters",
						schema: 1,
						parentSchema: schema12.properties.reason,
						data: data4
					};
					if (vErrors === null) vErrors = [err15];
					else vErrors.push(err15);
					errors++;
				}
			} else {
				const err16 = {
					instancePath: instancePath + "/reason",
					schemaPath: "#/properties/reason/type",
					keyword: "type",
					params: { type: "string" },
					message: "must be string",
					schema: schema12.properties.reason.type,
					parentSchema: schema12.properties.reason,
					data: data4
				};
				if (vErrors === null) vErrors = [err16];
				else vErrors.push(err16);
				errors++;
			}
		}
		if (data.expiresAt !== void 0) {
			let data5 = data.expiresAt;
			if (typeof data5 === "string") {
				if (!pattern1.test(data5)) {
					const err17 = {
						instancePath: instancePath + "/expiresAt",
						schemaPath: "#/properties/expiresAt/pattern",
						keyword: "pattern",
						params: { pattern: "^\\d{4}-\\d{2}-\\d{2}([Tt ]\\d{2}:\\d{2}(:\\d{2}(\\.\\d+)?)?([Zz]|[+-]\\d{2}:?\\d{2})?)?$" },
						message: "must match pattern \"^\\d{4}-\\d{2}-\\d{2}([Tt ]\\d{2}:\\d{2}(:\\d{2}(\\.\\d+)?)?([Zz]|[+-]\\d{2}:?\\d{2})?)?$\"",
						schema: "^\\d{4}-\\d{2}-\\d{2}([Tt ]\\d{2}:\\d{2}(:\\d{2}(\\.\\d+)?)?([Zz]|[+-]\\d{2}:?\\d{2})?)?$",
						parentSchema: schema12.properties.expiresAt,
						data: data5
					};
					if (vErrors === null) vErrors = [err17];
					else vErrors.push(err17);
					errors++;
				}
			} else {
				const err18 = {
					instancePath: instancePath + "/expiresAt",
					schemaPath: "#/properties/expiresAt/type",
					keyword: "type",
					params: { type: "string" },
					message: "must be string",
					schema: schema12.properties.expiresAt.type,
					parentSchema: schema12.properties.expiresAt,
					data: data5
				};
				if (vErrors === null) vErrors = [err18];
				else vErrors.push(err18);
				errors++;
			}
		}
	} else {
		const err19 = {
			instancePath,
			schemaPath: "#/type",
			keyword: "type",
			params: { type: "object" },
			message: "must be object",
			schema: schema12.type,
			parentSchema: schema12,
			data
		};
		if (vErrors === null) vErrors = [err19];
		else vErrors.push(err19);
		errors++;
	}
	validate11.errors = vErrors;
	return errors === 0;
}
function validate10(data, { instancePath = "", parentData, parentDataProperty, rootData = data } = {}) {
	let vErrors = null;
	let errors = 0;
	if (data && typeof data == "object" && !Array.isArray(data)) {
		if (data.providerType === void 0) {
			const err0 = {
				instancePath,
				schemaPath: "#/required",
				keyword: "required",
				params: { missingProperty: "providerType" },
				message: "must have required property 'providerType'",
				schema: schema11.required,
				parentSchema: schema11,
				data
			};
			if (vErrors === null) vErrors = [err0];
			else vErrors.push(err0);
			errors++;
		}
		if (data.entries === void 0) {
			const err1 = {
				instancePath,
				schemaPath: "#/required",
				keyword: "required",
				params: { missingProperty: "entries" },
				message: "must have required property 'entries'",
				schema: schema11.required,
				parentSchema: schema11,
				data
			};
			if (vErrors === null) vErrors = [err1];
			else vErrors.push(err1);
			errors++;
		}
		for (const key0 in data) if (!(key0 === "providerType" || key0 === "entries")) {
			const err2 = {
				instancePath,
				schemaPath: "#/additionalProperties",
				keyword: "additionalProperties",
				params: { additionalProperty: key0 },
				message: "must NOT have additional properties",
				schema: false,
				parentSchema: schema11,
				data
			};
			if (vErrors === null) vErrors = [err2];
			else vErrors.push(err2);
			errors++;
		}
		if (data.providerType !== void 0) {
			let data0 = data.providerType;
			if (typeof data0 !== "string") {
				const err3 = {
					instancePath: instancePath + "/providerType",
					schemaPath: "#/properties/providerType/type",
					keyword: "type",
					params: { type: "string" },
					message: "must be string",
					schema: schema11.properties.providerType.type,
					parentSchema: schema11.properties.providerType,
					data: data0
				};
				if (vErrors === null) vErrors = [err3];
				else vErrors.push(err3);
				errors++;
			}
			if (!(data0 === "vendorAWalletScreening" || data0 === "vendorBAddressScreening")) {
				const err4 = {
					instancePath: instancePath + "/providerType",
					schemaPath: "#/properties/providerType/enum",
					keyword: "enum",
					params: { allowedValues: schema11.properties.providerType.enum },
					message: "must be equal to one of the allowed values",
					schema: schema11.properties.providerType.enum,
					parentSchema: schema11.properties.providerType,
					data: data0
				};
				if (vErrors === null) vErrors = [err4];
				else vErrors.push(err4);
				errors++;
			}
		}
		if (data.entries !== void 0) {
			let data1 = data.entries;
			if (Array.isArray(data1)) {
				const len0 = data1.length;
				for (let i0 = 0; i0 < len0; i0++) if (!validate11(data1[i0], {
					instancePath: instancePath + "/entries/" + i0,
					parentData: data1,
					parentDataProperty: i0,
					rootData
				})) {
					vErrors = vErrors === null ? validate11.errors : vErrors.concat(validate11.errors);
					errors = vErrors.length;
				}
			} else {
				const err5 = {
					instancePath: instancePath + "/entries",
					schemaPath: "#/properties/entries/type",
					keyword: "type",
					params: { type: "array" },
					message: "must be array",
					schema: schema11.properties.entries.type,
					parentSchema: schema11.properties.entries,
					data: data1
				};
				if (vErrors === null) vErrors = [err5];
				else vErrors.push(err5);
				errors++;
			}
		}
	} else {
		const err6 = {
			instancePath,
			schemaPath: "#/type",
			keyword: "type",
			params: { type: "object" },
			message: "must be object",
			schema: schema11.type,
			parentSchema: schema11,
			data
		};
		if (vErrors === null) vErrors = [err6];
		else vErrors.push(err6);
		errors++;
	}
	validate10.errors = vErrors;
	return errors === 0;
}
const config = validate13;
const schema14 = {
	"$schema": "http://json-schema.org/draft-07/schema#",
	"$id": "https://screenpol.dev/schemas/config.schema.json",
	"title": "screenpol configuration",
	"description": "screenpol.config.yaml at the repository root: the environments, the admin API base URL and where the files live. The API token is never written here: it comes from SCREENPOL_API_TOKEN or --token-file.",
	"type": "object",
	"additionalProperties": false,
	"required": ["environments"],
	"properties": {
		"baseUrl": {
			"type": "string",
			"pattern": "^https?://",
			"default": "http://127.0.0.1:4010/api/v0",
			"description": "Base URL of the admin API, including the /api/v0 prefix. Default http://127.0.0.1:4010/api/v0 (the local emulator). http:// is only accepted for a loopback host: the token would otherwise cross the network in clear.",
			"examples": ["http://127.0.0.1:4010/api/v0"]
		},
		"environments": {
			"type": "object",
			"minProperties": 1,
			"propertyNames": {
				"type": "string",
				"pattern": "^[a-z][a-z0-9-]{0,31}$"
			},
			"additionalProperties": { "$ref": "#/definitions/environment" },
			"description": "Environments by name (lowercase letter, then lowercase letters, digits and hyphens, at most 32 characters). The name is the folder under policies/ and the file under webhooks/. At least one."
		},
		"paths": {
			"type": "object",
			"additionalProperties": false,
			"description": "Where the files live, relative to this file. Each defaults to its own name.",
			"properties": {
				"policies": {
					"type": "string",
					"minLength": 1,
					"default": "policies",
					"description": "Folder of policies/<environment>/<providerType>/<scope>.yaml and addresses.yaml. Default policies."
				},
				"webhooks": {
					"type": "string",
					"minLength": 1,
					"default": "webhooks",
					"description": "Folder of <environment>.yaml webhook files. Default webhooks."
				},
				"catalog": {
					"type": "string",
					"minLength": 1,
					"default": "catalog",
					"description": "Folder of the token catalog snapshot (tokens.json, tokens.meta.json). Default catalog."
				}
			}
		}
	},
	"definitions": { "environment": {
		"type": "object",
		"title": "Environment",
		"description": "One environment of the project.",
		"additionalProperties": false,
		"required": ["id", "kind"],
		"properties": {
			"id": {
				"type": "string",
				"pattern": "^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$",
				"description": "Environment id: a lowercase UUID (8-4-4-4-12 hex digits), from the dashboard.",
				"examples": ["3f0c2a9e-8b1d-4c7a-9e2f-5a6b7c8d9e01"]
			},
			"kind": {
				"type": "string",
				"enum": ["sandbox", "live"],
				"description": "sandbox or live. Pushing to a live environment needs --yes or an interactive confirmation."
			}
		}
	} }
};
const schema15 = {
	"type": "object",
	"title": "Environment",
	"description": "One environment of the project.",
	"additionalProperties": false,
	"required": ["id", "kind"],
	"properties": {
		"id": {
			"type": "string",
			"pattern": "^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$",
			"description": "Environment id: a lowercase UUID (8-4-4-4-12 hex digits), from the dashboard.",
			"examples": ["3f0c2a9e-8b1d-4c7a-9e2f-5a6b7c8d9e01"]
		},
		"kind": {
			"type": "string",
			"enum": ["sandbox", "live"],
			"description": "sandbox or live. Pushing to a live environment needs --yes or an interactive confirmation."
		}
	}
};
const pattern2 = /* @__PURE__ */ new RegExp("^https?://", "u");
const pattern3 = /* @__PURE__ */ new RegExp("^[a-z][a-z0-9-]{0,31}$", "u");
const pattern4 = /* @__PURE__ */ new RegExp("^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$", "u");
function validate13(data, { instancePath = "", parentData, parentDataProperty, rootData = data } = {}) {
	let vErrors = null;
	let errors = 0;
	if (data && typeof data == "object" && !Array.isArray(data)) {
		if (data.environments === void 0) {
			const err0 = {
				instancePath,
				schemaPath: "#/required",
				keyword: "required",
				params: { missingProperty: "environments" },
				message: "must have required property 'environments'",
				schema: schema14.required,
				parentSchema: schema14,
				data
			};
			if (vErrors === null) vErrors = [err0];
			else vErrors.push(err0);
			errors++;
		}
		for (const key0 in data) if (!(key0 === "baseUrl" || key0 === "environments" || key0 === "paths")) {
			const err1 = {
				instancePath,
				schemaPath: "#/additionalProperties",
				keyword: "additionalProperties",
				params: { additionalProperty: key0 },
				message: "must NOT have additional properties",
				schema: false,
				parentSchema: schema14,
				data
			};
			if (vErrors === null) vErrors = [err1];
			else vErrors.push(err1);
			errors++;
		}
		if (data.baseUrl !== void 0) {
			let data0 = data.baseUrl;
			if (typeof data0 === "string") {
				if (!pattern2.test(data0)) {
					const err2 = {
						instancePath: instancePath + "/baseUrl",
						schemaPath: "#/properties/baseUrl/pattern",
						keyword: "pattern",
						params: { pattern: "^https?://" },
						message: "must match pattern \"^https?://\"",
						schema: "^https?://",
						parentSchema: schema14.properties.baseUrl,
						data: data0
					};
					if (vErrors === null) vErrors = [err2];
					else vErrors.push(err2);
					errors++;
				}
			} else {
				const err3 = {
					instancePath: instancePath + "/baseUrl",
					schemaPath: "#/properties/baseUrl/type",
					keyword: "type",
					params: { type: "string" },
					message: "must be string",
					schema: schema14.properties.baseUrl.type,
					parentSchema: schema14.properties.baseUrl,
					data: data0
				};
				if (vErrors === null) vErrors = [err3];
				else vErrors.push(err3);
				errors++;
			}
		}
		if (data.environments !== void 0) {
			let data1 = data.environments;
			if (data1 && typeof data1 == "object" && !Array.isArray(data1)) {
				if (Object.keys(data1).length < 1) {
					const err4 = {
						instancePath: instancePath + "/environments",
						schemaPath: "#/properties/environments/minProperties",
						keyword: "minProperties",
						params: { limit: 1 },
						message: "must NOT have fewer than 1 properties",
						schema: 1,
						parentSchema: schema14.properties.environments,
						data: data1
					};
					if (vErrors === null) vErrors = [err4];
					else vErrors.push(err4);
					errors++;
				}
				for (const key1 in data1) {
					const _errs6 = errors;
					if (typeof key1 === "string") {
						if (!pattern3.test(key1)) {
							const err5 = {
								instancePath: instancePath + "/environments",
								schemaPath: "#/properties/environments/propertyNames/pattern",
								keyword: "pattern",
								params: { pattern: "^[a-z][a-z0-9-]{0,31}$" },
								message: "must match pattern \"^[a-z][a-z0-9-]{0,31}$\"",
								schema: "^[a-z][a-z0-9-]{0,31}$",
								parentSchema: schema14.properties.environments.propertyNames,
								data: key1,
								propertyName: key1
							};
							if (vErrors === null) vErrors = [err5];
							else vErrors.push(err5);
							errors++;
						}
					} else {
						const err6 = {
							instancePath: instancePath + "/environments",
							schemaPath: "#/properties/environments/propertyNames/type",
							keyword: "type",
							params: { type: "string" },
							message: "must be string",
							schema: schema14.properties.environments.propertyNames.type,
							parentSchema: schema14.properties.environments.propertyNames,
							data: key1,
							propertyName: key1
						};
						if (vErrors === null) vErrors = [err6];
						else vErrors.push(err6);
						errors++;
					}
					if (!(_errs6 === errors)) {
						const err7 = {
							instancePath: instancePath + "/environments",
							schemaPath: "#/properties/environments/propertyNames",
							keyword: "propertyNames",
							params: { propertyName: key1 },
							message: "property name must be valid",
							schema: schema14.properties.environments.propertyNames,
							parentSchema: schema14.properties.environments,
							data: data1
						};
						if (vErrors === null) vErrors = [err7];
						else vErrors.push(err7);
						errors++;
					}
				}
				for (const key2 in data1) {
					let data2 = data1[key2];
					if (data2 && typeof data2 == "object" && !Array.isArray(data2)) {
						if (data2.id === void 0) {
							const err8 = {
								instancePath: instancePath + "/environments/" + key2.replace(/~/g, "~0").replace(/\//g, "~1"),
								schemaPath: "#/definitions/environment/required",
								keyword: "required",
								params: { missingProperty: "id" },
								message: "must have required property 'id'",
								schema: schema15.required,
								parentSchema: schema15,
								data: data2
							};
							if (vErrors === null) vErrors = [err8];
							else vErrors.push(err8);
							errors++;
						}
						if (data2.kind === void 0) {
							const err9 = {
								instancePath: instancePath + "/environments/" + key2.replace(/~/g, "~0").replace(/\//g, "~1"),
								schemaPath: "#/definitions/environment/required",
								keyword: "required",
								params: { missingProperty: "kind" },
								message: "must have required property 'kind'",
								schema: schema15.required,
								parentSchema: schema15,
								data: data2
							};
							if (vErrors === null) vErrors = [err9];
							else vErrors.push(err9);
							errors++;
						}
						for (const key3 in data2) if (!(key3 === "id" || key3 === "kind")) {
							const err10 = {
								instancePath: instancePath + "/environments/" + key2.replace(/~/g, "~0").replace(/\//g, "~1"),
								schemaPath: "#/definitions/environment/additionalProperties",
								keyword: "additionalProperties",
								params: { additionalProperty: key3 },
								message: "must NOT have additional properties",
								schema: false,
								parentSchema: schema15,
								data: data2
							};
							if (vErrors === null) vErrors = [err10];
							else vErrors.push(err10);
							errors++;
						}
						if (data2.id !== void 0) {
							let data3 = data2.id;
							if (typeof data3 === "string") {
								if (!pattern4.test(data3)) {
									const err11 = {
										instancePath: instancePath + "/environments/" + key2.replace(/~/g, "~0").replace(/\//g, "~1") + "/id",
										schemaPath: "#/definitions/environment/properties/id/pattern",
										keyword: "pattern",
										params: { pattern: "^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$" },
										message: "must match pattern \"^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$\"",
										schema: "^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$",
										parentSchema: schema15.properties.id,
										data: data3
									};
									if (vErrors === null) vErrors = [err11];
									else vErrors.push(err11);
									errors++;
								}
							} else {
								const err12 = {
									instancePath: instancePath + "/environments/" + key2.replace(/~/g, "~0").replace(/\//g, "~1") + "/id",
									schemaPath: "#/definitions/environment/properties/id/type",
									keyword: "type",
									params: { type: "string" },
									message: "must be string",
									schema: schema15.properties.id.type,
									parentSchema: schema15.properties.id,
									data: data3
								};
								if (vErrors === null) vErrors = [err12];
								else vErrors.push(err12);
								errors++;
							}
						}
						if (data2.kind !== void 0) {
							let data4 = data2.kind;
							if (typeof data4 !== "string") {
								const err13 = {
									instancePath: instancePath + "/environments/" + key2.replace(/~/g, "~0").replace(/\//g, "~1") + "/kind",
									schemaPath: "#/definitions/environment/properties/kind/type",
									keyword: "type",
									params: { type: "string" },
									message: "must be string",
									schema: schema15.properties.kind.type,
									parentSchema: schema15.properties.kind,
									data: data4
								};
								if (vErrors === null) vErrors = [err13];
								else vErrors.push(err13);
								errors++;
							}
							if (!(data4 === "sandbox" || data4 === "live")) {
								const err14 = {
									instancePath: instancePath + "/environments/" + key2.replace(/~/g, "~0").replace(/\//g, "~1") + "/kind",
									schemaPath: "#/definitions/environment/properties/kind/enum",
									keyword: "enum",
									params: { allowedValues: schema15.properties.kind.enum },
									message: "must be equal to one of the allowed values",
									schema: schema15.properties.kind.enum,
									parentSchema: schema15.properties.kind,
									data: data4
								};
								if (vErrors === null) vErrors = [err14];
								else vErrors.push(err14);
								errors++;
							}
						}
					} else {
						const err15 = {
							instancePath: instancePath + "/environments/" + key2.replace(/~/g, "~0").replace(/\//g, "~1"),
							schemaPath: "#/definitions/environment/type",
							keyword: "type",
							params: { type: "object" },
							message: "must be object",
							schema: schema15.type,
							parentSchema: schema15,
							data: data2
						};
						if (vErrors === null) vErrors = [err15];
						else vErrors.push(err15);
						errors++;
					}
				}
			} else {
				const err16 = {
					instancePath: instancePath + "/environments",
					schemaPath: "#/properties/environments/type",
					keyword: "type",
					params: { type: "object" },
					message: "must be object",
					schema: schema14.properties.environments.type,
					parentSchema: schema14.properties.environments,
					data: data1
				};
				if (vErrors === null) vErrors = [err16];
				else vErrors.push(err16);
				errors++;
			}
		}
		if (data.paths !== void 0) {
			let data5 = data.paths;
			if (data5 && typeof data5 == "object" && !Array.isArray(data5)) {
				for (const key4 in data5) if (!(key4 === "policies" || key4 === "webhooks" || key4 === "catalog")) {
					const err17 = {
						instancePath: instancePath + "/paths",
						schemaPath: "#/properties/paths/additionalProperties",
						keyword: "additionalProperties",
						params: { additionalProperty: key4 },
						message: "must NOT have additional properties",
						schema: false,
						parentSchema: schema14.properties.paths,
						data: data5
					};
					if (vErrors === null) vErrors = [err17];
					else vErrors.push(err17);
					errors++;
				}
				if (data5.policies !== void 0) {
					let data6 = data5.policies;
					if (typeof data6 === "string") {
						if (func2(data6) < 1) {
							const err18 = {
								instancePath: instancePath + "/paths/policies",
								schemaPath: "#/properties/paths/properties/policies/minLength",
								keyword: "minLength",
								params: { limit: 1 },
								message: "must NOT have fewer than 1 characters",
								schema: 1,
								parentSchema: schema14.properties.paths.properties.policies,
								data: data6
							};
							if (vErrors === null) vErrors = [err18];
							else vErrors.push(err18);
							errors++;
						}
					} else {
						const err19 = {
							instancePath: instancePath + "/paths/policies",
							schemaPath: "#/properties/paths/properties/policies/type",
							keyword: "type",
							params: { type: "string" },
							message: "must be string",
							schema: schema14.properties.paths.properties.policies.type,
							parentSchema: schema14.properties.paths.properties.policies,
							data: data6
						};
						if (vErrors === null) vErrors = [err19];
						else vErrors.push(err19);
						errors++;
					}
				}
				if (data5.webhooks !== void 0) {
					let data7 = data5.webhooks;
					if (typeof data7 === "string") {
						if (func2(data7) < 1) {
							const err20 = {
								instancePath: instancePath + "/paths/webhooks",
								schemaPath: "#/properties/paths/properties/webhooks/minLength",
								keyword: "minLength",
								params: { limit: 1 },
								message: "must NOT have fewer than 1 characters",
								schema: 1,
								parentSchema: schema14.properties.paths.properties.webhooks,
								data: data7
							};
							if (vErrors === null) vErrors = [err20];
							else vErrors.push(err20);
							errors++;
						}
					} else {
						const err21 = {
							instancePath: instancePath + "/paths/webhooks",
							schemaPath: "#/properties/paths/properties/webhooks/type",
							keyword: "type",
							params: { type: "string" },
							message: "must be string",
							schema: schema14.properties.paths.properties.webhooks.type,
							parentSchema: schema14.properties.paths.properties.webhooks,
							data: data7
						};
						if (vErrors === null) vErrors = [err21];
						else vErrors.push(err21);
						errors++;
					}
				}
				if (data5.catalog !== void 0) {
					let data8 = data5.catalog;
					if (typeof data8 === "string") {
						if (func2(data8) < 1) {
							const err22 = {
								instancePath: instancePath + "/paths/catalog",
								schemaPath: "#/properties/paths/properties/catalog/minLength",
								keyword: "minLength",
								params: { limit: 1 },
								message: "must NOT have fewer than 1 characters",
								schema: 1,
								parentSchema: schema14.properties.paths.properties.catalog,
								data: data8
							};
							if (vErrors === null) vErrors = [err22];
							else vErrors.push(err22);
							errors++;
						}
					} else {
						const err23 = {
							instancePath: instancePath + "/paths/catalog",
							schemaPath: "#/properties/paths/properties/catalog/type",
							keyword: "type",
							params: { type: "string" },
							message: "must be string",
							schema: schema14.properties.paths.properties.catalog.type,
							parentSchema: schema14.properties.paths.properties.catalog,
							data: data8
						};
						if (vErrors === null) vErrors = [err23];
						else vErrors.push(err23);
						errors++;
					}
				}
			} else {
				const err24 = {
					instancePath: instancePath + "/paths",
					schemaPath: "#/properties/paths/type",
					keyword: "type",
					params: { type: "object" },
					message: "must be object",
					schema: schema14.properties.paths.type,
					parentSchema: schema14.properties.paths,
					data: data5
				};
				if (vErrors === null) vErrors = [err24];
				else vErrors.push(err24);
				errors++;
			}
		}
	} else {
		const err25 = {
			instancePath,
			schemaPath: "#/type",
			keyword: "type",
			params: { type: "object" },
			message: "must be object",
			schema: schema14.type,
			parentSchema: schema14,
			data
		};
		if (vErrors === null) vErrors = [err25];
		else vErrors.push(err25);
		errors++;
	}
	validate13.errors = vErrors;
	return errors === 0;
}
const policy_vendorAWalletScreening_v1 = validate14;
const schema16 = {
	"$schema": "http://json-schema.org/draft-07/schema#",
	"$id": "https://screenpol.dev/schemas/policy-vendorAWalletScreening-v1.schema.json",
	"title": "vendorAWalletScreening screening policy, schemaVersion 1",
	"description": "One vendorAWalletScreening ScreeningPolicy of one environment and scope (policies/<environment>/vendorAWalletScreening/<SIGN_IN|TRANSACTION>.yaml), rule language schemaVersion 1. The sanctions floor and the terminal ALLOW are generated by the service and cannot be written here; revision, addressEntryCount and updatedAt are managed by the server.",
	"type": "object",
	"additionalProperties": false,
	"required": [
		"providerType",
		"scope",
		"schemaVersion",
		"enabled",
		"rules"
	],
	"properties": {
		"providerType": {
			"type": "string",
			"const": "vendorAWalletScreening",
			"description": "Screening vendor of the policy: vendorAWalletScreening for this schema. Must equal the folder name."
		},
		"scope": {
			"type": "string",
			"enum": ["SIGN_IN", "TRANSACTION"],
			"description": "When the policy screens: SIGN_IN (the address of a user signing in) or TRANSACTION (the counterparty of a transfer). Must equal the file name. There is no value meaning both."
		},
		"schemaVersion": {
			"type": "integer",
			"const": 1,
			"description": "Version of the rule language that governs rules: 1 for this schema. 1 or 2; 2 adds anyOf in when."
		},
		"enabled": {
			"type": "boolean",
			"description": "true: the policy screens live traffic. false: the vendor is not consulted for this scope (the sanctions floor still applies)."
		},
		"rules": {
			"type": "object",
			"description": "The customer rules in the vendorAWalletScreening rule schema: preScreen (how the vendor is asked) and postScreen (ordered rules mapping its signals to BLOCK, ALERT or ALLOW).",
			"additionalProperties": false,
			"required": ["preScreen", "postScreen"],
			"properties": {
				"preScreen": { "$ref": "#/definitions/preScreen" },
				"postScreen": {
					"type": "array",
					"items": { "$ref": "#/definitions/rule" },
					"description": "Ordered list of rules; the first rule whose when matches decides. When none matches, the service allows (the terminal ALLOW is generated, never written here)."
				}
			}
		}
	},
	"definitions": {
		"chain": {
			"type": "string",
			"pattern": "^[A-Z][A-Z0-9_]{1,15}$",
			"description": "Chain family name: an upper-case identifier of 2 to 16 characters (letters, digits, underscore), for example EVM, SOL or BTC.",
			"examples": [
				"EVM",
				"SOL",
				"BTC"
			]
		},
		"tokenRef": {
			"type": "object",
			"title": "Token reference",
			"description": "One token whose transfers are sent to the vendor, identified by chain, network and contract address (never by symbol: a `symbol` key is rejected). When a catalog snapshot exists the reference must be in it.",
			"additionalProperties": false,
			"required": [
				"chain",
				"networkId",
				"contractAddress"
			],
			"properties": {
				"chain": { "$ref": "#/definitions/chain" },
				"networkId": {
					"type": "integer",
					"minimum": 0,
					"description": "Network identifier within the chain family, as in the token catalog: the EVM chain id (1 Ethereum, 137 Polygon, 8453 Base) or the catalog's network id for other families (101 Solana mainnet).",
					"examples": [
						1,
						137,
						8453,
						101
					]
				},
				"contractAddress": {
					"type": "string",
					"minLength": 1,
					"description": "Contract (EVM) or mint (SOL) address of the token, exactly as in the token catalog. Quote EVM addresses in YAML so that 0x... is not read as a number.",
					"examples": ["0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48"]
				}
			}
		},
		"preScreen": {
			"type": "object",
			"title": "preScreen",
			"description": "How vendorAWalletScreening is asked: which chains, which tokens and amounts (TRANSACTION only), and how many hops of exposure to analyse. Fields: chains, minAmountUsd, tokens, exposureDepth.",
			"additionalProperties": false,
			"properties": {
				"chains": {
					"type": "array",
					"minItems": 1,
					"uniqueItems": true,
					"items": { "$ref": "#/definitions/chain" },
					"description": "Chain families sent to the vendor for screening, for example [EVM, SOL, BTC]. Non-empty and without repeats; leave the key out to screen all chains."
				},
				"minAmountUsd": {
					"type": "number",
					"minimum": 0,
					"description": "TRANSACTION policies only: transfers below this USD amount are not sent to the vendor (the sanctions floor still runs on every screen). A number >= 0. Not allowed in a SIGN_IN policy: there is no amount at sign-in.",
					"examples": [
						0,
						100,
						1e3
					]
				},
				"tokens": {
					"type": "array",
					"minItems": 1,
					"uniqueItems": true,
					"items": { "$ref": "#/definitions/tokenRef" },
					"description": "TRANSACTION policies only: the tokens whose transfers are sent to the vendor, each as {chain, networkId, contractAddress}. Non-empty. Not allowed in a SIGN_IN policy: there is no token at sign-in."
				},
				"exposureDepth": {
					"type": "integer",
					"minimum": 1,
					"maximum": 5,
					"description": "vendorAWalletScreening only: how many hops of indirect exposure the vendor analyses, an integer from 1 (direct counterparties only) to 5. Deeper finds more indirect exposure and more false positives. (vendorBAddressScreening uses includeIndirect instead.)",
					"examples": [2, 3]
				}
			}
		},
		"category": {
			"type": "string",
			"enum": [
				"darknet_market",
				"mixer",
				"ransomware",
				"scam",
				"stolen_funds",
				"terrorist_financing",
				"child_abuse_material",
				"fraud_shop",
				"gambling",
				"high_risk_exchange",
				"no_kyc_exchange",
				"privacy_wallet",
				"illicit_actor_org"
			],
			"description": "vendorAWalletScreening risk category. One of: darknet_market, mixer, ransomware, scam, stolen_funds, terrorist_financing, child_abuse_material, fraud_shop, gambling, high_risk_exchange, no_kyc_exchange, privacy_wallet, illicit_actor_org."
		},
		"riskScore": {
			"type": "object",
			"title": "riskScore condition",
			"description": "Holds when the vendor's overall risk score of the address (0 = no risk, 10 = highest) is within the bounds: gte and/or lte, at least one of them. {gte: 0} matches every address.",
			"additionalProperties": false,
			"minProperties": 1,
			"properties": {
				"gte": {
					"type": "number",
					"minimum": 0,
					"maximum": 10,
					"description": "Holds when the risk score is greater than or equal to this value, a number from 0 to 10.",
					"examples": [7]
				},
				"lte": {
					"type": "number",
					"minimum": 0,
					"maximum": 10,
					"description": "Holds when the risk score is less than or equal to this value, a number from 0 to 10.",
					"examples": [2]
				}
			}
		},
		"exposure": {
			"type": "object",
			"title": "exposure condition",
			"description": "Holds when at least minPercent of the address's funds are exposed to the category in the given direction. All three fields are required.",
			"additionalProperties": false,
			"required": [
				"category",
				"direction",
				"minPercent"
			],
			"properties": {
				"category": { "$ref": "#/definitions/category" },
				"direction": {
					"type": "string",
					"enum": [
						"direct",
						"indirect",
						"any"
					],
					"description": "Which exposure counts: direct (funds moved straight to or from the category), indirect (through intermediaries, up to preScreen.exposureDepth hops) or any (either)."
				},
				"minPercent": {
					"type": "number",
					"minimum": 0,
					"maximum": 100,
					"description": "Smallest share of the address's funds, in percent (0 to 100), exposed to the category for the condition to hold. 0 means any exposure at all.",
					"examples": [
						0,
						5,
						25
					]
				}
			}
		},
		"cluster": {
			"type": "object",
			"title": "cluster condition",
			"description": "Holds when the vendor attributes the address itself to a cluster (an identified entity) of this category.",
			"additionalProperties": false,
			"required": ["category"],
			"properties": { "category": { "$ref": "#/definitions/category" } }
		},
		"when": {
			"type": "object",
			"title": "when",
			"description": "Conditions of the rule, all of which must hold (AND). Keys: riskScore, exposure, cluster. An empty when ({}) matches every address: it is only meaningful with BLOCK or ALERT, as the last rule. (anyOf needs schemaVersion 2.)",
			"additionalProperties": false,
			"properties": {
				"riskScore": { "$ref": "#/definitions/riskScore" },
				"exposure": { "$ref": "#/definitions/exposure" },
				"cluster": { "$ref": "#/definitions/cluster" }
			}
		},
		"rule": {
			"type": "object",
			"title": "postScreen rule",
			"description": "One rule: when all its conditions hold, its action decides the screen and later rules are not evaluated.",
			"additionalProperties": false,
			"required": [
				"id",
				"when",
				"action"
			],
			"properties": {
				"id": {
					"type": "string",
					"pattern": "^[a-z0-9][a-z0-9-]{0,63}$",
					"description": "Identifier of the rule, unique in the policy: lowercase letters, digits and hyphens, starting with a letter or digit, at most 64 characters. Shown in audit logs and alerts.",
					"examples": ["block-ransomware-exposure"]
				},
				"description": {
					"type": "string",
					"maxLength": 500,
					"description": "Why the rule exists, for reviewers and auditors: free text, at most 500 characters."
				},
				"when": { "$ref": "#/definitions/when" },
				"action": {
					"type": "string",
					"enum": [
						"BLOCK",
						"ALERT",
						"ALLOW"
					],
					"description": "What happens when the rule matches: BLOCK (refuse the sign-in or transaction), ALERT (let it through and raise an alert for compliance review) or ALLOW (let it through; later rules are skipped). The sanctions floor runs before any rule and cannot be allowed away."
				}
			}
		}
	}
};
const schema17 = {
	"type": "object",
	"title": "preScreen",
	"description": "How vendorAWalletScreening is asked: which chains, which tokens and amounts (TRANSACTION only), and how many hops of exposure to analyse. Fields: chains, minAmountUsd, tokens, exposureDepth.",
	"additionalProperties": false,
	"properties": {
		"chains": {
			"type": "array",
			"minItems": 1,
			"uniqueItems": true,
			"items": { "$ref": "#/definitions/chain" },
			"description": "Chain families sent to the vendor for screening, for example [EVM, SOL, BTC]. Non-empty and without repeats; leave the key out to screen all chains."
		},
		"minAmountUsd": {
			"type": "number",
			"minimum": 0,
			"description": "TRANSACTION policies only: transfers below this USD amount are not sent to the vendor (the sanctions floor still runs on every screen). A number >= 0. Not allowed in a SIGN_IN policy: there is no amount at sign-in.",
			"examples": [
				0,
				100,
				1e3
			]
		},
		"tokens": {
			"type": "array",
			"minItems": 1,
			"uniqueItems": true,
			"items": { "$ref": "#/definitions/tokenRef" },
			"description": "TRANSACTION policies only: the tokens whose transfers are sent to the vendor, each as {chain, networkId, contractAddress}. Non-empty. Not allowed in a SIGN_IN policy: there is no token at sign-in."
		},
		"exposureDepth": {
			"type": "integer",
			"minimum": 1,
			"maximum": 5,
			"description": "vendorAWalletScreening only: how many hops of indirect exposure the vendor analyses, an integer from 1 (direct counterparties only) to 5. Deeper finds more indirect exposure and more false positives. (vendorBAddressScreening uses includeIndirect instead.)",
			"examples": [2, 3]
		}
	}
};
const schema18 = {
	"type": "string",
	"pattern": "^[A-Z][A-Z0-9_]{1,15}$",
	"description": "Chain family name: an upper-case identifier of 2 to 16 characters (letters, digits, underscore), for example EVM, SOL or BTC.",
	"examples": [
		"EVM",
		"SOL",
		"BTC"
	]
};
const func0 = require("ajv/dist/runtime/equal").default;
const schema19 = {
	"type": "object",
	"title": "Token reference",
	"description": "One token whose transfers are sent to the vendor, identified by chain, network and contract address (never by symbol: a `symbol` key is rejected). When a catalog snapshot exists the reference must be in it.",
	"additionalProperties": false,
	"required": [
		"chain",
		"networkId",
		"contractAddress"
	],
	"properties": {
		"chain": { "$ref": "#/definitions/chain" },
		"networkId": {
			"type": "integer",
			"minimum": 0,
			"description": "Network identifier within the chain family, as in the token catalog: the EVM chain id (1 Ethereum, 137 Polygon, 8453 Base) or the catalog's network id for other families (101 Solana mainnet).",
			"examples": [
				1,
				137,
				8453,
				101
			]
		},
		"contractAddress": {
			"type": "string",
			"minLength": 1,
			"description": "Contract (EVM) or mint (SOL) address of the token, exactly as in the token catalog. Quote EVM addresses in YAML so that 0x... is not read as a number.",
			"examples": ["0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48"]
		}
	}
};
function validate16(data, { instancePath = "", parentData, parentDataProperty, rootData = data } = {}) {
	let vErrors = null;
	let errors = 0;
	if (data && typeof data == "object" && !Array.isArray(data)) {
		if (data.chain === void 0) {
			const err0 = {
				instancePath,
				schemaPath: "#/required",
				keyword: "required",
				params: { missingProperty: "chain" },
				message: "must have required property 'chain'",
				schema: schema19.required,
				parentSchema: schema19,
				data
			};
			if (vErrors === null) vErrors = [err0];
			else vErrors.push(err0);
			errors++;
		}
		if (data.networkId === void 0) {
			const err1 = {
				instancePath,
				schemaPath: "#/required",
				keyword: "required",
				params: { missingProperty: "networkId" },
				message: "must have required property 'networkId'",
				schema: schema19.required,
				parentSchema: schema19,
				data
			};
			if (vErrors === null) vErrors = [err1];
			else vErrors.push(err1);
			errors++;
		}
		if (data.contractAddress === void 0) {
			const err2 = {
				instancePath,
				schemaPath: "#/required",
				keyword: "required",
				params: { missingProperty: "contractAddress" },
				message: "must have required property 'contractAddress'",
				schema: schema19.required,
				parentSchema: schema19,
				data
			};
			if (vErrors === null) vErrors = [err2];
			else vErrors.push(err2);
			errors++;
		}
		for (const key0 in data) if (!(key0 === "chain" || key0 === "networkId" || key0 === "contractAddress")) {
			const err3 = {
				instancePath,
				schemaPath: "#/additionalProperties",
				keyword: "additionalProperties",
				params: { additionalProperty: key0 },
				message: "must NOT have additional properties",
				schema: false,
				parentSchema: schema19,
				data
			};
			if (vErrors === null) vErrors = [err3];
			else vErrors.push(err3);
			errors++;
		}
		if (data.chain !== void 0) {
			let data0 = data.chain;
			if (typeof data0 === "string") {
				if (!pattern0.test(data0)) {
					const err4 = {
						instancePath: instancePath + "/chain",
						schemaPath: "#/definitions/chain/pattern",
						keyword: "pattern",
						params: { pattern: "^[A-Z][A-Z0-9_]{1,15}$" },
						message: "must match pattern \"^[A-Z][A-Z0-9_]{1,15}$\"",
						schema: "^[A-Z][A-Z0-9_]{1,15}$",
						parentSchema: schema18,
						data: data0
					};
					if (vErrors === null) vErrors = [err4];
					else vErrors.push(err4);
					errors++;
				}
			} else {
				const err5 = {
					instancePath: instancePath + "/chain",
					schemaPath: "#/definitions/chain/type",
					keyword: "type",
					params: { type: "string" },
					message: "must be string",
					schema: schema18.type,
					parentSchema: schema18,
					data: data0
				};
				if (vErrors === null) vErrors = [err5];
				else vErrors.push(err5);
				errors++;
			}
		}
		if (data.networkId !== void 0) {
			let data1 = data.networkId;
			if (!(typeof data1 == "number" && !(data1 % 1) && !isNaN(data1) && isFinite(data1))) {
				const err6 = {
					instancePath: instancePath + "/networkId",
					schemaPath: "#/properties/networkId/type",
					keyword: "type",
					params: { type: "integer" },
					message: "must be integer",
					schema: schema19.properties.networkId.type,
					parentSchema: schema19.properties.networkId,
					data: data1
				};
				if (vErrors === null) vErrors = [err6];
				else vErrors.push(err6);
				errors++;
			}
			if (typeof data1 == "number" && isFinite(data1)) {
				if (data1 < 0 || isNaN(data1)) {
					const err7 = {
						instancePath: instancePath + "/networkId",
						schemaPath: "#/properties/networkId/minimum",
						keyword: "minimum",
						params: {
							comparison: ">=",
							limit: 0
						},
						message: "must be >= 0",
						schema: 0,
						parentSchema: schema19.properties.networkId,
						data: data1
					};
					if (vErrors === null) vErrors = [err7];
					else vErrors.push(err7);
					errors++;
				}
			}
		}
		if (data.contractAddress !== void 0) {
			let data2 = data.contractAddress;
			if (typeof data2 === "string") {
				if (func2(data2) < 1) {
					const err8 = {
						instancePath: instancePath + "/contractAddress",
						schemaPath: "#/properties/contractAddress/minLength",
						keyword: "minLength",
						params: { limit: 1 },
						message: "must NOT have fewer than 1 characters",
						schema: 1,
						parentSchema: schema19.properties.contractAddress,
						data: data2
					};
					if (vErrors === null) vErrors = [err8];
					else vErrors.push(err8);
					errors++;
				}
			} else {
				const err9 = {
					instancePath: instancePath + "/contractAddress",
					schemaPath: "#/properties/contractAddress/type",
					keyword: "type",
					params: { type: "string" },
					message: "must be string",
					schema: schema19.properties.contractAddress.type,
					parentSchema: schema19.properties.contractAddress,
					data: data2
				};
				if (vErrors === null) vErrors = [err9];
				else vErrors.push(err9);
				errors++;
			}
		}
	} else {
		const err10 = {
			instancePath,
			schemaPath: "#/type",
			keyword: "type",
			params: { type: "object" },
			message: "must be object",
			schema: schema19.type,
			parentSchema: schema19,
			data
		};
		if (vErrors === null) vErrors = [err10];
		else vErrors.push(err10);
		errors++;
	}
	validate16.errors = vErrors;
	return errors === 0;
}
function validate15(data, { instancePath = "", parentData, parentDataProperty, rootData = data } = {}) {
	let vErrors = null;
	let errors = 0;
	if (data && typeof data == "object" && !Array.isArray(data)) {
		for (const key0 in data) if (!(key0 === "chains" || key0 === "minAmountUsd" || key0 === "tokens" || key0 === "exposureDepth")) {
			const err0 = {
				instancePath,
				schemaPath: "#/additionalProperties",
				keyword: "additionalProperties",
				params: { additionalProperty: key0 },
				message: "must NOT have additional properties",
				schema: false,
				parentSchema: schema17,
				data
			};
			if (vErrors === null) vErrors = [err0];
			else vErrors.push(err0);
			errors++;
		}
		if (data.chains !== void 0) {
			let data0 = data.chains;
			if (Array.isArray(data0)) {
				if (data0.length < 1) {
					const err1 = {
						instancePath: instancePath + "/chains",
						schemaPath: "#/properties/chains/minItems",
						keyword: "minItems",
						params: { limit: 1 },
						message: "must NOT have fewer than 1 items",
						schema: 1,
						parentSchema: schema17.properties.chains,
						data: data0
					};
					if (vErrors === null) vErrors = [err1];
					else vErrors.push(err1);
					errors++;
				}
				const len0 = data0.length;
				for (let i0 = 0; i0 < len0; i0++) {
					let data1 = data0[i0];
					if (typeof data1 === "string") {
						if (!pattern0.test(data1)) {
							const err2 = {
								instancePath: instancePath + "/chains/" + i0,
								schemaPath: "#/definitions/chain/pattern",
								keyword: "pattern",
								params: { pattern: "^[A-Z][A-Z0-9_]{1,15}$" },
								message: "must match pattern \"^[A-Z][A-Z0-9_]{1,15}$\"",
								schema: "^[A-Z][A-Z0-9_]{1,15}$",
								parentSchema: schema18,
								data: data1
							};
							if (vErrors === null) vErrors = [err2];
							else vErrors.push(err2);
							errors++;
						}
					} else {
						const err3 = {
							instancePath: instancePath + "/chains/" + i0,
							schemaPath: "#/definitions/chain/type",
							keyword: "type",
							params: { type: "string" },
							message: "must be string",
							schema: schema18.type,
							parentSchema: schema18,
							data: data1
						};
						if (vErrors === null) vErrors = [err3];
						else vErrors.push(err3);
						errors++;
					}
				}
				let i1 = data0.length;
				let j0;
				if (i1 > 1) {
					outer0: for (; i1--;) for (j0 = i1; j0--;) if (func0(data0[i1], data0[j0])) {
						const err4 = {
							instancePath: instancePath + "/chains",
							schemaPath: "#/properties/chains/uniqueItems",
							keyword: "uniqueItems",
							params: {
								i: i1,
								j: j0
							},
							message: "must NOT have duplicate items (items ## " + j0 + " and " + i1 + " are identical)",
							schema: true,
							parentSchema: schema17.properties.chains,
							data: data0
						};
						if (vErrors === null) vErrors = [err4];
						else vErrors.push(err4);
						errors++;
						break outer0;
					}
				}
			} else {
				const err5 = {
					instancePath: instancePath + "/chains",
					schemaPath: "#/properties/chains/type",
					keyword: "type",
					params: { type: "array" },
					message: "must be array",
					schema: schema17.properties.chains.type,
					parentSchema: schema17.properties.chains,
					data: data0
				};
				if (vErrors === null) vErrors = [err5];
				else vErrors.push(err5);
				errors++;
			}
		}
		if (data.minAmountUsd !== void 0) {
			let data2 = data.minAmountUsd;
			if (typeof data2 == "number" && isFinite(data2)) {
				if (data2 < 0 || isNaN(data2)) {
					const err6 = {
						instancePath: instancePath + "/minAmountUsd",
						schemaPath: "#/properties/minAmountUsd/minimum",
						keyword: "minimum",
						params: {
							comparison: ">=",
							limit: 0
						},
						message: "must be >= 0",
						schema: 0,
						parentSchema: schema17.properties.minAmountUsd,
						data: data2
					};
					if (vErrors === null) vErrors = [err6];
					else vErrors.push(err6);
					errors++;
				}
			} else {
				const err7 = {
					instancePath: instancePath + "/minAmountUsd",
					schemaPath: "#/properties/minAmountUsd/type",
					keyword: "type",
					params: { type: "number" },
					message: "must be number",
					schema: schema17.properties.minAmountUsd.type,
					parentSchema: schema17.properties.minAmountUsd,
					data: data2
				};
				if (vErrors === null) vErrors = [err7];
				else vErrors.push(err7);
				errors++;
			}
		}
		if (data.tokens !== void 0) {
			let data3 = data.tokens;
			if (Array.isArray(data3)) {
				if (data3.length < 1) {
					const err8 = {
						instancePath: instancePath + "/tokens",
						schemaPath: "#/properties/tokens/minItems",
						keyword: "minItems",
						params: { limit: 1 },
						message: "must NOT have fewer than 1 items",
						schema: 1,
						parentSchema: schema17.properties.tokens,
						data: data3
					};
					if (vErrors === null) vErrors = [err8];
					else vErrors.push(err8);
					errors++;
				}
				const len1 = data3.length;
				for (let i2 = 0; i2 < len1; i2++) if (!validate16(data3[i2], {
					instancePath: instancePath + "/tokens/" + i2,
					parentData: data3,
					parentDataProperty: i2,
					rootData
				})) {
					vErrors = vErrors === null ? validate16.errors : vErrors.concat(validate16.errors);
					errors = vErrors.length;
				}
				let i3 = data3.length;
				let j1;
				if (i3 > 1) {
					outer1: for (; i3--;) for (j1 = i3; j1--;) if (func0(data3[i3], data3[j1])) {
						const err9 = {
							instancePath: instancePath + "/tokens",
							schemaPath: "#/properties/tokens/uniqueItems",
							keyword: "uniqueItems",
							params: {
								i: i3,
								j: j1
							},
							message: "must NOT have duplicate items (items ## " + j1 + " and " + i3 + " are identical)",
							schema: true,
							parentSchema: schema17.properties.tokens,
							data: data3
						};
						if (vErrors === null) vErrors = [err9];
						else vErrors.push(err9);
						errors++;
						break outer1;
					}
				}
			} else {
				const err10 = {
					instancePath: instancePath + "/tokens",
					schemaPath: "#/properties/tokens/type",
					keyword: "type",
					params: { type: "array" },
					message: "must be array",
					schema: schema17.properties.tokens.type,
					parentSchema: schema17.properties.tokens,
					data: data3
				};
				if (vErrors === null) vErrors = [err10];
				else vErrors.push(err10);
				errors++;
			}
		}
		if (data.exposureDepth !== void 0) {
			let data5 = data.exposureDepth;
			if (!(typeof data5 == "number" && !(data5 % 1) && !isNaN(data5) && isFinite(data5))) {
				const err11 = {
					instancePath: instancePath + "/exposureDepth",
					schemaPath: "#/properties/exposureDepth/type",
					keyword: "type",
					params: { type: "integer" },
					message: "must be integer",
					schema: schema17.properties.exposureDepth.type,
					parentSchema: schema17.properties.exposureDepth,
					data: data5
				};
				if (vErrors === null) vErrors = [err11];
				else vErrors.push(err11);
				errors++;
			}
			if (typeof data5 == "number" && isFinite(data5)) {
				if (data5 > 5 || isNaN(data5)) {
					const err12 = {
						instancePath: instancePath + "/exposureDepth",
						schemaPath: "#/properties/exposureDepth/maximum",
						keyword: "maximum",
						params: {
							comparison: "<=",
							limit: 5
						},
						message: "must be <= 5",
						schema: 5,
						parentSchema: schema17.properties.exposureDepth,
						data: data5
					};
					if (vErrors === null) vErrors = [err12];
					else vErrors.push(err12);
					errors++;
				}
				if (data5 < 1 || isNaN(data5)) {
					const err13 = {
						instancePath: instancePath + "/exposureDepth",
						schemaPath: "#/properties/exposureDepth/minimum",
						keyword: "minimum",
						params: {
							comparison: ">=",
							limit: 1
						},
						message: "must be >= 1",
						schema: 1,
						parentSchema: schema17.properties.exposureDepth,
						data: data5
					};
					if (vErrors === null) vErrors = [err13];
					else vErrors.push(err13);
					errors++;
				}
			}
		}
	} else {
		const err14 = {
			instancePath,
			schemaPath: "#/type",
			keyword: "type",
			params: { type: "object" },
			message: "must be object",
			schema: schema17.type,
			parentSchema: schema17,
			data
		};
		if (vErrors === null) vErrors = [err14];
		else vErrors.push(err14);
		errors++;
	}
	validate15.errors = vErrors;
	return errors === 0;
}
const schema21 = {
	"type": "object",
	"title": "postScreen rule",
	"description": "One rule: when all its conditions hold, its action decides the screen and later rules are not evaluated.",
	"additionalProperties": false,
	"required": [
		"id",
		"when",
		"action"
	],
	"properties": {
		"id": {
			"type": "string",
			"pattern": "^[a-z0-9][a-z0-9-]{0,63}$",
			"description": "Identifier of the rule, unique in the policy: lowercase letters, digits and hyphens, starting with a letter or digit, at most 64 characters. Shown in audit logs and alerts.",
			"examples": ["block-ransomware-exposure"]
		},
		"description": {
			"type": "string",
			"maxLength": 500,
			"description": "Why the rule exists, for reviewers and auditors: free text, at most 500 characters."
		},
		"when": { "$ref": "#/definitions/when" },
		"action": {
			"type": "string",
			"enum": [
				"BLOCK",
				"ALERT",
				"ALLOW"
			],
			"description": "What happens when the rule matches: BLOCK (refuse the sign-in or transaction), ALERT (let it through and raise an alert for compliance review) or ALLOW (let it through; later rules are skipped). The sanctions floor runs before any rule and cannot be allowed away."
		}
	}
};
const pattern7 = /* @__PURE__ */ new RegExp("^[a-z0-9][a-z0-9-]{0,63}$", "u");
const schema22 = {
	"type": "object",
	"title": "when",
	"description": "Conditions of the rule, all of which must hold (AND). Keys: riskScore, exposure, cluster. An empty when ({}) matches every address: it is only meaningful with BLOCK or ALERT, as the last rule. (anyOf needs schemaVersion 2.)",
	"additionalProperties": false,
	"properties": {
		"riskScore": { "$ref": "#/definitions/riskScore" },
		"exposure": { "$ref": "#/definitions/exposure" },
		"cluster": { "$ref": "#/definitions/cluster" }
	}
};
const schema23 = {
	"type": "object",
	"title": "riskScore condition",
	"description": "Holds when the vendor's overall risk score of the address (0 = no risk, 10 = highest) is within the bounds: gte and/or lte, at least one of them. {gte: 0} matches every address.",
	"additionalProperties": false,
	"minProperties": 1,
	"properties": {
		"gte": {
			"type": "number",
			"minimum": 0,
			"maximum": 10,
			"description": "Holds when the risk score is greater than or equal to this value, a number from 0 to 10.",
			"examples": [7]
		},
		"lte": {
			"type": "number",
			"minimum": 0,
			"maximum": 10,
			"description": "Holds when the risk score is less than or equal to this value, a number from 0 to 10.",
			"examples": [2]
		}
	}
};
const schema24 = {
	"type": "object",
	"title": "exposure condition",
	"description": "Holds when at least minPercent of the address's funds are exposed to the category in the given direction. All three fields are required.",
	"additionalProperties": false,
	"required": [
		"category",
		"direction",
		"minPercent"
	],
	"properties": {
		"category": { "$ref": "#/definitions/category" },
		"direction": {
			"type": "string",
			"enum": [
				"direct",
				"indirect",
				"any"
			],
			"description": "Which exposure counts: direct (funds moved straight to or from the category), indirect (through intermediaries, up to preScreen.exposureDepth hops) or any (either)."
		},
		"minPercent": {
			"type": "number",
			"minimum": 0,
			"maximum": 100,
			"description": "Smallest share of the address's funds, in percent (0 to 100), exposed to the category for the condition to hold. 0 means any exposure at all.",
			"examples": [
				0,
				5,
				25
			]
		}
	}
};
const schema25 = {
	"type": "string",
	"enum": [
		"darknet_market",
		"mixer",
		"ransomware",
		"scam",
		"stolen_funds",
		"terrorist_financing",
		"child_abuse_material",
		"fraud_shop",
		"gambling",
		"high_risk_exchange",
		"no_kyc_exchange",
		"privacy_wallet",
		"illicit_actor_org"
	],
	"description": "vendorAWalletScreening risk category. One of: darknet_market, mixer, ransomware, scam, stolen_funds, terrorist_financing, child_abuse_material, fraud_shop, gambling, high_risk_exchange, no_kyc_exchange, privacy_wallet, illicit_actor_org."
};
function validate21(data, { instancePath = "", parentData, parentDataProperty, rootData = data } = {}) {
	let vErrors = null;
	let errors = 0;
	if (data && typeof data == "object" && !Array.isArray(data)) {
		if (data.category === void 0) {
			const err0 = {
				instancePath,
				schemaPath: "#/required",
				keyword: "required",
				params: { missingProperty: "category" },
				message: "must have required property 'category'",
				schema: schema24.required,
				parentSchema: schema24,
				data
			};
			if (vErrors === null) vErrors = [err0];
			else vErrors.push(err0);
			errors++;
		}
		if (data.direction === void 0) {
			const err1 = {
				instancePath,
				schemaPath: "#/required",
				keyword: "required",
				params: { missingProperty: "direction" },
				message: "must have required property 'direction'",
				schema: schema24.required,
				parentSchema: schema24,
				data
			};
			if (vErrors === null) vErrors = [err1];
			else vErrors.push(err1);
			errors++;
		}
		if (data.minPercent === void 0) {
			const err2 = {
				instancePath,
				schemaPath: "#/required",
				keyword: "required",
				params: { missingProperty: "minPercent" },
				message: "must have required property 'minPercent'",
				schema: schema24.required,
				parentSchema: schema24,
				data
			};
			if (vErrors === null) vErrors = [err2];
			else vErrors.push(err2);
			errors++;
		}
		for (const key0 in data) if (!(key0 === "category" || key0 === "direction" || key0 === "minPercent")) {
			const err3 = {
				instancePath,
				schemaPath: "#/additionalProperties",
				keyword: "additionalProperties",
				params: { additionalProperty: key0 },
				message: "must NOT have additional properties",
				schema: false,
				parentSchema: schema24,
				data
			};
			if (vErrors === null) vErrors = [err3];
			else vErrors.push(err3);
			errors++;
		}
		if (data.category !== void 0) {
			let data0 = data.category;
			if (typeof data0 !== "string") {
				const err4 = {
					instancePath: instancePath + "/category",
					schemaPath: "#/definitions/category/type",
					keyword: "type",
					params: { type: "string" },
					message: "must be string",
					schema: schema25.type,
					parentSchema: schema25,
					data: data0
				};
				if (vErrors === null) vErrors = [err4];
				else vErrors.push(err4);
				errors++;
			}
			if (!(data0 === "darknet_market" || data0 === "mixer" || data0 === "ransomware" || data0 === "scam" || data0 === "stolen_funds" || data0 === "terrorist_financing" || data0 === "child_abuse_material" || data0 === "fraud_shop" || data0 === "gambling" || data0 === "high_risk_exchange" || data0 === "no_kyc_exchange" || data0 === "privacy_wallet" || data0 === "illicit_actor_org")) {
				const err5 = {
					instancePath: instancePath + "/category",
					schemaPath: "#/definitions/category/enum",
					keyword: "enum",
					params: { allowedValues: schema25.enum },
					message: "must be equal to one of the allowed values",
					schema: schema25.enum,
					parentSchema: schema25,
					data: data0
				};
				if (vErrors === null) vErrors = [err5];
				else vErrors.push(err5);
				errors++;
			}
		}
		if (data.direction !== void 0) {
			let data1 = data.direction;
			if (typeof data1 !== "string") {
				const err6 = {
					instancePath: instancePath + "/direction",
					schemaPath: "#/properties/direction/type",
					keyword: "type",
					params: { type: "string" },
					message: "must be string",
					schema: schema24.properties.direction.type,
					parentSchema: schema24.properties.direction,
					data: data1
				};
				if (vErrors === null) vErrors = [err6];
				else vErrors.push(err6);
				errors++;
			}
			if (!(data1 === "direct" || data1 === "indirect" || data1 === "any")) {
				const err7 = {
					instancePath: instancePath + "/direction",
					schemaPath: "#/properties/direction/enum",
					keyword: "enum",
					params: { allowedValues: schema24.properties.direction.enum },
					message: "must be equal to one of the allowed values",
					schema: schema24.properties.direction.enum,
					parentSchema: schema24.properties.direction,
					data: data1
				};
				if (vErrors === null) vErrors = [err7];
				else vErrors.push(err7);
				errors++;
			}
		}
		if (data.minPercent !== void 0) {
			let data2 = data.minPercent;
			if (typeof data2 == "number" && isFinite(data2)) {
				if (data2 > 100 || isNaN(data2)) {
					const err8 = {
						instancePath: instancePath + "/minPercent",
						schemaPath: "#/properties/minPercent/maximum",
						keyword: "maximum",
						params: {
							comparison: "<=",
							limit: 100
						},
						message: "must be <= 100",
						schema: 100,
						parentSchema: schema24.properties.minPercent,
						data: data2
					};
					if (vErrors === null) vErrors = [err8];
					else vErrors.push(err8);
					errors++;
				}
				if (data2 < 0 || isNaN(data2)) {
					const err9 = {
						instancePath: instancePath + "/minPercent",
						schemaPath: "#/properties/minPercent/minimum",
						keyword: "minimum",
						params: {
							comparison: ">=",
							limit: 0
						},
						message: "must be >= 0",
						schema: 0,
						parentSchema: schema24.properties.minPercent,
						data: data2
					};
					if (vErrors === null) vErrors = [err9];
					else vErrors.push(err9);
					errors++;
				}
			} else {
				const err10 = {
					instancePath: instancePath + "/minPercent",
					schemaPath: "#/properties/minPercent/type",
					keyword: "type",
					params: { type: "number" },
					message: "must be number",
					schema: schema24.properties.minPercent.type,
					parentSchema: schema24.properties.minPercent,
					data: data2
				};
				if (vErrors === null) vErrors = [err10];
				else vErrors.push(err10);
				errors++;
			}
		}
	} else {
		const err11 = {
			instancePath,
			schemaPath: "#/type",
			keyword: "type",
			params: { type: "object" },
			message: "must be object",
			schema: schema24.type,
			parentSchema: schema24,
			data
		};
		if (vErrors === null) vErrors = [err11];
		else vErrors.push(err11);
		errors++;
	}
	validate21.errors = vErrors;
	return errors === 0;
}
const schema26 = {
	"type": "object",
	"title": "cluster condition",
	"description": "Holds when the vendor attributes the address itself to a cluster (an identified entity) of this category.",
	"additionalProperties": false,
	"required": ["category"],
	"properties": { "category": { "$ref": "#/definitions/category" } }
};
function validate23(data, { instancePath = "", parentData, parentDataProperty, rootData = data } = {}) {
	let vErrors = null;
	let errors = 0;
	if (data && typeof data == "object" && !Array.isArray(data)) {
		if (data.category === void 0) {
			const err0 = {
				instancePath,
				schemaPath: "#/required",
				keyword: "required",
				params: { missingProperty: "category" },
				message: "must have required property 'category'",
				schema: schema26.required,
				parentSchema: schema26,
				data
			};
			if (vErrors === null) vErrors = [err0];
			else vErrors.push(err0);
			errors++;
		}
		for (const key0 in data) if (!(key0 === "category")) {
			const err1 = {
				instancePath,
				schemaPath: "#/additionalProperties",
				keyword: "additionalProperties",
				params: { additionalProperty: key0 },
				message: "must NOT have additional properties",
				schema: false,
				parentSchema: schema26,
				data
			};
			if (vErrors === null) vErrors = [err1];
			else vErrors.push(err1);
			errors++;
		}
		if (data.category !== void 0) {
			let data0 = data.category;
			if (typeof data0 !== "string") {
				const err2 = {
					instancePath: instancePath + "/category",
					schemaPath: "#/definitions/category/type",
					keyword: "type",
					params: { type: "string" },
					message: "must be string",
					schema: schema25.type,
					parentSchema: schema25,
					data: data0
				};
				if (vErrors === null) vErrors = [err2];
				else vErrors.push(err2);
				errors++;
			}
			if (!(data0 === "darknet_market" || data0 === "mixer" || data0 === "ransomware" || data0 === "scam" || data0 === "stolen_funds" || data0 === "terrorist_financing" || data0 === "child_abuse_material" || data0 === "fraud_shop" || data0 === "gambling" || data0 === "high_risk_exchange" || data0 === "no_kyc_exchange" || data0 === "privacy_wallet" || data0 === "illicit_actor_org")) {
				const err3 = {
					instancePath: instancePath + "/category",
					schemaPath: "#/definitions/category/enum",
					keyword: "enum",
					params: { allowedValues: schema25.enum },
					message: "must be equal to one of the allowed values",
					schema: schema25.enum,
					parentSchema: schema25,
					data: data0
				};
				if (vErrors === null) vErrors = [err3];
				else vErrors.push(err3);
				errors++;
			}
		}
	} else {
		const err4 = {
			instancePath,
			schemaPath: "#/type",
			keyword: "type",
			params: { type: "object" },
			message: "must be object",
			schema: schema26.type,
			parentSchema: schema26,
			data
		};
		if (vErrors === null) vErrors = [err4];
		else vErrors.push(err4);
		errors++;
	}
	validate23.errors = vErrors;
	return errors === 0;
}
function validate20(data, { instancePath = "", parentData, parentDataProperty, rootData = data } = {}) {
	let vErrors = null;
	let errors = 0;
	if (data && typeof data == "object" && !Array.isArray(data)) {
		for (const key0 in data) if (!(key0 === "riskScore" || key0 === "exposure" || key0 === "cluster")) {
			const err0 = {
				instancePath,
				schemaPath: "#/additionalProperties",
				keyword: "additionalProperties",
				params: { additionalProperty: key0 },
				message: "must NOT have additional properties",
				schema: false,
				parentSchema: schema22,
				data
			};
			if (vErrors === null) vErrors = [err0];
			else vErrors.push(err0);
			errors++;
		}
		if (data.riskScore !== void 0) {
			let data0 = data.riskScore;
			if (data0 && typeof data0 == "object" && !Array.isArray(data0)) {
				if (Object.keys(data0).length < 1) {
					const err1 = {
						instancePath: instancePath + "/riskScore",
						schemaPath: "#/definitions/riskScore/minProperties",
						keyword: "minProperties",
						params: { limit: 1 },
						message: "must NOT have fewer than 1 properties",
						schema: 1,
						parentSchema: schema23,
						data: data0
					};
					if (vErrors === null) vErrors = [err1];
					else vErrors.push(err1);
					errors++;
				}
				for (const key1 in data0) if (!(key1 === "gte" || key1 === "lte")) {
					const err2 = {
						instancePath: instancePath + "/riskScore",
						schemaPath: "#/definitions/riskScore/additionalProperties",
						keyword: "additionalProperties",
						params: { additionalProperty: key1 },
						message: "must NOT have additional properties",
						schema: false,
						parentSchema: schema23,
						data: data0
					};
					if (vErrors === null) vErrors = [err2];
					else vErrors.push(err2);
					errors++;
				}
				if (data0.gte !== void 0) {
					let data1 = data0.gte;
					if (typeof data1 == "number" && isFinite(data1)) {
						if (data1 > 10 || isNaN(data1)) {
							const err3 = {
								instancePath: instancePath + "/riskScore/gte",
								schemaPath: "#/definitions/riskScore/properties/gte/maximum",
								keyword: "maximum",
								params: {
									comparison: "<=",
									limit: 10
								},
								message: "must be <= 10",
								schema: 10,
								parentSchema: schema23.properties.gte,
								data: data1
							};
							if (vErrors === null) vErrors = [err3];
							else vErrors.push(err3);
							errors++;
						}
						if (data1 < 0 || isNaN(data1)) {
							const err4 = {
								instancePath: instancePath + "/riskScore/gte",
								schemaPath: "#/definitions/riskScore/properties/gte/minimum",
								keyword: "minimum",
								params: {
									comparison: ">=",
									limit: 0
								},
								message: "must be >= 0",
								schema: 0,
								parentSchema: schema23.properties.gte,
								data: data1
							};
							if (vErrors === null) vErrors = [err4];
							else vErrors.push(err4);
							errors++;
						}
					} else {
						const err5 = {
							instancePath: instancePath + "/riskScore/gte",
							schemaPath: "#/definitions/riskScore/properties/gte/type",
							keyword: "type",
							params: { type: "number" },
							message: "must be number",
							schema: schema23.properties.gte.type,
							parentSchema: schema23.properties.gte,
							data: data1
						};
						if (vErrors === null) vErrors = [err5];
						else vErrors.push(err5);
						errors++;
					}
				}
				if (data0.lte !== void 0) {
					let data2 = data0.lte;
					if (typeof data2 == "number" && isFinite(data2)) {
						if (data2 > 10 || isNaN(data2)) {
							const err6 = {
								instancePath: instancePath + "/riskScore/lte",
								schemaPath: "#/definitions/riskScore/properties/lte/maximum",
								keyword: "maximum",
								params: {
									comparison: "<=",
									limit: 10
								},
								message: "must be <= 10",
								schema: 10,
								parentSchema: schema23.properties.lte,
								data: data2
							};
							if (vErrors === null) vErrors = [err6];
							else vErrors.push(err6);
							errors++;
						}
						if (data2 < 0 || isNaN(data2)) {
							const err7 = {
								instancePath: instancePath + "/riskScore/lte",
								schemaPath: "#/definitions/riskScore/properties/lte/minimum",
								keyword: "minimum",
								params: {
									comparison: ">=",
									limit: 0
								},
								message: "must be >= 0",
								schema: 0,
								parentSchema: schema23.properties.lte,
								data: data2
							};
							if (vErrors === null) vErrors = [err7];
							else vErrors.push(err7);
							errors++;
						}
					} else {
						const err8 = {
							instancePath: instancePath + "/riskScore/lte",
							schemaPath: "#/definitions/riskScore/properties/lte/type",
							keyword: "type",
							params: { type: "number" },
							message: "must be number",
							schema: schema23.properties.lte.type,
							parentSchema: schema23.properties.lte,
							data: data2
						};
						if (vErrors === null) vErrors = [err8];
						else vErrors.push(err8);
						errors++;
					}
				}
			} else {
				const err9 = {
					instancePath: instancePath + "/riskScore",
					schemaPath: "#/definitions/riskScore/type",
					keyword: "type",
					params: { type: "object" },
					message: "must be object",
					schema: schema23.type,
					parentSchema: schema23,
					data: data0
				};
				if (vErrors === null) vErrors = [err9];
				else vErrors.push(err9);
				errors++;
			}
		}
		if (data.exposure !== void 0) {
			if (!validate21(data.exposure, {
				instancePath: instancePath + "/exposure",
				parentData: data,
				parentDataProperty: "exposure",
				rootData
			})) {
				vErrors = vErrors === null ? validate21.errors : vErrors.concat(validate21.errors);
				errors = vErrors.length;
			}
		}
		if (data.cluster !== void 0) {
			if (!validate23(data.cluster, {
				instancePath: instancePath + "/cluster",
				parentData: data,
				parentDataProperty: "cluster",
				rootData
			})) {
				vErrors = vErrors === null ? validate23.errors : vErrors.concat(validate23.errors);
				errors = vErrors.length;
			}
		}
	} else {
		const err10 = {
			instancePath,
			schemaPath: "#/type",
			keyword: "type",
			params: { type: "object" },
			message: "must be object",
			schema: schema22.type,
			parentSchema: schema22,
			data
		};
		if (vErrors === null) vErrors = [err10];
		else vErrors.push(err10);
		errors++;
	}
	validate20.errors = vErrors;
	return errors === 0;
}
function validate19(data, { instancePath = "", parentData, parentDataProperty, rootData = data } = {}) {
	let vErrors = null;
	let errors = 0;
	if (data && typeof data == "object" && !Array.isArray(data)) {
		if (data.id === void 0) {
			const err0 = {
				instancePath,
				schemaPath: "#/required",
				keyword: "required",
				params: { missingProperty: "id" },
				message: "must have required property 'id'",
				schema: schema21.required,
				parentSchema: schema21,
				data
			};
			if (vErrors === null) vErrors = [err0];
			else vErrors.push(err0);
			errors++;
		}
		if (data.when === void 0) {
			const err1 = {
				instancePath,
				schemaPath: "#/required",
				keyword: "required",
				params: { missingProperty: "when" },
				message: "must have required property 'when'",
				schema: schema21.required,
				parentSchema: schema21,
				data
			};
			if (vErrors === null) vErrors = [err1];
			else vErrors.push(err1);
			errors++;
		}
		if (data.action === void 0) {
			const err2 = {
				instancePath,
				schemaPath: "#/required",
				keyword: "required",
				params: { missingProperty: "action" },
				message: "must have required property 'action'",
				schema: schema21.required,
				parentSchema: schema21,
				data
			};
			if (vErrors === null) vErrors = [err2];
			else vErrors.push(err2);
			errors++;
		}
		for (const key0 in data) if (!(key0 === "id" || key0 === "description" || key0 === "when" || key0 === "action")) {
			const err3 = {
				instancePath,
				schemaPath: "#/additionalProperties",
				keyword: "additionalProperties",
				params: { additionalProperty: key0 },
				message: "must NOT have additional properties",
				schema: false,
				parentSchema: schema21,
				data
			};
			if (vErrors === null) vErrors = [err3];
			else vErrors.push(err3);
			errors++;
		}
		if (data.id !== void 0) {
			let data0 = data.id;
			if (typeof data0 === "string") {
				if (!pattern7.test(data0)) {
					const err4 = {
						instancePath: instancePath + "/id",
						schemaPath: "#/properties/id/pattern",
						keyword: "pattern",
						params: { pattern: "^[a-z0-9][a-z0-9-]{0,63}$" },
						message: "must match pattern \"^[a-z0-9][a-z0-9-]{0,63}$\"",
						schema: "^[a-z0-9][a-z0-9-]{0,63}$",
						parentSchema: schema21.properties.id,
						data: data0
					};
					if (vErrors === null) vErrors = [err4];
					else vErrors.push(err4);
					errors++;
				}
			} else {
				const err5 = {
					instancePath: instancePath + "/id",
					schemaPath: "#/properties/id/type",
					keyword: "type",
					params: { type: "string" },
					message: "must be string",
					schema: schema21.properties.id.type,
					parentSchema: schema21.properties.id,
					data: data0
				};
				if (vErrors === null) vErrors = [err5];
				else vErrors.push(err5);
				errors++;
			}
		}
		if (data.description !== void 0) {
			let data1 = data.description;
			if (typeof data1 === "string") {
				if (func2(data1) > 500) {
					const err6 = {
						instancePath: instancePath + "/description",
						schemaPath: "#/properties/description/maxLength",
						keyword: "maxLength",
						params: { limit: 500 },
						message: "must NOT have more than 500 characters",
						schema: 500,
						parentSchema: schema21.properties.description,
						data: data1
					};
					if (vErrors === null) vErrors = [err6];
					else vErrors.push(err6);
					errors++;
				}
			} else {
				const err7 = {
					instancePath: instancePath + "/description",
					schemaPath: "#/properties/description/type",
					keyword: "type",
					params: { type: "string" },
					message: "must be string",
					schema: schema21.properties.description.type,
					parentSchema: schema21.properties.description,
					data: data1
				};
				if (vErrors === null) vErrors = [err7];
				else vErrors.push(err7);
				errors++;
			}
		}
		if (data.when !== void 0) {
			if (!validate20(data.when, {
				instancePath: instancePath + "/when",
				parentData: data,
				parentDataProperty: "when",
				rootData
			})) {
				vErrors = vErrors === null ? validate20.errors : vErrors.concat(validate20.errors);
				errors = vErrors.length;
			}
		}
		if (data.action !== void 0) {
			let data3 = data.action;
			if (typeof data3 !== "string") {
				const err8 = {
					instancePath: instancePath + "/action",
					schemaPath: "#/properties/action/type",
					keyword: "type",
					params: { type: "string" },
					message: "must be string",
					schema: schema21.properties.action.type,
					parentSchema: schema21.properties.action,
					data: data3
				};
				if (vErrors === null) vErrors = [err8];
				else vErrors.push(err8);
				errors++;
			}
			if (!(data3 === "BLOCK" || data3 === "ALERT" || data3 === "ALLOW")) {
				const err9 = {
					instancePath: instancePath + "/action",
					schemaPath: "#/properties/action/enum",
					keyword: "enum",
					params: { allowedValues: schema21.properties.action.enum },
					message: "must be equal to one of the allowed values",
					schema: schema21.properties.action.enum,
					parentSchema: schema21.properties.action,
					data: data3
				};
				if (vErrors === null) vErrors = [err9];
				else vErrors.push(err9);
				errors++;
			}
		}
	} else {
		const err10 = {
			instancePath,
			schemaPath: "#/type",
			keyword: "type",
			params: { type: "object" },
			message: "must be object",
			schema: schema21.type,
			parentSchema: schema21,
			data
		};
		if (vErrors === null) vErrors = [err10];
		else vErrors.push(err10);
		errors++;
	}
	validate19.errors = vErrors;
	return errors === 0;
}
function validate14(data, { instancePath = "", parentData, parentDataProperty, rootData = data } = {}) {
	let vErrors = null;
	let errors = 0;
	if (data && typeof data == "object" && !Array.isArray(data)) {
		if (data.providerType === void 0) {
			const err0 = {
				instancePath,
				schemaPath: "#/required",
				keyword: "required",
				params: { missingProperty: "providerType" },
				message: "must have required property 'providerType'",
				schema: schema16.required,
				parentSchema: schema16,
				data
			};
			if (vErrors === null) vErrors = [err0];
			else vErrors.push(err0);
			errors++;
		}
		if (data.scope === void 0) {
			const err1 = {
				instancePath,
				schemaPath: "#/required",
				keyword: "required",
				params: { missingProperty: "scope" },
				message: "must have required property 'scope'",
				schema: schema16.required,
				parentSchema: schema16,
				data
			};
			if (vErrors === null) vErrors = [err1];
			else vErrors.push(err1);
			errors++;
		}
		if (data.schemaVersion === void 0) {
			const err2 = {
				instancePath,
				schemaPath: "#/required",
				keyword: "required",
				params: { missingProperty: "schemaVersion" },
				message: "must have required property 'schemaVersion'",
				schema: schema16.required,
				parentSchema: schema16,
				data
			};
			if (vErrors === null) vErrors = [err2];
			else vErrors.push(err2);
			errors++;
		}
		if (data.enabled === void 0) {
			const err3 = {
				instancePath,
				schemaPath: "#/required",
				keyword: "required",
				params: { missingProperty: "enabled" },
				message: "must have required property 'enabled'",
				schema: schema16.required,
				parentSchema: schema16,
				data
			};
			if (vErrors === null) vErrors = [err3];
			else vErrors.push(err3);
			errors++;
		}
		if (data.rules === void 0) {
			const err4 = {
				instancePath,
				schemaPath: "#/required",
				keyword: "required",
				params: { missingProperty: "rules" },
				message: "must have required property 'rules'",
				schema: schema16.required,
				parentSchema: schema16,
				data
			};
			if (vErrors === null) vErrors = [err4];
			else vErrors.push(err4);
			errors++;
		}
		for (const key0 in data) if (!(key0 === "providerType" || key0 === "scope" || key0 === "schemaVersion" || key0 === "enabled" || key0 === "rules")) {
			const err5 = {
				instancePath,
				schemaPath: "#/additionalProperties",
				keyword: "additionalProperties",
				params: { additionalProperty: key0 },
				message: "must NOT have additional properties",
				schema: false,
				parentSchema: schema16,
				data
			};
			if (vErrors === null) vErrors = [err5];
			else vErrors.push(err5);
			errors++;
		}
		if (data.providerType !== void 0) {
			let data0 = data.providerType;
			if (typeof data0 !== "string") {
				const err6 = {
					instancePath: instancePath + "/providerType",
					schemaPath: "#/properties/providerType/type",
					keyword: "type",
					params: { type: "string" },
					message: "must be string",
					schema: schema16.properties.providerType.type,
					parentSchema: schema16.properties.providerType,
					data: data0
				};
				if (vErrors === null) vErrors = [err6];
				else vErrors.push(err6);
				errors++;
			}
			if ("vendorAWalletScreening" !== data0) {
				const err7 = {
					instancePath: instancePath + "/providerType",
					schemaPath: "#/properties/providerType/const",
					keyword: "const",
					params: { allowedValue: "vendorAWalletScreening" },
					message: "must be equal to constant",
					schema: "vendorAWalletScreening",
					parentSchema: schema16.properties.providerType,
					data: data0
				};
				if (vErrors === null) vErrors = [err7];
				else vErrors.push(err7);
				errors++;
			}
		}
		if (data.scope !== void 0) {
			let data1 = data.scope;
			if (typeof data1 !== "string") {
				const err8 = {
					instancePath: instancePath + "/scope",
					schemaPath: "#/properties/scope/type",
					keyword: "type",
					params: { type: "string" },
					message: "must be string",
					schema: schema16.properties.scope.type,
					parentSchema: schema16.properties.scope,
					data: data1
				};
				if (vErrors === null) vErrors = [err8];
				else vErrors.push(err8);
				errors++;
			}
			if (!(data1 === "SIGN_IN" || data1 === "TRANSACTION")) {
				const err9 = {
					instancePath: instancePath + "/scope",
					schemaPath: "#/properties/scope/enum",
					keyword: "enum",
					params: { allowedValues: schema16.properties.scope.enum },
					message: "must be equal to one of the allowed values",
					schema: schema16.properties.scope.enum,
					parentSchema: schema16.properties.scope,
					data: data1
				};
				if (vErrors === null) vErrors = [err9];
				else vErrors.push(err9);
				errors++;
			}
		}
		if (data.schemaVersion !== void 0) {
			let data2 = data.schemaVersion;
			if (!(typeof data2 == "number" && !(data2 % 1) && !isNaN(data2) && isFinite(data2))) {
				const err10 = {
					instancePath: instancePath + "/schemaVersion",
					schemaPath: "#/properties/schemaVersion/type",
					keyword: "type",
					params: { type: "integer" },
					message: "must be integer",
					schema: schema16.properties.schemaVersion.type,
					parentSchema: schema16.properties.schemaVersion,
					data: data2
				};
				if (vErrors === null) vErrors = [err10];
				else vErrors.push(err10);
				errors++;
			}
			if (1 !== data2) {
				const err11 = {
					instancePath: instancePath + "/schemaVersion",
					schemaPath: "#/properties/schemaVersion/const",
					keyword: "const",
					params: { allowedValue: 1 },
					message: "must be equal to constant",
					schema: 1,
					parentSchema: schema16.properties.schemaVersion,
					data: data2
				};
				if (vErrors === null) vErrors = [err11];
				else vErrors.push(err11);
				errors++;
			}
		}
		if (data.enabled !== void 0) {
			let data3 = data.enabled;
			if (typeof data3 !== "boolean") {
				const err12 = {
					instancePath: instancePath + "/enabled",
					schemaPath: "#/properties/enabled/type",
					keyword: "type",
					params: { type: "boolean" },
					message: "must be boolean",
					schema: schema16.properties.enabled.type,
					parentSchema: schema16.properties.enabled,
					data: data3
				};
				if (vErrors === null) vErrors = [err12];
				else vErrors.push(err12);
				errors++;
			}
		}
		if (data.rules !== void 0) {
			let data4 = data.rules;
			if (data4 && typeof data4 == "object" && !Array.isArray(data4)) {
				if (data4.preScreen === void 0) {
					const err13 = {
						instancePath: instancePath + "/rules",
						schemaPath: "#/properties/rules/required",
						keyword: "required",
						params: { missingProperty: "preScreen" },
						message: "must have required property 'preScreen'",
						schema: schema16.properties.rules.required,
						parentSchema: schema16.properties.rules,
						data: data4
					};
					if (vErrors === null) vErrors = [err13];
					else vErrors.push(err13);
					errors++;
				}
				if (data4.postScreen === void 0) {
					const err14 = {
						instancePath: instancePath + "/rules",
						schemaPath: "#/properties/rules/required",
						keyword: "required",
						params: { missingProperty: "postScreen" },
						message: "must have required property 'postScreen'",
						schema: schema16.properties.rules.required,
						parentSchema: schema16.properties.rules,
						data: data4
					};
					if (vErrors === null) vErrors = [err14];
					else vErrors.push(err14);
					errors++;
				}
				for (const key1 in data4) if (!(key1 === "preScreen" || key1 === "postScreen")) {
					const err15 = {
						instancePath: instancePath + "/rules",
						schemaPath: "#/properties/rules/additionalProperties",
						keyword: "additionalProperties",
						params: { additionalProperty: key1 },
						message: "must NOT have additional properties",
						schema: false,
						parentSchema: schema16.properties.rules,
						data: data4
					};
					if (vErrors === null) vErrors = [err15];
					else vErrors.push(err15);
					errors++;
				}
				if (data4.preScreen !== void 0) {
					if (!validate15(data4.preScreen, {
						instancePath: instancePath + "/rules/preScreen",
						parentData: data4,
						parentDataProperty: "preScreen",
						rootData
					})) {
						vErrors = vErrors === null ? validate15.errors : vErrors.concat(validate15.errors);
						errors = vErrors.length;
					}
				}
				if (data4.postScreen !== void 0) {
					let data6 = data4.postScreen;
					if (Array.isArray(data6)) {
						const len0 = data6.length;
						for (let i0 = 0; i0 < len0; i0++) if (!validate19(data6[i0], {
							instancePath: instancePath + "/rules/postScreen/" + i0,
							parentData: data6,
							parentDataProperty: i0,
							rootData
						})) {
							vErrors = vErrors === null ? validate19.errors : vErrors.concat(validate19.errors);
							errors = vErrors.length;
						}
					} else {
						const err16 = {
							instancePath: instancePath + "/rules/postScreen",
							schemaPath: "#/properties/rules/properties/postScreen/type",
							keyword: "type",
							params: { type: "array" },
							message: "must be array",
							schema: schema16.properties.rules.properties.postScreen.type,
							parentSchema: schema16.properties.rules.properties.postScreen,
							data: data6
						};
						if (vErrors === null) vErrors = [err16];
						else vErrors.push(err16);
						errors++;
					}
				}
			} else {
				const err17 = {
					instancePath: instancePath + "/rules",
					schemaPath: "#/properties/rules/type",
					keyword: "type",
					params: { type: "object" },
					message: "must be object",
					schema: schema16.properties.rules.type,
					parentSchema: schema16.properties.rules,
					data: data4
				};
				if (vErrors === null) vErrors = [err17];
				else vErrors.push(err17);
				errors++;
			}
		}
	} else {
		const err18 = {
			instancePath,
			schemaPath: "#/type",
			keyword: "type",
			params: { type: "object" },
			message: "must be object",
			schema: schema16.type,
			parentSchema: schema16,
			data
		};
		if (vErrors === null) vErrors = [err18];
		else vErrors.push(err18);
		errors++;
	}
	validate14.errors = vErrors;
	return errors === 0;
}
const policy_vendorAWalletScreening_v2 = validate27;
const schema28 = {
	"$schema": "http://json-schema.org/draft-07/schema#",
	"$id": "https://screenpol.dev/schemas/policy-vendorAWalletScreening-v2.schema.json",
	"title": "vendorAWalletScreening screening policy, schemaVersion 2",
	"description": "One vendorAWalletScreening ScreeningPolicy of one environment and scope (policies/<environment>/vendorAWalletScreening/<SIGN_IN|TRANSACTION>.yaml), rule language schemaVersion 2 (adds anyOf in when). The sanctions floor and the terminal ALLOW are generated by the service and cannot be written here; revision, addressEntryCount and updatedAt are managed by the server.",
	"type": "object",
	"additionalProperties": false,
	"required": [
		"providerType",
		"scope",
		"schemaVersion",
		"enabled",
		"rules"
	],
	"properties": {
		"providerType": {
			"type": "string",
			"const": "vendorAWalletScreening",
			"description": "Screening vendor of the policy: vendorAWalletScreening for this schema. Must equal the folder name."
		},
		"scope": {
			"type": "string",
			"enum": ["SIGN_IN", "TRANSACTION"],
			"description": "When the policy screens: SIGN_IN (the address of a user signing in) or TRANSACTION (the counterparty of a transfer). Must equal the file name. There is no value meaning both."
		},
		"schemaVersion": {
			"type": "integer",
			"const": 2,
			"description": "Version of the rule language that governs rules: 2 for this schema. 1 or 2; 2 adds anyOf in when over 1."
		},
		"enabled": {
			"type": "boolean",
			"description": "true: the policy screens live traffic. false: the vendor is not consulted for this scope (the sanctions floor still applies)."
		},
		"rules": {
			"type": "object",
			"description": "The customer rules in the vendorAWalletScreening rule schema: preScreen (how the vendor is asked) and postScreen (ordered rules mapping its signals to BLOCK, ALERT or ALLOW).",
			"additionalProperties": false,
			"required": ["preScreen", "postScreen"],
			"properties": {
				"preScreen": { "$ref": "#/definitions/preScreen" },
				"postScreen": {
					"type": "array",
					"items": { "$ref": "#/definitions/rule" },
					"description": "Ordered list of rules; the first rule whose when matches decides. When none matches, the service allows (the terminal ALLOW is generated, never written here)."
				}
			}
		}
	},
	"definitions": {
		"chain": {
			"type": "string",
			"pattern": "^[A-Z][A-Z0-9_]{1,15}$",
			"description": "Chain family name: an upper-case identifier of 2 to 16 characters (letters, digits, underscore), for example EVM, SOL or BTC.",
			"examples": [
				"EVM",
				"SOL",
				"BTC"
			]
		},
		"tokenRef": {
			"type": "object",
			"title": "Token reference",
			"description": "One token whose transfers are sent to the vendor, identified by chain, network and contract address (never by symbol: a `symbol` key is rejected). When a catalog snapshot exists the reference must be in it.",
			"additionalProperties": false,
			"required": [
				"chain",
				"networkId",
				"contractAddress"
			],
			"properties": {
				"chain": { "$ref": "#/definitions/chain" },
				"networkId": {
					"type": "integer",
					"minimum": 0,
					"description": "Network identifier within the chain family, as in the token catalog: the EVM chain id (1 Ethereum, 137 Polygon, 8453 Base) or the catalog's network id for other families (101 Solana mainnet).",
					"examples": [
						1,
						137,
						8453,
						101
					]
				},
				"contractAddress": {
					"type": "string",
					"minLength": 1,
					"description": "Contract (EVM) or mint (SOL) address of the token, exactly as in the token catalog. Quote EVM addresses in YAML so that 0x... is not read as a number.",
					"examples": ["0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48"]
				}
			}
		},
		"preScreen": {
			"type": "object",
			"title": "preScreen",
			"description": "How vendorAWalletScreening is asked: which chains, which tokens and amounts (TRANSACTION only), and how many hops of exposure to analyse. Fields: chains, minAmountUsd, tokens, exposureDepth.",
			"additionalProperties": false,
			"properties": {
				"chains": {
					"type": "array",
					"minItems": 1,
					"uniqueItems": true,
					"items": { "$ref": "#/definitions/chain" },
					"description": "Chain families sent to the vendor for screening, for example [EVM, SOL, BTC]. Non-empty and without repeats; leave the key out to screen all chains."
				},
				"minAmountUsd": {
					"type": "number",
					"minimum": 0,
					"description": "TRANSACTION policies only: transfers below this USD amount are not sent to the vendor (the sanctions floor still runs on every screen). A number >= 0. Not allowed in a SIGN_IN policy: there is no amount at sign-in.",
					"examples": [
						0,
						100,
						1e3
					]
				},
				"tokens": {
					"type": "array",
					"minItems": 1,
					"uniqueItems": true,
					"items": { "$ref": "#/definitions/tokenRef" },
					"description": "TRANSACTION policies only: the tokens whose transfers are sent to the vendor, each as {chain, networkId, contractAddress}. Non-empty. Not allowed in a SIGN_IN policy: there is no token at sign-in."
				},
				"exposureDepth": {
					"type": "integer",
					"minimum": 1,
					"maximum": 5,
					"description": "vendorAWalletScreening only: how many hops of indirect exposure the vendor analyses, an integer from 1 (direct counterparties only) to 5. Deeper finds more indirect exposure and more false positives. (vendorBAddressScreening uses includeIndirect instead.)",
					"examples": [2, 3]
				}
			}
		},
		"category": {
			"type": "string",
			"enum": [
				"darknet_market",
				"mixer",
				"ransomware",
				"scam",
				"stolen_funds",
				"terrorist_financing",
				"child_abuse_material",
				"fraud_shop",
				"gambling",
				"high_risk_exchange",
				"no_kyc_exchange",
				"privacy_wallet",
				"illicit_actor_org"
			],
			"description": "vendorAWalletScreening risk category. One of: darknet_market, mixer, ransomware, scam, stolen_funds, terrorist_financing, child_abuse_material, fraud_shop, gambling, high_risk_exchange, no_kyc_exchange, privacy_wallet, illicit_actor_org."
		},
		"riskScore": {
			"type": "object",
			"title": "riskScore condition",
			"description": "Holds when the vendor's overall risk score of the address (0 = no risk, 10 = highest) is within the bounds: gte and/or lte, at least one of them. {gte: 0} matches every address.",
			"additionalProperties": false,
			"minProperties": 1,
			"properties": {
				"gte": {
					"type": "number",
					"minimum": 0,
					"maximum": 10,
					"description": "Holds when the risk score is greater than or equal to this value, a number from 0 to 10.",
					"examples": [7]
				},
				"lte": {
					"type": "number",
					"minimum": 0,
					"maximum": 10,
					"description": "Holds when the risk score is less than or equal to this value, a number from 0 to 10.",
					"examples": [2]
				}
			}
		},
		"exposure": {
			"type": "object",
			"title": "exposure condition",
			"description": "Holds when at least minPercent of the address's funds are exposed to the category in the given direction. All three fields are required.",
			"additionalProperties": false,
			"required": [
				"category",
				"direction",
				"minPercent"
			],
			"properties": {
				"category": { "$ref": "#/definitions/category" },
				"direction": {
					"type": "string",
					"enum": [
						"direct",
						"indirect",
						"any"
					],
					"description": "Which exposure counts: direct (funds moved straight to or from the category), indirect (through intermediaries, up to preScreen.exposureDepth hops) or any (either)."
				},
				"minPercent": {
					"type": "number",
					"minimum": 0,
					"maximum": 100,
					"description": "Smallest share of the address's funds, in percent (0 to 100), exposed to the category for the condition to hold. 0 means any exposure at all.",
					"examples": [
						0,
						5,
						25
					]
				}
			}
		},
		"cluster": {
			"type": "object",
			"title": "cluster condition",
			"description": "Holds when the vendor attributes the address itself to a cluster (an identified entity) of this category.",
			"additionalProperties": false,
			"required": ["category"],
			"properties": { "category": { "$ref": "#/definitions/category" } }
		},
		"conditionSet": {
			"type": "object",
			"title": "Condition set",
			"description": "One alternative of anyOf: conditions that must all hold (AND). Keys: riskScore, exposure, cluster. anyOf cannot be nested.",
			"additionalProperties": false,
			"properties": {
				"riskScore": { "$ref": "#/definitions/riskScore" },
				"exposure": { "$ref": "#/definitions/exposure" },
				"cluster": { "$ref": "#/definitions/cluster" }
			}
		},
		"when": {
			"type": "object",
			"title": "when",
			"description": "Conditions of the rule, all of which must hold (AND). Keys: riskScore, exposure, cluster, and anyOf (a list of condition sets of which at least one must hold). An empty when ({}) matches every address: it is only meaningful with BLOCK or ALERT, as the last rule.",
			"additionalProperties": false,
			"properties": {
				"riskScore": { "$ref": "#/definitions/riskScore" },
				"exposure": { "$ref": "#/definitions/exposure" },
				"cluster": { "$ref": "#/definitions/cluster" },
				"anyOf": {
					"type": "array",
					"minItems": 1,
					"items": { "$ref": "#/definitions/conditionSet" },
					"description": "schemaVersion 2: a non-empty list of condition sets (keys riskScore, exposure, cluster), at least one of which must hold, in addition to the other conditions of this when."
				}
			}
		},
		"rule": {
			"type": "object",
			"title": "postScreen rule",
			"description": "One rule: when all its conditions hold, its action decides the screen and later rules are not evaluated.",
			"additionalProperties": false,
			"required": [
				"id",
				"when",
				"action"
			],
			"properties": {
				"id": {
					"type": "string",
					"pattern": "^[a-z0-9][a-z0-9-]{0,63}$",
					"description": "Identifier of the rule, unique in the policy: lowercase letters, digits and hyphens, starting with a letter or digit, at most 64 characters. Shown in audit logs and alerts.",
					"examples": ["block-ransomware-exposure"]
				},
				"description": {
					"type": "string",
					"maxLength": 500,
					"description": "Why the rule exists, for reviewers and auditors: free text, at most 500 characters."
				},
				"when": { "$ref": "#/definitions/when" },
				"action": {
					"type": "string",
					"enum": [
						"BLOCK",
						"ALERT",
						"ALLOW"
					],
					"description": "What happens when the rule matches: BLOCK (refuse the sign-in or transaction), ALERT (let it through and raise an alert for compliance review) or ALLOW (let it through; later rules are skipped). The sanctions floor runs before any rule and cannot be allowed away."
				}
			}
		}
	}
};
const schema29 = {
	"type": "object",
	"title": "preScreen",
	"description": "How vendorAWalletScreening is asked: which chains, which tokens and amounts (TRANSACTION only), and how many hops of exposure to analyse. Fields: chains, minAmountUsd, tokens, exposureDepth.",
	"additionalProperties": false,
	"properties": {
		"chains": {
			"type": "array",
			"minItems": 1,
			"uniqueItems": true,
			"items": { "$ref": "#/definitions/chain" },
			"description": "Chain families sent to the vendor for screening, for example [EVM, SOL, BTC]. Non-empty and without repeats; leave the key out to screen all chains."
		},
		"minAmountUsd": {
			"type": "number",
			"minimum": 0,
			"description": "TRANSACTION policies only: transfers below this USD amount are not sent to the vendor (the sanctions floor still runs on every screen). A number >= 0. Not allowed in a SIGN_IN policy: there is no amount at sign-in.",
			"examples": [
				0,
				100,
				1e3
			]
		},
		"tokens": {
			"type": "array",
			"minItems": 1,
			"uniqueItems": true,
			"items": { "$ref": "#/definitions/tokenRef" },
			"description": "TRANSACTION policies only: the tokens whose transfers are sent to the vendor, each as {chain, networkId, contractAddress}. Non-empty. Not allowed in a SIGN_IN policy: there is no token at sign-in."
		},
		"exposureDepth": {
			"type": "integer",
			"minimum": 1,
			"maximum": 5,
			"description": "vendorAWalletScreening only: how many hops of indirect exposure the vendor analyses, an integer from 1 (direct counterparties only) to 5. Deeper finds more indirect exposure and more false positives. (vendorBAddressScreening uses includeIndirect instead.)",
			"examples": [2, 3]
		}
	}
};
const schema30 = {
	"type": "string",
	"pattern": "^[A-Z][A-Z0-9_]{1,15}$",
	"description": "Chain family name: an upper-case identifier of 2 to 16 characters (letters, digits, underscore), for example EVM, SOL or BTC.",
	"examples": [
		"EVM",
		"SOL",
		"BTC"
	]
};
const schema31 = {
	"type": "object",
	"title": "Token reference",
	"description": "One token whose transfers are sent to the vendor, identified by chain, network and contract address (never by symbol: a `symbol` key is rejected). When a catalog snapshot exists the reference must be in it.",
	"additionalProperties": false,
	"required": [
		"chain",
		"networkId",
		"contractAddress"
	],
	"properties": {
		"chain": { "$ref": "#/definitions/chain" },
		"networkId": {
			"type": "integer",
			"minimum": 0,
			"description": "Network identifier within the chain family, as in the token catalog: the EVM chain id (1 Ethereum, 137 Polygon, 8453 Base) or the catalog's network id for other families (101 Solana mainnet).",
			"examples": [
				1,
				137,
				8453,
				101
			]
		},
		"contractAddress": {
			"type": "string",
			"minLength": 1,
			"description": "Contract (EVM) or mint (SOL) address of the token, exactly as in the token catalog. Quote EVM addresses in YAML so that 0x... is not read as a number.",
			"examples": ["0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48"]
		}
	}
};
function validate29(data, { instancePath = "", parentData, parentDataProperty, rootData = data } = {}) {
	let vErrors = null;
	let errors = 0;
	if (data && typeof data == "object" && !Array.isArray(data)) {
		if (data.chain === void 0) {
			const err0 = {
				instancePath,
				schemaPath: "#/required",
				keyword: "required",
				params: { missingProperty: "chain" },
				message: "must have required property 'chain'",
				schema: schema31.required,
				parentSchema: schema31,
				data
			};
			if (vErrors === null) vErrors = [err0];
			else vErrors.push(err0);
			errors++;
		}
		if (data.networkId === void 0) {
			const err1 = {
				instancePath,
				schemaPath: "#/required",
				keyword: "required",
				params: { missingProperty: "networkId" },
				message: "must have required property 'networkId'",
				schema: schema31.required,
				parentSchema: schema31,
				data
			};
			if (vErrors === null) vErrors = [err1];
			else vErrors.push(err1);
			errors++;
		}
		if (data.contractAddress === void 0) {
			const err2 = {
				instancePath,
				schemaPath: "#/required",
				keyword: "required",
				params: { missingProperty: "contractAddress" },
				message: "must have required property 'contractAddress'",
				schema: schema31.required,
				parentSchema: schema31,
				data
			};
			if (vErrors === null) vErrors = [err2];
			else vErrors.push(err2);
			errors++;
		}
		for (const key0 in data) if (!(key0 === "chain" || key0 === "networkId" || key0 === "contractAddress")) {
			const err3 = {
				instancePath,
				schemaPath: "#/additionalProperties",
				keyword: "additionalProperties",
				params: { additionalProperty: key0 },
				message: "must NOT have additional properties",
				schema: false,
				parentSchema: schema31,
				data
			};
			if (vErrors === null) vErrors = [err3];
			else vErrors.push(err3);
			errors++;
		}
		if (data.chain !== void 0) {
			let data0 = data.chain;
			if (typeof data0 === "string") {
				if (!pattern0.test(data0)) {
					const err4 = {
						instancePath: instancePath + "/chain",
						schemaPath: "#/definitions/chain/pattern",
						keyword: "pattern",
						params: { pattern: "^[A-Z][A-Z0-9_]{1,15}$" },
						message: "must match pattern \"^[A-Z][A-Z0-9_]{1,15}$\"",
						schema: "^[A-Z][A-Z0-9_]{1,15}$",
						parentSchema: schema30,
						data: data0
					};
					if (vErrors === null) vErrors = [err4];
					else vErrors.push(err4);
					errors++;
				}
			} else {
				const err5 = {
					instancePath: instancePath + "/chain",
					schemaPath: "#/definitions/chain/type",
					keyword: "type",
					params: { type: "string" },
					message: "must be string",
					schema: schema30.type,
					parentSchema: schema30,
					data: data0
				};
				if (vErrors === null) vErrors = [err5];
				else vErrors.push(err5);
				errors++;
			}
		}
		if (data.networkId !== void 0) {
			let data1 = data.networkId;
			if (!(typeof data1 == "number" && !(data1 % 1) && !isNaN(data1) && isFinite(data1))) {
				const err6 = {
					instancePath: instancePath + "/networkId",
					schemaPath: "#/properties/networkId/type",
					keyword: "type",
					params: { type: "integer" },
					message: "must be integer",
					schema: schema31.properties.networkId.type,
					parentSchema: schema31.properties.networkId,
					data: data1
				};
				if (vErrors === null) vErrors = [err6];
				else vErrors.push(err6);
				errors++;
			}
			if (typeof data1 == "number" && isFinite(data1)) {
				if (data1 < 0 || isNaN(data1)) {
					const err7 = {
						instancePath: instancePath + "/networkId",
						schemaPath: "#/properties/networkId/minimum",
						keyword: "minimum",
						params: {
							comparison: ">=",
							limit: 0
						},
						message: "must be >= 0",
						schema: 0,
						parentSchema: schema31.properties.networkId,
						data: data1
					};
					if (vErrors === null) vErrors = [err7];
					else vErrors.push(err7);
					errors++;
				}
			}
		}
		if (data.contractAddress !== void 0) {
			let data2 = data.contractAddress;
			if (typeof data2 === "string") {
				if (func2(data2) < 1) {
					const err8 = {
						instancePath: instancePath + "/contractAddress",
						schemaPath: "#/properties/contractAddress/minLength",
						keyword: "minLength",
						params: { limit: 1 },
						message: "must NOT have fewer than 1 characters",
						schema: 1,
						parentSchema: schema31.properties.contractAddress,
						data: data2
					};
					if (vErrors === null) vErrors = [err8];
					else vErrors.push(err8);
					errors++;
				}
			} else {
				const err9 = {
					instancePath: instancePath + "/contractAddress",
					schemaPath: "#/properties/contractAddress/type",
					keyword: "type",
					params: { type: "string" },
					message: "must be string",
					schema: schema31.properties.contractAddress.type,
					parentSchema: schema31.properties.contractAddress,
					data: data2
				};
				if (vErrors === null) vErrors = [err9];
				else vErrors.push(err9);
				errors++;
			}
		}
	} else {
		const err10 = {
			instancePath,
			schemaPath: "#/type",
			keyword: "type",
			params: { type: "object" },
			message: "must be object",
			schema: schema31.type,
			parentSchema: schema31,
			data
		};
		if (vErrors === null) vErrors = [err10];
		else vErrors.push(err10);
		errors++;
	}
	validate29.errors = vErrors;
	return errors === 0;
}
function validate28(data, { instancePath = "", parentData, parentDataProperty, rootData = data } = {}) {
	let vErrors = null;
	let errors = 0;
	if (data && typeof data == "object" && !Array.isArray(data)) {
		for (const key0 in data) if (!(key0 === "chains" || key0 === "minAmountUsd" || key0 === "tokens" || key0 === "exposureDepth")) {
			const err0 = {
				instancePath,
				schemaPath: "#/additionalProperties",
				keyword: "additionalProperties",
				params: { additionalProperty: key0 },
				message: "must NOT have additional properties",
				schema: false,
				parentSchema: schema29,
				data
			};
			if (vErrors === null) vErrors = [err0];
			else vErrors.push(err0);
			errors++;
		}
		if (data.chains !== void 0) {
			let data0 = data.chains;
			if (Array.isArray(data0)) {
				if (data0.length < 1) {
					const err1 = {
						instancePath: instancePath + "/chains",
						schemaPath: "#/properties/chains/minItems",
						keyword: "minItems",
						params: { limit: 1 },
						message: "must NOT have fewer than 1 items",
						schema: 1,
						parentSchema: schema29.properties.chains,
						data: data0
					};
					if (vErrors === null) vErrors = [err1];
					else vErrors.push(err1);
					errors++;
				}
				const len0 = data0.length;
				for (let i0 = 0; i0 < len0; i0++) {
					let data1 = data0[i0];
					if (typeof data1 === "string") {
						if (!pattern0.test(data1)) {
							const err2 = {
								instancePath: instancePath + "/chains/" + i0,
								schemaPath: "#/definitions/chain/pattern",
								keyword: "pattern",
								params: { pattern: "^[A-Z][A-Z0-9_]{1,15}$" },
								message: "must match pattern \"^[A-Z][A-Z0-9_]{1,15}$\"",
								schema: "^[A-Z][A-Z0-9_]{1,15}$",
								parentSchema: schema30,
								data: data1
							};
							if (vErrors === null) vErrors = [err2];
							else vErrors.push(err2);
							errors++;
						}
					} else {
						const err3 = {
							instancePath: instancePath + "/chains/" + i0,
							schemaPath: "#/definitions/chain/type",
							keyword: "type",
							params: { type: "string" },
							message: "must be string",
							schema: schema30.type,
							parentSchema: schema30,
							data: data1
						};
						if (vErrors === null) vErrors = [err3];
						else vErrors.push(err3);
						errors++;
					}
				}
				let i1 = data0.length;
				let j0;
				if (i1 > 1) {
					outer0: for (; i1--;) for (j0 = i1; j0--;) if (func0(data0[i1], data0[j0])) {
						const err4 = {
							instancePath: instancePath + "/chains",
							schemaPath: "#/properties/chains/uniqueItems",
							keyword: "uniqueItems",
							params: {
								i: i1,
								j: j0
							},
							message: "must NOT have duplicate items (items ## " + j0 + " and " + i1 + " are identical)",
							schema: true,
							parentSchema: schema29.properties.chains,
							data: data0
						};
						if (vErrors === null) vErrors = [err4];
						else vErrors.push(err4);
						errors++;
						break outer0;
					}
				}
			} else {
				const err5 = {
					instancePath: instancePath + "/chains",
					schemaPath: "#/properties/chains/type",
					keyword: "type",
					params: { type: "array" },
					message: "must be array",
					schema: schema29.properties.chains.type,
					parentSchema: schema29.properties.chains,
					data: data0
				};
				if (vErrors === null) vErrors = [err5];
				else vErrors.push(err5);
				errors++;
			}
		}
		if (data.minAmountUsd !== void 0) {
			let data2 = data.minAmountUsd;
			if (typeof data2 == "number" && isFinite(data2)) {
				if (data2 < 0 || isNaN(data2)) {
					const err6 = {
						instancePath: instancePath + "/minAmountUsd",
						schemaPath: "#/properties/minAmountUsd/minimum",
						keyword: "minimum",
						params: {
							comparison: ">=",
							limit: 0
						},
						message: "must be >= 0",
						schema: 0,
						parentSchema: schema29.properties.minAmountUsd,
						data: data2
					};
					if (vErrors === null) vErrors = [err6];
					else vErrors.push(err6);
					errors++;
				}
			} else {
				const err7 = {
					instancePath: instancePath + "/minAmountUsd",
					schemaPath: "#/properties/minAmountUsd/type",
					keyword: "type",
					params: { type: "number" },
					message: "must be number",
					schema: schema29.properties.minAmountUsd.type,
					parentSchema: schema29.properties.minAmountUsd,
					data: data2
				};
				if (vErrors === null) vErrors = [err7];
				else vErrors.push(err7);
				errors++;
			}
		}
		if (data.tokens !== void 0) {
			let data3 = data.tokens;
			if (Array.isArray(data3)) {
				if (data3.length < 1) {
					const err8 = {
						instancePath: instancePath + "/tokens",
						schemaPath: "#/properties/tokens/minItems",
						keyword: "minItems",
						params: { limit: 1 },
						message: "must NOT have fewer than 1 items",
						schema: 1,
						parentSchema: schema29.properties.tokens,
						data: data3
					};
					if (vErrors === null) vErrors = [err8];
					else vErrors.push(err8);
					errors++;
				}
				const len1 = data3.length;
				for (let i2 = 0; i2 < len1; i2++) if (!validate29(data3[i2], {
					instancePath: instancePath + "/tokens/" + i2,
					parentData: data3,
					parentDataProperty: i2,
					rootData
				})) {
					vErrors = vErrors === null ? validate29.errors : vErrors.concat(validate29.errors);
					errors = vErrors.length;
				}
				let i3 = data3.length;
				let j1;
				if (i3 > 1) {
					outer1: for (; i3--;) for (j1 = i3; j1--;) if (func0(data3[i3], data3[j1])) {
						const err9 = {
							instancePath: instancePath + "/tokens",
							schemaPath: "#/properties/tokens/uniqueItems",
							keyword: "uniqueItems",
							params: {
								i: i3,
								j: j1
							},
							message: "must NOT have duplicate items (items ## " + j1 + " and " + i3 + " are identical)",
							schema: true,
							parentSchema: schema29.properties.tokens,
							data: data3
						};
						if (vErrors === null) vErrors = [err9];
						else vErrors.push(err9);
						errors++;
						break outer1;
					}
				}
			} else {
				const err10 = {
					instancePath: instancePath + "/tokens",
					schemaPath: "#/properties/tokens/type",
					keyword: "type",
					params: { type: "array" },
					message: "must be array",
					schema: schema29.properties.tokens.type,
					parentSchema: schema29.properties.tokens,
					data: data3
				};
				if (vErrors === null) vErrors = [err10];
				else vErrors.push(err10);
				errors++;
			}
		}
		if (data.exposureDepth !== void 0) {
			let data5 = data.exposureDepth;
			if (!(typeof data5 == "number" && !(data5 % 1) && !isNaN(data5) && isFinite(data5))) {
				const err11 = {
					instancePath: instancePath + "/exposureDepth",
					schemaPath: "#/properties/exposureDepth/type",
					keyword: "type",
					params: { type: "integer" },
					message: "must be integer",
					schema: schema29.properties.exposureDepth.type,
					parentSchema: schema29.properties.exposureDepth,
					data: data5
				};
				if (vErrors === null) vErrors = [err11];
				else vErrors.push(err11);
				errors++;
			}
			if (typeof data5 == "number" && isFinite(data5)) {
				if (data5 > 5 || isNaN(data5)) {
					const err12 = {
						instancePath: instancePath + "/exposureDepth",
						schemaPath: "#/properties/exposureDepth/maximum",
						keyword: "maximum",
						params: {
							comparison: "<=",
							limit: 5
						},
						message: "must be <= 5",
						schema: 5,
						parentSchema: schema29.properties.exposureDepth,
						data: data5
					};
					if (vErrors === null) vErrors = [err12];
					else vErrors.push(err12);
					errors++;
				}
				if (data5 < 1 || isNaN(data5)) {
					const err13 = {
						instancePath: instancePath + "/exposureDepth",
						schemaPath: "#/properties/exposureDepth/minimum",
						keyword: "minimum",
						params: {
							comparison: ">=",
							limit: 1
						},
						message: "must be >= 1",
						schema: 1,
						parentSchema: schema29.properties.exposureDepth,
						data: data5
					};
					if (vErrors === null) vErrors = [err13];
					else vErrors.push(err13);
					errors++;
				}
			}
		}
	} else {
		const err14 = {
			instancePath,
			schemaPath: "#/type",
			keyword: "type",
			params: { type: "object" },
			message: "must be object",
			schema: schema29.type,
			parentSchema: schema29,
			data
		};
		if (vErrors === null) vErrors = [err14];
		else vErrors.push(err14);
		errors++;
	}
	validate28.errors = vErrors;
	return errors === 0;
}
const schema33 = {
	"type": "object",
	"title": "postScreen rule",
	"description": "One rule: when all its conditions hold, its action decides the screen and later rules are not evaluated.",
	"additionalProperties": false,
	"required": [
		"id",
		"when",
		"action"
	],
	"properties": {
		"id": {
			"type": "string",
			"pattern": "^[a-z0-9][a-z0-9-]{0,63}$",
			"description": "Identifier of the rule, unique in the policy: lowercase letters, digits and hyphens, starting with a letter or digit, at most 64 characters. Shown in audit logs and alerts.",
			"examples": ["block-ransomware-exposure"]
		},
		"description": {
			"type": "string",
			"maxLength": 500,
			"description": "Why the rule exists, for reviewers and auditors: free text, at most 500 characters."
		},
		"when": { "$ref": "#/definitions/when" },
		"action": {
			"type": "string",
			"enum": [
				"BLOCK",
				"ALERT",
				"ALLOW"
			],
			"description": "What happens when the rule matches: BLOCK (refuse the sign-in or transaction), ALERT (let it through and raise an alert for compliance review) or ALLOW (let it through; later rules are skipped). The sanctions floor runs before any rule and cannot be allowed away."
		}
	}
};
const schema34 = {
	"type": "object",
	"title": "when",
	"description": "Conditions of the rule, all of which must hold (AND). Keys: riskScore, exposure, cluster, and anyOf (a list of condition sets of which at least one must hold). An empty when ({}) matches every address: it is only meaningful with BLOCK or ALERT, as the last rule.",
	"additionalProperties": false,
	"properties": {
		"riskScore": { "$ref": "#/definitions/riskScore" },
		"exposure": { "$ref": "#/definitions/exposure" },
		"cluster": { "$ref": "#/definitions/cluster" },
		"anyOf": {
			"type": "array",
			"minItems": 1,
			"items": { "$ref": "#/definitions/conditionSet" },
			"description": "schemaVersion 2: a non-empty list of condition sets (keys riskScore, exposure, cluster), at least one of which must hold, in addition to the other conditions of this when."
		}
	}
};
const schema35 = {
	"type": "object",
	"title": "riskScore condition",
	"description": "Holds when the vendor's overall risk score of the address (0 = no risk, 10 = highest) is within the bounds: gte and/or lte, at least one of them. {gte: 0} matches every address.",
	"additionalProperties": false,
	"minProperties": 1,
	"properties": {
		"gte": {
			"type": "number",
			"minimum": 0,
			"maximum": 10,
			"description": "Holds when the risk score is greater than or equal to this value, a number from 0 to 10.",
			"examples": [7]
		},
		"lte": {
			"type": "number",
			"minimum": 0,
			"maximum": 10,
			"description": "Holds when the risk score is less than or equal to this value, a number from 0 to 10.",
			"examples": [2]
		}
	}
};
const schema36 = {
	"type": "object",
	"title": "exposure condition",
	"description": "Holds when at least minPercent of the address's funds are exposed to the category in the given direction. All three fields are required.",
	"additionalProperties": false,
	"required": [
		"category",
		"direction",
		"minPercent"
	],
	"properties": {
		"category": { "$ref": "#/definitions/category" },
		"direction": {
			"type": "string",
			"enum": [
				"direct",
				"indirect",
				"any"
			],
			"description": "Which exposure counts: direct (funds moved straight to or from the category), indirect (through intermediaries, up to preScreen.exposureDepth hops) or any (either)."
		},
		"minPercent": {
			"type": "number",
			"minimum": 0,
			"maximum": 100,
			"description": "Smallest share of the address's funds, in percent (0 to 100), exposed to the category for the condition to hold. 0 means any exposure at all.",
			"examples": [
				0,
				5,
				25
			]
		}
	}
};
const schema37 = {
	"type": "string",
	"enum": [
		"darknet_market",
		"mixer",
		"ransomware",
		"scam",
		"stolen_funds",
		"terrorist_financing",
		"child_abuse_material",
		"fraud_shop",
		"gambling",
		"high_risk_exchange",
		"no_kyc_exchange",
		"privacy_wallet",
		"illicit_actor_org"
	],
	"description": "vendorAWalletScreening risk category. One of: darknet_market, mixer, ransomware, scam, stolen_funds, terrorist_financing, child_abuse_material, fraud_shop, gambling, high_risk_exchange, no_kyc_exchange, privacy_wallet, illicit_actor_org."
};
function validate34(data, { instancePath = "", parentData, parentDataProperty, rootData = data } = {}) {
	let vErrors = null;
	let errors = 0;
	if (data && typeof data == "object" && !Array.isArray(data)) {
		if (data.category === void 0) {
			const err0 = {
				instancePath,
				schemaPath: "#/required",
				keyword: "required",
				params: { missingProperty: "category" },
				message: "must have required property 'category'",
				schema: schema36.required,
				parentSchema: schema36,
				data
			};
			if (vErrors === null) vErrors = [err0];
			else vErrors.push(err0);
			errors++;
		}
		if (data.direction === void 0) {
			const err1 = {
				instancePath,
				schemaPath: "#/required",
				keyword: "required",
				params: { missingProperty: "direction" },
				message: "must have required property 'direction'",
				schema: schema36.required,
				parentSchema: schema36,
				data
			};
			if (vErrors === null) vErrors = [err1];
			else vErrors.push(err1);
			errors++;
		}
		if (data.minPercent === void 0) {
			const err2 = {
				instancePath,
				schemaPath: "#/required",
				keyword: "required",
				params: { missingProperty: "minPercent" },
				message: "must have required property 'minPercent'",
				schema: schema36.required,
				parentSchema: schema36,
				data
			};
			if (vErrors === null) vErrors = [err2];
			else vErrors.push(err2);
			errors++;
		}
		for (const key0 in data) if (!(key0 === "category" || key0 === "direction" || key0 === "minPercent")) {
			const err3 = {
				instancePath,
				schemaPath: "#/additionalProperties",
				keyword: "additionalProperties",
				params: { additionalProperty: key0 },
				message: "must NOT have additional properties",
				schema: false,
				parentSchema: schema36,
				data
			};
			if (vErrors === null) vErrors = [err3];
			else vErrors.push(err3);
			errors++;
		}
		if (data.category !== void 0) {
			let data0 = data.category;
			if (typeof data0 !== "string") {
				const err4 = {
					instancePath: instancePath + "/category",
					schemaPath: "#/definitions/category/type",
					keyword: "type",
					params: { type: "string" },
					message: "must be string",
					schema: schema37.type,
					parentSchema: schema37,
					data: data0
				};
				if (vErrors === null) vErrors = [err4];
				else vErrors.push(err4);
				errors++;
			}
			if (!(data0 === "darknet_market" || data0 === "mixer" || data0 === "ransomware" || data0 === "scam" || data0 === "stolen_funds" || data0 === "terrorist_financing" || data0 === "child_abuse_material" || data0 === "fraud_shop" || data0 === "gambling" || data0 === "high_risk_exchange" || data0 === "no_kyc_exchange" || data0 === "privacy_wallet" || data0 === "illicit_actor_org")) {
				const err5 = {
					instancePath: instancePath + "/category",
					schemaPath: "#/definitions/category/enum",
					keyword: "enum",
					params: { allowedValues: schema37.enum },
					message: "must be equal to one of the allowed values",
					schema: schema37.enum,
					parentSchema: schema37,
					data: data0
				};
				if (vErrors === null) vErrors = [err5];
				else vErrors.push(err5);
				errors++;
			}
		}
		if (data.direction !== void 0) {
			let data1 = data.direction;
			if (typeof data1 !== "string") {
				const err6 = {
					instancePath: instancePath + "/direction",
					schemaPath: "#/properties/direction/type",
					keyword: "type",
					params: { type: "string" },
					message: "must be string",
					schema: schema36.properties.direction.type,
					parentSchema: schema36.properties.direction,
					data: data1
				};
				if (vErrors === null) vErrors = [err6];
				else vErrors.push(err6);
				errors++;
			}
			if (!(data1 === "direct" || data1 === "indirect" || data1 === "any")) {
				const err7 = {
					instancePath: instancePath + "/direction",
					schemaPath: "#/properties/direction/enum",
					keyword: "enum",
					params: { allowedValues: schema36.properties.direction.enum },
					message: "must be equal to one of the allowed values",
					schema: schema36.properties.direction.enum,
					parentSchema: schema36.properties.direction,
					data: data1
				};
				if (vErrors === null) vErrors = [err7];
				else vErrors.push(err7);
				errors++;
			}
		}
		if (data.minPercent !== void 0) {
			let data2 = data.minPercent;
			if (typeof data2 == "number" && isFinite(data2)) {
				if (data2 > 100 || isNaN(data2)) {
					const err8 = {
						instancePath: instancePath + "/minPercent",
						schemaPath: "#/properties/minPercent/maximum",
						keyword: "maximum",
						params: {
							comparison: "<=",
							limit: 100
						},
						message: "must be <= 100",
						schema: 100,
						parentSchema: schema36.properties.minPercent,
						data: data2
					};
					if (vErrors === null) vErrors = [err8];
					else vErrors.push(err8);
					errors++;
				}
				if (data2 < 0 || isNaN(data2)) {
					const err9 = {
						instancePath: instancePath + "/minPercent",
						schemaPath: "#/properties/minPercent/minimum",
						keyword: "minimum",
						params: {
							comparison: ">=",
							limit: 0
						},
						message: "must be >= 0",
						schema: 0,
						parentSchema: schema36.properties.minPercent,
						data: data2
					};
					if (vErrors === null) vErrors = [err9];
					else vErrors.push(err9);
					errors++;
				}
			} else {
				const err10 = {
					instancePath: instancePath + "/minPercent",
					schemaPath: "#/properties/minPercent/type",
					keyword: "type",
					params: { type: "number" },
					message: "must be number",
					schema: schema36.properties.minPercent.type,
					parentSchema: schema36.properties.minPercent,
					data: data2
				};
				if (vErrors === null) vErrors = [err10];
				else vErrors.push(err10);
				errors++;
			}
		}
	} else {
		const err11 = {
			instancePath,
			schemaPath: "#/type",
			keyword: "type",
			params: { type: "object" },
			message: "must be object",
			schema: schema36.type,
			parentSchema: schema36,
			data
		};
		if (vErrors === null) vErrors = [err11];
		else vErrors.push(err11);
		errors++;
	}
	validate34.errors = vErrors;
	return errors === 0;
}
const schema38 = {
	"type": "object",
	"title": "cluster condition",
	"description": "Holds when the vendor attributes the address itself to a cluster (an identified entity) of this category.",
	"additionalProperties": false,
	"required": ["category"],
	"properties": { "category": { "$ref": "#/definitions/category" } }
};
function validate36(data, { instancePath = "", parentData, parentDataProperty, rootData = data } = {}) {
	let vErrors = null;
	let errors = 0;
	if (data && typeof data == "object" && !Array.isArray(data)) {
		if (data.category === void 0) {
			const err0 = {
				instancePath,
				schemaPath: "#/required",
				keyword: "required",
				params: { missingProperty: "category" },
				message: "must have required property 'category'",
				schema: schema38.required,
				parentSchema: schema38,
				data
			};
			if (vErrors === null) vErrors = [err0];
			else vErrors.push(err0);
			errors++;
		}
		for (const key0 in data) if (!(key0 === "category")) {
			const err1 = {
				instancePath,
				schemaPath: "#/additionalProperties",
				keyword: "additionalProperties",
				params: { additionalProperty: key0 },
				message: "must NOT have additional properties",
				schema: false,
				parentSchema: schema38,
				data
			};
			if (vErrors === null) vErrors = [err1];
			else vErrors.push(err1);
			errors++;
		}
		if (data.category !== void 0) {
			let data0 = data.category;
			if (typeof data0 !== "string") {
				const err2 = {
					instancePath: instancePath + "/category",
					schemaPath: "#/definitions/category/type",
					keyword: "type",
					params: { type: "string" },
					message: "must be string",
					schema: schema37.type,
					parentSchema: schema37,
					data: data0
				};
				if (vErrors === null) vErrors = [err2];
				else vErrors.push(err2);
				errors++;
			}
			if (!(data0 === "darknet_market" || data0 === "mixer" || data0 === "ransomware" || data0 === "scam" || data0 === "stolen_funds" || data0 === "terrorist_financing" || data0 === "child_abuse_material" || data0 === "fraud_shop" || data0 === "gambling" || data0 === "high_risk_exchange" || data0 === "no_kyc_exchange" || data0 === "privacy_wallet" || data0 === "illicit_actor_org")) {
				const err3 = {
					instancePath: instancePath + "/category",
					schemaPath: "#/definitions/category/enum",
					keyword: "enum",
					params: { allowedValues: schema37.enum },
					message: "must be equal to one of the allowed values",
					schema: schema37.enum,
					parentSchema: schema37,
					data: data0
				};
				if (vErrors === null) vErrors = [err3];
				else vErrors.push(err3);
				errors++;
			}
		}
	} else {
		const err4 = {
			instancePath,
			schemaPath: "#/type",
			keyword: "type",
			params: { type: "object" },
			message: "must be object",
			schema: schema38.type,
			parentSchema: schema38,
			data
		};
		if (vErrors === null) vErrors = [err4];
		else vErrors.push(err4);
		errors++;
	}
	validate36.errors = vErrors;
	return errors === 0;
}
const schema40 = {
	"type": "object",
	"title": "Condition set",
	"description": "One alternative of anyOf: conditions that must all hold (AND). Keys: riskScore, exposure, cluster. anyOf cannot be nested.",
	"additionalProperties": false,
	"properties": {
		"riskScore": { "$ref": "#/definitions/riskScore" },
		"exposure": { "$ref": "#/definitions/exposure" },
		"cluster": { "$ref": "#/definitions/cluster" }
	}
};
function validate38(data, { instancePath = "", parentData, parentDataProperty, rootData = data } = {}) {
	let vErrors = null;
	let errors = 0;
	if (data && typeof data == "object" && !Array.isArray(data)) {
		for (const key0 in data) if (!(key0 === "riskScore" || key0 === "exposure" || key0 === "cluster")) {
			const err0 = {
				instancePath,
				schemaPath: "#/additionalProperties",
				keyword: "additionalProperties",
				params: { additionalProperty: key0 },
				message: "must NOT have additional properties",
				schema: false,
				parentSchema: schema40,
				data
			};
			if (vErrors === null) vErrors = [err0];
			else vErrors.push(err0);
			errors++;
		}
		if (data.riskScore !== void 0) {
			let data0 = data.riskScore;
			if (data0 && typeof data0 == "object" && !Array.isArray(data0)) {
				if (Object.keys(data0).length < 1) {
					const err1 = {
						instancePath: instancePath + "/riskScore",
						schemaPath: "#/definitions/riskScore/minProperties",
						keyword: "minProperties",
						params: { limit: 1 },
						message: "must NOT have fewer than 1 properties",
						schema: 1,
						parentSchema: schema35,
						data: data0
					};
					if (vErrors === null) vErrors = [err1];
					else vErrors.push(err1);
					errors++;
				}
				for (const key1 in data0) if (!(key1 === "gte" || key1 === "lte")) {
					const err2 = {
						instancePath: instancePath + "/riskScore",
						schemaPath: "#/definitions/riskScore/additionalProperties",
						keyword: "additionalProperties",
						params: { additionalProperty: key1 },
						message: "must NOT have additional properties",
						schema: false,
						parentSchema: schema35,
						data: data0
					};
					if (vErrors === null) vErrors = [err2];
					else vErrors.push(err2);
					errors++;
				}
				if (data0.gte !== void 0) {
					let data1 = data0.gte;
					if (typeof data1 == "number" && isFinite(data1)) {
						if (data1 > 10 || isNaN(data1)) {
							const err3 = {
								instancePath: instancePath + "/riskScore/gte",
								schemaPath: "#/definitions/riskScore/properties/gte/maximum",
								keyword: "maximum",
								params: {
									comparison: "<=",
									limit: 10
								},
								message: "must be <= 10",
								schema: 10,
								parentSchema: schema35.properties.gte,
								data: data1
							};
							if (vErrors === null) vErrors = [err3];
							else vErrors.push(err3);
							errors++;
						}
						if (data1 < 0 || isNaN(data1)) {
							const err4 = {
								instancePath: instancePath + "/riskScore/gte",
								schemaPath: "#/definitions/riskScore/properties/gte/minimum",
								keyword: "minimum",
								params: {
									comparison: ">=",
									limit: 0
								},
								message: "must be >= 0",
								schema: 0,
								parentSchema: schema35.properties.gte,
								data: data1
							};
							if (vErrors === null) vErrors = [err4];
							else vErrors.push(err4);
							errors++;
						}
					} else {
						const err5 = {
							instancePath: instancePath + "/riskScore/gte",
							schemaPath: "#/definitions/riskScore/properties/gte/type",
							keyword: "type",
							params: { type: "number" },
							message: "must be number",
							schema: schema35.properties.gte.type,
							parentSchema: schema35.properties.gte,
							data: data1
						};
						if (vErrors === null) vErrors = [err5];
						else vErrors.push(err5);
						errors++;
					}
				}
				if (data0.lte !== void 0) {
					let data2 = data0.lte;
					if (typeof data2 == "number" && isFinite(data2)) {
						if (data2 > 10 || isNaN(data2)) {
							const err6 = {
								instancePath: instancePath + "/riskScore/lte",
								schemaPath: "#/definitions/riskScore/properties/lte/maximum",
								keyword: "maximum",
								params: {
									comparison: "<=",
									limit: 10
								},
								message: "must be <= 10",
								schema: 10,
								parentSchema: schema35.properties.lte,
								data: data2
							};
							if (vErrors === null) vErrors = [err6];
							else vErrors.push(err6);
							errors++;
						}
						if (data2 < 0 || isNaN(data2)) {
							const err7 = {
								instancePath: instancePath + "/riskScore/lte",
								schemaPath: "#/definitions/riskScore/properties/lte/minimum",
								keyword: "minimum",
								params: {
									comparison: ">=",
									limit: 0
								},
								message: "must be >= 0",
								schema: 0,
								parentSchema: schema35.properties.lte,
								data: data2
							};
							if (vErrors === null) vErrors = [err7];
							else vErrors.push(err7);
							errors++;
						}
					} else {
						const err8 = {
							instancePath: instancePath + "/riskScore/lte",
							schemaPath: "#/definitions/riskScore/properties/lte/type",
							keyword: "type",
							params: { type: "number" },
							message: "must be number",
							schema: schema35.properties.lte.type,
							parentSchema: schema35.properties.lte,
							data: data2
						};
						if (vErrors === null) vErrors = [err8];
						else vErrors.push(err8);
						errors++;
					}
				}
			} else {
				const err9 = {
					instancePath: instancePath + "/riskScore",
					schemaPath: "#/definitions/riskScore/type",
					keyword: "type",
					params: { type: "object" },
					message: "must be object",
					schema: schema35.type,
					parentSchema: schema35,
					data: data0
				};
				if (vErrors === null) vErrors = [err9];
				else vErrors.push(err9);
				errors++;
			}
		}
		if (data.exposure !== void 0) {
			if (!validate34(data.exposure, {
				instancePath: instancePath + "/exposure",
				parentData: data,
				parentDataProperty: "exposure",
				rootData
			})) {
				vErrors = vErrors === null ? validate34.errors : vErrors.concat(validate34.errors);
				errors = vErrors.length;
			}
		}
		if (data.cluster !== void 0) {
			if (!validate36(data.cluster, {
				instancePath: instancePath + "/cluster",
				parentData: data,
				parentDataProperty: "cluster",
				rootData
			})) {
				vErrors = vErrors === null ? validate36.errors : vErrors.concat(validate36.errors);
				errors = vErrors.length;
			}
		}
	} else {
		const err10 = {
			instancePath,
			schemaPath: "#/type",
			keyword: "type",
			params: { type: "object" },
			message: "must be object",
			schema: schema40.type,
			parentSchema: schema40,
			data
		};
		if (vErrors === null) vErrors = [err10];
		else vErrors.push(err10);
		errors++;
	}
	validate38.errors = vErrors;
	return errors === 0;
}
function validate33(data, { instancePath = "", parentData, parentDataProperty, rootData = data } = {}) {
	let vErrors = null;
	let errors = 0;
	if (data && typeof data == "object" && !Array.isArray(data)) {
		for (const key0 in data) if (!(key0 === "riskScore" || key0 === "exposure" || key0 === "cluster" || key0 === "anyOf")) {
			const err0 = {
				instancePath,
				schemaPath: "#/additionalProperties",
				keyword: "additionalProperties",
				params: { additionalProperty: key0 },
				message: "must NOT have additional properties",
				schema: false,
				parentSchema: schema34,
				data
			};
			if (vErrors === null) vErrors = [err0];
			else vErrors.push(err0);
			errors++;
		}
		if (data.riskScore !== void 0) {
			let data0 = data.riskScore;
			if (data0 && typeof data0 == "object" && !Array.isArray(data0)) {
				if (Object.keys(data0).length < 1) {
					const err1 = {
						instancePath: instancePath + "/riskScore",
						schemaPath: "#/definitions/riskScore/minProperties",
						keyword: "minProperties",
						params: { limit: 1 },
						message: "must NOT have fewer than 1 properties",
						schema: 1,
						parentSchema: schema35,
						data: data0
					};
					if (vErrors === null) vErrors = [err1];
					else vErrors.push(err1);
					errors++;
				}
				for (const key1 in data0) if (!(key1 === "gte" || key1 === "lte")) {
					const err2 = {
						instancePath: instancePath + "/riskScore",
						schemaPath: "#/definitions/riskScore/additionalProperties",
						keyword: "additionalProperties",
						params: { additionalProperty: key1 },
						message: "must NOT have additional properties",
						schema: false,
						parentSchema: schema35,
						data: data0
					};
					if (vErrors === null) vErrors = [err2];
					else vErrors.push(err2);
					errors++;
				}
				if (data0.gte !== void 0) {
					let data1 = data0.gte;
					if (typeof data1 == "number" && isFinite(data1)) {
						if (data1 > 10 || isNaN(data1)) {
							const err3 = {
								instancePath: instancePath + "/riskScore/gte",
								schemaPath: "#/definitions/riskScore/properties/gte/maximum",
								keyword: "maximum",
								params: {
									comparison: "<=",
									limit: 10
								},
								message: "must be <= 10",
								schema: 10,
								parentSchema: schema35.properties.gte,
								data: data1
							};
							if (vErrors === null) vErrors = [err3];
							else vErrors.push(err3);
							errors++;
						}
						if (data1 < 0 || isNaN(data1)) {
							const err4 = {
								instancePath: instancePath + "/riskScore/gte",
								schemaPath: "#/definitions/riskScore/properties/gte/minimum",
								keyword: "minimum",
								params: {
									comparison: ">=",
									limit: 0
								},
								message: "must be >= 0",
								schema: 0,
								parentSchema: schema35.properties.gte,
								data: data1
							};
							if (vErrors === null) vErrors = [err4];
							else vErrors.push(err4);
							errors++;
						}
					} else {
						const err5 = {
							instancePath: instancePath + "/riskScore/gte",
							schemaPath: "#/definitions/riskScore/properties/gte/type",
							keyword: "type",
							params: { type: "number" },
							message: "must be number",
							schema: schema35.properties.gte.type,
							parentSchema: schema35.properties.gte,
							data: data1
						};
						if (vErrors === null) vErrors = [err5];
						else vErrors.push(err5);
						errors++;
					}
				}
				if (data0.lte !== void 0) {
					let data2 = data0.lte;
					if (typeof data2 == "number" && isFinite(data2)) {
						if (data2 > 10 || isNaN(data2)) {
							const err6 = {
								instancePath: instancePath + "/riskScore/lte",
								schemaPath: "#/definitions/riskScore/properties/lte/maximum",
								keyword: "maximum",
								params: {
									comparison: "<=",
									limit: 10
								},
								message: "must be <= 10",
								schema: 10,
								parentSchema: schema35.properties.lte,
								data: data2
							};
							if (vErrors === null) vErrors = [err6];
							else vErrors.push(err6);
							errors++;
						}
						if (data2 < 0 || isNaN(data2)) {
							const err7 = {
								instancePath: instancePath + "/riskScore/lte",
								schemaPath: "#/definitions/riskScore/properties/lte/minimum",
								keyword: "minimum",
								params: {
									comparison: ">=",
									limit: 0
								},
								message: "must be >= 0",
								schema: 0,
								parentSchema: schema35.properties.lte,
								data: data2
							};
							if (vErrors === null) vErrors = [err7];
							else vErrors.push(err7);
							errors++;
						}
					} else {
						const err8 = {
							instancePath: instancePath + "/riskScore/lte",
							schemaPath: "#/definitions/riskScore/properties/lte/type",
							keyword: "type",
							params: { type: "number" },
							message: "must be number",
							schema: schema35.properties.lte.type,
							parentSchema: schema35.properties.lte,
							data: data2
						};
						if (vErrors === null) vErrors = [err8];
						else vErrors.push(err8);
						errors++;
					}
				}
			} else {
				const err9 = {
					instancePath: instancePath + "/riskScore",
					schemaPath: "#/definitions/riskScore/type",
					keyword: "type",
					params: { type: "object" },
					message: "must be object",
					schema: schema35.type,
					parentSchema: schema35,
					data: data0
				};
				if (vErrors === null) vErrors = [err9];
				else vErrors.push(err9);
				errors++;
			}
		}
		if (data.exposure !== void 0) {
			if (!validate34(data.exposure, {
				instancePath: instancePath + "/exposure",
				parentData: data,
				parentDataProperty: "exposure",
				rootData
			})) {
				vErrors = vErrors === null ? validate34.errors : vErrors.concat(validate34.errors);
				errors = vErrors.length;
			}
		}
		if (data.cluster !== void 0) {
			if (!validate36(data.cluster, {
				instancePath: instancePath + "/cluster",
				parentData: data,
				parentDataProperty: "cluster",
				rootData
			})) {
				vErrors = vErrors === null ? validate36.errors : vErrors.concat(validate36.errors);
				errors = vErrors.length;
			}
		}
		if (data.anyOf !== void 0) {
			let data5 = data.anyOf;
			if (Array.isArray(data5)) {
				if (data5.length < 1) {
					const err10 = {
						instancePath: instancePath + "/anyOf",
						schemaPath: "#/properties/anyOf/minItems",
						keyword: "minItems",
						params: { limit: 1 },
						message: "must NOT have fewer than 1 items",
						schema: 1,
						parentSchema: schema34.properties.anyOf,
						data: data5
					};
					if (vErrors === null) vErrors = [err10];
					else vErrors.push(err10);
					errors++;
				}
				const len0 = data5.length;
				for (let i0 = 0; i0 < len0; i0++) if (!validate38(data5[i0], {
					instancePath: instancePath + "/anyOf/" + i0,
					parentData: data5,
					parentDataProperty: i0,
					rootData
				})) {
					vErrors = vErrors === null ? validate38.errors : vErrors.concat(validate38.errors);
					errors = vErrors.length;
				}
			} else {
				const err11 = {
					instancePath: instancePath + "/anyOf",
					schemaPath: "#/properties/anyOf/type",
					keyword: "type",
					params: { type: "array" },
					message: "must be array",
					schema: schema34.properties.anyOf.type,
					parentSchema: schema34.properties.anyOf,
					data: data5
				};
				if (vErrors === null) vErrors = [err11];
				else vErrors.push(err11);
				errors++;
			}
		}
	} else {
		const err12 = {
			instancePath,
			schemaPath: "#/type",
			keyword: "type",
			params: { type: "object" },
			message: "must be object",
			schema: schema34.type,
			parentSchema: schema34,
			data
		};
		if (vErrors === null) vErrors = [err12];
		else vErrors.push(err12);
		errors++;
	}
	validate33.errors = vErrors;
	return errors === 0;
}
function validate32(data, { instancePath = "", parentData, parentDataProperty, rootData = data } = {}) {
	let vErrors = null;
	let errors = 0;
	if (data && typeof data == "object" && !Array.isArray(data)) {
		if (data.id === void 0) {
			const err0 = {
				instancePath,
				schemaPath: "#/required",
				keyword: "required",
				params: { missingProperty: "id" },
				message: "must have required property 'id'",
				schema: schema33.required,
				parentSchema: schema33,
				data
			};
			if (vErrors === null) vErrors = [err0];
			else vErrors.push(err0);
			errors++;
		}
		if (data.when === void 0) {
			const err1 = {
				instancePath,
				schemaPath: "#/required",
				keyword: "required",
				params: { missingProperty: "when" },
				message: "must have required property 'when'",
				schema: schema33.required,
				parentSchema: schema33,
				data
			};
			if (vErrors === null) vErrors = [err1];
			else vErrors.push(err1);
			errors++;
		}
		if (data.action === void 0) {
			const err2 = {
				instancePath,
				schemaPath: "#/required",
				keyword: "required",
				params: { missingProperty: "action" },
				message: "must have required property 'action'",
				schema: schema33.required,
				parentSchema: schema33,
				data
			};
			if (vErrors === null) vErrors = [err2];
			else vErrors.push(err2);
			errors++;
		}
		for (const key0 in data) if (!(key0 === "id" || key0 === "description" || key0 === "when" || key0 === "action")) {
			const err3 = {
				instancePath,
				schemaPath: "#/additionalProperties",
				keyword: "additionalProperties",
				params: { additionalProperty: key0 },
				message: "must NOT have additional properties",
				schema: false,
				parentSchema: schema33,
				data
			};
			if (vErrors === null) vErrors = [err3];
			else vErrors.push(err3);
			errors++;
		}
		if (data.id !== void 0) {
			let data0 = data.id;
			if (typeof data0 === "string") {
				if (!pattern7.test(data0)) {
					const err4 = {
						instancePath: instancePath + "/id",
						schemaPath: "#/properties/id/pattern",
						keyword: "pattern",
						params: { pattern: "^[a-z0-9][a-z0-9-]{0,63}$" },
						message: "must match pattern \"^[a-z0-9][a-z0-9-]{0,63}$\"",
						schema: "^[a-z0-9][a-z0-9-]{0,63}$",
						parentSchema: schema33.properties.id,
						data: data0
					};
					if (vErrors === null) vErrors = [err4];
					else vErrors.push(err4);
					errors++;
				}
			} else {
				const err5 = {
					instancePath: instancePath + "/id",
					schemaPath: "#/properties/id/type",
					keyword: "type",
					params: { type: "string" },
					message: "must be string",
					schema: schema33.properties.id.type,
					parentSchema: schema33.properties.id,
					data: data0
				};
				if (vErrors === null) vErrors = [err5];
				else vErrors.push(err5);
				errors++;
			}
		}
		if (data.description !== void 0) {
			let data1 = data.description;
			if (typeof data1 === "string") {
				if (func2(data1) > 500) {
					const err6 = {
						instancePath: instancePath + "/description",
						schemaPath: "#/properties/description/maxLength",
						keyword: "maxLength",
						params: { limit: 500 },
						message: "must NOT have more than 500 characters",
						schema: 500,
						parentSchema: schema33.properties.description,
						data: data1
					};
					if (vErrors === null) vErrors = [err6];
					else vErrors.push(err6);
					errors++;
				}
			} else {
				const err7 = {
					instancePath: instancePath + "/description",
					schemaPath: "#/properties/description/type",
					keyword: "type",
					params: { type: "string" },
					message: "must be string",
					schema: schema33.properties.description.type,
					parentSchema: schema33.properties.description,
					data: data1
				};
				if (vErrors === null) vErrors = [err7];
				else vErrors.push(err7);
				errors++;
			}
		}
		if (data.when !== void 0) {
			if (!validate33(data.when, {
				instancePath: instancePath + "/when",
				parentData: data,
				parentDataProperty: "when",
				rootData
			})) {
				vErrors = vErrors === null ? validate33.errors : vErrors.concat(validate33.errors);
				errors = vErrors.length;
			}
		}
		if (data.action !== void 0) {
			let data3 = data.action;
			if (typeof data3 !== "string") {
				const err8 = {
					instancePath: instancePath + "/action",
					schemaPath: "#/properties/action/type",
					keyword: "type",
					params: { type: "string" },
					message: "must be string",
					schema: schema33.properties.action.type,
					parentSchema: schema33.properties.action,
					data: data3
				};
				if (vErrors === null) vErrors = [err8];
				else vErrors.push(err8);
				errors++;
			}
			if (!(data3 === "BLOCK" || data3 === "ALERT" || data3 === "ALLOW")) {
				const err9 = {
					instancePath: instancePath + "/action",
					schemaPath: "#/properties/action/enum",
					keyword: "enum",
					params: { allowedValues: schema33.properties.action.enum },
					message: "must be equal to one of the allowed values",
					schema: schema33.properties.action.enum,
					parentSchema: schema33.properties.action,
					data: data3
				};
				if (vErrors === null) vErrors = [err9];
				else vErrors.push(err9);
				errors++;
			}
		}
	} else {
		const err10 = {
			instancePath,
			schemaPath: "#/type",
			keyword: "type",
			params: { type: "object" },
			message: "must be object",
			schema: schema33.type,
			parentSchema: schema33,
			data
		};
		if (vErrors === null) vErrors = [err10];
		else vErrors.push(err10);
		errors++;
	}
	validate32.errors = vErrors;
	return errors === 0;
}
function validate27(data, { instancePath = "", parentData, parentDataProperty, rootData = data } = {}) {
	let vErrors = null;
	let errors = 0;
	if (data && typeof data == "object" && !Array.isArray(data)) {
		if (data.providerType === void 0) {
			const err0 = {
				instancePath,
				schemaPath: "#/required",
				keyword: "required",
				params: { missingProperty: "providerType" },
				message: "must have required property 'providerType'",
				schema: schema28.required,
				parentSchema: schema28,
				data
			};
			if (vErrors === null) vErrors = [err0];
			else vErrors.push(err0);
			errors++;
		}
		if (data.scope === void 0) {
			const err1 = {
				instancePath,
				schemaPath: "#/required",
				keyword: "required",
				params: { missingProperty: "scope" },
				message: "must have required property 'scope'",
				schema: schema28.required,
				parentSchema: schema28,
				data
			};
			if (vErrors === null) vErrors = [err1];
			else vErrors.push(err1);
			errors++;
		}
		if (data.schemaVersion === void 0) {
			const err2 = {
				instancePath,
				schemaPath: "#/required",
				keyword: "required",
				params: { missingProperty: "schemaVersion" },
				message: "must have required property 'schemaVersion'",
				schema: schema28.required,
				parentSchema: schema28,
				data
			};
			if (vErrors === null) vErrors = [err2];
			else vErrors.push(err2);
			errors++;
		}
		if (data.enabled === void 0) {
			const err3 = {
				instancePath,
				schemaPath: "#/required",
				keyword: "required",
				params: { missingProperty: "enabled" },
				message: "must have required property 'enabled'",
				schema: schema28.required,
				parentSchema: schema28,
				data
			};
			if (vErrors === null) vErrors = [err3];
			else vErrors.push(err3);
			errors++;
		}
		if (data.rules === void 0) {
			const err4 = {
				instancePath,
				schemaPath: "#/required",
				keyword: "required",
				params: { missingProperty: "rules" },
				message: "must have required property 'rules'",
				schema: schema28.required,
				parentSchema: schema28,
				data
			};
			if (vErrors === null) vErrors = [err4];
			else vErrors.push(err4);
			errors++;
		}
		for (const key0 in data) if (!(key0 === "providerType" || key0 === "scope" || key0 === "schemaVersion" || key0 === "enabled" || key0 === "rules")) {
			const err5 = {
				instancePath,
				schemaPath: "#/additionalProperties",
				keyword: "additionalProperties",
				params: { additionalProperty: key0 },
				message: "must NOT have additional properties",
				schema: false,
				parentSchema: schema28,
				data
			};
			if (vErrors === null) vErrors = [err5];
			else vErrors.push(err5);
			errors++;
		}
		if (data.providerType !== void 0) {
			let data0 = data.providerType;
			if (typeof data0 !== "string") {
				const err6 = {
					instancePath: instancePath + "/providerType",
					schemaPath: "#/properties/providerType/type",
					keyword: "type",
					params: { type: "string" },
					message: "must be string",
					schema: schema28.properties.providerType.type,
					parentSchema: schema28.properties.providerType,
					data: data0
				};
				if (vErrors === null) vErrors = [err6];
				else vErrors.push(err6);
				errors++;
			}
			if ("vendorAWalletScreening" !== data0) {
				const err7 = {
					instancePath: instancePath + "/providerType",
					schemaPath: "#/properties/providerType/const",
					keyword: "const",
					params: { allowedValue: "vendorAWalletScreening" },
					message: "must be equal to constant",
					schema: "vendorAWalletScreening",
					parentSchema: schema28.properties.providerType,
					data: data0
				};
				if (vErrors === null) vErrors = [err7];
				else vErrors.push(err7);
				errors++;
			}
		}
		if (data.scope !== void 0) {
			let data1 = data.scope;
			if (typeof data1 !== "string") {
				const err8 = {
					instancePath: instancePath + "/scope",
					schemaPath: "#/properties/scope/type",
					keyword: "type",
					params: { type: "string" },
					message: "must be string",
					schema: schema28.properties.scope.type,
					parentSchema: schema28.properties.scope,
					data: data1
				};
				if (vErrors === null) vErrors = [err8];
				else vErrors.push(err8);
				errors++;
			}
			if (!(data1 === "SIGN_IN" || data1 === "TRANSACTION")) {
				const err9 = {
					instancePath: instancePath + "/scope",
					schemaPath: "#/properties/scope/enum",
					keyword: "enum",
					params: { allowedValues: schema28.properties.scope.enum },
					message: "must be equal to one of the allowed values",
					schema: schema28.properties.scope.enum,
					parentSchema: schema28.properties.scope,
					data: data1
				};
				if (vErrors === null) vErrors = [err9];
				else vErrors.push(err9);
				errors++;
			}
		}
		if (data.schemaVersion !== void 0) {
			let data2 = data.schemaVersion;
			if (!(typeof data2 == "number" && !(data2 % 1) && !isNaN(data2) && isFinite(data2))) {
				const err10 = {
					instancePath: instancePath + "/schemaVersion",
					schemaPath: "#/properties/schemaVersion/type",
					keyword: "type",
					params: { type: "integer" },
					message: "must be integer",
					schema: schema28.properties.schemaVersion.type,
					parentSchema: schema28.properties.schemaVersion,
					data: data2
				};
				if (vErrors === null) vErrors = [err10];
				else vErrors.push(err10);
				errors++;
			}
			if (2 !== data2) {
				const err11 = {
					instancePath: instancePath + "/schemaVersion",
					schemaPath: "#/properties/schemaVersion/const",
					keyword: "const",
					params: { allowedValue: 2 },
					message: "must be equal to constant",
					schema: 2,
					parentSchema: schema28.properties.schemaVersion,
					data: data2
				};
				if (vErrors === null) vErrors = [err11];
				else vErrors.push(err11);
				errors++;
			}
		}
		if (data.enabled !== void 0) {
			let data3 = data.enabled;
			if (typeof data3 !== "boolean") {
				const err12 = {
					instancePath: instancePath + "/enabled",
					schemaPath: "#/properties/enabled/type",
					keyword: "type",
					params: { type: "boolean" },
					message: "must be boolean",
					schema: schema28.properties.enabled.type,
					parentSchema: schema28.properties.enabled,
					data: data3
				};
				if (vErrors === null) vErrors = [err12];
				else vErrors.push(err12);
				errors++;
			}
		}
		if (data.rules !== void 0) {
			let data4 = data.rules;
			if (data4 && typeof data4 == "object" && !Array.isArray(data4)) {
				if (data4.preScreen === void 0) {
					const err13 = {
						instancePath: instancePath + "/rules",
						schemaPath: "#/properties/rules/required",
						keyword: "required",
						params: { missingProperty: "preScreen" },
						message: "must have required property 'preScreen'",
						schema: schema28.properties.rules.required,
						parentSchema: schema28.properties.rules,
						data: data4
					};
					if (vErrors === null) vErrors = [err13];
					else vErrors.push(err13);
					errors++;
				}
				if (data4.postScreen === void 0) {
					const err14 = {
						instancePath: instancePath + "/rules",
						schemaPath: "#/properties/rules/required",
						keyword: "required",
						params: { missingProperty: "postScreen" },
						message: "must have required property 'postScreen'",
						schema: schema28.properties.rules.required,
						parentSchema: schema28.properties.rules,
						data: data4
					};
					if (vErrors === null) vErrors = [err14];
					else vErrors.push(err14);
					errors++;
				}
				for (const key1 in data4) if (!(key1 === "preScreen" || key1 === "postScreen")) {
					const err15 = {
						instancePath: instancePath + "/rules",
						schemaPath: "#/properties/rules/additionalProperties",
						keyword: "additionalProperties",
						params: { additionalProperty: key1 },
						message: "must NOT have additional properties",
						schema: false,
						parentSchema: schema28.properties.rules,
						data: data4
					};
					if (vErrors === null) vErrors = [err15];
					else vErrors.push(err15);
					errors++;
				}
				if (data4.preScreen !== void 0) {
					if (!validate28(data4.preScreen, {
						instancePath: instancePath + "/rules/preScreen",
						parentData: data4,
						parentDataProperty: "preScreen",
						rootData
					})) {
						vErrors = vErrors === null ? validate28.errors : vErrors.concat(validate28.errors);
						errors = vErrors.length;
					}
				}
				if (data4.postScreen !== void 0) {
					let data6 = data4.postScreen;
					if (Array.isArray(data6)) {
						const len0 = data6.length;
						for (let i0 = 0; i0 < len0; i0++) if (!validate32(data6[i0], {
							instancePath: instancePath + "/rules/postScreen/" + i0,
							parentData: data6,
							parentDataProperty: i0,
							rootData
						})) {
							vErrors = vErrors === null ? validate32.errors : vErrors.concat(validate32.errors);
							errors = vErrors.length;
						}
					} else {
						const err16 = {
							instancePath: instancePath + "/rules/postScreen",
							schemaPath: "#/properties/rules/properties/postScreen/type",
							keyword: "type",
							params: { type: "array" },
							message: "must be array",
							schema: schema28.properties.rules.properties.postScreen.type,
							parentSchema: schema28.properties.rules.properties.postScreen,
							data: data6
						};
						if (vErrors === null) vErrors = [err16];
						else vErrors.push(err16);
						errors++;
					}
				}
			} else {
				const err17 = {
					instancePath: instancePath + "/rules",
					schemaPath: "#/properties/rules/type",
					keyword: "type",
					params: { type: "object" },
					message: "must be object",
					schema: schema28.properties.rules.type,
					parentSchema: schema28.properties.rules,
					data: data4
				};
				if (vErrors === null) vErrors = [err17];
				else vErrors.push(err17);
				errors++;
			}
		}
	} else {
		const err18 = {
			instancePath,
			schemaPath: "#/type",
			keyword: "type",
			params: { type: "object" },
			message: "must be object",
			schema: schema28.type,
			parentSchema: schema28,
			data
		};
		if (vErrors === null) vErrors = [err18];
		else vErrors.push(err18);
		errors++;
	}
	validate27.errors = vErrors;
	return errors === 0;
}
const policy_vendorBAddressScreening_v1 = validate44;
const schema42 = {
	"$schema": "http://json-schema.org/draft-07/schema#",
	"$id": "https://screenpol.dev/schemas/policy-vendorBAddressScreening-v1.schema.json",
	"title": "vendorBAddressScreening screening policy, schemaVersion 1",
	"description": "One vendorBAddressScreening ScreeningPolicy of one environment and scope (policies/<environment>/vendorBAddressScreening/<SIGN_IN|TRANSACTION>.yaml), rule language schemaVersion 1. The sanctions floor and the terminal ALLOW are generated by the service and cannot be written here; revision, addressEntryCount and updatedAt are managed by the server.",
	"type": "object",
	"additionalProperties": false,
	"required": [
		"providerType",
		"scope",
		"schemaVersion",
		"enabled",
		"rules"
	],
	"properties": {
		"providerType": {
			"type": "string",
			"const": "vendorBAddressScreening",
			"description": "Screening vendor of the policy: vendorBAddressScreening for this schema. Must equal the folder name."
		},
		"scope": {
			"type": "string",
			"enum": ["SIGN_IN", "TRANSACTION"],
			"description": "When the policy screens: SIGN_IN (the address of a user signing in) or TRANSACTION (the counterparty of a transfer). Must equal the file name. There is no value meaning both."
		},
		"schemaVersion": {
			"type": "integer",
			"const": 1,
			"description": "Version of the rule language that governs rules: 1 for this schema. 1 or 2; 2 adds anyOf in when."
		},
		"enabled": {
			"type": "boolean",
			"description": "true: the policy screens live traffic. false: the vendor is not consulted for this scope (the sanctions floor still applies)."
		},
		"rules": {
			"type": "object",
			"description": "The customer rules in the vendorBAddressScreening rule schema: preScreen (how the vendor is asked) and postScreen (ordered rules mapping its signals to BLOCK, ALERT or ALLOW).",
			"additionalProperties": false,
			"required": ["preScreen", "postScreen"],
			"properties": {
				"preScreen": { "$ref": "#/definitions/preScreen" },
				"postScreen": {
					"type": "array",
					"items": { "$ref": "#/definitions/rule" },
					"description": "Ordered list of rules; the first rule whose when matches decides. When none matches, the service allows (the terminal ALLOW is generated, never written here)."
				}
			}
		}
	},
	"definitions": {
		"chain": {
			"type": "string",
			"pattern": "^[A-Z][A-Z0-9_]{1,15}$",
			"description": "Chain family name: an upper-case identifier of 2 to 16 characters (letters, digits, underscore), for example EVM, SOL or BTC.",
			"examples": [
				"EVM",
				"SOL",
				"BTC"
			]
		},
		"tokenRef": {
			"type": "object",
			"title": "Token reference",
			"description": "One token whose transfers are sent to the vendor, identified by chain, network and contract address (never by symbol: a `symbol` key is rejected). When a catalog snapshot exists the reference must be in it.",
			"additionalProperties": false,
			"required": [
				"chain",
				"networkId",
				"contractAddress"
			],
			"properties": {
				"chain": { "$ref": "#/definitions/chain" },
				"networkId": {
					"type": "integer",
					"minimum": 0,
					"description": "Network identifier within the chain family, as in the token catalog: the EVM chain id (1 Ethereum, 137 Polygon, 8453 Base) or the catalog's network id for other families (101 Solana mainnet).",
					"examples": [
						1,
						137,
						8453,
						101
					]
				},
				"contractAddress": {
					"type": "string",
					"minLength": 1,
					"description": "Contract (EVM) or mint (SOL) address of the token, exactly as in the token catalog. Quote EVM addresses in YAML so that 0x... is not read as a number.",
					"examples": ["0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48"]
				}
			}
		},
		"preScreen": {
			"type": "object",
			"title": "preScreen",
			"description": "How vendorBAddressScreening is asked: which chains, which tokens and amounts (TRANSACTION only), and whether indirect indicators are reported. Fields: chains, minAmountUsd, tokens, includeIndirect.",
			"additionalProperties": false,
			"properties": {
				"chains": {
					"type": "array",
					"minItems": 1,
					"uniqueItems": true,
					"items": { "$ref": "#/definitions/chain" },
					"description": "Chain families sent to the vendor for screening, for example [EVM, SOL, BTC]. Non-empty and without repeats; leave the key out to screen all chains."
				},
				"minAmountUsd": {
					"type": "number",
					"minimum": 0,
					"description": "TRANSACTION policies only: transfers below this USD amount are not sent to the vendor (the sanctions floor still runs on every screen). A number >= 0. Not allowed in a SIGN_IN policy: there is no amount at sign-in.",
					"examples": [
						0,
						100,
						1e3
					]
				},
				"tokens": {
					"type": "array",
					"minItems": 1,
					"uniqueItems": true,
					"items": { "$ref": "#/definitions/tokenRef" },
					"description": "TRANSACTION policies only: the tokens whose transfers are sent to the vendor, each as {chain, networkId, contractAddress}. Non-empty. Not allowed in a SIGN_IN policy: there is no token at sign-in."
				},
				"includeIndirect": {
					"type": "boolean",
					"description": "vendorBAddressScreening only: true to have the vendor report indirect (multi-hop) indicators as well as direct ones; false for direct only. (vendorAWalletScreening uses exposureDepth instead.)"
				}
			}
		},
		"category": {
			"type": "string",
			"enum": [
				"darknet",
				"mixing_service",
				"ransomware",
				"scam",
				"theft",
				"terrorism_financing",
				"csam",
				"gambling",
				"high_risk_exchange",
				"unlicensed_exchange",
				"malware",
				"extortion",
				"privacy_protocol"
			],
			"description": "vendorBAddressScreening risk category. One of: darknet, mixing_service, ransomware, scam, theft, terrorism_financing, csam, gambling, high_risk_exchange, unlicensed_exchange, malware, extortion, privacy_protocol."
		},
		"riskLevel": {
			"type": "object",
			"title": "riskLevel condition",
			"description": "Holds when the vendor's overall risk level of the address is at least the given level (low < medium < high < severe). {atLeast: low} matches every address.",
			"additionalProperties": false,
			"required": ["atLeast"],
			"properties": { "atLeast": {
				"type": "string",
				"enum": [
					"low",
					"medium",
					"high",
					"severe"
				],
				"description": "Lowest risk level that satisfies the condition: low, medium, high or severe."
			} }
		},
		"indicator": {
			"type": "object",
			"title": "indicator condition",
			"description": "Holds when the vendor reports a risk indicator of this category and risk type with at least minVolumeUsd of volume. All three fields are required.",
			"additionalProperties": false,
			"required": [
				"category",
				"riskType",
				"minVolumeUsd"
			],
			"properties": {
				"category": { "$ref": "#/definitions/category" },
				"riskType": {
					"type": "string",
					"enum": [
						"ownership",
						"counterparty",
						"indirect"
					],
					"description": "How the address relates to the category: ownership (the address belongs to such an entity), counterparty (it transacted directly with one) or indirect (through intermediaries; reported when preScreen.includeIndirect is true)."
				},
				"minVolumeUsd": {
					"type": "number",
					"minimum": 0,
					"description": "Smallest USD volume attributed to the indicator for the condition to hold, a number >= 0. 0 means any volume.",
					"examples": [
						0,
						500,
						1e4
					]
				}
			}
		},
		"entity": {
			"type": "object",
			"title": "entity condition",
			"description": "Holds when the vendor identifies the address as belonging to an entity of this category.",
			"additionalProperties": false,
			"required": ["category"],
			"properties": { "category": { "$ref": "#/definitions/category" } }
		},
		"when": {
			"type": "object",
			"title": "when",
			"description": "Conditions of the rule, all of which must hold (AND). Keys: riskLevel, indicator, entity. An empty when ({}) matches every address: it is only meaningful with BLOCK or ALERT, as the last rule. (anyOf needs schemaVersion 2.)",
			"additionalProperties": false,
			"properties": {
				"riskLevel": { "$ref": "#/definitions/riskLevel" },
				"indicator": { "$ref": "#/definitions/indicator" },
				"entity": { "$ref": "#/definitions/entity" }
			}
		},
		"rule": {
			"type": "object",
			"title": "postScreen rule",
			"description": "One rule: when all its conditions hold, its action decides the screen and later rules are not evaluated.",
			"additionalProperties": false,
			"required": [
				"id",
				"when",
				"action"
			],
			"properties": {
				"id": {
					"type": "string",
					"pattern": "^[a-z0-9][a-z0-9-]{0,63}$",
					"description": "Identifier of the rule, unique in the policy: lowercase letters, digits and hyphens, starting with a letter or digit, at most 64 characters. Shown in audit logs and alerts.",
					"examples": ["block-ransomware-exposure"]
				},
				"description": {
					"type": "string",
					"maxLength": 500,
					"description": "Why the rule exists, for reviewers and auditors: free text, at most 500 characters."
				},
				"when": { "$ref": "#/definitions/when" },
				"action": {
					"type": "string",
					"enum": [
						"BLOCK",
						"ALERT",
						"ALLOW"
					],
					"description": "What happens when the rule matches: BLOCK (refuse the sign-in or transaction), ALERT (let it through and raise an alert for compliance review) or ALLOW (let it through; later rules are skipped). The sanctions floor runs before any rule and cannot be allowed away."
				}
			}
		}
	}
};
const schema43 = {
	"type": "object",
	"title": "preScreen",
	"description": "How vendorBAddressScreening is asked: which chains, which tokens and amounts (TRANSACTION only), and whether indirect indicators are reported. Fields: chains, minAmountUsd, tokens, includeIndirect.",
	"additionalProperties": false,
	"properties": {
		"chains": {
			"type": "array",
			"minItems": 1,
			"uniqueItems": true,
			"items": { "$ref": "#/definitions/chain" },
			"description": "Chain families sent to the vendor for screening, for example [EVM, SOL, BTC]. Non-empty and without repeats; leave the key out to screen all chains."
		},
		"minAmountUsd": {
			"type": "number",
			"minimum": 0,
			"description": "TRANSACTION policies only: transfers below this USD amount are not sent to the vendor (the sanctions floor still runs on every screen). A number >= 0. Not allowed in a SIGN_IN policy: there is no amount at sign-in.",
			"examples": [
				0,
				100,
				1e3
			]
		},
		"tokens": {
			"type": "array",
			"minItems": 1,
			"uniqueItems": true,
			"items": { "$ref": "#/definitions/tokenRef" },
			"description": "TRANSACTION policies only: the tokens whose transfers are sent to the vendor, each as {chain, networkId, contractAddress}. Non-empty. Not allowed in a SIGN_IN policy: there is no token at sign-in."
		},
		"includeIndirect": {
			"type": "boolean",
			"description": "vendorBAddressScreening only: true to have the vendor report indirect (multi-hop) indicators as well as direct ones; false for direct only. (vendorAWalletScreening uses exposureDepth instead.)"
		}
	}
};
const schema44 = {
	"type": "string",
	"pattern": "^[A-Z][A-Z0-9_]{1,15}$",
	"description": "Chain family name: an upper-case identifier of 2 to 16 characters (letters, digits, underscore), for example EVM, SOL or BTC.",
	"examples": [
		"EVM",
		"SOL",
		"BTC"
	]
};
const schema45 = {
	"type": "object",
	"title": "Token reference",
	"description": "One token whose transfers are sent to the vendor, identified by chain, network and contract address (never by symbol: a `symbol` key is rejected). When a catalog snapshot exists the reference must be in it.",
	"additionalProperties": false,
	"required": [
		"chain",
		"networkId",
		"contractAddress"
	],
	"properties": {
		"chain": { "$ref": "#/definitions/chain" },
		"networkId": {
			"type": "integer",
			"minimum": 0,
			"description": "Network identifier within the chain family, as in the token catalog: the EVM chain id (1 Ethereum, 137 Polygon, 8453 Base) or the catalog's network id for other families (101 Solana mainnet).",
			"examples": [
				1,
				137,
				8453,
				101
			]
		},
		"contractAddress": {
			"type": "string",
			"minLength": 1,
			"description": "Contract (EVM) or mint (SOL) address of the token, exactly as in the token catalog. Quote EVM addresses in YAML so that 0x... is not read as a number.",
			"examples": ["0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48"]
		}
	}
};
function validate46(data, { instancePath = "", parentData, parentDataProperty, rootData = data } = {}) {
	let vErrors = null;
	let errors = 0;
	if (data && typeof data == "object" && !Array.isArray(data)) {
		if (data.chain === void 0) {
			const err0 = {
				instancePath,
				schemaPath: "#/required",
				keyword: "required",
				params: { missingProperty: "chain" },
				message: "must have required property 'chain'",
				schema: schema45.required,
				parentSchema: schema45,
				data
			};
			if (vErrors === null) vErrors = [err0];
			else vErrors.push(err0);
			errors++;
		}
		if (data.networkId === void 0) {
			const err1 = {
				instancePath,
				schemaPath: "#/required",
				keyword: "required",
				params: { missingProperty: "networkId" },
				message: "must have required property 'networkId'",
				schema: schema45.required,
				parentSchema: schema45,
				data
			};
			if (vErrors === null) vErrors = [err1];
			else vErrors.push(err1);
			errors++;
		}
		if (data.contractAddress === void 0) {
			const err2 = {
				instancePath,
				schemaPath: "#/required",
				keyword: "required",
				params: { missingProperty: "contractAddress" },
				message: "must have required property 'contractAddress'",
				schema: schema45.required,
				parentSchema: schema45,
				data
			};
			if (vErrors === null) vErrors = [err2];
			else vErrors.push(err2);
			errors++;
		}
		for (const key0 in data) if (!(key0 === "chain" || key0 === "networkId" || key0 === "contractAddress")) {
			const err3 = {
				instancePath,
				schemaPath: "#/additionalProperties",
				keyword: "additionalProperties",
				params: { additionalProperty: key0 },
				message: "must NOT have additional properties",
				schema: false,
				parentSchema: schema45,
				data
			};
			if (vErrors === null) vErrors = [err3];
			else vErrors.push(err3);
			errors++;
		}
		if (data.chain !== void 0) {
			let data0 = data.chain;
			if (typeof data0 === "string") {
				if (!pattern0.test(data0)) {
					const err4 = {
						instancePath: instancePath + "/chain",
						schemaPath: "#/definitions/chain/pattern",
						keyword: "pattern",
						params: { pattern: "^[A-Z][A-Z0-9_]{1,15}$" },
						message: "must match pattern \"^[A-Z][A-Z0-9_]{1,15}$\"",
						schema: "^[A-Z][A-Z0-9_]{1,15}$",
						parentSchema: schema44,
						data: data0
					};
					if (vErrors === null) vErrors = [err4];
					else vErrors.push(err4);
					errors++;
				}
			} else {
				const err5 = {
					instancePath: instancePath + "/chain",
					schemaPath: "#/definitions/chain/type",
					keyword: "type",
					params: { type: "string" },
					message: "must be string",
					schema: schema44.type,
					parentSchema: schema44,
					data: data0
				};
				if (vErrors === null) vErrors = [err5];
				else vErrors.push(err5);
				errors++;
			}
		}
		if (data.networkId !== void 0) {
			let data1 = data.networkId;
			if (!(typeof data1 == "number" && !(data1 % 1) && !isNaN(data1) && isFinite(data1))) {
				const err6 = {
					instancePath: instancePath + "/networkId",
					schemaPath: "#/properties/networkId/type",
					keyword: "type",
					params: { type: "integer" },
					message: "must be integer",
					schema: schema45.properties.networkId.type,
					parentSchema: schema45.properties.networkId,
					data: data1
				};
				if (vErrors === null) vErrors = [err6];
				else vErrors.push(err6);
				errors++;
			}
			if (typeof data1 == "number" && isFinite(data1)) {
				if (data1 < 0 || isNaN(data1)) {
					const err7 = {
						instancePath: instancePath + "/networkId",
						schemaPath: "#/properties/networkId/minimum",
						keyword: "minimum",
						params: {
							comparison: ">=",
							limit: 0
						},
						message: "must be >= 0",
						schema: 0,
						parentSchema: schema45.properties.networkId,
						data: data1
					};
					if (vErrors === null) vErrors = [err7];
					else vErrors.push(err7);
					errors++;
				}
			}
		}
		if (data.contractAddress !== void 0) {
			let data2 = data.contractAddress;
			if (typeof data2 === "string") {
				if (func2(data2) < 1) {
					const err8 = {
						instancePath: instancePath + "/contractAddress",
						schemaPath: "#/properties/contractAddress/minLength",
						keyword: "minLength",
						params: { limit: 1 },
						message: "must NOT have fewer than 1 characters",
						schema: 1,
						parentSchema: schema45.properties.contractAddress,
						data: data2
					};
					if (vErrors === null) vErrors = [err8];
					else vErrors.push(err8);
					errors++;
				}
			} else {
				const err9 = {
					instancePath: instancePath + "/contractAddress",
					schemaPath: "#/properties/contractAddress/type",
					keyword: "type",
					params: { type: "string" },
					message: "must be string",
					schema: schema45.properties.contractAddress.type,
					parentSchema: schema45.properties.contractAddress,
					data: data2
				};
				if (vErrors === null) vErrors = [err9];
				else vErrors.push(err9);
				errors++;
			}
		}
	} else {
		const err10 = {
			instancePath,
			schemaPath: "#/type",
			keyword: "type",
			params: { type: "object" },
			message: "must be object",
			schema: schema45.type,
			parentSchema: schema45,
			data
		};
		if (vErrors === null) vErrors = [err10];
		else vErrors.push(err10);
		errors++;
	}
	validate46.errors = vErrors;
	return errors === 0;
}
function validate45(data, { instancePath = "", parentData, parentDataProperty, rootData = data } = {}) {
	let vErrors = null;
	let errors = 0;
	if (data && typeof data == "object" && !Array.isArray(data)) {
		for (const key0 in data) if (!(key0 === "chains" || key0 === "minAmountUsd" || key0 === "tokens" || key0 === "includeIndirect")) {
			const err0 = {
				instancePath,
				schemaPath: "#/additionalProperties",
				keyword: "additionalProperties",
				params: { additionalProperty: key0 },
				message: "must NOT have additional properties",
				schema: false,
				parentSchema: schema43,
				data
			};
			if (vErrors === null) vErrors = [err0];
			else vErrors.push(err0);
			errors++;
		}
		if (data.chains !== void 0) {
			let data0 = data.chains;
			if (Array.isArray(data0)) {
				if (data0.length < 1) {
					const err1 = {
						instancePath: instancePath + "/chains",
						schemaPath: "#/properties/chains/minItems",
						keyword: "minItems",
						params: { limit: 1 },
						message: "must NOT have fewer than 1 items",
						schema: 1,
						parentSchema: schema43.properties.chains,
						data: data0
					};
					if (vErrors === null) vErrors = [err1];
					else vErrors.push(err1);
					errors++;
				}
				const len0 = data0.length;
				for (let i0 = 0; i0 < len0; i0++) {
					let data1 = data0[i0];
					if (typeof data1 === "string") {
						if (!pattern0.test(data1)) {
							const err2 = {
								instancePath: instancePath + "/chains/" + i0,
								schemaPath: "#/definitions/chain/pattern",
								keyword: "pattern",
								params: { pattern: "^[A-Z][A-Z0-9_]{1,15}$" },
								message: "must match pattern \"^[A-Z][A-Z0-9_]{1,15}$\"",
								schema: "^[A-Z][A-Z0-9_]{1,15}$",
								parentSchema: schema44,
								data: data1
							};
							if (vErrors === null) vErrors = [err2];
							else vErrors.push(err2);
							errors++;
						}
					} else {
						const err3 = {
							instancePath: instancePath + "/chains/" + i0,
							schemaPath: "#/definitions/chain/type",
							keyword: "type",
							params: { type: "string" },
							message: "must be string",
							schema: schema44.type,
							parentSchema: schema44,
							data: data1
						};
						if (vErrors === null) vErrors = [err3];
						else vErrors.push(err3);
						errors++;
					}
				}
				let i1 = data0.length;
				let j0;
				if (i1 > 1) {
					outer0: for (; i1--;) for (j0 = i1; j0--;) if (func0(data0[i1], data0[j0])) {
						const err4 = {
							instancePath: instancePath + "/chains",
							schemaPath: "#/properties/chains/uniqueItems",
							keyword: "uniqueItems",
							params: {
								i: i1,
								j: j0
							},
							message: "must NOT have duplicate items (items ## " + j0 + " and " + i1 + " are identical)",
							schema: true,
							parentSchema: schema43.properties.chains,
							data: data0
						};
						if (vErrors === null) vErrors = [err4];
						else vErrors.push(err4);
						errors++;
						break outer0;
					}
				}
			} else {
				const err5 = {
					instancePath: instancePath + "/chains",
					schemaPath: "#/properties/chains/type",
					keyword: "type",
					params: { type: "array" },
					message: "must be array",
					schema: schema43.properties.chains.type,
					parentSchema: schema43.properties.chains,
					data: data0
				};
				if (vErrors === null) vErrors = [err5];
				else vErrors.push(err5);
				errors++;
			}
		}
		if (data.minAmountUsd !== void 0) {
			let data2 = data.minAmountUsd;
			if (typeof data2 == "number" && isFinite(data2)) {
				if (data2 < 0 || isNaN(data2)) {
					const err6 = {
						instancePath: instancePath + "/minAmountUsd",
						schemaPath: "#/properties/minAmountUsd/minimum",
						keyword: "minimum",
						params: {
							comparison: ">=",
							limit: 0
						},
						message: "must be >= 0",
						schema: 0,
						parentSchema: schema43.properties.minAmountUsd,
						data: data2
					};
					if (vErrors === null) vErrors = [err6];
					else vErrors.push(err6);
					errors++;
				}
			} else {
				const err7 = {
					instancePath: instancePath + "/minAmountUsd",
					schemaPath: "#/properties/minAmountUsd/type",
					keyword: "type",
					params: { type: "number" },
					message: "must be number",
					schema: schema43.properties.minAmountUsd.type,
					parentSchema: schema43.properties.minAmountUsd,
					data: data2
				};
				if (vErrors === null) vErrors = [err7];
				else vErrors.push(err7);
				errors++;
			}
		}
		if (data.tokens !== void 0) {
			let data3 = data.tokens;
			if (Array.isArray(data3)) {
				if (data3.length < 1) {
					const err8 = {
						instancePath: instancePath + "/tokens",
						schemaPath: "#/properties/tokens/minItems",
						keyword: "minItems",
						params: { limit: 1 },
						message: "must NOT have fewer than 1 items",
						schema: 1,
						parentSchema: schema43.properties.tokens,
						data: data3
					};
					if (vErrors === null) vErrors = [err8];
					else vErrors.push(err8);
					errors++;
				}
				const len1 = data3.length;
				for (let i2 = 0; i2 < len1; i2++) if (!validate46(data3[i2], {
					instancePath: instancePath + "/tokens/" + i2,
					parentData: data3,
					parentDataProperty: i2,
					rootData
				})) {
					vErrors = vErrors === null ? validate46.errors : vErrors.concat(validate46.errors);
					errors = vErrors.length;
				}
				let i3 = data3.length;
				let j1;
				if (i3 > 1) {
					outer1: for (; i3--;) for (j1 = i3; j1--;) if (func0(data3[i3], data3[j1])) {
						const err9 = {
							instancePath: instancePath + "/tokens",
							schemaPath: "#/properties/tokens/uniqueItems",
							keyword: "uniqueItems",
							params: {
								i: i3,
								j: j1
							},
							message: "must NOT have duplicate items (items ## " + j1 + " and " + i3 + " are identical)",
							schema: true,
							parentSchema: schema43.properties.tokens,
							data: data3
						};
						if (vErrors === null) vErrors = [err9];
						else vErrors.push(err9);
						errors++;
						break outer1;
					}
				}
			} else {
				const err10 = {
					instancePath: instancePath + "/tokens",
					schemaPath: "#/properties/tokens/type",
					keyword: "type",
					params: { type: "array" },
					message: "must be array",
					schema: schema43.properties.tokens.type,
					parentSchema: schema43.properties.tokens,
					data: data3
				};
				if (vErrors === null) vErrors = [err10];
				else vErrors.push(err10);
				errors++;
			}
		}
		if (data.includeIndirect !== void 0) {
			let data5 = data.includeIndirect;
			if (typeof data5 !== "boolean") {
				const err11 = {
					instancePath: instancePath + "/includeIndirect",
					schemaPath: "#/properties/includeIndirect/type",
					keyword: "type",
					params: { type: "boolean" },
					message: "must be boolean",
					schema: schema43.properties.includeIndirect.type,
					parentSchema: schema43.properties.includeIndirect,
					data: data5
				};
				if (vErrors === null) vErrors = [err11];
				else vErrors.push(err11);
				errors++;
			}
		}
	} else {
		const err12 = {
			instancePath,
			schemaPath: "#/type",
			keyword: "type",
			params: { type: "object" },
			message: "must be object",
			schema: schema43.type,
			parentSchema: schema43,
			data
		};
		if (vErrors === null) vErrors = [err12];
		else vErrors.push(err12);
		errors++;
	}
	validate45.errors = vErrors;
	return errors === 0;
}
const schema47 = {
	"type": "object",
	"title": "postScreen rule",
	"description": "One rule: when all its conditions hold, its action decides the screen and later rules are not evaluated.",
	"additionalProperties": false,
	"required": [
		"id",
		"when",
		"action"
	],
	"properties": {
		"id": {
			"type": "string",
			"pattern": "^[a-z0-9][a-z0-9-]{0,63}$",
			"description": "Identifier of the rule, unique in the policy: lowercase letters, digits and hyphens, starting with a letter or digit, at most 64 characters. Shown in audit logs and alerts.",
			"examples": ["block-ransomware-exposure"]
		},
		"description": {
			"type": "string",
			"maxLength": 500,
			"description": "Why the rule exists, for reviewers and auditors: free text, at most 500 characters."
		},
		"when": { "$ref": "#/definitions/when" },
		"action": {
			"type": "string",
			"enum": [
				"BLOCK",
				"ALERT",
				"ALLOW"
			],
			"description": "What happens when the rule matches: BLOCK (refuse the sign-in or transaction), ALERT (let it through and raise an alert for compliance review) or ALLOW (let it through; later rules are skipped). The sanctions floor runs before any rule and cannot be allowed away."
		}
	}
};
const schema48 = {
	"type": "object",
	"title": "when",
	"description": "Conditions of the rule, all of which must hold (AND). Keys: riskLevel, indicator, entity. An empty when ({}) matches every address: it is only meaningful with BLOCK or ALERT, as the last rule. (anyOf needs schemaVersion 2.)",
	"additionalProperties": false,
	"properties": {
		"riskLevel": { "$ref": "#/definitions/riskLevel" },
		"indicator": { "$ref": "#/definitions/indicator" },
		"entity": { "$ref": "#/definitions/entity" }
	}
};
const schema49 = {
	"type": "object",
	"title": "riskLevel condition",
	"description": "Holds when the vendor's overall risk level of the address is at least the given level (low < medium < high < severe). {atLeast: low} matches every address.",
	"additionalProperties": false,
	"required": ["atLeast"],
	"properties": { "atLeast": {
		"type": "string",
		"enum": [
			"low",
			"medium",
			"high",
			"severe"
		],
		"description": "Lowest risk level that satisfies the condition: low, medium, high or severe."
	} }
};
const schema50 = {
	"type": "object",
	"title": "indicator condition",
	"description": "Holds when the vendor reports a risk indicator of this category and risk type with at least minVolumeUsd of volume. All three fields are required.",
	"additionalProperties": false,
	"required": [
		"category",
		"riskType",
		"minVolumeUsd"
	],
	"properties": {
		"category": { "$ref": "#/definitions/category" },
		"riskType": {
			"type": "string",
			"enum": [
				"ownership",
				"counterparty",
				"indirect"
			],
			"description": "How the address relates to the category: ownership (the address belongs to such an entity), counterparty (it transacted directly with one) or indirect (through intermediaries; reported when preScreen.includeIndirect is true)."
		},
		"minVolumeUsd": {
			"type": "number",
			"minimum": 0,
			"description": "Smallest USD volume attributed to the indicator for the condition to hold, a number >= 0. 0 means any volume.",
			"examples": [
				0,
				500,
				1e4
			]
		}
	}
};
const schema51 = {
	"type": "string",
	"enum": [
		"darknet",
		"mixing_service",
		"ransomware",
		"scam",
		"theft",
		"terrorism_financing",
		"csam",
		"gambling",
		"high_risk_exchange",
		"unlicensed_exchange",
		"malware",
		"extortion",
		"privacy_protocol"
	],
	"description": "vendorBAddressScreening risk category. One of: darknet, mixing_service, ransomware, scam, theft, terrorism_financing, csam, gambling, high_risk_exchange, unlicensed_exchange, malware, extortion, privacy_protocol."
};
function validate51(data, { instancePath = "", parentData, parentDataProperty, rootData = data } = {}) {
	let vErrors = null;
	let errors = 0;
	if (data && typeof data == "object" && !Array.isArray(data)) {
		if (data.category === void 0) {
			const err0 = {
				instancePath,
				schemaPath: "#/required",
				keyword: "required",
				params: { missingProperty: "category" },
				message: "must have required property 'category'",
				schema: schema50.required,
				parentSchema: schema50,
				data
			};
			if (vErrors === null) vErrors = [err0];
			else vErrors.push(err0);
			errors++;
		}
		if (data.riskType === void 0) {
			const err1 = {
				instancePath,
				schemaPath: "#/required",
				keyword: "required",
				params: { missingProperty: "riskType" },
				message: "must have required property 'riskType'",
				schema: schema50.required,
				parentSchema: schema50,
				data
			};
			if (vErrors === null) vErrors = [err1];
			else vErrors.push(err1);
			errors++;
		}
		if (data.minVolumeUsd === void 0) {
			const err2 = {
				instancePath,
				schemaPath: "#/required",
				keyword: "required",
				params: { missingProperty: "minVolumeUsd" },
				message: "must have required property 'minVolumeUsd'",
				schema: schema50.required,
				parentSchema: schema50,
				data
			};
			if (vErrors === null) vErrors = [err2];
			else vErrors.push(err2);
			errors++;
		}
		for (const key0 in data) if (!(key0 === "category" || key0 === "riskType" || key0 === "minVolumeUsd")) {
			const err3 = {
				instancePath,
				schemaPath: "#/additionalProperties",
				keyword: "additionalProperties",
				params: { additionalProperty: key0 },
				message: "must NOT have additional properties",
				schema: false,
				parentSchema: schema50,
				data
			};
			if (vErrors === null) vErrors = [err3];
			else vErrors.push(err3);
			errors++;
		}
		if (data.category !== void 0) {
			let data0 = data.category;
			if (typeof data0 !== "string") {
				const err4 = {
					instancePath: instancePath + "/category",
					schemaPath: "#/definitions/category/type",
					keyword: "type",
					params: { type: "string" },
					message: "must be string",
					schema: schema51.type,
					parentSchema: schema51,
					data: data0
				};
				if (vErrors === null) vErrors = [err4];
				else vErrors.push(err4);
				errors++;
			}
			if (!(data0 === "darknet" || data0 === "mixing_service" || data0 === "ransomware" || data0 === "scam" || data0 === "theft" || data0 === "terrorism_financing" || data0 === "csam" || data0 === "gambling" || data0 === "high_risk_exchange" || data0 === "unlicensed_exchange" || data0 === "malware" || data0 === "extortion" || data0 === "privacy_protocol")) {
				const err5 = {
					instancePath: instancePath + "/category",
					schemaPath: "#/definitions/category/enum",
					keyword: "enum",
					params: { allowedValues: schema51.enum },
					message: "must be equal to one of the allowed values",
					schema: schema51.enum,
					parentSchema: schema51,
					data: data0
				};
				if (vErrors === null) vErrors = [err5];
				else vErrors.push(err5);
				errors++;
			}
		}
		if (data.riskType !== void 0) {
			let data1 = data.riskType;
			if (typeof data1 !== "string") {
				const err6 = {
					instancePath: instancePath + "/riskType",
					schemaPath: "#/properties/riskType/type",
					keyword: "type",
					params: { type: "string" },
					message: "must be string",
					schema: schema50.properties.riskType.type,
					parentSchema: schema50.properties.riskType,
					data: data1
				};
				if (vErrors === null) vErrors = [err6];
				else vErrors.push(err6);
				errors++;
			}
			if (!(data1 === "ownership" || data1 === "counterparty" || data1 === "indirect")) {
				const err7 = {
					instancePath: instancePath + "/riskType",
					schemaPath: "#/properties/riskType/enum",
					keyword: "enum",
					params: { allowedValues: schema50.properties.riskType.enum },
					message: "must be equal to one of the allowed values",
					schema: schema50.properties.riskType.enum,
					parentSchema: schema50.properties.riskType,
					data: data1
				};
				if (vErrors === null) vErrors = [err7];
				else vErrors.push(err7);
				errors++;
			}
		}
		if (data.minVolumeUsd !== void 0) {
			let data2 = data.minVolumeUsd;
			if (typeof data2 == "number" && isFinite(data2)) {
				if (data2 < 0 || isNaN(data2)) {
					const err8 = {
						instancePath: instancePath + "/minVolumeUsd",
						schemaPath: "#/properties/minVolumeUsd/minimum",
						keyword: "minimum",
						params: {
							comparison: ">=",
							limit: 0
						},
						message: "must be >= 0",
						schema: 0,
						parentSchema: schema50.properties.minVolumeUsd,
						data: data2
					};
					if (vErrors === null) vErrors = [err8];
					else vErrors.push(err8);
					errors++;
				}
			} else {
				const err9 = {
					instancePath: instancePath + "/minVolumeUsd",
					schemaPath: "#/properties/minVolumeUsd/type",
					keyword: "type",
					params: { type: "number" },
					message: "must be number",
					schema: schema50.properties.minVolumeUsd.type,
					parentSchema: schema50.properties.minVolumeUsd,
					data: data2
				};
				if (vErrors === null) vErrors = [err9];
				else vErrors.push(err9);
				errors++;
			}
		}
	} else {
		const err10 = {
			instancePath,
			schemaPath: "#/type",
			keyword: "type",
			params: { type: "object" },
			message: "must be object",
			schema: schema50.type,
			parentSchema: schema50,
			data
		};
		if (vErrors === null) vErrors = [err10];
		else vErrors.push(err10);
		errors++;
	}
	validate51.errors = vErrors;
	return errors === 0;
}
const schema52 = {
	"type": "object",
	"title": "entity condition",
	"description": "Holds when the vendor identifies the address as belonging to an entity of this category.",
	"additionalProperties": false,
	"required": ["category"],
	"properties": { "category": { "$ref": "#/definitions/category" } }
};
function validate53(data, { instancePath = "", parentData, parentDataProperty, rootData = data } = {}) {
	let vErrors = null;
	let errors = 0;
	if (data && typeof data == "object" && !Array.isArray(data)) {
		if (data.category === void 0) {
			const err0 = {
				instancePath,
				schemaPath: "#/required",
				keyword: "required",
				params: { missingProperty: "category" },
				message: "must have required property 'category'",
				schema: schema52.required,
				parentSchema: schema52,
				data
			};
			if (vErrors === null) vErrors = [err0];
			else vErrors.push(err0);
			errors++;
		}
		for (const key0 in data) if (!(key0 === "category")) {
			const err1 = {
				instancePath,
				schemaPath: "#/additionalProperties",
				keyword: "additionalProperties",
				params: { additionalProperty: key0 },
				message: "must NOT have additional properties",
				schema: false,
				parentSchema: schema52,
				data
			};
			if (vErrors === null) vErrors = [err1];
			else vErrors.push(err1);
			errors++;
		}
		if (data.category !== void 0) {
			let data0 = data.category;
			if (typeof data0 !== "string") {
				const err2 = {
					instancePath: instancePath + "/category",
					schemaPath: "#/definitions/category/type",
					keyword: "type",
					params: { type: "string" },
					message: "must be string",
					schema: schema51.type,
					parentSchema: schema51,
					data: data0
				};
				if (vErrors === null) vErrors = [err2];
				else vErrors.push(err2);
				errors++;
			}
			if (!(data0 === "darknet" || data0 === "mixing_service" || data0 === "ransomware" || data0 === "scam" || data0 === "theft" || data0 === "terrorism_financing" || data0 === "csam" || data0 === "gambling" || data0 === "high_risk_exchange" || data0 === "unlicensed_exchange" || data0 === "malware" || data0 === "extortion" || data0 === "privacy_protocol")) {
				const err3 = {
					instancePath: instancePath + "/category",
					schemaPath: "#/definitions/category/enum",
					keyword: "enum",
					params: { allowedValues: schema51.enum },
					message: "must be equal to one of the allowed values",
					schema: schema51.enum,
					parentSchema: schema51,
					data: data0
				};
				if (vErrors === null) vErrors = [err3];
				else vErrors.push(err3);
				errors++;
			}
		}
	} else {
		const err4 = {
			instancePath,
			schemaPath: "#/type",
			keyword: "type",
			params: { type: "object" },
			message: "must be object",
			schema: schema52.type,
			parentSchema: schema52,
			data
		};
		if (vErrors === null) vErrors = [err4];
		else vErrors.push(err4);
		errors++;
	}
	validate53.errors = vErrors;
	return errors === 0;
}
function validate50(data, { instancePath = "", parentData, parentDataProperty, rootData = data } = {}) {
	let vErrors = null;
	let errors = 0;
	if (data && typeof data == "object" && !Array.isArray(data)) {
		for (const key0 in data) if (!(key0 === "riskLevel" || key0 === "indicator" || key0 === "entity")) {
			const err0 = {
				instancePath,
				schemaPath: "#/additionalProperties",
				keyword: "additionalProperties",
				params: { additionalProperty: key0 },
				message: "must NOT have additional properties",
				schema: false,
				parentSchema: schema48,
				data
			};
			if (vErrors === null) vErrors = [err0];
			else vErrors.push(err0);
			errors++;
		}
		if (data.riskLevel !== void 0) {
			let data0 = data.riskLevel;
			if (data0 && typeof data0 == "object" && !Array.isArray(data0)) {
				if (data0.atLeast === void 0) {
					const err1 = {
						instancePath: instancePath + "/riskLevel",
						schemaPath: "#/definitions/riskLevel/required",
						keyword: "required",
						params: { missingProperty: "atLeast" },
						message: "must have required property 'atLeast'",
						schema: schema49.required,
						parentSchema: schema49,
						data: data0
					};
					if (vErrors === null) vErrors = [err1];
					else vErrors.push(err1);
					errors++;
				}
				for (const key1 in data0) if (!(key1 === "atLeast")) {
					const err2 = {
						instancePath: instancePath + "/riskLevel",
						schemaPath: "#/definitions/riskLevel/additionalProperties",
						keyword: "additionalProperties",
						params: { additionalProperty: key1 },
						message: "must NOT have additional properties",
						schema: false,
						parentSchema: schema49,
						data: data0
					};
					if (vErrors === null) vErrors = [err2];
					else vErrors.push(err2);
					errors++;
				}
				if (data0.atLeast !== void 0) {
					let data1 = data0.atLeast;
					if (typeof data1 !== "string") {
						const err3 = {
							instancePath: instancePath + "/riskLevel/atLeast",
							schemaPath: "#/definitions/riskLevel/properties/atLeast/type",
							keyword: "type",
							params: { type: "string" },
							message: "must be string",
							schema: schema49.properties.atLeast.type,
							parentSchema: schema49.properties.atLeast,
							data: data1
						};
						if (vErrors === null) vErrors = [err3];
						else vErrors.push(err3);
						errors++;
					}
					if (!(data1 === "low" || data1 === "medium" || data1 === "high" || data1 === "severe")) {
						const err4 = {
							instancePath: instancePath + "/riskLevel/atLeast",
							schemaPath: "#/definitions/riskLevel/properties/atLeast/enum",
							keyword: "enum",
							params: { allowedValues: schema49.properties.atLeast.enum },
							message: "must be equal to one of the allowed values",
							schema: schema49.properties.atLeast.enum,
							parentSchema: schema49.properties.atLeast,
							data: data1
						};
						if (vErrors === null) vErrors = [err4];
						else vErrors.push(err4);
						errors++;
					}
				}
			} else {
				const err5 = {
					instancePath: instancePath + "/riskLevel",
					schemaPath: "#/definitions/riskLevel/type",
					keyword: "type",
					params: { type: "object" },
					message: "must be object",
					schema: schema49.type,
					parentSchema: schema49,
					data: data0
				};
				if (vErrors === null) vErrors = [err5];
				else vErrors.push(err5);
				errors++;
			}
		}
		if (data.indicator !== void 0) {
			if (!validate51(data.indicator, {
				instancePath: instancePath + "/indicator",
				parentData: data,
				parentDataProperty: "indicator",
				rootData
			})) {
				vErrors = vErrors === null ? validate51.errors : vErrors.concat(validate51.errors);
				errors = vErrors.length;
			}
		}
		if (data.entity !== void 0) {
			if (!validate53(data.entity, {
				instancePath: instancePath + "/entity",
				parentData: data,
				parentDataProperty: "entity",
				rootData
			})) {
				vErrors = vErrors === null ? validate53.errors : vErrors.concat(validate53.errors);
				errors = vErrors.length;
			}
		}
	} else {
		const err6 = {
			instancePath,
			schemaPath: "#/type",
			keyword: "type",
			params: { type: "object" },
			message: "must be object",
			schema: schema48.type,
			parentSchema: schema48,
			data
		};
		if (vErrors === null) vErrors = [err6];
		else vErrors.push(err6);
		errors++;
	}
	validate50.errors = vErrors;
	return errors === 0;
}
function validate49(data, { instancePath = "", parentData, parentDataProperty, rootData = data } = {}) {
	let vErrors = null;
	let errors = 0;
	if (data && typeof data == "object" && !Array.isArray(data)) {
		if (data.id === void 0) {
			const err0 = {
				instancePath,
				schemaPath: "#/required",
				keyword: "required",
				params: { missingProperty: "id" },
				message: "must have required property 'id'",
				schema: schema47.required,
				parentSchema: schema47,
				data
			};
			if (vErrors === null) vErrors = [err0];
			else vErrors.push(err0);
			errors++;
		}
		if (data.when === void 0) {
			const err1 = {
				instancePath,
				schemaPath: "#/required",
				keyword: "required",
				params: { missingProperty: "when" },
				message: "must have required property 'when'",
				schema: schema47.required,
				parentSchema: schema47,
				data
			};
			if (vErrors === null) vErrors = [err1];
			else vErrors.push(err1);
			errors++;
		}
		if (data.action === void 0) {
			const err2 = {
				instancePath,
				schemaPath: "#/required",
				keyword: "required",
				params: { missingProperty: "action" },
				message: "must have required property 'action'",
				schema: schema47.required,
				parentSchema: schema47,
				data
			};
			if (vErrors === null) vErrors = [err2];
			else vErrors.push(err2);
			errors++;
		}
		for (const key0 in data) if (!(key0 === "id" || key0 === "description" || key0 === "when" || key0 === "action")) {
			const err3 = {
				instancePath,
				schemaPath: "#/additionalProperties",
				keyword: "additionalProperties",
				params: { additionalProperty: key0 },
				message: "must NOT have additional properties",
				schema: false,
				parentSchema: schema47,
				data
			};
			if (vErrors === null) vErrors = [err3];
			else vErrors.push(err3);
			errors++;
		}
		if (data.id !== void 0) {
			let data0 = data.id;
			if (typeof data0 === "string") {
				if (!pattern7.test(data0)) {
					const err4 = {
						instancePath: instancePath + "/id",
						schemaPath: "#/properties/id/pattern",
						keyword: "pattern",
						params: { pattern: "^[a-z0-9][a-z0-9-]{0,63}$" },
						message: "must match pattern \"^[a-z0-9][a-z0-9-]{0,63}$\"",
						schema: "^[a-z0-9][a-z0-9-]{0,63}$",
						parentSchema: schema47.properties.id,
						data: data0
					};
					if (vErrors === null) vErrors = [err4];
					else vErrors.push(err4);
					errors++;
				}
			} else {
				const err5 = {
					instancePath: instancePath + "/id",
					schemaPath: "#/properties/id/type",
					keyword: "type",
					params: { type: "string" },
					message: "must be string",
					schema: schema47.properties.id.type,
					parentSchema: schema47.properties.id,
					data: data0
				};
				if (vErrors === null) vErrors = [err5];
				else vErrors.push(err5);
				errors++;
			}
		}
		if (data.description !== void 0) {
			let data1 = data.description;
			if (typeof data1 === "string") {
				if (func2(data1) > 500) {
					const err6 = {
						instancePath: instancePath + "/description",
						schemaPath: "#/properties/description/maxLength",
						keyword: "maxLength",
						params: { limit: 500 },
						message: "must NOT have more than 500 characters",
						schema: 500,
						parentSchema: schema47.properties.description,
						data: data1
					};
					if (vErrors === null) vErrors = [err6];
					else vErrors.push(err6);
					errors++;
				}
			} else {
				const err7 = {
					instancePath: instancePath + "/description",
					schemaPath: "#/properties/description/type",
					keyword: "type",
					params: { type: "string" },
					message: "must be string",
					schema: schema47.properties.description.type,
					parentSchema: schema47.properties.description,
					data: data1
				};
				if (vErrors === null) vErrors = [err7];
				else vErrors.push(err7);
				errors++;
			}
		}
		if (data.when !== void 0) {
			if (!validate50(data.when, {
				instancePath: instancePath + "/when",
				parentData: data,
				parentDataProperty: "when",
				rootData
			})) {
				vErrors = vErrors === null ? validate50.errors : vErrors.concat(validate50.errors);
				errors = vErrors.length;
			}
		}
		if (data.action !== void 0) {
			let data3 = data.action;
			if (typeof data3 !== "string") {
				const err8 = {
					instancePath: instancePath + "/action",
					schemaPath: "#/properties/action/type",
					keyword: "type",
					params: { type: "string" },
					message: "must be string",
					schema: schema47.properties.action.type,
					parentSchema: schema47.properties.action,
					data: data3
				};
				if (vErrors === null) vErrors = [err8];
				else vErrors.push(err8);
				errors++;
			}
			if (!(data3 === "BLOCK" || data3 === "ALERT" || data3 === "ALLOW")) {
				const err9 = {
					instancePath: instancePath + "/action",
					schemaPath: "#/properties/action/enum",
					keyword: "enum",
					params: { allowedValues: schema47.properties.action.enum },
					message: "must be equal to one of the allowed values",
					schema: schema47.properties.action.enum,
					parentSchema: schema47.properties.action,
					data: data3
				};
				if (vErrors === null) vErrors = [err9];
				else vErrors.push(err9);
				errors++;
			}
		}
	} else {
		const err10 = {
			instancePath,
			schemaPath: "#/type",
			keyword: "type",
			params: { type: "object" },
			message: "must be object",
			schema: schema47.type,
			parentSchema: schema47,
			data
		};
		if (vErrors === null) vErrors = [err10];
		else vErrors.push(err10);
		errors++;
	}
	validate49.errors = vErrors;
	return errors === 0;
}
function validate44(data, { instancePath = "", parentData, parentDataProperty, rootData = data } = {}) {
	let vErrors = null;
	let errors = 0;
	if (data && typeof data == "object" && !Array.isArray(data)) {
		if (data.providerType === void 0) {
			const err0 = {
				instancePath,
				schemaPath: "#/required",
				keyword: "required",
				params: { missingProperty: "providerType" },
				message: "must have required property 'providerType'",
				schema: schema42.required,
				parentSchema: schema42,
				data
			};
			if (vErrors === null) vErrors = [err0];
			else vErrors.push(err0);
			errors++;
		}
		if (data.scope === void 0) {
			const err1 = {
				instancePath,
				schemaPath: "#/required",
				keyword: "required",
				params: { missingProperty: "scope" },
				message: "must have required property 'scope'",
				schema: schema42.required,
				parentSchema: schema42,
				data
			};
			if (vErrors === null) vErrors = [err1];
			else vErrors.push(err1);
			errors++;
		}
		if (data.schemaVersion === void 0) {
			const err2 = {
				instancePath,
				schemaPath: "#/required",
				keyword: "required",
				params: { missingProperty: "schemaVersion" },
				message: "must have required property 'schemaVersion'",
				schema: schema42.required,
				parentSchema: schema42,
				data
			};
			if (vErrors === null) vErrors = [err2];
			else vErrors.push(err2);
			errors++;
		}
		if (data.enabled === void 0) {
			const err3 = {
				instancePath,
				schemaPath: "#/required",
				keyword: "required",
				params: { missingProperty: "enabled" },
				message: "must have required property 'enabled'",
				schema: schema42.required,
				parentSchema: schema42,
				data
			};
			if (vErrors === null) vErrors = [err3];
			else vErrors.push(err3);
			errors++;
		}
		if (data.rules === void 0) {
			const err4 = {
				instancePath,
				schemaPath: "#/required",
				keyword: "required",
				params: { missingProperty: "rules" },
				message: "must have required property 'rules'",
				schema: schema42.required,
				parentSchema: schema42,
				data
			};
			if (vErrors === null) vErrors = [err4];
			else vErrors.push(err4);
			errors++;
		}
		for (const key0 in data) if (!(key0 === "providerType" || key0 === "scope" || key0 === "schemaVersion" || key0 === "enabled" || key0 === "rules")) {
			const err5 = {
				instancePath,
				schemaPath: "#/additionalProperties",
				keyword: "additionalProperties",
				params: { additionalProperty: key0 },
				message: "must NOT have additional properties",
				schema: false,
				parentSchema: schema42,
				data
			};
			if (vErrors === null) vErrors = [err5];
			else vErrors.push(err5);
			errors++;
		}
		if (data.providerType !== void 0) {
			let data0 = data.providerType;
			if (typeof data0 !== "string") {
				const err6 = {
					instancePath: instancePath + "/providerType",
					schemaPath: "#/properties/providerType/type",
					keyword: "type",
					params: { type: "string" },
					message: "must be string",
					schema: schema42.properties.providerType.type,
					parentSchema: schema42.properties.providerType,
					data: data0
				};
				if (vErrors === null) vErrors = [err6];
				else vErrors.push(err6);
				errors++;
			}
			if ("vendorBAddressScreening" !== data0) {
				const err7 = {
					instancePath: instancePath + "/providerType",
					schemaPath: "#/properties/providerType/const",
					keyword: "const",
					params: { allowedValue: "vendorBAddressScreening" },
					message: "must be equal to constant",
					schema: "vendorBAddressScreening",
					parentSchema: schema42.properties.providerType,
					data: data0
				};
				if (vErrors === null) vErrors = [err7];
				else vErrors.push(err7);
				errors++;
			}
		}
		if (data.scope !== void 0) {
			let data1 = data.scope;
			if (typeof data1 !== "string") {
				const err8 = {
					instancePath: instancePath + "/scope",
					schemaPath: "#/properties/scope/type",
					keyword: "type",
					params: { type: "string" },
					message: "must be string",
					schema: schema42.properties.scope.type,
					parentSchema: schema42.properties.scope,
					data: data1
				};
				if (vErrors === null) vErrors = [err8];
				else vErrors.push(err8);
				errors++;
			}
			if (!(data1 === "SIGN_IN" || data1 === "TRANSACTION")) {
				const err9 = {
					instancePath: instancePath + "/scope",
					schemaPath: "#/properties/scope/enum",
					keyword: "enum",
					params: { allowedValues: schema42.properties.scope.enum },
					message: "must be equal to one of the allowed values",
					schema: schema42.properties.scope.enum,
					parentSchema: schema42.properties.scope,
					data: data1
				};
				if (vErrors === null) vErrors = [err9];
				else vErrors.push(err9);
				errors++;
			}
		}
		if (data.schemaVersion !== void 0) {
			let data2 = data.schemaVersion;
			if (!(typeof data2 == "number" && !(data2 % 1) && !isNaN(data2) && isFinite(data2))) {
				const err10 = {
					instancePath: instancePath + "/schemaVersion",
					schemaPath: "#/properties/schemaVersion/type",
					keyword: "type",
					params: { type: "integer" },
					message: "must be integer",
					schema: schema42.properties.schemaVersion.type,
					parentSchema: schema42.properties.schemaVersion,
					data: data2
				};
				if (vErrors === null) vErrors = [err10];
				else vErrors.push(err10);
				errors++;
			}
			if (1 !== data2) {
				const err11 = {
					instancePath: instancePath + "/schemaVersion",
					schemaPath: "#/properties/schemaVersion/const",
					keyword: "const",
					params: { allowedValue: 1 },
					message: "must be equal to constant",
					schema: 1,
					parentSchema: schema42.properties.schemaVersion,
					data: data2
				};
				if (vErrors === null) vErrors = [err11];
				else vErrors.push(err11);
				errors++;
			}
		}
		if (data.enabled !== void 0) {
			let data3 = data.enabled;
			if (typeof data3 !== "boolean") {
				const err12 = {
					instancePath: instancePath + "/enabled",
					schemaPath: "#/properties/enabled/type",
					keyword: "type",
					params: { type: "boolean" },
					message: "must be boolean",
					schema: schema42.properties.enabled.type,
					parentSchema: schema42.properties.enabled,
					data: data3
				};
				if (vErrors === null) vErrors = [err12];
				else vErrors.push(err12);
				errors++;
			}
		}
		if (data.rules !== void 0) {
			let data4 = data.rules;
			if (data4 && typeof data4 == "object" && !Array.isArray(data4)) {
				if (data4.preScreen === void 0) {
					const err13 = {
						instancePath: instancePath + "/rules",
						schemaPath: "#/properties/rules/required",
						keyword: "required",
						params: { missingProperty: "preScreen" },
						message: "must have required property 'preScreen'",
						schema: schema42.properties.rules.required,
						parentSchema: schema42.properties.rules,
						data: data4
					};
					if (vErrors === null) vErrors = [err13];
					else vErrors.push(err13);
					errors++;
				}
				if (data4.postScreen === void 0) {
					const err14 = {
						instancePath: instancePath + "/rules",
						schemaPath: "#/properties/rules/required",
						keyword: "required",
						params: { missingProperty: "postScreen" },
						message: "must have required property 'postScreen'",
						schema: schema42.properties.rules.required,
						parentSchema: schema42.properties.rules,
						data: data4
					};
					if (vErrors === null) vErrors = [err14];
					else vErrors.push(err14);
					errors++;
				}
				for (const key1 in data4) if (!(key1 === "preScreen" || key1 === "postScreen")) {
					const err15 = {
						instancePath: instancePath + "/rules",
						schemaPath: "#/properties/rules/additionalProperties",
						keyword: "additionalProperties",
						params: { additionalProperty: key1 },
						message: "must NOT have additional properties",
						schema: false,
						parentSchema: schema42.properties.rules,
						data: data4
					};
					if (vErrors === null) vErrors = [err15];
					else vErrors.push(err15);
					errors++;
				}
				if (data4.preScreen !== void 0) {
					if (!validate45(data4.preScreen, {
						instancePath: instancePath + "/rules/preScreen",
						parentData: data4,
						parentDataProperty: "preScreen",
						rootData
					})) {
						vErrors = vErrors === null ? validate45.errors : vErrors.concat(validate45.errors);
						errors = vErrors.length;
					}
				}
				if (data4.postScreen !== void 0) {
					let data6 = data4.postScreen;
					if (Array.isArray(data6)) {
						const len0 = data6.length;
						for (let i0 = 0; i0 < len0; i0++) if (!validate49(data6[i0], {
							instancePath: instancePath + "/rules/postScreen/" + i0,
							parentData: data6,
							parentDataProperty: i0,
							rootData
						})) {
							vErrors = vErrors === null ? validate49.errors : vErrors.concat(validate49.errors);
							errors = vErrors.length;
						}
					} else {
						const err16 = {
							instancePath: instancePath + "/rules/postScreen",
							schemaPath: "#/properties/rules/properties/postScreen/type",
							keyword: "type",
							params: { type: "array" },
							message: "must be array",
							schema: schema42.properties.rules.properties.postScreen.type,
							parentSchema: schema42.properties.rules.properties.postScreen,
							data: data6
						};
						if (vErrors === null) vErrors = [err16];
						else vErrors.push(err16);
						errors++;
					}
				}
			} else {
				const err17 = {
					instancePath: instancePath + "/rules",
					schemaPath: "#/properties/rules/type",
					keyword: "type",
					params: { type: "object" },
					message: "must be object",
					schema: schema42.properties.rules.type,
					parentSchema: schema42.properties.rules,
					data: data4
				};
				if (vErrors === null) vErrors = [err17];
				else vErrors.push(err17);
				errors++;
			}
		}
	} else {
		const err18 = {
			instancePath,
			schemaPath: "#/type",
			keyword: "type",
			params: { type: "object" },
			message: "must be object",
			schema: schema42.type,
			parentSchema: schema42,
			data
		};
		if (vErrors === null) vErrors = [err18];
		else vErrors.push(err18);
		errors++;
	}
	validate44.errors = vErrors;
	return errors === 0;
}
const policy_vendorBAddressScreening_v2 = validate57;
const schema54 = {
	"$schema": "http://json-schema.org/draft-07/schema#",
	"$id": "https://screenpol.dev/schemas/policy-vendorBAddressScreening-v2.schema.json",
	"title": "vendorBAddressScreening screening policy, schemaVersion 2",
	"description": "One vendorBAddressScreening ScreeningPolicy of one environment and scope (policies/<environment>/vendorBAddressScreening/<SIGN_IN|TRANSACTION>.yaml), rule language schemaVersion 2 (adds anyOf in when). The sanctions floor and the terminal ALLOW are generated by the service and cannot be written here; revision, addressEntryCount and updatedAt are managed by the server.",
	"type": "object",
	"additionalProperties": false,
	"required": [
		"providerType",
		"scope",
		"schemaVersion",
		"enabled",
		"rules"
	],
	"properties": {
		"providerType": {
			"type": "string",
			"const": "vendorBAddressScreening",
			"description": "Screening vendor of the policy: vendorBAddressScreening for this schema. Must equal the folder name."
		},
		"scope": {
			"type": "string",
			"enum": ["SIGN_IN", "TRANSACTION"],
			"description": "When the policy screens: SIGN_IN (the address of a user signing in) or TRANSACTION (the counterparty of a transfer). Must equal the file name. There is no value meaning both."
		},
		"schemaVersion": {
			"type": "integer",
			"const": 2,
			"description": "Version of the rule language that governs rules: 2 for this schema. 1 or 2; 2 adds anyOf in when over 1."
		},
		"enabled": {
			"type": "boolean",
			"description": "true: the policy screens live traffic. false: the vendor is not consulted for this scope (the sanctions floor still applies)."
		},
		"rules": {
			"type": "object",
			"description": "The customer rules in the vendorBAddressScreening rule schema: preScreen (how the vendor is asked) and postScreen (ordered rules mapping its signals to BLOCK, ALERT or ALLOW).",
			"additionalProperties": false,
			"required": ["preScreen", "postScreen"],
			"properties": {
				"preScreen": { "$ref": "#/definitions/preScreen" },
				"postScreen": {
					"type": "array",
					"items": { "$ref": "#/definitions/rule" },
					"description": "Ordered list of rules; the first rule whose when matches decides. When none matches, the service allows (the terminal ALLOW is generated, never written here)."
				}
			}
		}
	},
	"definitions": {
		"chain": {
			"type": "string",
			"pattern": "^[A-Z][A-Z0-9_]{1,15}$",
			"description": "Chain family name: an upper-case identifier of 2 to 16 characters (letters, digits, underscore), for example EVM, SOL or BTC.",
			"examples": [
				"EVM",
				"SOL",
				"BTC"
			]
		},
		"tokenRef": {
			"type": "object",
			"title": "Token reference",
			"description": "One token whose transfers are sent to the vendor, identified by chain, network and contract address (never by symbol: a `symbol` key is rejected). When a catalog snapshot exists the reference must be in it.",
			"additionalProperties": false,
			"required": [
				"chain",
				"networkId",
				"contractAddress"
			],
			"properties": {
				"chain": { "$ref": "#/definitions/chain" },
				"networkId": {
					"type": "integer",
					"minimum": 0,
					"description": "Network identifier within the chain family, as in the token catalog: the EVM chain id (1 Ethereum, 137 Polygon, 8453 Base) or the catalog's network id for other families (101 Solana mainnet).",
					"examples": [
						1,
						137,
						8453,
						101
					]
				},
				"contractAddress": {
					"type": "string",
					"minLength": 1,
					"description": "Contract (EVM) or mint (SOL) address of the token, exactly as in the token catalog. Quote EVM addresses in YAML so that 0x... is not read as a number.",
					"examples": ["0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48"]
				}
			}
		},
		"preScreen": {
			"type": "object",
			"title": "preScreen",
			"description": "How vendorBAddressScreening is asked: which chains, which tokens and amounts (TRANSACTION only), and whether indirect indicators are reported. Fields: chains, minAmountUsd, tokens, includeIndirect.",
			"additionalProperties": false,
			"properties": {
				"chains": {
					"type": "array",
					"minItems": 1,
					"uniqueItems": true,
					"items": { "$ref": "#/definitions/chain" },
					"description": "Chain families sent to the vendor for screening, for example [EVM, SOL, BTC]. Non-empty and without repeats; leave the key out to screen all chains."
				},
				"minAmountUsd": {
					"type": "number",
					"minimum": 0,
					"description": "TRANSACTION policies only: transfers below this USD amount are not sent to the vendor (the sanctions floor still runs on every screen). A number >= 0. Not allowed in a SIGN_IN policy: there is no amount at sign-in.",
					"examples": [
						0,
						100,
						1e3
					]
				},
				"tokens": {
					"type": "array",
					"minItems": 1,
					"uniqueItems": true,
					"items": { "$ref": "#/definitions/tokenRef" },
					"description": "TRANSACTION policies only: the tokens whose transfers are sent to the vendor, each as {chain, networkId, contractAddress}. Non-empty. Not allowed in a SIGN_IN policy: there is no token at sign-in."
				},
				"includeIndirect": {
					"type": "boolean",
					"description": "vendorBAddressScreening only: true to have the vendor report indirect (multi-hop) indicators as well as direct ones; false for direct only. (vendorAWalletScreening uses exposureDepth instead.)"
				}
			}
		},
		"category": {
			"type": "string",
			"enum": [
				"darknet",
				"mixing_service",
				"ransomware",
				"scam",
				"theft",
				"terrorism_financing",
				"csam",
				"gambling",
				"high_risk_exchange",
				"unlicensed_exchange",
				"malware",
				"extortion",
				"privacy_protocol"
			],
			"description": "vendorBAddressScreening risk category. One of: darknet, mixing_service, ransomware, scam, theft, terrorism_financing, csam, gambling, high_risk_exchange, unlicensed_exchange, malware, extortion, privacy_protocol."
		},
		"riskLevel": {
			"type": "object",
			"title": "riskLevel condition",
			"description": "Holds when the vendor's overall risk level of the address is at least the given level (low < medium < high < severe). {atLeast: low} matches every address.",
			"additionalProperties": false,
			"required": ["atLeast"],
			"properties": { "atLeast": {
				"type": "string",
				"enum": [
					"low",
					"medium",
					"high",
					"severe"
				],
				"description": "Lowest risk level that satisfies the condition: low, medium, high or severe."
			} }
		},
		"indicator": {
			"type": "object",
			"title": "indicator condition",
			"description": "Holds when the vendor reports a risk indicator of this category and risk type with at least minVolumeUsd of volume. All three fields are required.",
			"additionalProperties": false,
			"required": [
				"category",
				"riskType",
				"minVolumeUsd"
			],
			"properties": {
				"category": { "$ref": "#/definitions/category" },
				"riskType": {
					"type": "string",
					"enum": [
						"ownership",
						"counterparty",
						"indirect"
					],
					"description": "How the address relates to the category: ownership (the address belongs to such an entity), counterparty (it transacted directly with one) or indirect (through intermediaries; reported when preScreen.includeIndirect is true)."
				},
				"minVolumeUsd": {
					"type": "number",
					"minimum": 0,
					"description": "Smallest USD volume attributed to the indicator for the condition to hold, a number >= 0. 0 means any volume.",
					"examples": [
						0,
						500,
						1e4
					]
				}
			}
		},
		"entity": {
			"type": "object",
			"title": "entity condition",
			"description": "Holds when the vendor identifies the address as belonging to an entity of this category.",
			"additionalProperties": false,
			"required": ["category"],
			"properties": { "category": { "$ref": "#/definitions/category" } }
		},
		"conditionSet": {
			"type": "object",
			"title": "Condition set",
			"description": "One alternative of anyOf: conditions that must all hold (AND). Keys: riskLevel, indicator, entity. anyOf cannot be nested.",
			"additionalProperties": false,
			"properties": {
				"riskLevel": { "$ref": "#/definitions/riskLevel" },
				"indicator": { "$ref": "#/definitions/indicator" },
				"entity": { "$ref": "#/definitions/entity" }
			}
		},
		"when": {
			"type": "object",
			"title": "when",
			"description": "Conditions of the rule, all of which must hold (AND). Keys: riskLevel, indicator, entity, and anyOf (a list of condition sets of which at least one must hold). An empty when ({}) matches every address: it is only meaningful with BLOCK or ALERT, as the last rule.",
			"additionalProperties": false,
			"properties": {
				"riskLevel": { "$ref": "#/definitions/riskLevel" },
				"indicator": { "$ref": "#/definitions/indicator" },
				"entity": { "$ref": "#/definitions/entity" },
				"anyOf": {
					"type": "array",
					"minItems": 1,
					"items": { "$ref": "#/definitions/conditionSet" },
					"description": "schemaVersion 2: a non-empty list of condition sets (keys riskLevel, indicator, entity), at least one of which must hold, in addition to the other conditions of this when."
				}
			}
		},
		"rule": {
			"type": "object",
			"title": "postScreen rule",
			"description": "One rule: when all its conditions hold, its action decides the screen and later rules are not evaluated.",
			"additionalProperties": false,
			"required": [
				"id",
				"when",
				"action"
			],
			"properties": {
				"id": {
					"type": "string",
					"pattern": "^[a-z0-9][a-z0-9-]{0,63}$",
					"description": "Identifier of the rule, unique in the policy: lowercase letters, digits and hyphens, starting with a letter or digit, at most 64 characters. Shown in audit logs and alerts.",
					"examples": ["block-ransomware-exposure"]
				},
				"description": {
					"type": "string",
					"maxLength": 500,
					"description": "Why the rule exists, for reviewers and auditors: free text, at most 500 characters."
				},
				"when": { "$ref": "#/definitions/when" },
				"action": {
					"type": "string",
					"enum": [
						"BLOCK",
						"ALERT",
						"ALLOW"
					],
					"description": "What happens when the rule matches: BLOCK (refuse the sign-in or transaction), ALERT (let it through and raise an alert for compliance review) or ALLOW (let it through; later rules are skipped). The sanctions floor runs before any rule and cannot be allowed away."
				}
			}
		}
	}
};
const schema55 = {
	"type": "object",
	"title": "preScreen",
	"description": "How vendorBAddressScreening is asked: which chains, which tokens and amounts (TRANSACTION only), and whether indirect indicators are reported. Fields: chains, minAmountUsd, tokens, includeIndirect.",
	"additionalProperties": false,
	"properties": {
		"chains": {
			"type": "array",
			"minItems": 1,
			"uniqueItems": true,
			"items": { "$ref": "#/definitions/chain" },
			"description": "Chain families sent to the vendor for screening, for example [EVM, SOL, BTC]. Non-empty and without repeats; leave the key out to screen all chains."
		},
		"minAmountUsd": {
			"type": "number",
			"minimum": 0,
			"description": "TRANSACTION policies only: transfers below this USD amount are not sent to the vendor (the sanctions floor still runs on every screen). A number >= 0. Not allowed in a SIGN_IN policy: there is no amount at sign-in.",
			"examples": [
				0,
				100,
				1e3
			]
		},
		"tokens": {
			"type": "array",
			"minItems": 1,
			"uniqueItems": true,
			"items": { "$ref": "#/definitions/tokenRef" },
			"description": "TRANSACTION policies only: the tokens whose transfers are sent to the vendor, each as {chain, networkId, contractAddress}. Non-empty. Not allowed in a SIGN_IN policy: there is no token at sign-in."
		},
		"includeIndirect": {
			"type": "boolean",
			"description": "vendorBAddressScreening only: true to have the vendor report indirect (multi-hop) indicators as well as direct ones; false for direct only. (vendorAWalletScreening uses exposureDepth instead.)"
		}
	}
};
const schema56 = {
	"type": "string",
	"pattern": "^[A-Z][A-Z0-9_]{1,15}$",
	"description": "Chain family name: an upper-case identifier of 2 to 16 characters (letters, digits, underscore), for example EVM, SOL or BTC.",
	"examples": [
		"EVM",
		"SOL",
		"BTC"
	]
};
const schema57 = {
	"type": "object",
	"title": "Token reference",
	"description": "One token whose transfers are sent to the vendor, identified by chain, network and contract address (never by symbol: a `symbol` key is rejected). When a catalog snapshot exists the reference must be in it.",
	"additionalProperties": false,
	"required": [
		"chain",
		"networkId",
		"contractAddress"
	],
	"properties": {
		"chain": { "$ref": "#/definitions/chain" },
		"networkId": {
			"type": "integer",
			"minimum": 0,
			"description": "Network identifier within the chain family, as in the token catalog: the EVM chain id (1 Ethereum, 137 Polygon, 8453 Base) or the catalog's network id for other families (101 Solana mainnet).",
			"examples": [
				1,
				137,
				8453,
				101
			]
		},
		"contractAddress": {
			"type": "string",
			"minLength": 1,
			"description": "Contract (EVM) or mint (SOL) address of the token, exactly as in the token catalog. Quote EVM addresses in YAML so that 0x... is not read as a number.",
			"examples": ["0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48"]
		}
	}
};
function validate59(data, { instancePath = "", parentData, parentDataProperty, rootData = data } = {}) {
	let vErrors = null;
	let errors = 0;
	if (data && typeof data == "object" && !Array.isArray(data)) {
		if (data.chain === void 0) {
			const err0 = {
				instancePath,
				schemaPath: "#/required",
				keyword: "required",
				params: { missingProperty: "chain" },
				message: "must have required property 'chain'",
				schema: schema57.required,
				parentSchema: schema57,
				data
			};
			if (vErrors === null) vErrors = [err0];
			else vErrors.push(err0);
			errors++;
		}
		if (data.networkId === void 0) {
			const err1 = {
				instancePath,
				schemaPath: "#/required",
				keyword: "required",
				params: { missingProperty: "networkId" },
				message: "must have required property 'networkId'",
				schema: schema57.required,
				parentSchema: schema57,
				data
			};
			if (vErrors === null) vErrors = [err1];
			else vErrors.push(err1);
			errors++;
		}
		if (data.contractAddress === void 0) {
			const err2 = {
				instancePath,
				schemaPath: "#/required",
				keyword: "required",
				params: { missingProperty: "contractAddress" },
				message: "must have required property 'contractAddress'",
				schema: schema57.required,
				parentSchema: schema57,
				data
			};
			if (vErrors === null) vErrors = [err2];
			else vErrors.push(err2);
			errors++;
		}
		for (const key0 in data) if (!(key0 === "chain" || key0 === "networkId" || key0 === "contractAddress")) {
			const err3 = {
				instancePath,
				schemaPath: "#/additionalProperties",
				keyword: "additionalProperties",
				params: { additionalProperty: key0 },
				message: "must NOT have additional properties",
				schema: false,
				parentSchema: schema57,
				data
			};
			if (vErrors === null) vErrors = [err3];
			else vErrors.push(err3);
			errors++;
		}
		if (data.chain !== void 0) {
			let data0 = data.chain;
			if (typeof data0 === "string") {
				if (!pattern0.test(data0)) {
					const err4 = {
						instancePath: instancePath + "/chain",
						schemaPath: "#/definitions/chain/pattern",
						keyword: "pattern",
						params: { pattern: "^[A-Z][A-Z0-9_]{1,15}$" },
						message: "must match pattern \"^[A-Z][A-Z0-9_]{1,15}$\"",
						schema: "^[A-Z][A-Z0-9_]{1,15}$",
						parentSchema: schema56,
						data: data0
					};
					if (vErrors === null) vErrors = [err4];
					else vErrors.push(err4);
					errors++;
				}
			} else {
				const err5 = {
					instancePath: instancePath + "/chain",
					schemaPath: "#/definitions/chain/type",
					keyword: "type",
					params: { type: "string" },
					message: "must be string",
					schema: schema56.type,
					parentSchema: schema56,
					data: data0
				};
				if (vErrors === null) vErrors = [err5];
				else vErrors.push(err5);
				errors++;
			}
		}
		if (data.networkId !== void 0) {
			let data1 = data.networkId;
			if (!(typeof data1 == "number" && !(data1 % 1) && !isNaN(data1) && isFinite(data1))) {
				const err6 = {
					instancePath: instancePath + "/networkId",
					schemaPath: "#/properties/networkId/type",
					keyword: "type",
					params: { type: "integer" },
					message: "must be integer",
					schema: schema57.properties.networkId.type,
					parentSchema: schema57.properties.networkId,
					data: data1
				};
				if (vErrors === null) vErrors = [err6];
				else vErrors.push(err6);
				errors++;
			}
			if (typeof data1 == "number" && isFinite(data1)) {
				if (data1 < 0 || isNaN(data1)) {
					const err7 = {
						instancePath: instancePath + "/networkId",
						schemaPath: "#/properties/networkId/minimum",
						keyword: "minimum",
						params: {
							comparison: ">=",
							limit: 0
						},
						message: "must be >= 0",
						schema: 0,
						parentSchema: schema57.properties.networkId,
						data: data1
					};
					if (vErrors === null) vErrors = [err7];
					else vErrors.push(err7);
					errors++;
				}
			}
		}
		if (data.contractAddress !== void 0) {
			let data2 = data.contractAddress;
			if (typeof data2 === "string") {
				if (func2(data2) < 1) {
					const err8 = {
						instancePath: instancePath + "/contractAddress",
						schemaPath: "#/properties/contractAddress/minLength",
						keyword: "minLength",
						params: { limit: 1 },
						message: "must NOT have fewer than 1 characters",
						schema: 1,
						parentSchema: schema57.properties.contractAddress,
						data: data2
					};
					if (vErrors === null) vErrors = [err8];
					else vErrors.push(err8);
					errors++;
				}
			} else {
				const err9 = {
					instancePath: instancePath + "/contractAddress",
					schemaPath: "#/properties/contractAddress/type",
					keyword: "type",
					params: { type: "string" },
					message: "must be string",
					schema: schema57.properties.contractAddress.type,
					parentSchema: schema57.properties.contractAddress,
					data: data2
				};
				if (vErrors === null) vErrors = [err9];
				else vErrors.push(err9);
				errors++;
			}
		}
	} else {
		const err10 = {
			instancePath,
			schemaPath: "#/type",
			keyword: "type",
			params: { type: "object" },
			message: "must be object",
			schema: schema57.type,
			parentSchema: schema57,
			data
		};
		if (vErrors === null) vErrors = [err10];
		else vErrors.push(err10);
		errors++;
	}
	validate59.errors = vErrors;
	return errors === 0;
}
function validate58(data, { instancePath = "", parentData, parentDataProperty, rootData = data } = {}) {
	let vErrors = null;
	let errors = 0;
	if (data && typeof data == "object" && !Array.isArray(data)) {
		for (const key0 in data) if (!(key0 === "chains" || key0 === "minAmountUsd" || key0 === "tokens" || key0 === "includeIndirect")) {
			const err0 = {
				instancePath,
				schemaPath: "#/additionalProperties",
				keyword: "additionalProperties",
				params: { additionalProperty: key0 },
				message: "must NOT have additional properties",
				schema: false,
				parentSchema: schema55,
				data
			};
			if (vErrors === null) vErrors = [err0];
			else vErrors.push(err0);
			errors++;
		}
		if (data.chains !== void 0) {
			let data0 = data.chains;
			if (Array.isArray(data0)) {
				if (data0.length < 1) {
					const err1 = {
						instancePath: instancePath + "/chains",
						schemaPath: "#/properties/chains/minItems",
						keyword: "minItems",
						params: { limit: 1 },
						message: "must NOT have fewer than 1 items",
						schema: 1,
						parentSchema: schema55.properties.chains,
						data: data0
					};
					if (vErrors === null) vErrors = [err1];
					else vErrors.push(err1);
					errors++;
				}
				const len0 = data0.length;
				for (let i0 = 0; i0 < len0; i0++) {
					let data1 = data0[i0];
					if (typeof data1 === "string") {
						if (!pattern0.test(data1)) {
							const err2 = {
								instancePath: instancePath + "/chains/" + i0,
								schemaPath: "#/definitions/chain/pattern",
								keyword: "pattern",
								params: { pattern: "^[A-Z][A-Z0-9_]{1,15}$" },
								message: "must match pattern \"^[A-Z][A-Z0-9_]{1,15}$\"",
								schema: "^[A-Z][A-Z0-9_]{1,15}$",
								parentSchema: schema56,
								data: data1
							};
							if (vErrors === null) vErrors = [err2];
							else vErrors.push(err2);
							errors++;
						}
					} else {
						const err3 = {
							instancePath: instancePath + "/chains/" + i0,
							schemaPath: "#/definitions/chain/type",
							keyword: "type",
							params: { type: "string" },
							message: "must be string",
							schema: schema56.type,
							parentSchema: schema56,
							data: data1
						};
						if (vErrors === null) vErrors = [err3];
						else vErrors.push(err3);
						errors++;
					}
				}
				let i1 = data0.length;
				let j0;
				if (i1 > 1) {
					outer0: for (; i1--;) for (j0 = i1; j0--;) if (func0(data0[i1], data0[j0])) {
						const err4 = {
							instancePath: instancePath + "/chains",
							schemaPath: "#/properties/chains/uniqueItems",
							keyword: "uniqueItems",
							params: {
								i: i1,
								j: j0
							},
							message: "must NOT have duplicate items (items ## " + j0 + " and " + i1 + " are identical)",
							schema: true,
							parentSchema: schema55.properties.chains,
							data: data0
						};
						if (vErrors === null) vErrors = [err4];
						else vErrors.push(err4);
						errors++;
						break outer0;
					}
				}
			} else {
				const err5 = {
					instancePath: instancePath + "/chains",
					schemaPath: "#/properties/chains/type",
					keyword: "type",
					params: { type: "array" },
					message: "must be array",
					schema: schema55.properties.chains.type,
					parentSchema: schema55.properties.chains,
					data: data0
				};
				if (vErrors === null) vErrors = [err5];
				else vErrors.push(err5);
				errors++;
			}
		}
		if (data.minAmountUsd !== void 0) {
			let data2 = data.minAmountUsd;
			if (typeof data2 == "number" && isFinite(data2)) {
				if (data2 < 0 || isNaN(data2)) {
					const err6 = {
						instancePath: instancePath + "/minAmountUsd",
						schemaPath: "#/properties/minAmountUsd/minimum",
						keyword: "minimum",
						params: {
							comparison: ">=",
							limit: 0
						},
						message: "must be >= 0",
						schema: 0,
						parentSchema: schema55.properties.minAmountUsd,
						data: data2
					};
					if (vErrors === null) vErrors = [err6];
					else vErrors.push(err6);
					errors++;
				}
			} else {
				const err7 = {
					instancePath: instancePath + "/minAmountUsd",
					schemaPath: "#/properties/minAmountUsd/type",
					keyword: "type",
					params: { type: "number" },
					message: "must be number",
					schema: schema55.properties.minAmountUsd.type,
					parentSchema: schema55.properties.minAmountUsd,
					data: data2
				};
				if (vErrors === null) vErrors = [err7];
				else vErrors.push(err7);
				errors++;
			}
		}
		if (data.tokens !== void 0) {
			let data3 = data.tokens;
			if (Array.isArray(data3)) {
				if (data3.length < 1) {
					const err8 = {
						instancePath: instancePath + "/tokens",
						schemaPath: "#/properties/tokens/minItems",
						keyword: "minItems",
						params: { limit: 1 },
						message: "must NOT have fewer than 1 items",
						schema: 1,
						parentSchema: schema55.properties.tokens,
						data: data3
					};
					if (vErrors === null) vErrors = [err8];
					else vErrors.push(err8);
					errors++;
				}
				const len1 = data3.length;
				for (let i2 = 0; i2 < len1; i2++) if (!validate59(data3[i2], {
					instancePath: instancePath + "/tokens/" + i2,
					parentData: data3,
					parentDataProperty: i2,
					rootData
				})) {
					vErrors = vErrors === null ? validate59.errors : vErrors.concat(validate59.errors);
					errors = vErrors.length;
				}
				let i3 = data3.length;
				let j1;
				if (i3 > 1) {
					outer1: for (; i3--;) for (j1 = i3; j1--;) if (func0(data3[i3], data3[j1])) {
						const err9 = {
							instancePath: instancePath + "/tokens",
							schemaPath: "#/properties/tokens/uniqueItems",
							keyword: "uniqueItems",
							params: {
								i: i3,
								j: j1
							},
							message: "must NOT have duplicate items (items ## " + j1 + " and " + i3 + " are identical)",
							schema: true,
							parentSchema: schema55.properties.tokens,
							data: data3
						};
						if (vErrors === null) vErrors = [err9];
						else vErrors.push(err9);
						errors++;
						break outer1;
					}
				}
			} else {
				const err10 = {
					instancePath: instancePath + "/tokens",
					schemaPath: "#/properties/tokens/type",
					keyword: "type",
					params: { type: "array" },
					message: "must be array",
					schema: schema55.properties.tokens.type,
					parentSchema: schema55.properties.tokens,
					data: data3
				};
				if (vErrors === null) vErrors = [err10];
				else vErrors.push(err10);
				errors++;
			}
		}
		if (data.includeIndirect !== void 0) {
			let data5 = data.includeIndirect;
			if (typeof data5 !== "boolean") {
				const err11 = {
					instancePath: instancePath + "/includeIndirect",
					schemaPath: "#/properties/includeIndirect/type",
					keyword: "type",
					params: { type: "boolean" },
					message: "must be boolean",
					schema: schema55.properties.includeIndirect.type,
					parentSchema: schema55.properties.includeIndirect,
					data: data5
				};
				if (vErrors === null) vErrors = [err11];
				else vErrors.push(err11);
				errors++;
			}
		}
	} else {
		const err12 = {
			instancePath,
			schemaPath: "#/type",
			keyword: "type",
			params: { type: "object" },
			message: "must be object",
			schema: schema55.type,
			parentSchema: schema55,
			data
		};
		if (vErrors === null) vErrors = [err12];
		else vErrors.push(err12);
		errors++;
	}
	validate58.errors = vErrors;
	return errors === 0;
}
const schema59 = {
	"type": "object",
	"title": "postScreen rule",
	"description": "One rule: when all its conditions hold, its action decides the screen and later rules are not evaluated.",
	"additionalProperties": false,
	"required": [
		"id",
		"when",
		"action"
	],
	"properties": {
		"id": {
			"type": "string",
			"pattern": "^[a-z0-9][a-z0-9-]{0,63}$",
			"description": "Identifier of the rule, unique in the policy: lowercase letters, digits and hyphens, starting with a letter or digit, at most 64 characters. Shown in audit logs and alerts.",
			"examples": ["block-ransomware-exposure"]
		},
		"description": {
			"type": "string",
			"maxLength": 500,
			"description": "Why the rule exists, for reviewers and auditors: free text, at most 500 characters."
		},
		"when": { "$ref": "#/definitions/when" },
		"action": {
			"type": "string",
			"enum": [
				"BLOCK",
				"ALERT",
				"ALLOW"
			],
			"description": "What happens when the rule matches: BLOCK (refuse the sign-in or transaction), ALERT (let it through and raise an alert for compliance review) or ALLOW (let it through; later rules are skipped). The sanctions floor runs before any rule and cannot be allowed away."
		}
	}
};
const schema60 = {
	"type": "object",
	"title": "when",
	"description": "Conditions of the rule, all of which must hold (AND). Keys: riskLevel, indicator, entity, and anyOf (a list of condition sets of which at least one must hold). An empty when ({}) matches every address: it is only meaningful with BLOCK or ALERT, as the last rule.",
	"additionalProperties": false,
	"properties": {
		"riskLevel": { "$ref": "#/definitions/riskLevel" },
		"indicator": { "$ref": "#/definitions/indicator" },
		"entity": { "$ref": "#/definitions/entity" },
		"anyOf": {
			"type": "array",
			"minItems": 1,
			"items": { "$ref": "#/definitions/conditionSet" },
			"description": "schemaVersion 2: a non-empty list of condition sets (keys riskLevel, indicator, entity), at least one of which must hold, in addition to the other conditions of this when."
		}
	}
};
const schema61 = {
	"type": "object",
	"title": "riskLevel condition",
	"description": "Holds when the vendor's overall risk level of the address is at least the given level (low < medium < high < severe). {atLeast: low} matches every address.",
	"additionalProperties": false,
	"required": ["atLeast"],
	"properties": { "atLeast": {
		"type": "string",
		"enum": [
			"low",
			"medium",
			"high",
			"severe"
		],
		"description": "Lowest risk level that satisfies the condition: low, medium, high or severe."
	} }
};
const schema62 = {
	"type": "object",
	"title": "indicator condition",
	"description": "Holds when the vendor reports a risk indicator of this category and risk type with at least minVolumeUsd of volume. All three fields are required.",
	"additionalProperties": false,
	"required": [
		"category",
		"riskType",
		"minVolumeUsd"
	],
	"properties": {
		"category": { "$ref": "#/definitions/category" },
		"riskType": {
			"type": "string",
			"enum": [
				"ownership",
				"counterparty",
				"indirect"
			],
			"description": "How the address relates to the category: ownership (the address belongs to such an entity), counterparty (it transacted directly with one) or indirect (through intermediaries; reported when preScreen.includeIndirect is true)."
		},
		"minVolumeUsd": {
			"type": "number",
			"minimum": 0,
			"description": "Smallest USD volume attributed to the indicator for the condition to hold, a number >= 0. 0 means any volume.",
			"examples": [
				0,
				500,
				1e4
			]
		}
	}
};
const schema63 = {
	"type": "string",
	"enum": [
		"darknet",
		"mixing_service",
		"ransomware",
		"scam",
		"theft",
		"terrorism_financing",
		"csam",
		"gambling",
		"high_risk_exchange",
		"unlicensed_exchange",
		"malware",
		"extortion",
		"privacy_protocol"
	],
	"description": "vendorBAddressScreening risk category. One of: darknet, mixing_service, ransomware, scam, theft, terrorism_financing, csam, gambling, high_risk_exchange, unlicensed_exchange, malware, extortion, privacy_protocol."
};
function validate64(data, { instancePath = "", parentData, parentDataProperty, rootData = data } = {}) {
	let vErrors = null;
	let errors = 0;
	if (data && typeof data == "object" && !Array.isArray(data)) {
		if (data.category === void 0) {
			const err0 = {
				instancePath,
				schemaPath: "#/required",
				keyword: "required",
				params: { missingProperty: "category" },
				message: "must have required property 'category'",
				schema: schema62.required,
				parentSchema: schema62,
				data
			};
			if (vErrors === null) vErrors = [err0];
			else vErrors.push(err0);
			errors++;
		}
		if (data.riskType === void 0) {
			const err1 = {
				instancePath,
				schemaPath: "#/required",
				keyword: "required",
				params: { missingProperty: "riskType" },
				message: "must have required property 'riskType'",
				schema: schema62.required,
				parentSchema: schema62,
				data
			};
			if (vErrors === null) vErrors = [err1];
			else vErrors.push(err1);
			errors++;
		}
		if (data.minVolumeUsd === void 0) {
			const err2 = {
				instancePath,
				schemaPath: "#/required",
				keyword: "required",
				params: { missingProperty: "minVolumeUsd" },
				message: "must have required property 'minVolumeUsd'",
				schema: schema62.required,
				parentSchema: schema62,
				data
			};
			if (vErrors === null) vErrors = [err2];
			else vErrors.push(err2);
			errors++;
		}
		for (const key0 in data) if (!(key0 === "category" || key0 === "riskType" || key0 === "minVolumeUsd")) {
			const err3 = {
				instancePath,
				schemaPath: "#/additionalProperties",
				keyword: "additionalProperties",
				params: { additionalProperty: key0 },
				message: "must NOT have additional properties",
				schema: false,
				parentSchema: schema62,
				data
			};
			if (vErrors === null) vErrors = [err3];
			else vErrors.push(err3);
			errors++;
		}
		if (data.category !== void 0) {
			let data0 = data.category;
			if (typeof data0 !== "string") {
				const err4 = {
					instancePath: instancePath + "/category",
					schemaPath: "#/definitions/category/type",
					keyword: "type",
					params: { type: "string" },
					message: "must be string",
					schema: schema63.type,
					parentSchema: schema63,
					data: data0
				};
				if (vErrors === null) vErrors = [err4];
				else vErrors.push(err4);
				errors++;
			}
			if (!(data0 === "darknet" || data0 === "mixing_service" || data0 === "ransomware" || data0 === "scam" || data0 === "theft" || data0 === "terrorism_financing" || data0 === "csam" || data0 === "gambling" || data0 === "high_risk_exchange" || data0 === "unlicensed_exchange" || data0 === "malware" || data0 === "extortion" || data0 === "privacy_protocol")) {
				const err5 = {
					instancePath: instancePath + "/category",
					schemaPath: "#/definitions/category/enum",
					keyword: "enum",
					params: { allowedValues: schema63.enum },
					message: "must be equal to one of the allowed values",
					schema: schema63.enum,
					parentSchema: schema63,
					data: data0
				};
				if (vErrors === null) vErrors = [err5];
				else vErrors.push(err5);
				errors++;
			}
		}
		if (data.riskType !== void 0) {
			let data1 = data.riskType;
			if (typeof data1 !== "string") {
				const err6 = {
					instancePath: instancePath + "/riskType",
					schemaPath: "#/properties/riskType/type",
					keyword: "type",
					params: { type: "string" },
					message: "must be string",
					schema: schema62.properties.riskType.type,
					parentSchema: schema62.properties.riskType,
					data: data1
				};
				if (vErrors === null) vErrors = [err6];
				else vErrors.push(err6);
				errors++;
			}
			if (!(data1 === "ownership" || data1 === "counterparty" || data1 === "indirect")) {
				const err7 = {
					instancePath: instancePath + "/riskType",
					schemaPath: "#/properties/riskType/enum",
					keyword: "enum",
					params: { allowedValues: schema62.properties.riskType.enum },
					message: "must be equal to one of the allowed values",
					schema: schema62.properties.riskType.enum,
					parentSchema: schema62.properties.riskType,
					data: data1
				};
				if (vErrors === null) vErrors = [err7];
				else vErrors.push(err7);
				errors++;
			}
		}
		if (data.minVolumeUsd !== void 0) {
			let data2 = data.minVolumeUsd;
			if (typeof data2 == "number" && isFinite(data2)) {
				if (data2 < 0 || isNaN(data2)) {
					const err8 = {
						instancePath: instancePath + "/minVolumeUsd",
						schemaPath: "#/properties/minVolumeUsd/minimum",
						keyword: "minimum",
						params: {
							comparison: ">=",
							limit: 0
						},
						message: "must be >= 0",
						schema: 0,
						parentSchema: schema62.properties.minVolumeUsd,
						data: data2
					};
					if (vErrors === null) vErrors = [err8];
					else vErrors.push(err8);
					errors++;
				}
			} else {
				const err9 = {
					instancePath: instancePath + "/minVolumeUsd",
					schemaPath: "#/properties/minVolumeUsd/type",
					keyword: "type",
					params: { type: "number" },
					message: "must be number",
					schema: schema62.properties.minVolumeUsd.type,
					parentSchema: schema62.properties.minVolumeUsd,
					data: data2
				};
				if (vErrors === null) vErrors = [err9];
				else vErrors.push(err9);
				errors++;
			}
		}
	} else {
		const err10 = {
			instancePath,
			schemaPath: "#/type",
			keyword: "type",
			params: { type: "object" },
			message: "must be object",
			schema: schema62.type,
			parentSchema: schema62,
			data
		};
		if (vErrors === null) vErrors = [err10];
		else vErrors.push(err10);
		errors++;
	}
	validate64.errors = vErrors;
	return errors === 0;
}
const schema64 = {
	"type": "object",
	"title": "entity condition",
	"description": "Holds when the vendor identifies the address as belonging to an entity of this category.",
	"additionalProperties": false,
	"required": ["category"],
	"properties": { "category": { "$ref": "#/definitions/category" } }
};
function validate66(data, { instancePath = "", parentData, parentDataProperty, rootData = data } = {}) {
	let vErrors = null;
	let errors = 0;
	if (data && typeof data == "object" && !Array.isArray(data)) {
		if (data.category === void 0) {
			const err0 = {
				instancePath,
				schemaPath: "#/required",
				keyword: "required",
				params: { missingProperty: "category" },
				message: "must have required property 'category'",
				schema: schema64.required,
				parentSchema: schema64,
				data
			};
			if (vErrors === null) vErrors = [err0];
			else vErrors.push(err0);
			errors++;
		}
		for (const key0 in data) if (!(key0 === "category")) {
			const err1 = {
				instancePath,
				schemaPath: "#/additionalProperties",
				keyword: "additionalProperties",
				params: { additionalProperty: key0 },
				message: "must NOT have additional properties",
				schema: false,
				parentSchema: schema64,
				data
			};
			if (vErrors === null) vErrors = [err1];
			else vErrors.push(err1);
			errors++;
		}
		if (data.category !== void 0) {
			let data0 = data.category;
			if (typeof data0 !== "string") {
				const err2 = {
					instancePath: instancePath + "/category",
					schemaPath: "#/definitions/category/type",
					keyword: "type",
					params: { type: "string" },
					message: "must be string",
					schema: schema63.type,
					parentSchema: schema63,
					data: data0
				};
				if (vErrors === null) vErrors = [err2];
				else vErrors.push(err2);
				errors++;
			}
			if (!(data0 === "darknet" || data0 === "mixing_service" || data0 === "ransomware" || data0 === "scam" || data0 === "theft" || data0 === "terrorism_financing" || data0 === "csam" || data0 === "gambling" || data0 === "high_risk_exchange" || data0 === "unlicensed_exchange" || data0 === "malware" || data0 === "extortion" || data0 === "privacy_protocol")) {
				const err3 = {
					instancePath: instancePath + "/category",
					schemaPath: "#/definitions/category/enum",
					keyword: "enum",
					params: { allowedValues: schema63.enum },
					message: "must be equal to one of the allowed values",
					schema: schema63.enum,
					parentSchema: schema63,
					data: data0
				};
				if (vErrors === null) vErrors = [err3];
				else vErrors.push(err3);
				errors++;
			}
		}
	} else {
		const err4 = {
			instancePath,
			schemaPath: "#/type",
			keyword: "type",
			params: { type: "object" },
			message: "must be object",
			schema: schema64.type,
			parentSchema: schema64,
			data
		};
		if (vErrors === null) vErrors = [err4];
		else vErrors.push(err4);
		errors++;
	}
	validate66.errors = vErrors;
	return errors === 0;
}
const schema66 = {
	"type": "object",
	"title": "Condition set",
	"description": "One alternative of anyOf: conditions that must all hold (AND). Keys: riskLevel, indicator, entity. anyOf cannot be nested.",
	"additionalProperties": false,
	"properties": {
		"riskLevel": { "$ref": "#/definitions/riskLevel" },
		"indicator": { "$ref": "#/definitions/indicator" },
		"entity": { "$ref": "#/definitions/entity" }
	}
};
function validate68(data, { instancePath = "", parentData, parentDataProperty, rootData = data } = {}) {
	let vErrors = null;
	let errors = 0;
	if (data && typeof data == "object" && !Array.isArray(data)) {
		for (const key0 in data) if (!(key0 === "riskLevel" || key0 === "indicator" || key0 === "entity")) {
			const err0 = {
				instancePath,
				schemaPath: "#/additionalProperties",
				keyword: "additionalProperties",
				params: { additionalProperty: key0 },
				message: "must NOT have additional properties",
				schema: false,
				parentSchema: schema66,
				data
			};
			if (vErrors === null) vErrors = [err0];
			else vErrors.push(err0);
			errors++;
		}
		if (data.riskLevel !== void 0) {
			let data0 = data.riskLevel;
			if (data0 && typeof data0 == "object" && !Array.isArray(data0)) {
				if (data0.atLeast === void 0) {
					const err1 = {
						instancePath: instancePath + "/riskLevel",
						schemaPath: "#/definitions/riskLevel/required",
						keyword: "required",
						params: { missingProperty: "atLeast" },
						message: "must have required property 'atLeast'",
						schema: schema61.required,
						parentSchema: schema61,
						data: data0
					};
					if (vErrors === null) vErrors = [err1];
					else vErrors.push(err1);
					errors++;
				}
				for (const key1 in data0) if (!(key1 === "atLeast")) {
					const err2 = {
						instancePath: instancePath + "/riskLevel",
						schemaPath: "#/definitions/riskLevel/additionalProperties",
						keyword: "additionalProperties",
						params: { additionalProperty: key1 },
						message: "must NOT have additional properties",
						schema: false,
						parentSchema: schema61,
						data: data0
					};
					if (vErrors === null) vErrors = [err2];
					else vErrors.push(err2);
					errors++;
				}
				if (data0.atLeast !== void 0) {
					let data1 = data0.atLeast;
					if (typeof data1 !== "string") {
						const err3 = {
							instancePath: instancePath + "/riskLevel/atLeast",
							schemaPath: "#/definitions/riskLevel/properties/atLeast/type",
							keyword: "type",
							params: { type: "string" },
							message: "must be string",
							schema: schema61.properties.atLeast.type,
							parentSchema: schema61.properties.atLeast,
							data: data1
						};
						if (vErrors === null) vErrors = [err3];
						else vErrors.push(err3);
						errors++;
					}
					if (!(data1 === "low" || data1 === "medium" || data1 === "high" || data1 === "severe")) {
						const err4 = {
							instancePath: instancePath + "/riskLevel/atLeast",
							schemaPath: "#/definitions/riskLevel/properties/atLeast/enum",
							keyword: "enum",
							params: { allowedValues: schema61.properties.atLeast.enum },
							message: "must be equal to one of the allowed values",
							schema: schema61.properties.atLeast.enum,
							parentSchema: schema61.properties.atLeast,
							data: data1
						};
						if (vErrors === null) vErrors = [err4];
						else vErrors.push(err4);
						errors++;
					}
				}
			} else {
				const err5 = {
					instancePath: instancePath + "/riskLevel",
					schemaPath: "#/definitions/riskLevel/type",
					keyword: "type",
					params: { type: "object" },
					message: "must be object",
					schema: schema61.type,
					parentSchema: schema61,
					data: data0
				};
				if (vErrors === null) vErrors = [err5];
				else vErrors.push(err5);
				errors++;
			}
		}
		if (data.indicator !== void 0) {
			if (!validate64(data.indicator, {
				instancePath: instancePath + "/indicator",
				parentData: data,
				parentDataProperty: "indicator",
				rootData
			})) {
				vErrors = vErrors === null ? validate64.errors : vErrors.concat(validate64.errors);
				errors = vErrors.length;
			}
		}
		if (data.entity !== void 0) {
			if (!validate66(data.entity, {
				instancePath: instancePath + "/entity",
				parentData: data,
				parentDataProperty: "entity",
				rootData
			})) {
				vErrors = vErrors === null ? validate66.errors : vErrors.concat(validate66.errors);
				errors = vErrors.length;
			}
		}
	} else {
		const err6 = {
			instancePath,
			schemaPath: "#/type",
			keyword: "type",
			params: { type: "object" },
			message: "must be object",
			schema: schema66.type,
			parentSchema: schema66,
			data
		};
		if (vErrors === null) vErrors = [err6];
		else vErrors.push(err6);
		errors++;
	}
	validate68.errors = vErrors;
	return errors === 0;
}
function validate63(data, { instancePath = "", parentData, parentDataProperty, rootData = data } = {}) {
	let vErrors = null;
	let errors = 0;
	if (data && typeof data == "object" && !Array.isArray(data)) {
		for (const key0 in data) if (!(key0 === "riskLevel" || key0 === "indicator" || key0 === "entity" || key0 === "anyOf")) {
			const err0 = {
				instancePath,
				schemaPath: "#/additionalProperties",
				keyword: "additionalProperties",
				params: { additionalProperty: key0 },
				message: "must NOT have additional properties",
				schema: false,
				parentSchema: schema60,
				data
			};
			if (vErrors === null) vErrors = [err0];
			else vErrors.push(err0);
			errors++;
		}
		if (data.riskLevel !== void 0) {
			let data0 = data.riskLevel;
			if (data0 && typeof data0 == "object" && !Array.isArray(data0)) {
				if (data0.atLeast === void 0) {
					const err1 = {
						instancePath: instancePath + "/riskLevel",
						schemaPath: "#/definitions/riskLevel/required",
						keyword: "required",
						params: { missingProperty: "atLeast" },
						message: "must have required property 'atLeast'",
						schema: schema61.required,
						parentSchema: schema61,
						data: data0
					};
					if (vErrors === null) vErrors = [err1];
					else vErrors.push(err1);
					errors++;
				}
				for (const key1 in data0) if (!(key1 === "atLeast")) {
					const err2 = {
						instancePath: instancePath + "/riskLevel",
						schemaPath: "#/definitions/riskLevel/additionalProperties",
						keyword: "additionalProperties",
						params: { additionalProperty: key1 },
						message: "must NOT have additional properties",
						schema: false,
						parentSchema: schema61,
						data: data0
					};
					if (vErrors === null) vErrors = [err2];
					else vErrors.push(err2);
					errors++;
				}
				if (data0.atLeast !== void 0) {
					let data1 = data0.atLeast;
					if (typeof data1 !== "string") {
						const err3 = {
							instancePath: instancePath + "/riskLevel/atLeast",
							schemaPath: "#/definitions/riskLevel/properties/atLeast/type",
							keyword: "type",
							params: { type: "string" },
							message: "must be string",
							schema: schema61.properties.atLeast.type,
							parentSchema: schema61.properties.atLeast,
							data: data1
						};
						if (vErrors === null) vErrors = [err3];
						else vErrors.push(err3);
						errors++;
					}
					if (!(data1 === "low" || data1 === "medium" || data1 === "high" || data1 === "severe")) {
						const err4 = {
							instancePath: instancePath + "/riskLevel/atLeast",
							schemaPath: "#/definitions/riskLevel/properties/atLeast/enum",
							keyword: "enum",
							params: { allowedValues: schema61.properties.atLeast.enum },
							message: "must be equal to one of the allowed values",
							schema: schema61.properties.atLeast.enum,
							parentSchema: schema61.properties.atLeast,
							data: data1
						};
						if (vErrors === null) vErrors = [err4];
						else vErrors.push(err4);
						errors++;
					}
				}
			} else {
				const err5 = {
					instancePath: instancePath + "/riskLevel",
					schemaPath: "#/definitions/riskLevel/type",
					keyword: "type",
					params: { type: "object" },
					message: "must be object",
					schema: schema61.type,
					parentSchema: schema61,
					data: data0
				};
				if (vErrors === null) vErrors = [err5];
				else vErrors.push(err5);
				errors++;
			}
		}
		if (data.indicator !== void 0) {
			if (!validate64(data.indicator, {
				instancePath: instancePath + "/indicator",
				parentData: data,
				parentDataProperty: "indicator",
				rootData
			})) {
				vErrors = vErrors === null ? validate64.errors : vErrors.concat(validate64.errors);
				errors = vErrors.length;
			}
		}
		if (data.entity !== void 0) {
			if (!validate66(data.entity, {
				instancePath: instancePath + "/entity",
				parentData: data,
				parentDataProperty: "entity",
				rootData
			})) {
				vErrors = vErrors === null ? validate66.errors : vErrors.concat(validate66.errors);
				errors = vErrors.length;
			}
		}
		if (data.anyOf !== void 0) {
			let data4 = data.anyOf;
			if (Array.isArray(data4)) {
				if (data4.length < 1) {
					const err6 = {
						instancePath: instancePath + "/anyOf",
						schemaPath: "#/properties/anyOf/minItems",
						keyword: "minItems",
						params: { limit: 1 },
						message: "must NOT have fewer than 1 items",
						schema: 1,
						parentSchema: schema60.properties.anyOf,
						data: data4
					};
					if (vErrors === null) vErrors = [err6];
					else vErrors.push(err6);
					errors++;
				}
				const len0 = data4.length;
				for (let i0 = 0; i0 < len0; i0++) if (!validate68(data4[i0], {
					instancePath: instancePath + "/anyOf/" + i0,
					parentData: data4,
					parentDataProperty: i0,
					rootData
				})) {
					vErrors = vErrors === null ? validate68.errors : vErrors.concat(validate68.errors);
					errors = vErrors.length;
				}
			} else {
				const err7 = {
					instancePath: instancePath + "/anyOf",
					schemaPath: "#/properties/anyOf/type",
					keyword: "type",
					params: { type: "array" },
					message: "must be array",
					schema: schema60.properties.anyOf.type,
					parentSchema: schema60.properties.anyOf,
					data: data4
				};
				if (vErrors === null) vErrors = [err7];
				else vErrors.push(err7);
				errors++;
			}
		}
	} else {
		const err8 = {
			instancePath,
			schemaPath: "#/type",
			keyword: "type",
			params: { type: "object" },
			message: "must be object",
			schema: schema60.type,
			parentSchema: schema60,
			data
		};
		if (vErrors === null) vErrors = [err8];
		else vErrors.push(err8);
		errors++;
	}
	validate63.errors = vErrors;
	return errors === 0;
}
function validate62(data, { instancePath = "", parentData, parentDataProperty, rootData = data } = {}) {
	let vErrors = null;
	let errors = 0;
	if (data && typeof data == "object" && !Array.isArray(data)) {
		if (data.id === void 0) {
			const err0 = {
				instancePath,
				schemaPath: "#/required",
				keyword: "required",
				params: { missingProperty: "id" },
				message: "must have required property 'id'",
				schema: schema59.required,
				parentSchema: schema59,
				data
			};
			if (vErrors === null) vErrors = [err0];
			else vErrors.push(err0);
			errors++;
		}
		if (data.when === void 0) {
			const err1 = {
				instancePath,
				schemaPath: "#/required",
				keyword: "required",
				params: { missingProperty: "when" },
				message: "must have required property 'when'",
				schema: schema59.required,
				parentSchema: schema59,
				data
			};
			if (vErrors === null) vErrors = [err1];
			else vErrors.push(err1);
			errors++;
		}
		if (data.action === void 0) {
			const err2 = {
				instancePath,
				schemaPath: "#/required",
				keyword: "required",
				params: { missingProperty: "action" },
				message: "must have required property 'action'",
				schema: schema59.required,
				parentSchema: schema59,
				data
			};
			if (vErrors === null) vErrors = [err2];
			else vErrors.push(err2);
			errors++;
		}
		for (const key0 in data) if (!(key0 === "id" || key0 === "description" || key0 === "when" || key0 === "action")) {
			const err3 = {
				instancePath,
				schemaPath: "#/additionalProperties",
				keyword: "additionalProperties",
				params: { additionalProperty: key0 },
				message: "must NOT have additional properties",
				schema: false,
				parentSchema: schema59,
				data
			};
			if (vErrors === null) vErrors = [err3];
			else vErrors.push(err3);
			errors++;
		}
		if (data.id !== void 0) {
			let data0 = data.id;
			if (typeof data0 === "string") {
				if (!pattern7.test(data0)) {
					const err4 = {
						instancePath: instancePath + "/id",
						schemaPath: "#/properties/id/pattern",
						keyword: "pattern",
						params: { pattern: "^[a-z0-9][a-z0-9-]{0,63}$" },
						message: "must match pattern \"^[a-z0-9][a-z0-9-]{0,63}$\"",
						schema: "^[a-z0-9][a-z0-9-]{0,63}$",
						parentSchema: schema59.properties.id,
						data: data0
					};
					if (vErrors === null) vErrors = [err4];
					else vErrors.push(err4);
					errors++;
				}
			} else {
				const err5 = {
					instancePath: instancePath + "/id",
					schemaPath: "#/properties/id/type",
					keyword: "type",
					params: { type: "string" },
					message: "must be string",
					schema: schema59.properties.id.type,
					parentSchema: schema59.properties.id,
					data: data0
				};
				if (vErrors === null) vErrors = [err5];
				else vErrors.push(err5);
				errors++;
			}
		}
		if (data.description !== void 0) {
			let data1 = data.description;
			if (typeof data1 === "string") {
				if (func2(data1) > 500) {
					const err6 = {
						instancePath: instancePath + "/description",
						schemaPath: "#/properties/description/maxLength",
						keyword: "maxLength",
						params: { limit: 500 },
						message: "must NOT have more than 500 characters",
						schema: 500,
						parentSchema: schema59.properties.description,
						data: data1
					};
					if (vErrors === null) vErrors = [err6];
					else vErrors.push(err6);
					errors++;
				}
			} else {
				const err7 = {
					instancePath: instancePath + "/description",
					schemaPath: "#/properties/description/type",
					keyword: "type",
					params: { type: "string" },
					message: "must be string",
					schema: schema59.properties.description.type,
					parentSchema: schema59.properties.description,
					data: data1
				};
				if (vErrors === null) vErrors = [err7];
				else vErrors.push(err7);
				errors++;
			}
		}
		if (data.when !== void 0) {
			if (!validate63(data.when, {
				instancePath: instancePath + "/when",
				parentData: data,
				parentDataProperty: "when",
				rootData
			})) {
				vErrors = vErrors === null ? validate63.errors : vErrors.concat(validate63.errors);
				errors = vErrors.length;
			}
		}
		if (data.action !== void 0) {
			let data3 = data.action;
			if (typeof data3 !== "string") {
				const err8 = {
					instancePath: instancePath + "/action",
					schemaPath: "#/properties/action/type",
					keyword: "type",
					params: { type: "string" },
					message: "must be string",
					schema: schema59.properties.action.type,
					parentSchema: schema59.properties.action,
					data: data3
				};
				if (vErrors === null) vErrors = [err8];
				else vErrors.push(err8);
				errors++;
			}
			if (!(data3 === "BLOCK" || data3 === "ALERT" || data3 === "ALLOW")) {
				const err9 = {
					instancePath: instancePath + "/action",
					schemaPath: "#/properties/action/enum",
					keyword: "enum",
					params: { allowedValues: schema59.properties.action.enum },
					message: "must be equal to one of the allowed values",
					schema: schema59.properties.action.enum,
					parentSchema: schema59.properties.action,
					data: data3
				};
				if (vErrors === null) vErrors = [err9];
				else vErrors.push(err9);
				errors++;
			}
		}
	} else {
		const err10 = {
			instancePath,
			schemaPath: "#/type",
			keyword: "type",
			params: { type: "object" },
			message: "must be object",
			schema: schema59.type,
			parentSchema: schema59,
			data
		};
		if (vErrors === null) vErrors = [err10];
		else vErrors.push(err10);
		errors++;
	}
	validate62.errors = vErrors;
	return errors === 0;
}
function validate57(data, { instancePath = "", parentData, parentDataProperty, rootData = data } = {}) {
	let vErrors = null;
	let errors = 0;
	if (data && typeof data == "object" && !Array.isArray(data)) {
		if (data.providerType === void 0) {
			const err0 = {
				instancePath,
				schemaPath: "#/required",
				keyword: "required",
				params: { missingProperty: "providerType" },
				message: "must have required property 'providerType'",
				schema: schema54.required,
				parentSchema: schema54,
				data
			};
			if (vErrors === null) vErrors = [err0];
			else vErrors.push(err0);
			errors++;
		}
		if (data.scope === void 0) {
			const err1 = {
				instancePath,
				schemaPath: "#/required",
				keyword: "required",
				params: { missingProperty: "scope" },
				message: "must have required property 'scope'",
				schema: schema54.required,
				parentSchema: schema54,
				data
			};
			if (vErrors === null) vErrors = [err1];
			else vErrors.push(err1);
			errors++;
		}
		if (data.schemaVersion === void 0) {
			const err2 = {
				instancePath,
				schemaPath: "#/required",
				keyword: "required",
				params: { missingProperty: "schemaVersion" },
				message: "must have required property 'schemaVersion'",
				schema: schema54.required,
				parentSchema: schema54,
				data
			};
			if (vErrors === null) vErrors = [err2];
			else vErrors.push(err2);
			errors++;
		}
		if (data.enabled === void 0) {
			const err3 = {
				instancePath,
				schemaPath: "#/required",
				keyword: "required",
				params: { missingProperty: "enabled" },
				message: "must have required property 'enabled'",
				schema: schema54.required,
				parentSchema: schema54,
				data
			};
			if (vErrors === null) vErrors = [err3];
			else vErrors.push(err3);
			errors++;
		}
		if (data.rules === void 0) {
			const err4 = {
				instancePath,
				schemaPath: "#/required",
				keyword: "required",
				params: { missingProperty: "rules" },
				message: "must have required property 'rules'",
				schema: schema54.required,
				parentSchema: schema54,
				data
			};
			if (vErrors === null) vErrors = [err4];
			else vErrors.push(err4);
			errors++;
		}
		for (const key0 in data) if (!(key0 === "providerType" || key0 === "scope" || key0 === "schemaVersion" || key0 === "enabled" || key0 === "rules")) {
			const err5 = {
				instancePath,
				schemaPath: "#/additionalProperties",
				keyword: "additionalProperties",
				params: { additionalProperty: key0 },
				message: "must NOT have additional properties",
				schema: false,
				parentSchema: schema54,
				data
			};
			if (vErrors === null) vErrors = [err5];
			else vErrors.push(err5);
			errors++;
		}
		if (data.providerType !== void 0) {
			let data0 = data.providerType;
			if (typeof data0 !== "string") {
				const err6 = {
					instancePath: instancePath + "/providerType",
					schemaPath: "#/properties/providerType/type",
					keyword: "type",
					params: { type: "string" },
					message: "must be string",
					schema: schema54.properties.providerType.type,
					parentSchema: schema54.properties.providerType,
					data: data0
				};
				if (vErrors === null) vErrors = [err6];
				else vErrors.push(err6);
				errors++;
			}
			if ("vendorBAddressScreening" !== data0) {
				const err7 = {
					instancePath: instancePath + "/providerType",
					schemaPath: "#/properties/providerType/const",
					keyword: "const",
					params: { allowedValue: "vendorBAddressScreening" },
					message: "must be equal to constant",
					schema: "vendorBAddressScreening",
					parentSchema: schema54.properties.providerType,
					data: data0
				};
				if (vErrors === null) vErrors = [err7];
				else vErrors.push(err7);
				errors++;
			}
		}
		if (data.scope !== void 0) {
			let data1 = data.scope;
			if (typeof data1 !== "string") {
				const err8 = {
					instancePath: instancePath + "/scope",
					schemaPath: "#/properties/scope/type",
					keyword: "type",
					params: { type: "string" },
					message: "must be string",
					schema: schema54.properties.scope.type,
					parentSchema: schema54.properties.scope,
					data: data1
				};
				if (vErrors === null) vErrors = [err8];
				else vErrors.push(err8);
				errors++;
			}
			if (!(data1 === "SIGN_IN" || data1 === "TRANSACTION")) {
				const err9 = {
					instancePath: instancePath + "/scope",
					schemaPath: "#/properties/scope/enum",
					keyword: "enum",
					params: { allowedValues: schema54.properties.scope.enum },
					message: "must be equal to one of the allowed values",
					schema: schema54.properties.scope.enum,
					parentSchema: schema54.properties.scope,
					data: data1
				};
				if (vErrors === null) vErrors = [err9];
				else vErrors.push(err9);
				errors++;
			}
		}
		if (data.schemaVersion !== void 0) {
			let data2 = data.schemaVersion;
			if (!(typeof data2 == "number" && !(data2 % 1) && !isNaN(data2) && isFinite(data2))) {
				const err10 = {
					instancePath: instancePath + "/schemaVersion",
					schemaPath: "#/properties/schemaVersion/type",
					keyword: "type",
					params: { type: "integer" },
					message: "must be integer",
					schema: schema54.properties.schemaVersion.type,
					parentSchema: schema54.properties.schemaVersion,
					data: data2
				};
				if (vErrors === null) vErrors = [err10];
				else vErrors.push(err10);
				errors++;
			}
			if (2 !== data2) {
				const err11 = {
					instancePath: instancePath + "/schemaVersion",
					schemaPath: "#/properties/schemaVersion/const",
					keyword: "const",
					params: { allowedValue: 2 },
					message: "must be equal to constant",
					schema: 2,
					parentSchema: schema54.properties.schemaVersion,
					data: data2
				};
				if (vErrors === null) vErrors = [err11];
				else vErrors.push(err11);
				errors++;
			}
		}
		if (data.enabled !== void 0) {
			let data3 = data.enabled;
			if (typeof data3 !== "boolean") {
				const err12 = {
					instancePath: instancePath + "/enabled",
					schemaPath: "#/properties/enabled/type",
					keyword: "type",
					params: { type: "boolean" },
					message: "must be boolean",
					schema: schema54.properties.enabled.type,
					parentSchema: schema54.properties.enabled,
					data: data3
				};
				if (vErrors === null) vErrors = [err12];
				else vErrors.push(err12);
				errors++;
			}
		}
		if (data.rules !== void 0) {
			let data4 = data.rules;
			if (data4 && typeof data4 == "object" && !Array.isArray(data4)) {
				if (data4.preScreen === void 0) {
					const err13 = {
						instancePath: instancePath + "/rules",
						schemaPath: "#/properties/rules/required",
						keyword: "required",
						params: { missingProperty: "preScreen" },
						message: "must have required property 'preScreen'",
						schema: schema54.properties.rules.required,
						parentSchema: schema54.properties.rules,
						data: data4
					};
					if (vErrors === null) vErrors = [err13];
					else vErrors.push(err13);
					errors++;
				}
				if (data4.postScreen === void 0) {
					const err14 = {
						instancePath: instancePath + "/rules",
						schemaPath: "#/properties/rules/required",
						keyword: "required",
						params: { missingProperty: "postScreen" },
						message: "must have required property 'postScreen'",
						schema: schema54.properties.rules.required,
						parentSchema: schema54.properties.rules,
						data: data4
					};
					if (vErrors === null) vErrors = [err14];
					else vErrors.push(err14);
					errors++;
				}
				for (const key1 in data4) if (!(key1 === "preScreen" || key1 === "postScreen")) {
					const err15 = {
						instancePath: instancePath + "/rules",
						schemaPath: "#/properties/rules/additionalProperties",
						keyword: "additionalProperties",
						params: { additionalProperty: key1 },
						message: "must NOT have additional properties",
						schema: false,
						parentSchema: schema54.properties.rules,
						data: data4
					};
					if (vErrors === null) vErrors = [err15];
					else vErrors.push(err15);
					errors++;
				}
				if (data4.preScreen !== void 0) {
					if (!validate58(data4.preScreen, {
						instancePath: instancePath + "/rules/preScreen",
						parentData: data4,
						parentDataProperty: "preScreen",
						rootData
					})) {
						vErrors = vErrors === null ? validate58.errors : vErrors.concat(validate58.errors);
						errors = vErrors.length;
					}
				}
				if (data4.postScreen !== void 0) {
					let data6 = data4.postScreen;
					if (Array.isArray(data6)) {
						const len0 = data6.length;
						for (let i0 = 0; i0 < len0; i0++) if (!validate62(data6[i0], {
							instancePath: instancePath + "/rules/postScreen/" + i0,
							parentData: data6,
							parentDataProperty: i0,
							rootData
						})) {
							vErrors = vErrors === null ? validate62.errors : vErrors.concat(validate62.errors);
							errors = vErrors.length;
						}
					} else {
						const err16 = {
							instancePath: instancePath + "/rules/postScreen",
							schemaPath: "#/properties/rules/properties/postScreen/type",
							keyword: "type",
							params: { type: "array" },
							message: "must be array",
							schema: schema54.properties.rules.properties.postScreen.type,
							parentSchema: schema54.properties.rules.properties.postScreen,
							data: data6
						};
						if (vErrors === null) vErrors = [err16];
						else vErrors.push(err16);
						errors++;
					}
				}
			} else {
				const err17 = {
					instancePath: instancePath + "/rules",
					schemaPath: "#/properties/rules/type",
					keyword: "type",
					params: { type: "object" },
					message: "must be object",
					schema: schema54.properties.rules.type,
					parentSchema: schema54.properties.rules,
					data: data4
				};
				if (vErrors === null) vErrors = [err17];
				else vErrors.push(err17);
				errors++;
			}
		}
	} else {
		const err18 = {
			instancePath,
			schemaPath: "#/type",
			keyword: "type",
			params: { type: "object" },
			message: "must be object",
			schema: schema54.type,
			parentSchema: schema54,
			data
		};
		if (vErrors === null) vErrors = [err18];
		else vErrors.push(err18);
		errors++;
	}
	validate57.errors = vErrors;
	return errors === 0;
}
const webhooks = validate74;
const schema68 = {
	"$schema": "http://json-schema.org/draft-07/schema#",
	"$id": "https://screenpol.dev/schemas/webhooks.schema.json",
	"title": "Webhooks of an environment",
	"description": "webhooks/<environment>.yaml: the existing webhooks of one environment, by id (the interface only updates webhooks, it does not create them). Server fields (secret, version, createdAt, updatedAt, enabledAt, environmentId) are not written here.",
	"type": "object",
	"additionalProperties": false,
	"required": ["webhooks"],
	"properties": { "webhooks": {
		"type": "array",
		"items": { "$ref": "#/definitions/webhook" },
		"description": "The webhooks to keep in this state."
	} },
	"definitions": { "webhook": {
		"type": "object",
		"title": "Webhook",
		"description": "One webhook: where screening and account events are delivered.",
		"additionalProperties": false,
		"required": [
			"webhookId",
			"url",
			"events",
			"isEnabled"
		],
		"properties": {
			"webhookId": {
				"type": "string",
				"pattern": "^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$",
				"description": "Identifier of an existing webhook: a lowercase UUID (8-4-4-4-12 hex digits).",
				"examples": ["0b7e4f6a-2c1d-4e8f-9a3b-5c6d7e8f9a0b"]
			},
			"url": {
				"type": "string",
				"description": "Delivery target: an https address (https://, a host name ending in a dot and a 2-10 letter lowercase top-level label, optional path) or an SNS topic ARN (arn:<partition>:sns:<region>:<12-digit account>:<name>).",
				"examples": ["https://hooks.example.com/screening", "arn:aws:sns:eu-west-1:123456789012:screening-alerts"]
			},
			"events": {
				"type": "array",
				"minItems": 1,
				"uniqueItems": true,
				"items": {
					"type": "string",
					"description": "An event kind, <resource>.<action> in lowercase letters, digits and _, for example user.created."
				},
				"description": "Subscribed event kinds, each <resource>.<action>, for example [user.created, wallet.linked]. Non-empty, without repeats."
			},
			"isEnabled": {
				"type": "boolean",
				"description": "true: deliveries are on. false: the webhook is kept but nothing is delivered."
			}
		}
	} }
};
const schema69 = {
	"type": "object",
	"title": "Webhook",
	"description": "One webhook: where screening and account events are delivered.",
	"additionalProperties": false,
	"required": [
		"webhookId",
		"url",
		"events",
		"isEnabled"
	],
	"properties": {
		"webhookId": {
			"type": "string",
			"pattern": "^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$",
			"description": "Identifier of an existing webhook: a lowercase UUID (8-4-4-4-12 hex digits).",
			"examples": ["0b7e4f6a-2c1d-4e8f-9a3b-5c6d7e8f9a0b"]
		},
		"url": {
			"type": "string",
			"description": "Delivery target: an https address (https://, a host name ending in a dot and a 2-10 letter lowercase top-level label, optional path) or an SNS topic ARN (arn:<partition>:sns:<region>:<12-digit account>:<name>).",
			"examples": ["https://hooks.example.com/screening", "arn:aws:sns:eu-west-1:123456789012:screening-alerts"]
		},
		"events": {
			"type": "array",
			"minItems": 1,
			"uniqueItems": true,
			"items": {
				"type": "string",
				"description": "An event kind, <resource>.<action> in lowercase letters, digits and _, for example user.created."
			},
			"description": "Subscribed event kinds, each <resource>.<action>, for example [user.created, wallet.linked]. Non-empty, without repeats."
		},
		"isEnabled": {
			"type": "boolean",
			"description": "true: deliveries are on. false: the webhook is kept but nothing is delivered."
		}
	}
};
function validate74(data, { instancePath = "", parentData, parentDataProperty, rootData = data } = {}) {
	let vErrors = null;
	let errors = 0;
	if (data && typeof data == "object" && !Array.isArray(data)) {
		if (data.webhooks === void 0) {
			const err0 = {
				instancePath,
				schemaPath: "#/required",
				keyword: "required",
				params: { missingProperty: "webhooks" },
				message: "must have required property 'webhooks'",
				schema: schema68.required,
				parentSchema: schema68,
				data
			};
			if (vErrors === null) vErrors = [err0];
			else vErrors.push(err0);
			errors++;
		}
		for (const key0 in data) if (!(key0 === "webhooks")) {
			const err1 = {
				instancePath,
				schemaPath: "#/additionalProperties",
				keyword: "additionalProperties",
				params: { additionalProperty: key0 },
				message: "must NOT have additional properties",
				schema: false,
				parentSchema: schema68,
				data
			};
			if (vErrors === null) vErrors = [err1];
			else vErrors.push(err1);
			errors++;
		}
		if (data.webhooks !== void 0) {
			let data0 = data.webhooks;
			if (Array.isArray(data0)) {
				const len0 = data0.length;
				for (let i0 = 0; i0 < len0; i0++) {
					let data1 = data0[i0];
					if (data1 && typeof data1 == "object" && !Array.isArray(data1)) {
						if (data1.webhookId === void 0) {
							const err2 = {
								instancePath: instancePath + "/webhooks/" + i0,
								schemaPath: "#/definitions/webhook/required",
								keyword: "required",
								params: { missingProperty: "webhookId" },
								message: "must have required property 'webhookId'",
								schema: schema69.required,
								parentSchema: schema69,
								data: data1
							};
							if (vErrors === null) vErrors = [err2];
							else vErrors.push(err2);
							errors++;
						}
						if (data1.url === void 0) {
							const err3 = {
								instancePath: instancePath + "/webhooks/" + i0,
								schemaPath: "#/definitions/webhook/required",
								keyword: "required",
								params: { missingProperty: "url" },
								message: "must have required property 'url'",
								schema: schema69.required,
								parentSchema: schema69,
								data: data1
							};
							if (vErrors === null) vErrors = [err3];
							else vErrors.push(err3);
							errors++;
						}
						if (data1.events === void 0) {
							const err4 = {
								instancePath: instancePath + "/webhooks/" + i0,
								schemaPath: "#/definitions/webhook/required",
								keyword: "required",
								params: { missingProperty: "events" },
								message: "must have required property 'events'",
								schema: schema69.required,
								parentSchema: schema69,
								data: data1
							};
							if (vErrors === null) vErrors = [err4];
							else vErrors.push(err4);
							errors++;
						}
						if (data1.isEnabled === void 0) {
							const err5 = {
								instancePath: instancePath + "/webhooks/" + i0,
								schemaPath: "#/definitions/webhook/required",
								keyword: "required",
								params: { missingProperty: "isEnabled" },
								message: "must have required property 'isEnabled'",
								schema: schema69.required,
								parentSchema: schema69,
								data: data1
							};
							if (vErrors === null) vErrors = [err5];
							else vErrors.push(err5);
							errors++;
						}
						for (const key1 in data1) if (!(key1 === "webhookId" || key1 === "url" || key1 === "events" || key1 === "isEnabled")) {
							const err6 = {
								instancePath: instancePath + "/webhooks/" + i0,
								schemaPath: "#/definitions/webhook/additionalProperties",
								keyword: "additionalProperties",
								params: { additionalProperty: key1 },
								message: "must NOT have additional properties",
								schema: false,
								parentSchema: schema69,
								data: data1
							};
							if (vErrors === null) vErrors = [err6];
							else vErrors.push(err6);
							errors++;
						}
						if (data1.webhookId !== void 0) {
							let data2 = data1.webhookId;
							if (typeof data2 === "string") {
								if (!pattern4.test(data2)) {
									const err7 = {
										instancePath: instancePath + "/webhooks/" + i0 + "/webhookId",
										schemaPath: "#/definitions/webhook/properties/webhookId/pattern",
										keyword: "pattern",
										params: { pattern: "^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$" },
										message: "must match pattern \"^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$\"",
										schema: "^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$",
										parentSchema: schema69.properties.webhookId,
										data: data2
									};
									if (vErrors === null) vErrors = [err7];
									else vErrors.push(err7);
									errors++;
								}
							} else {
								const err8 = {
									instancePath: instancePath + "/webhooks/" + i0 + "/webhookId",
									schemaPath: "#/definitions/webhook/properties/webhookId/type",
									keyword: "type",
									params: { type: "string" },
									message: "must be string",
									schema: schema69.properties.webhookId.type,
									parentSchema: schema69.properties.webhookId,
									data: data2
								};
								if (vErrors === null) vErrors = [err8];
								else vErrors.push(err8);
								errors++;
							}
						}
						if (data1.url !== void 0) {
							let data3 = data1.url;
							if (typeof data3 !== "string") {
								const err9 = {
									instancePath: instancePath + "/webhooks/" + i0 + "/url",
									schemaPath: "#/definitions/webhook/properties/url/type",
									keyword: "type",
									params: { type: "string" },
									message: "must be string",
									schema: schema69.properties.url.type,
									parentSchema: schema69.properties.url,
									data: data3
								};
								if (vErrors === null) vErrors = [err9];
								else vErrors.push(err9);
								errors++;
							}
						}
						if (data1.events !== void 0) {
							let data4 = data1.events;
							if (Array.isArray(data4)) {
								if (data4.length < 1) {
									const err10 = {
										instancePath: instancePath + "/webhooks/" + i0 + "/events",
										schemaPath: "#/definitions/webhook/properties/events/minItems",
										keyword: "minItems",
										params: { limit: 1 },
										message: "must NOT have fewer than 1 items",
										schema: 1,
										parentSchema: schema69.properties.events,
										data: data4
									};
									if (vErrors === null) vErrors = [err10];
									else vErrors.push(err10);
									errors++;
								}
								const len1 = data4.length;
								for (let i1 = 0; i1 < len1; i1++) {
									let data5 = data4[i1];
									if (typeof data5 !== "string") {
										const err11 = {
											instancePath: instancePath + "/webhooks/" + i0 + "/events/" + i1,
											schemaPath: "#/definitions/webhook/properties/events/items/type",
											keyword: "type",
											params: { type: "string" },
											message: "must be string",
											schema: schema69.properties.events.items.type,
											parentSchema: schema69.properties.events.items,
											data: data5
										};
										if (vErrors === null) vErrors = [err11];
										else vErrors.push(err11);
										errors++;
									}
								}
								let i2 = data4.length;
								let j0;
								if (i2 > 1) {
									const indices0 = {};
									for (; i2--;) {
										let item0 = data4[i2];
										if (typeof item0 !== "string") continue;
										if (typeof indices0[item0] == "number") {
											j0 = indices0[item0];
											const err12 = {
												instancePath: instancePath + "/webhooks/" + i0 + "/events",
												schemaPath: "#/definitions/webhook/properties/events/uniqueItems",
												keyword: "uniqueItems",
												params: {
													i: i2,
													j: j0
												},
												message: "must NOT have duplicate items (items ## " + j0 + " and " + i2 + " are identical)",
												schema: true,
												parentSchema: schema69.properties.events,
												data: data4
											};
											if (vErrors === null) vErrors = [err12];
											else vErrors.push(err12);
											errors++;
											break;
										}
										indices0[item0] = i2;
									}
								}
							} else {
								const err13 = {
									instancePath: instancePath + "/webhooks/" + i0 + "/events",
									schemaPath: "#/definitions/webhook/properties/events/type",
									keyword: "type",
									params: { type: "array" },
									message: "must be array",
									schema: schema69.properties.events.type,
									parentSchema: schema69.properties.events,
									data: data4
								};
								if (vErrors === null) vErrors = [err13];
								else vErrors.push(err13);
								errors++;
							}
						}
						if (data1.isEnabled !== void 0) {
							let data6 = data1.isEnabled;
							if (typeof data6 !== "boolean") {
								const err14 = {
									instancePath: instancePath + "/webhooks/" + i0 + "/isEnabled",
									schemaPath: "#/definitions/webhook/properties/isEnabled/type",
									keyword: "type",
									params: { type: "boolean" },
									message: "must be boolean",
									schema: schema69.properties.isEnabled.type,
									parentSchema: schema69.properties.isEnabled,
									data: data6
								};
								if (vErrors === null) vErrors = [err14];
								else vErrors.push(err14);
								errors++;
							}
						}
					} else {
						const err15 = {
							instancePath: instancePath + "/webhooks/" + i0,
							schemaPath: "#/definitions/webhook/type",
							keyword: "type",
							params: { type: "object" },
							message: "must be object",
							schema: schema69.type,
							parentSchema: schema69,
							data: data1
						};
						if (vErrors === null) vErrors = [err15];
						else vErrors.push(err15);
						errors++;
					}
				}
			} else {
				const err16 = {
					instancePath: instancePath + "/webhooks",
					schemaPath: "#/properties/webhooks/type",
					keyword: "type",
					params: { type: "array" },
					message: "must be array",
					schema: schema68.properties.webhooks.type,
					parentSchema: schema68.properties.webhooks,
					data: data0
				};
				if (vErrors === null) vErrors = [err16];
				else vErrors.push(err16);
				errors++;
			}
		}
	} else {
		const err17 = {
			instancePath,
			schemaPath: "#/type",
			keyword: "type",
			params: { type: "object" },
			message: "must be object",
			schema: schema68.type,
			parentSchema: schema68,
			data
		};
		if (vErrors === null) vErrors = [err17];
		else vErrors.push(err17);
		errors++;
	}
	validate74.errors = vErrors;
	return errors === 0;
}
const VALIDATORS = {
	"addresses": addresses,
	"config": config,
	"policy-vendorAWalletScreening-v1": policy_vendorAWalletScreening_v1,
	"policy-vendorAWalletScreening-v2": policy_vendorAWalletScreening_v2,
	"policy-vendorBAddressScreening-v1": policy_vendorBAddressScreening_v1,
	"policy-vendorBAddressScreening-v2": policy_vendorBAddressScreening_v2,
	"webhooks": webhooks
};
// dist/core/suggest.js
/** "Did you mean" for a misspelt key or value: the closest candidate within a small edit distance. */
function closest(input, candidates) {
	const needle = input.toLowerCase();
	let best;
	let bestDistance = Math.max(1, Math.min(3, Math.floor(input.length / 3)));
	for (const candidate of candidates) {
		const distance = editDistance(needle, candidate.toLowerCase(), bestDistance);
		if (distance <= bestDistance && (best === void 0 || distance < bestDistance)) {
			best = candidate;
			bestDistance = distance;
		}
	}
	return best;
}
/** Levenshtein distance, giving up early once it exceeds `limit` (inputs are short keys). */
function editDistance(a, b, limit = Infinity) {
	if (Math.abs(a.length - b.length) > limit) return limit + 1;
	let previous = Array.from({ length: b.length + 1 }, (_, index) => index);
	for (let i = 1; i <= a.length; i++) {
		const current = [i];
		let rowMin = i;
		for (let j = 1; j <= b.length; j++) {
			const cost = a[i - 1] === b[j - 1] ? 0 : 1;
			const value = Math.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost);
			current.push(value);
			rowMin = Math.min(rowMin, value);
		}
		if (rowMin > limit) return limit + 1;
		previous = current;
	}
	return previous[b.length];
}
// dist/core/validate.js
function validatorFor(name) {
	return VALIDATORS[name];
}
function policySchemaName(vendor, version) {
	return `policy-${vendor}-v${version}`;
}
/** The JSON Schema of a file kind, for `screenpol schema` and editors. */
function schemaDocument(name) {
	return SCHEMAS[name];
}
/** Validates `data` against a schema; returns findings with code `schema`. */
function validateWithSchema(name, data, hints = {}) {
	const validate = validatorFor(name);
	if (validate(data)) return [];
	const findings = [];
	const seen = /* @__PURE__ */ new Set();
	for (const error of validate.errors ?? []) {
		const finding = translate(error, data, hints);
		const key = `${JSON.stringify(finding.path)}|${finding.message}`;
		if (seen.has(key)) continue;
		seen.add(key);
		findings.push(finding);
	}
	return findings;
}
function translate(error, root, hints) {
	const path = toDocPath(error.instancePath, root);
	const params = error.params;
	const parentSchema = error.parentSchema ?? {};
	switch (error.keyword) {
		case "additionalProperties": {
			const key = String(params.additionalProperty);
			const allowed = Object.keys(parentSchema.properties ?? {});
			if (key === "anyOf" && hints.schemaVersion === 1) return schemaFinding([...path, key], "anyOf needs schemaVersion 2; this policy declares schemaVersion 1", "key");
			const guess = closest(key, allowed);
			const hint = guess ? `did you mean "${guess}"?` : `allowed here: ${allowed.join(", ")}`;
			return schemaFinding([...path, key], `unknown field "${key}"; ${hint}`, "key");
		}
		case "required": {
			const missing = String(params.missingProperty);
			if (path.length === 0 && (root === null || root === void 0)) return schemaFinding(path, "the file is empty");
			return schemaFinding(path, `missing required field "${missing}"`, path.length > 0 ? "key" : void 0);
		}
		case "enum": {
			const allowed = params.allowedValues.map(String);
			const value = error.data;
			const guess = typeof value === "string" ? closest(value, allowed) : void 0;
			const hint = guess ? ` (did you mean ${guess}?)` : "";
			return schemaFinding(path, `${describe(value)} is not one of ${allowed.join(", ")}${hint}`, "value");
		}
		case "const": return schemaFinding(path, `must be ${JSON.stringify(params.allowedValue)}, not ${describe(error.data)}`, "value");
		case "type": return schemaFinding(path, typeMessage(String(params.type), error.data, path.length === 0), "value");
		case "minimum":
		case "maximum":
		case "exclusiveMinimum":
		case "exclusiveMaximum": return schemaFinding(path, `${describe(error.data)} is out of range: must be ${String(params.comparison)} ${String(params.limit)}`, "value");
		case "pattern": return schemaFinding(path, `${describe(error.data)} ${patternExplanation(parentSchema)}`, "value");
		case "minLength": return schemaFinding(path, Number(params.limit) === 1 ? "must not be empty" : `must be at least ${String(params.limit)} characters`, "value");
		case "maxLength": return schemaFinding(path, `is ${error.data.length} characters; at most ${String(params.limit)} allowed`, "value");
		case "minItems": return schemaFinding(path, Number(params.limit) === 1 ? "must not be an empty list" : `must hold at least ${String(params.limit)} items`, "value");
		case "maxItems": return schemaFinding(path, `must hold at most ${String(params.limit)} items`, "value");
		case "uniqueItems": return schemaFinding([...path, Number(params.j)], `repeats item ${Number(params.i) + 1} of the list; list items must be unique`, "value");
		case "minProperties": return schemaFinding(path, `must not be empty: set at least ${String(params.limit)} of ${Object.keys(parentSchema.properties ?? {}).join(", ")}`, "value");
		case "propertyNames": return schemaFinding([...path, String(params.propertyName)], `name "${String(params.propertyName)}" is not allowed here`, "key");
		default: return schemaFinding(path, error.message ?? `fails the ${error.keyword} rule of the schema`);
	}
}
function schemaFinding(path, message, target) {
	return target ? {
		code: "schema",
		path,
		message,
		target
	} : {
		code: "schema",
		path,
		message
	};
}
/** ajv's instancePath is a JSON pointer; array indexes become numbers by looking at the data. */
function toDocPath(pointer, root) {
	if (pointer === "") return [];
	const path = [];
	let node = root;
	for (const raw of pointer.slice(1).split("/")) {
		const segment = raw.replace(/~1/g, "/").replace(/~0/g, "~");
		if (Array.isArray(node)) {
			const index = Number(segment);
			path.push(index);
			node = node[index];
		} else {
			path.push(segment);
			node = typeof node === "object" && node !== null ? node[segment] : void 0;
		}
	}
	return path;
}
/** YAML 1.1 booleans read as strings under YAML 1.2, the usual trap. */
const YAML11_BOOLEANS = {
	yes: true,
	no: false,
	on: true,
	off: false,
	y: true,
	n: false,
	true: true,
	false: false
};
function typeMessage(expected, value, isRoot) {
	if (isRoot && (value === null || value === void 0)) return "the file is empty";
	const wanted = expected.replace(/,/g, " or ").replace("integer", "whole number").replace("object", "map");
	let message = `must be ${/^[aeiou]/.test(wanted) ? "an" : "a"} ${wanted}, not ${describe(value)}`;
	if (expected === "boolean" && typeof value === "string") {
		const meant = YAML11_BOOLEANS[value.toLowerCase()];
		if (meant !== void 0) message += ` (YAML 1.2 reads ${value} as text; write ${String(meant)})`;
	}
	if ((expected === "number" || expected === "integer") && typeof value === "string" && value.trim() !== "" && !Number.isNaN(Number(value))) message += ` (remove the quotes: ${value})`;
	if (expected === "string" && (typeof value === "number" || typeof value === "boolean")) message += ` (quote it: "${String(value)}")`;
	return message;
}
function patternExplanation(schema) {
	const description = typeof schema.description === "string" ? schema.description : "";
	return `does not match the required format ${String(schema.pattern)}${description ? ` (${firstSentence(description)})` : ""}`;
}
function firstSentence(text) {
	const end = text.search(/\.(\s|$)/);
	return end === -1 ? text : text.slice(0, end);
}
/** A value as a person would read it in a message. */
function describe(value) {
	if (value === null || value === void 0) return "empty";
	if (typeof value === "string") return JSON.stringify(value.length > 60 ? `${value.slice(0, 57)}...` : value);
	if (Array.isArray(value)) return "a list";
	if (typeof value === "object") return "a map";
	return String(value);
}
export { CATEGORIES as a, PRESCREEN_ONLY_KEYS as c, isSchemaVersion as d, isScope as f, validateWithSchema as i, SCHEMA_VERSIONS as l, otherVendor as m, policySchemaName as n, CONDITION_KEYS as o, isVendor as p, schemaDocument as r, EQUIVALENTS as s, describe as t, VENDORS as u };
