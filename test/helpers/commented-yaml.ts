/**
 * fast-check arbitraries of the files `fmt` rewrites (policies of both vendors,
 * address entries, policy tests, webhooks), each written as YAML in a layout of
 * its own with a unique comment in every position a person puts one: above a
 * key or list item (at its indentation or another), at the end of a line (a
 * list item's dash alone on its line too), before and after blank lines, at the
 * end of the document.
 */
import fc from "fast-check";
import { isPair, isScalar, visit, type Document, type YAMLMap, type YAMLSeq } from "yaml";
import { canonicalDocument } from "../../src/core/canonical.js";
import type { FormattableKind } from "../../src/core/fmt/format-file.js";
import { anyAddressEntries, anyPolicy, anyValue, oddText } from "./policy-arbitraries.js";

export interface CommentedFile {
  kind: FormattableKind;
  text: string;
}

/** Words the files are made of, so that most generated files look like real ones; oddText for the rest. */
const word = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom("EVM", "SOL", "BTC", "BLOCK", "ALERT", "ALLOW", "ALL", "SIGN_IN", "TRANSACTION", "mixer", "gambling", "any", "direct") },
  { weight: 1, arbitrary: oddText },
);
const small = anyValue({ listsInLists: false });

const vendorA = fc.record(
  {
    providerType: fc.constant("vendorAWalletScreening"),
    scope: fc.constantFrom("SIGN_IN", "TRANSACTION"),
    schemaVersion: fc.constantFrom(1, 2),
    enabled: fc.boolean(),
    rules: fc.record(
      {
        preScreen: fc.record({ chains: fc.array(word, { maxLength: 3 }), exposureDepth: fc.integer({ min: 0, max: 3 }) }, { requiredKeys: [] }),
        postScreen: fc.array(
          fc.record(
            {
              id: word,
              description: word,
              when: fc.record({ riskScore: fc.record({ gte: fc.integer({ min: 0, max: 10 }) }), exposure: fc.record({ category: word, direction: word, minPercent: fc.integer({ min: 0, max: 100 }) }, { requiredKeys: [] }) }, { requiredKeys: [] }),
              action: word,
            },
            { requiredKeys: ["id"] },
          ),
          { maxLength: 3 },
        ),
      },
      { requiredKeys: [] },
    ),
  },
  { requiredKeys: ["providerType"] },
);

const vendorB = fc.record(
  {
    providerType: fc.constant("vendorBAddressScreening"),
    scope: fc.constantFrom("SIGN_IN", "TRANSACTION"),
    schemaVersion: fc.constant(1),
    enabled: fc.boolean(),
    rules: fc.record(
      {
        preScreen: fc.record({ chains: fc.array(word, { maxLength: 3 }), includeIndirect: fc.boolean(), minAmountUsd: fc.integer({ min: 0, max: 1000 }) }, { requiredKeys: [] }),
        postScreen: fc.array(
          fc.record(
            { id: word, when: fc.record({ riskLevel: fc.record({ atLeast: word }), indicator: fc.record({ category: word, riskType: word }, { requiredKeys: [] }) }, { requiredKeys: [] }), action: word },
            { requiredKeys: [] },
          ),
          { maxLength: 3 },
        ),
      },
      { requiredKeys: [] },
    ),
  },
  { requiredKeys: ["providerType"] },
);

const policyTest = fc.record(
  {
    environment: fc.constantFrom("sandbox", "live"),
    providerType: fc.constantFrom("vendorAWalletScreening", "vendorBAddressScreening"),
    scope: fc.constantFrom("SIGN_IN", "TRANSACTION"),
    cases: fc.array(
      fc.record(
        {
          name: word,
          screening: fc.record({ chain: word, address: word, sanctioned: fc.boolean(), signals: fc.dictionary(fc.constantFrom("riskScore", "exposure", "cluster"), small, { maxKeys: 2 }) }, { requiredKeys: [] }),
          expect: fc.record({ action: word, by: word }, { requiredKeys: [] }),
        },
        { requiredKeys: [] },
      ),
      { maxLength: 3 },
    ),
  },
  { requiredKeys: [] },
);

const webhooks = fc.record({
  webhooks: fc.array(
    fc.record({ webhookId: word, url: word, events: fc.array(word, { maxLength: 3 }), isEnabled: fc.boolean(), extra: small }, { requiredKeys: [] }),
    { maxLength: 3 },
  ),
});

/** The data of each kind: mostly realistic files, some of anything. */
export const anyFormattableData: fc.Arbitrary<{ kind: FormattableKind; data: Record<string, unknown> }> = fc.oneof(
  fc.oneof(vendorA, vendorB, anyPolicy({ listsInLists: false })).map((data) => ({ kind: "policy" as const, data })),
  anyAddressEntries({ listsInLists: false }).map((data) => ({ kind: "addresses" as const, data })),
  policyTest.map((data) => ({ kind: "policy-test" as const, data })),
  webhooks.map((data) => ({ kind: "webhooks" as const, data })),
);

