import { readFileSync } from "node:fs";
import { join } from "node:path";
import { parse } from "yaml";
import { describe, expect, it } from "vitest";
import { decide, readScreening, type PolicyDocument, type Screening } from "../../../src/core/semantics/index.js";
import type { Scope, Vendor } from "../../../src/core/vendors.js";
import { subjectLintErrors } from "../../helpers/lint-subject.js";

interface BoundsTable {
  name: string;
  vendor: Vendor;
  scope?: Scope;
  schemaVersion?: 1 | 2;
  when?: PolicyDocument["rules"]["postScreen"][number]["when"];
  preScreen?: PolicyDocument["rules"]["preScreen"];
  rows: Array<{ signals?: Screening["signals"]; screening?: Partial<Screening>; expect: { action: string; by: string } }>;
}

const { tables } = parse(readFileSync(join(import.meta.dirname, "../../fixtures/semantics/condition-bounds.yaml"), "utf8")) as { tables: BoundsTable[] };
const NOW = Date.parse("2026-11-23T12:00:00Z");

function policyOf(table: BoundsTable): PolicyDocument {
  // A gate's table puts a catch-all BLOCK behind it, so passing the gate shows as `screened`.
  const rule = table.when ? { id: "bound-under-test", when: table.when, action: "BLOCK" as const } : { id: "screened", when: {}, action: "BLOCK" as const };
  return {
    providerType: table.vendor,
    scope: table.scope ?? "SIGN_IN",
    schemaVersion: table.schemaVersion ?? 1,
    enabled: true,
    rules: { preScreen: table.preScreen ?? {}, postScreen: [rule] },
  };
}

function screeningOf(table: BoundsTable, row: BoundsTable["rows"][number]): Screening {
  const base: Screening = { chain: "EVM", address: "0x52908400098527886E0F7030069857D2E4169EE7", ...(table.scope === "TRANSACTION" ? { transfer: { amountUsd: 1000 } } : {}) };
  return { ...base, ...row.screening, ...(row.signals ? { signals: row.signals } : {}) };
}

describe.each(tables)("bounds: $name", (table) => {
  const policy = policyOf(table);
  const subject = { providerType: table.vendor, scope: policy.scope, policy };

  it("is a valid policy", () => {
    expect(subjectLintErrors(subject, new Date(NOW))).toEqual([]);
  });

  it.each(table.rows.map((row, index) => ({ ...row, index, shown: JSON.stringify(row.screening ?? row.signals) })))("row $index: $shown -> $expect.action by $expect.by", (row) => {
    const screening = screeningOf(table, row);
    const reading = readScreening(screening, table.vendor, policy.scope);
    expect(reading.ok ? [] : reading.findings).toEqual([]);
    expect(decide(subject, screening, { now: NOW })).toEqual(row.expect);
  });
});
