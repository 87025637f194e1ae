/**
 * The live screening policies and address entries the emulator is seeded with:
 * the sample repository (policies/) as a live service would hold it after some
 * drift, so that a first `screenpol plan` against a fresh emulator shows changes.
 * Generated once from policies/ and then edited; each difference is noted.
 *
 * Not seeded, so a plan creates them: sandbox/vendorBAddressScreening/SIGN_IN,
 * live/vendorBAddressScreening/TRANSACTION, and the address entries of
 * sandbox/vendorBAddressScreening.
 */
import type { SeedAddressEntries, SeedPolicy } from "./model.js";

export const SEED_POLICIES: readonly SeedPolicy[] = [
  // sandbox/vendorAWalletScreening/SIGN_IN: as in the repository
  {
    "environment": "sandbox",
    "providerType": "vendorAWalletScreening",
    "scope": "SIGN_IN",
    "revision": 4,
    "schemaVersion": 2,
    "enabled": true,
    "rules": {
      "preScreen": {
        "chains": [
          "EVM",
          "SOL",
          "BTC"
        ],
        "exposureDepth": 2
      },
      "postScreen": [
        {
          "id": "block-severe-risk-score",
          "description": "Vendor risk score of 9 or more. Accounts are not opened or resumed from such wallets.",
          "when": {
            "riskScore": {
              "gte": 9
            }
          },
          "action": "BLOCK"
        },
        {
          "id": "block-zero-tolerance-cluster",
          "description": "Wallet attributed to a terrorist financing or child abuse material cluster. Zero tolerance under the AML programme; escalated to the MLRO by the block event.",
          "when": {
            "anyOf": [
              {
                "cluster": {
                  "category": "terrorist_financing"
                }
              },
              {
                "cluster": {
                  "category": "child_abuse_material"
                }
              }
            ]
          },
          "action": "BLOCK"
        },
        {
          "id": "block-direct-ransomware",
          "description": "Any direct exposure to ransomware proceeds.",
          "when": {
            "exposure": {
              "category": "ransomware",
              "direction": "direct",
              "minPercent": 1
            }
          },
          "action": "BLOCK"
        },
        {
          "id": "alert-darknet-or-stolen-funds",
          "description": "Material exposure to darknet markets or stolen funds; reviewed by the L1 team within 24h.",
          "when": {
            "anyOf": [
              {
                "exposure": {
                  "category": "darknet_market",
                  "direction": "any",
                  "minPercent": 10
                }
              },
              {
                "exposure": {
                  "category": "stolen_funds",
                  "direction": "any",
                  "minPercent": 10
                }
              }
            ]
          },
          "action": "ALERT"
        },
        {
          "id": "alert-mixer-exposure",
          "description": "Indirect mixer exposure above 20% of funds.",
          "when": {
            "exposure": {
              "category": "mixer",
              "direction": "indirect",
              "minPercent": 20
            }
          },
          "action": "ALERT"
        },
        {
          "id": "allow-low-risk-gambling",
          "description": "Licensed gambling operators with a low overall score are part of our customer base (risk assessment RA-2026-04); do not raise alerts on their sign-ins.",
          "when": {
            "cluster": {
              "category": "gambling"
            },
            "riskScore": {
              "lte": 3
            }
          },
          "action": "ALLOW"
        }
      ]
    },
    "updatedAt": "2026-09-14T09:12:44Z"
  },
  // sandbox/vendorAWalletScreening/TRANSACTION: differs from the repository: minAmountUsd 100 (the file says 250)
  {
    "environment": "sandbox",
    "providerType": "vendorAWalletScreening",
    "scope": "TRANSACTION",
    "revision": 9,
    "schemaVersion": 2,
    "enabled": true,
    "rules": {
      "preScreen": {
        "chains": [
          "EVM",
          "SOL"
        ],
        "minAmountUsd": 100,
        "tokens": [
          {
            "chain": "EVM",
            "networkId": 1,
            "contractAddress": "0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48"
          },
          {
            "chain": "EVM",
            "networkId": 137,
            "contractAddress": "0x3c499c542cEF5E3811e1192ce70d8cC03d5c3359"
          },
          {
            "chain": "EVM",
            "networkId": 8453,
            "contractAddress": "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913"
          },
          {
            "chain": "SOL",
            "networkId": 101,
            "contractAddress": "EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v"
          }
        ],
        "exposureDepth": 3
      },
      "postScreen": [
        {
          "id": "block-severe-risk-score",
          "description": "Vendor risk score of 8.5 or more.",
          "when": {
            "riskScore": {
              "gte": 8.5
            }
          },
          "action": "BLOCK"
        },
        {
          "id": "block-illicit-cluster",
          "description": "Counterparty is itself an identified illicit entity. Zero tolerance.",
          "when": {
            "anyOf": [
              {
                "cluster": {
                  "category": "terrorist_financing"
                }
              },
              {
                "cluster": {
                  "category": "child_abuse_material"
                }
              },
              {
                "cluster": {
                  "category": "ransomware"
                }
              },
              {
                "cluster": {
                  "category": "darknet_market"
                }
              }
            ]
          },
          "action": "BLOCK"
        },
        {
          "id": "block-direct-illicit-proceeds",
          "description": "Direct exposure to stolen funds, scams or fraud shops above tolerance (AML manual 4.2).",
          "when": {
            "anyOf": [
              {
                "exposure": {
                  "category": "stolen_funds",
                  "direction": "direct",
                  "minPercent": 5
                }
              },
              {
                "exposure": {
                  "category": "scam",
                  "direction": "direct",
                  "minPercent": 10
                }
              },
              {
                "exposure": {
                  "category": "fraud_shop",
                  "direction": "direct",
                  "minPercent": 10
                }
              }
            ]
          },
          "action": "BLOCK"
        },
        {
          "id": "alert-obfuscation-with-elevated-score",
          "description": "Mixer or privacy wallet involvement on a counterparty that already scores 4 or more.",
          "when": {
            "riskScore": {
              "gte": 4
            },
            "anyOf": [
              {
                "exposure": {
                  "category": "mixer",
                  "direction": "any",
                  "minPercent": 15
                }
              },
              {
                "cluster": {
                  "category": "privacy_wallet"
                }
              }
            ]
          },
          "action": "ALERT"
        },
        {
          "id": "alert-no-kyc-exchange",
          "description": "A quarter or more of funds received directly from exchanges without KYC.",
          "when": {
            "exposure": {
              "category": "no_kyc_exchange",
              "direction": "direct",
              "minPercent": 25
            }
          },
          "action": "ALERT"
        },
        {
          "id": "allow-low-risk-gambling",
          "description": "Payouts from licensed gambling operators with a low score (risk assessment RA-2026-04).",
          "when": {
            "cluster": {
              "category": "gambling"
            },
            "riskScore": {
              "lte": 3
            }
          },
          "action": "ALLOW"
        },
        {
          "id": "alert-everything-else-sandbox",
          "description": "Sandbox only: every remaining screened transfer is raised as an alert so that test transfers show up in the review queue. Catch-all, so it stays last.",
          "when": {
            "riskScore": {
              "gte": 0
            }
          },
          "action": "ALERT"
        }
      ]
    },
    "updatedAt": "2026-10-02T15:40:03Z"
  },
  // sandbox/vendorBAddressScreening/TRANSACTION: as in the repository
  {
    "environment": "sandbox",
    "providerType": "vendorBAddressScreening",
    "scope": "TRANSACTION",
    "revision": 3,
    "schemaVersion": 2,
    "enabled": true,
    "rules": {
      "preScreen": {
        "chains": [
          "EVM",
          "SOL"
        ],
        "minAmountUsd": 250,
        "tokens": [
          {
            "chain": "EVM",
            "networkId": 1,
            "contractAddress": "0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48"
          },
          {
            "chain": "EVM",
            "networkId": 137,
            "contractAddress": "0x3c499c542cEF5E3811e1192ce70d8cC03d5c3359"
          },
          {
            "chain": "EVM",
            "networkId": 8453,
            "contractAddress": "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913"
          },
          {
            "chain": "SOL",
            "networkId": 101,
            "contractAddress": "EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v"
          }
        ],
        "includeIndirect": true
      },
      "postScreen": [
        {
          "id": "block-severe-risk-level",
          "description": "Vendor risk level severe.",
          "when": {
            "riskLevel": {
              "atLeast": "severe"
            }
          },
          "action": "BLOCK"
        },
        {
          "id": "block-prohibited-entity",
          "description": "Counterparty belongs to a prohibited entity type. Zero tolerance.",
          "when": {
            "anyOf": [
              {
                "entity": {
                  "category": "terrorism_financing"
                }
              },
              {
                "entity": {
                  "category": "csam"
                }
              },
              {
                "entity": {
                  "category": "ransomware"
                }
              },
              {
                "entity": {
                  "category": "darknet"
                }
              }
            ]
          },
          "action": "BLOCK"
        },
        {
          "id": "block-theft-or-scam-proceeds",
          "description": "Direct receipt of 1,000 USD or more from thefts or scams (AML manual 4.2).",
          "when": {
            "anyOf": [
              {
                "indicator": {
                  "category": "theft",
                  "riskType": "counterparty",
                  "minVolumeUsd": 1000
                }
              },
              {
                "indicator": {
                  "category": "scam",
                  "riskType": "counterparty",
                  "minVolumeUsd": 1000
                }
              }
            ]
          },
          "action": "BLOCK"
        },
        {
          "id": "alert-obfuscation-at-high-risk",
          "description": "Mixing service or privacy protocol dealings on a counterparty the vendor already rates high.",
          "when": {
            "riskLevel": {
              "atLeast": "high"
            },
            "anyOf": [
              {
                "indicator": {
                  "category": "mixing_service",
                  "riskType": "counterparty",
                  "minVolumeUsd": 500
                }
              },
              {
                "indicator": {
                  "category": "privacy_protocol",
                  "riskType": "counterparty",
                  "minVolumeUsd": 500
                }
              }
            ]
          },
          "action": "ALERT"
        },
        {
          "id": "alert-unlicensed-exchange",
          "description": "5,000 USD or more moved directly through unlicensed exchanges.",
          "when": {
            "indicator": {
              "category": "unlicensed_exchange",
              "riskType": "counterparty",
              "minVolumeUsd": 5000
            }
          },
          "action": "ALERT"
        },
        {
          "id": "allow-licensed-gambling-entity",
          "description": "Payouts from licensed gambling operators (risk assessment RA-2026-04).",
          "when": {
            "entity": {
              "category": "gambling"
            }
          },
          "action": "ALLOW"
        }
      ]
    },
    "updatedAt": "2026-09-30T11:05:27Z"
  },
  // live/vendorAWalletScreening/SIGN_IN: as in the repository
  {
    "environment": "live",
    "providerType": "vendorAWalletScreening",
    "scope": "SIGN_IN",
    "revision": 12,
    "schemaVersion": 1,
    "enabled": true,
    "rules": {
      "preScreen": {
        "chains": [
          "EVM",
          "SOL",
          "BTC"
        ],
        "exposureDepth": 3
      },
      "postScreen": [
        {
          "id": "block-severe-risk-score",
          "description": "Vendor risk score of 8 or more. Accounts are not opened or resumed from such wallets.",
          "when": {
            "riskScore": {
              "gte": 8
            }
          },
          "action": "BLOCK"
        },
        {
          "id": "block-terrorist-financing-cluster",
          "description": "Wallet attributed to a terrorist financing cluster. Zero tolerance; escalated to the MLRO.",
          "when": {
            "cluster": {
              "category": "terrorist_financing"
            }
          },
          "action": "BLOCK"
        },
        {
          "id": "block-child-abuse-material-cluster",
          "description": "Wallet attributed to a child abuse material cluster. Zero tolerance; reported per the SAR procedure.",
          "when": {
            "cluster": {
              "category": "child_abuse_material"
            }
          },
          "action": "BLOCK"
        },
        {
          "id": "block-direct-ransomware",
          "description": "Any direct exposure to ransomware proceeds, however small.",
          "when": {
            "exposure": {
              "category": "ransomware",
              "direction": "direct",
              "minPercent": 0
            }
          },
          "action": "BLOCK"
        },
        {
          "id": "alert-darknet-exposure",
          "description": "Exposure to darknet markets above 5% of funds; reviewed by the L1 team within 24h.",
          "when": {
            "exposure": {
              "category": "darknet_market",
              "direction": "any",
              "minPercent": 5
            }
          },
          "action": "ALERT"
        },
        {
          "id": "alert-mixer-exposure",
          "description": "Indirect mixer exposure above 10% of funds.",
          "when": {
            "exposure": {
              "category": "mixer",
              "direction": "indirect",
              "minPercent": 10
            }
          },
          "action": "ALERT"
        },
        {
          "id": "allow-low-risk-gambling",
          "description": "Licensed gambling operators with a low overall score are part of our customer base (risk assessment RA-2026-04); do not raise alerts on their sign-ins.",
          "when": {
            "cluster": {
              "category": "gambling"
            },
            "riskScore": {
              "lte": 2
            }
          },
          "action": "ALLOW"
        }
      ]
    },
    "updatedAt": "2026-09-21T08:30:00Z"
  },
  // live/vendorAWalletScreening/TRANSACTION: differs from the repository: rule alert-no-kyc-exchange is missing (the file adds it)
  {
    "environment": "live",
    "providerType": "vendorAWalletScreening",
    "scope": "TRANSACTION",
    "revision": 17,
    "schemaVersion": 2,
    "enabled": true,
    "rules": {
      "preScreen": {
        "chains": [
          "EVM",
          "SOL"
        ],
        "minAmountUsd": 50,
        "tokens": [
          {
            "chain": "EVM",
            "networkId": 1,
            "contractAddress": "0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48"
          },
          {
            "chain": "EVM",
            "networkId": 1,
            "contractAddress": "0xdAC17F958D2ee523a2206206994597C13D831ec7"
          },
          {
            "chain": "EVM",
            "networkId": 137,
            "contractAddress": "0x3c499c542cEF5E3811e1192ce70d8cC03d5c3359"
          },
          {
            "chain": "EVM",
            "networkId": 8453,
            "contractAddress": "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913"
          },
          {
            "chain": "SOL",
            "networkId": 101,
            "contractAddress": "EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v"
          }
        ],
        "exposureDepth": 4
      },
      "postScreen": [
        {
          "id": "block-severe-risk-score",
          "description": "Vendor risk score of 8 or more.",
          "when": {
            "riskScore": {
              "gte": 8
            }
          },
          "action": "BLOCK"
        },
        {
          "id": "block-illicit-cluster",
          "description": "Counterparty is itself an identified illicit entity. Zero tolerance.",
          "when": {
            "anyOf": [
              {
                "cluster": {
                  "category": "terrorist_financing"
                }
              },
              {
                "cluster": {
                  "category": "child_abuse_material"
                }
              },
              {
                "cluster": {
                  "category": "ransomware"
                }
              },
              {
                "cluster": {
                  "category": "darknet_market"
                }
              },
              {
                "cluster": {
                  "category": "illicit_actor_org"
                }
              }
            ]
          },
          "action": "BLOCK"
        },
        {
          "id": "block-direct-illicit-proceeds",
          "description": "Direct exposure to stolen funds, scams, fraud shops or ransomware above tolerance (AML manual 4.2).",
          "when": {
            "anyOf": [
              {
                "exposure": {
                  "category": "stolen_funds",
                  "direction": "direct",
                  "minPercent": 2
                }
              },
              {
                "exposure": {
                  "category": "scam",
                  "direction": "direct",
                  "minPercent": 5
                }
              },
              {
                "exposure": {
                  "category": "fraud_shop",
                  "direction": "direct",
                  "minPercent": 5
                }
              },
              {
                "exposure": {
                  "category": "ransomware",
                  "direction": "any",
                  "minPercent": 1
                }
              }
            ]
          },
          "action": "BLOCK"
        },
        {
          "id": "block-obfuscation-with-elevated-score",
          "description": "Mixer or privacy wallet involvement on a counterparty that already scores 6 or more.",
          "when": {
            "riskScore": {
              "gte": 6
            },
            "anyOf": [
              {
                "exposure": {
                  "category": "mixer",
                  "direction": "any",
                  "minPercent": 10
                }
              },
              {
                "cluster": {
                  "category": "privacy_wallet"
                }
              }
            ]
          },
          "action": "BLOCK"
        },
        {
          "id": "alert-obfuscation",
          "description": "Mixer or privacy wallet involvement at any score; reviewed by the L1 team within 24h.",
          "when": {
            "anyOf": [
              {
                "exposure": {
                  "category": "mixer",
                  "direction": "any",
                  "minPercent": 5
                }
              },
              {
                "exposure": {
                  "category": "privacy_wallet",
                  "direction": "indirect",
                  "minPercent": 10
                }
              }
            ]
          },
          "action": "ALERT"
        },
        {
          "id": "allow-low-risk-gambling",
          "description": "Payouts from licensed gambling operators with a low score (risk assessment RA-2026-04).",
          "when": {
            "cluster": {
              "category": "gambling"
            },
            "riskScore": {
              "lte": 2
            }
          },
          "action": "ALLOW"
        },
        {
          "id": "alert-elevated-residual-risk",
          "description": "Anything else the vendor scores 5 or more goes to review.",
          "when": {
            "riskScore": {
              "gte": 5
            }
          },
          "action": "ALERT"
        }
      ]
    },
    "updatedAt": "2026-10-05T13:17:51Z"
  },
  // live/vendorBAddressScreening/SIGN_IN: differs from the repository: alert-darknet-counterparty at minVolumeUsd 1000 (the file says 500)
  {
    "environment": "live",
    "providerType": "vendorBAddressScreening",
    "scope": "SIGN_IN",
    "revision": 6,
    "schemaVersion": 1,
    "enabled": true,
    "rules": {
      "preScreen": {
        "chains": [
          "EVM",
          "SOL",
          "BTC"
        ],
        "includeIndirect": true
      },
      "postScreen": [
        {
          "id": "block-high-risk-level",
          "description": "Vendor risk level high or severe. Accounts are not opened or resumed from such addresses.",
          "when": {
            "riskLevel": {
              "atLeast": "high"
            }
          },
          "action": "BLOCK"
        },
        {
          "id": "block-terrorism-financing-entity",
          "description": "Address belongs to a terrorism financing entity. Zero tolerance; escalated to the MLRO.",
          "when": {
            "entity": {
              "category": "terrorism_financing"
            }
          },
          "action": "BLOCK"
        },
        {
          "id": "block-csam-entity",
          "description": "Address belongs to a child sexual abuse material vendor. Zero tolerance; reported per the SAR procedure.",
          "when": {
            "entity": {
              "category": "csam"
            }
          },
          "action": "BLOCK"
        },
        {
          "id": "block-ransomware-owner",
          "description": "Address is owned by a ransomware operator.",
          "when": {
            "indicator": {
              "category": "ransomware",
              "riskType": "ownership",
              "minVolumeUsd": 0
            }
          },
          "action": "BLOCK"
        },
        {
          "id": "alert-darknet-counterparty",
          "description": "Direct dealings with a darknet market worth 500 USD or more.",
          "when": {
            "indicator": {
              "category": "darknet",
              "riskType": "counterparty",
              "minVolumeUsd": 1000
            }
          },
          "action": "ALERT"
        },
        {
          "id": "alert-mixing-service-counterparty",
          "description": "Direct dealings with a mixing service worth 500 USD or more.",
          "when": {
            "indicator": {
              "category": "mixing_service",
              "riskType": "counterparty",
              "minVolumeUsd": 500
            }
          },
          "action": "ALERT"
        },
        {
          "id": "allow-licensed-gambling-entity",
          "description": "Licensed gambling operators sign in to manage payouts (risk assessment RA-2026-04). Their own risk level is still checked by block-high-risk-level above.",
          "when": {
            "entity": {
              "category": "gambling"
            }
          },
          "action": "ALLOW"
        }
      ]
    },
    "updatedAt": "2026-09-21T08:31:12Z"
  },
];