/** What goes around one line of the file. */
interface LineDecoration {
  /** Blank lines, then comment lines (at an indentation chosen by `indent`), then blank lines, all above the line. */
  blankBefore: boolean;
  above: number;
  indent: "same" | "less" | "more" | "zero";
  blankAfter: boolean;
  trailing: boolean;
}

const decoration: fc.Arbitrary<LineDecoration> = fc.record({
  blankBefore: fc.boolean(),
  above: fc.nat({ max: 2 }),
  indent: fc.constantFrom("same", "less", "more", "zero"),
  blankAfter: fc.boolean(),
  trailing: fc.boolean(),
});

/** The layout of the file: keys shuffled, collections in flow or block style, two ways of indenting lists. */
interface Layout {
  seed: number;
  indentSeq: boolean;
  padding: boolean;
}

const layout: fc.Arbitrary<Layout> = fc.record({ seed: fc.nat(), indentSeq: fc.boolean(), padding: fc.boolean() });

/** A file of `kind` with comments everywhere; a deterministic function of what fast-check draws. */
export const anyCommentedFile: fc.Arbitrary<CommentedFile> = fc
  .tuple(anyFormattableData, layout, fc.array(decoration, { minLength: 1, maxLength: 80 }), fc.array(decoration, { maxLength: 2 }))
  .map(([{ kind, data }, shape, decorations, atEnd]) => ({ kind, text: commented(render(data, shape), decorations, atEnd) }));

/** `text` with a unique comment in every position, as {@link anyCommentedFile} writes them (a pulled file, say). */
export function anyCommentsOn(text: string): fc.Arbitrary<string> {
  return fc.tuple(fc.array(decoration, { minLength: 1, maxLength: 80 }), fc.array(decoration, { maxLength: 2 })).map(([decorations, atEnd]) => commented(text, decorations, atEnd));
}

/** YAML of `data` in the given layout, one scalar per line (no folding, no block scalars), so that any line can take a comment. */
function render(data: Record<string, unknown>, shape: Layout): string {
  const document: Document = canonicalDocument(data);
  let state = shape.seed >>> 0 || 1;
  const random = (): number => {
    // xorshift32: the layout is a function of the drawn seed, so a counterexample replays.
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) / 2 ** 32;
  };
  visit(document, {
    Map(_key, map) {
      for (let index = map.items.length - 1; index > 0; index--) {
        const other = Math.floor(random() * (index + 1));
        [map.items[index], map.items[other]] = [map.items[other]!, map.items[index]!];
      }
      flipFlow(map, random);
    },
    Seq(_key, list) {
      flipFlow(list, random);
    },
  });
  const text = document.toString({ indent: 2, indentSeq: shape.indentSeq, lineWidth: 0, flowCollectionPadding: shape.padding, directives: false });
  // Some list items with the dash alone on its line and the item below it, as some people write them.
  return text.replace(/^( *)- (?=\S)/gm, (item, indent: string) => (random() < 0.2 ? `${indent}-\n${indent}  ` : item));
}

/** A collection of scalars only may be written either way (in flow, on one line); anything else stays block. */
function flipFlow(node: YAMLMap | YAMLSeq, random: () => number): void {
  if (node.items.length === 0) return;
  const scalarsOnly = node.items.every((item) => (isPair(item) ? isScalar(item.value) || item.value === null : isScalar(item)));
  if (!scalarsOnly) node.flow = false;
  else if (random() < 0.5) node.flow = !node.flow;
}

/** The text with each line decorated (decorations reused in turn) and the comments of `atEnd` after the last line. */
function commented(text: string, decorations: readonly LineDecoration[], atEnd: readonly LineDecoration[]): string {
  let counter = 0;
  const comment = (): string => `# c${++counter}`;
  const lines = text.replace(/\n$/, "").split("\n");
  const out: string[] = [];
  lines.forEach((line, index) => {
    const d = decorations[index % decorations.length]!;
    const indent = /^ */.exec(line)![0].length;
    // yaml misreads an item below its dash after a blank line and a comment at column 0 (`-`, ``, `# c`, `  x`): a file it refuses.
    const zero = index > 0 && /^ *-$/.test(lines[index - 1]!) ? indent : 0;
    const at = { same: indent, less: Math.max(0, indent - 2), more: indent + 2, zero }[d.indent];
    if (d.blankBefore) out.push("");
    for (let n = 0; n < d.above; n++) out.push(`${" ".repeat(at)}${comment()}`);
    if (d.blankAfter) out.push("");
    out.push(d.trailing ? `${line} ${comment()}` : line);
  });
  for (const d of atEnd) {
    if (d.blankBefore) out.push("");
    for (let n = 0; n < Math.max(1, d.above); n++) out.push(`${" ".repeat(d.indent === "zero" ? 0 : 2)}${comment()}`);
    if (d.blankAfter) out.push("");
  }
  return `${out.join("\n")}\n`;
}
