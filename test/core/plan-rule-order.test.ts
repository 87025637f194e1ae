/**
 * Which rules "moved" (summary.rulesReordered) comes from `diff`'s diffArrays.
 * It replaced a hand-written LCS; the old one is kept here as the oracle, and
 * the two must name the same rules for every pair of rule lists, ties
 * included (of two rules swapped, the one named as moved must not change from
 * one release to the next).
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { summarisePolicyChange } from "../../src/core/plan/index.js";

/** The LCS core/plan.ts used before diffArrays, verbatim: ties drop from `a` first. */
function longestCommonSubsequence(a: readonly string[], b: readonly string[]): string[] {
  const table: number[][] = Array.from({ length: a.length + 1 }, () => new Array<number>(b.length + 1).fill(0));
  for (let i = a.length - 1; i >= 0; i--) {
    for (let j = b.length - 1; j >= 0; j--) {
      table[i]![j] = a[i] === b[j] ? table[i + 1]![j + 1]! + 1 : Math.max(table[i + 1]![j]!, table[i]![j + 1]!);
    }
  }
  const out: string[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    if (a[i] === b[j]) {
      out.push(a[i]!);
      i++;
      j++;
    } else if (table[i + 1]![j]! >= table[i]![j + 1]!) i++;
    else j++;
  }
  return out;
}

/** The rule keys as the summary names them: the id, `#n` for a rule without one, `id#n` for a repeated id. */
function ruleKeys(rules: ReadonlyArray<{ id?: unknown }>): string[] {
  const keys = new Set<string>();
  rules.forEach((rule, index) => {
    const id = typeof rule.id === "string" ? rule.id : `#${index + 1}`;
    keys.add(keys.has(id) ? `${id}#${index + 1}` : id);
  });
  return [...keys];
}

/** rulesReordered as the old code computed it. */
function movedByOldLcs(before: ReadonlyArray<{ id?: unknown }>, after: ReadonlyArray<{ id?: unknown }>): string[] {
  const beforeKeys = ruleKeys(before);
  const afterKeys = ruleKeys(after);
  const common = afterKeys.filter((id) => beforeKeys.includes(id));
  const kept = new Set(longestCommonSubsequence(beforeKeys.filter((id) => afterKeys.includes(id)), common));
  return common.filter((id) => !kept.has(id));
}

const content = (postScreen: unknown[]) => ({ schemaVersion: 2, enabled: true, rules: { postScreen } });

describe("rules moved: diffArrays names the same rules as the old LCS", () => {
  it("on swaps, the tie case: the earlier rule of the two is the one named", () => {
    expect(summarisePolicyChange(content([{ id: "a" }, { id: "b" }]), content([{ id: "b" }, { id: "a" }])).rulesReordered).toEqual(["a"]);
    expect(summarisePolicyChange(content([{ id: "a" }, { id: "b" }, { id: "c" }]), content([{ id: "c" }, { id: "a" }, { id: "b" }])).rulesReordered).toEqual(["c"]);
  });

  it("a permutation of distinct ids (what a reorder is), up to 40 rules", () => {
    const ids = fc.uniqueArray(fc.integer({ min: 0, max: 80 }).map((n) => `rule-${n}`), { maxLength: 40 });
    const permutation = ids.chain((list) => fc.tuple(fc.constant(list), fc.shuffledSubarray(list, { minLength: list.length, maxLength: list.length })));
    fc.assert(
      fc.property(permutation, ([before, after]) => {
        const b = before.map((id) => ({ id }));
        const a = after.map((id) => ({ id }));
        expect(summarisePolicyChange(content(b), content(a)).rulesReordered).toEqual(movedByOldLcs(b, a));
      }),
      { numRuns: 1000 },
    );
  });

  it("any two rule lists: added and removed rules, repeated ids, rules without an id", () => {
    const rule = fc.record({ id: fc.oneof(fc.constantFrom("a", "b", "c", "d", "e", "f"), fc.constant(undefined), fc.integer()) }, { requiredKeys: [] });
    fc.assert(
      fc.property(fc.array(rule, { maxLength: 12 }), fc.array(rule, { maxLength: 12 }), (before, after) => {
        expect(summarisePolicyChange(content(before), content(after)).rulesReordered).toEqual(movedByOldLcs(before, after));
      }),
      { numRuns: 2000 },
    );
  });
});