export const SEED_ADDRESS_ENTRIES: readonly SeedAddressEntries[] = [
  // sandbox/vendorAWalletScreening: as in the repository
  {
    "environment": "sandbox",
    "providerType": "vendorAWalletScreening",
    "revision": 2,
    "updatedAt": "2026-09-14T09:15:02Z",
    "entries": [
      {
        "address": "0xC349F2E98461322cf5fab5aD704D6113a6e66249",
        "chain": "EVM",
        "action": "ALLOW",
        "scope": "ALL",
        "reason": "Company treasury cold wallet (sandbox copy), reviewed 2026-09 under COMP-1190"
      },
      {
        "address": "9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM",
        "chain": "SOL",
        "action": "ALLOW",
        "scope": "TRANSACTION",
        "reason": "QA wallet funding the automated transfer tests; vendor scores it as a fresh wallet",
        "expiresAt": "2027-03-31"
      },
      {
        "address": "0xae02201fb307A37F05a575711Ac441235A72Cd3D",
        "chain": "EVM",
        "action": "BLOCK",
        "scope": "ALL",
        "reason": "Wallet drainer behind the phishing campaign of incident INC-2291; not yet labelled by the vendor"
      }
    ]
  },
  // live/vendorAWalletScreening: differs from the repository: the BTC SIGN_IN block of 1BvBMSEY... is missing (the file adds it)
  {
    "environment": "live",
    "providerType": "vendorAWalletScreening",
    "revision": 5,
    "updatedAt": "2026-10-01T10:02:19Z",
    "entries": [
      {
        "address": "0x293cCC84a99fcbD790367AeDf45495e35A9833AB",
        "chain": "EVM",
        "action": "ALLOW",
        "scope": "ALL",
        "reason": "Company treasury cold wallet, reviewed by J. Okafor 2026-09 under COMP-1190"
      },
      {
        "address": "0xae02201fb307A37F05a575711Ac441235A72Cd3D",
        "chain": "EVM",
        "action": "BLOCK",
        "scope": "ALL",
        "reason": "Wallet drainer behind the phishing campaign of incident INC-2291; not yet labelled by the vendor"
      },
      {
        "address": "bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq",
        "chain": "BTC",
        "action": "ALLOW",
        "scope": "TRANSACTION",
        "reason": "Custody provider BTC settlement address, due diligence COMP-1144; renew with the contract",
        "expiresAt": "2027-12-31T23:59:59Z"
      }
    ]
  },
  // live/vendorBAddressScreening: as in the repository
  {
    "environment": "live",
    "providerType": "vendorBAddressScreening",
    "revision": 3,
    "updatedAt": "2026-10-03T16:44:08Z",
    "entries": [
      {
        "address": "0x150D480DBA5Fb064079c600B397f22a1445b4dF5",
        "chain": "EVM",
        "action": "ALLOW",
        "scope": "ALL",
        "reason": "Market maker settlement wallet, due diligence COMP-1207, reviewed by J. Okafor 2026-10"
      },
      {
        "address": "3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy",
        "chain": "BTC",
        "action": "ALLOW",
        "scope": "TRANSACTION",
        "reason": "Payment processor BTC payout address, contract review COMP-1215",
        "expiresAt": "2028-01-31"
      },
      {
        "address": "0xae02201fb307A37F05a575711Ac441235A72Cd3D",
        "chain": "EVM",
        "action": "BLOCK",
        "scope": "ALL",
        "reason": "Wallet drainer behind the phishing campaign of incident INC-2291; not yet labelled by the vendor"
      }
    ]
  },
];
