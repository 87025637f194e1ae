/**
 * The plain-subset reader (src/core/yaml-subset.ts) against yaml's composer,
 * side by side: whenever the subset reader answers, parseYaml must give what
 * the yaml path gives, the same problems (none), the same data (key order,
 * -0, `__proto__` as an own key), the same range for every path of the data,
 * as a key, as a value and by default, and for paths that go past it, and the
 * same comments as yaml's lexer finds.
 * On every YAML file of the repository, and on generated text full of the
 * traps: duplicate keys, YAML 1.1 literals, tags, anchors and aliases,
 * unquoted hex, numbers spelled every way, quotes and escapes, comments,
 * flow collections, lists at their key's indentation, and text mutated at
 * random into whatever it becomes.
 */
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { findComments, parseYaml, type ParseResult } from "../../src/core/document.js";
import type { DocPath } from "../../src/core/diagnostic.js";
import { readYamlSubset } from "../../src/core/yaml-subset.js";
import { PROJECT_ROOT } from "../helpers/project-root.js";

/** The data written out with everything deep equality may miss: key order, -0, prototypes. */
function exact(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return `[${value.map(exact).join(",")}]`;
  switch (typeof value) {
    case "string":
      return JSON.stringify(value);
    case "number":
      return Object.is(value, -0) ? "-0" : String(value);
    case "boolean":
      return String(value);
    case "object": {
      const proto = Object.getPrototypeOf(value) === Object.prototype ? "" : "!proto";
      return `{${Object.keys(value as object).map((key) => `${JSON.stringify(key)}:${exact((value as Record<string, unknown>)[key])}`).join(",")}}${proto}`;
    }
    default:
      return `<${typeof value}:${String(value)}>`;
  }
}

/** Every path of the data (bounded), each with a path past it into a map and into a list. */
function probePaths(data: unknown): DocPath[] {
  const paths: DocPath[] = [[], ["missing"], [0]];
  const stack: Array<{ value: unknown; path: DocPath }> = [{ value: data, path: [] }];
  while (stack.length > 0 && paths.length < 6000) {
    const { value, path } = stack.pop()!;
    paths.push(path, [...path, "missing"], [...path, 0]);
    if (Array.isArray(value)) {
      value.forEach((item, index) => stack.push({ value: item, path: [...path, index] }));
      paths.push([...path, 99], [...path, "0"]);
    } else if (value !== null && typeof value === "object") {
      for (const key of Object.keys(value)) stack.push({ value: (value as Record<string, unknown>)[key], path: [...path, key] });
    }
  }
  return paths;
}

function outcome(result: ParseResult) {
  return { problems: result.problems, text: result.text, document: result.document !== undefined, partial: result.partial !== undefined };
}

/**
 * Parses `text` both ways and asserts they agree; returns whether the subset
 * reader answered (so that a test can tell it was not silently skipped).
 */
function expectSameAsYaml(text: string): boolean {
  const viaYaml = parseYaml(text, { subset: false });
  const viaDefault = parseYaml(text);
  const answered = readYamlSubset(viaYaml.text) !== undefined;
  if (!answered) return false;
  expect(outcome(viaDefault), text).toEqual(outcome(viaYaml));
  expect(viaYaml.document, `the subset reader answered where yaml finds ${JSON.stringify(viaYaml.problems)}: ${JSON.stringify(text)}`).toBeDefined();
  const slow = viaYaml.document!;
  const fast = viaDefault.document!;
  expect(exact(fast.data), text).toBe(exact(slow.data));
  // The secret scan reads these instead of lexing the text again (lint.ts commentSpans).
  expect(fast.comments, text).toEqual(findComments(viaYaml.text));
  for (const path of probePaths(slow.data)) {
    for (const target of ["key", "value", undefined] as const) {
      expect(fast.locate(path, target), `${JSON.stringify(text)} at ${JSON.stringify(path)} (${target})`).toEqual(slow.locate(path, target));
    }
  }
  for (const offset of [0, Math.floor(text.length / 2), text.length]) expect(viaDefault.rangeOf(offset, offset + 1)).toEqual(viaYaml.rangeOf(offset, offset + 1));
  return true;
}

describe("the plain-subset reader reads as yaml does", () => {
  const files = execFileSync("git", ["ls-files", "*.yaml", "*.yml"], { cwd: PROJECT_ROOT, encoding: "utf8" }).split("\n").filter(Boolean);

  it("on every YAML file of the repository", () => {
    expect(files.length).toBeGreaterThan(200);
    let answered = 0;
    for (const file of files) if (expectSameAsYaml(readFileSync(join(PROJECT_ROOT, file), "utf8"))) answered++;
    // Not vacuous: most of the repository's YAML is in the subset.
    expect(answered).toBeGreaterThan(files.length / 2);
  }, 120_000);

  it("answers on every test file and policy of the sample repository (the runner's and the lint's common case)", () => {
    const sample = files.filter((file) => /^(?:tests|policies)\//.test(file));
    expect(sample.length).toBe(20);
    const outside = sample.filter((file) => !expectSameAsYaml(readFileSync(join(PROJECT_ROOT, file), "utf8")));
    expect(outside).toEqual([]);
  });

  it("on hand-picked traps, which it leaves to yaml or reads as yaml does", () => {
    const traps = [
      "a: yes\nb: no\nc: on\nd: off\ne: y\n",
      "a: 0x1F\n",
      "contractAddress: 0x52908400098527886E0F7030069857D2E4169EE7\n",
      "a: 0o17\nb: 017\nc: 08\nd: 1e3\ne: .5\nf: 5.\ng: .inf\nh: -.inf\ni: .NaN\n",
      "a: ~\nb: null\nc: Null\nd: NULL\ne: nULL\nf: true\ng: True\nh: tRue\ni: FALSE\n",
      "a: -0\nb: +1\nc: 1_000\nd: 12:30\ne: 2024-01-01\nf: 1.50\ng: 123456789012345678\nh: 0.1\n",
      "a: 1\na: 2\n",
      "a: 1\n'a': 2\n",
      "a: {b: 1, b: 2}\n",
      "a: !!str 1\n",
      "a: !custom x\n",
      "a: &x 1\nb: *x\n",
      "<<: {a: 1}\n",
      "__proto__: {polluted: true}\nconstructor: x\ntoString: y\n",
      "a: b: c\n",
      "a: x #comment\nb: x#not\n",
      "a:\n  - 1\n  - 2\nb:\n- 3\n- 4\n",
      "a:\n- k: v\n  j: w\n- [1, 2]\n- {x: y}\n",
      "- a:\n  - x\n- b\n",
      "a:\nb: 1\n",
      "a:",
      "a:   \nb: 1\n",
      "a: # nothing\nb: 1\n",
      'a: "x\\u00e9\\n\\t\\"\\\\\\/"\nb: \'it\'\'s\'\n',
      'a: "\\x41"\n',
      "a: café 日本\n",
      "a: [a, ]\nb: [a: b]\nc: {a}\nd: {a:1}\ne: {\"a\":1}\n",
      "a: { b: { c: [1, [2, {d: e}]] } }\n",
      "a: |\n  text\n",
      "a: >-\n  folded\n  text\n",
      "a: >-\n  folded\n  text",
      "a: >\n  folded\n\n  para\nb: 1\n",
      "a: |\n  x\n\n\nb: 1\n",
      "a: |\n  x\n  \nb: 1\n",
      "a: |-\n  x\n    more\n  y\nb: 1\n",
      "- >-\n  item text\n- |\n  # literal\n  a: b\n# after\n",
      "a:\n  b: >-\n    deep\n   less\n",
      "a: >-\n  x\n # between\nb: 1\n",
      "a: >2\n   x\n",
      "a: >+\n  x\n\n",
      "a: > # c\n  x\n",
      "a: plain\n  continued\n",
      "a: \"two\n  lines\"\n",
      "---\na: 1\n",
      "a: 1\n...\n",
      "a: 1\n---\nb: 2\n",
      "%YAML 1.2\n---\na: 1\n",
      "? complex\n: value\n",
      "a:\n\tb: 1\n",
      "a: 1\r\nb: 2\r\n",
      "  a: 1\n  b: 2\n",
      "a: 1\n b: 2\n",
      "a:\n  b: 1\n c: 2\n",
      "- 1\n- - 2\n",
      "-\n  a: 1\n",
      `${"k".repeat(1100)}: 1\n`,
      "a: @x\nb: `x\nc: %x\n",
      "a: x\u0085y\n",
      'a: "\\ud800"\n',
      "# only a comment\n",
      "",
      "a: 1 # c\n# c\n\nb:\n  # c\n  c: 2\n",
      "x: \u00a0a\n",
      "true: 1\n",
      "null: 1\n",
      "Null: 1\nb: 2\n",
      "1: 1\n",
      "'1': 1\n",
      "a: 'x' y\n",
      "a: 'x'#y\n",
      "a: [x]#y\n",
      "a: [x] y\n",
      "a: -5\nb: -5.5\nc: -x\nd: -\n",
    ];
    for (const text of traps) expectSameAsYaml(text);
  });

  it("on generated YAML with the traps, block and flow, clean and mutated", () => {
    const trapScalars = [
      "yes", "no", "on", "off", "y", "Yes", "NO", "0x1F", "0o17", "017", "1e3", ".5", "5.", ".inf", "-.inf", ".NaN", "~", "null", "Null", "nULL", "true", "True", "tRue", "FALSE",
      "-0", "+1", "1_000", "12:30", "2024-01-01", "0x52908400098527886E0F7030069857D2E4169EE7", "1.0", "1.50", "123456789012345678", "9007199254740993", "3.14159265358979323846",
      "!!str 1", "!!int 1", "!!float 25", "!custom x", "&a x", "*a", "<<", "a: b", "a #b", "a#b", "#x", "- x", "? x", "|", ">-", "'q'", '"dq"', '"e \\u00e9 \\n \\x41 \\/"', "'it''s'",
      "café", "日本", "😀", "\u00a0x", "x\u0085y", "[a, b]", "{a: 1}", "{ a: 1, a: 2 }", "[a, ]", "[a: b]", "{a}", "{a:1}", "@x", "`x", "%x", "a,b", "a:b", "x  y", "",
      "0", "7", "-3", "2.5", "-0.25", "plain", "two words", "http://x.test/a?b=c", "a(b)", "$v", "=", "x=y", "it's", 'say "hi"', "a;b", "a&b", "a*b", "a!b",
    ];
    // Most values in real files: read by the subset reader, so that the clean texts exercise it, not only its giving up.
    const safeScalars = ["ALLOW", "BLOCK", "x", "a, b", "9", "0", "-1", "0.5", "true", "false", "null", '"0x52908400098527886E0F7030069857D2E4169EE7"', "'q'", '"a: b # c"', "a sentence, with commas", "it's (here)"];
    const keys = ["a", "b", "id", "name", "__proto__", "constructor", "true", "null", "1", "0x1", "a b", '"q k"', "'s'", "a.b", "a-b", "$x", "x:y", "<<", "? x", "-k", "_", '"a"', "'a'"];
    const plainKeys = ["a", "b", "id", "name", "__proto__", "constructor", "a.b", "a-b", "$x", "_", '"q k"', "'s'"];
    type Model = { kind: "scalar"; text: string } | { kind: "block"; header: string; body: Array<{ text: string; extraIndent: number; blankBefore: string | undefined }> } | { kind: "map"; entries: Array<[string, Model]>; flow: boolean; step: number } | { kind: "seq"; items: Model[]; flow: boolean; step: number; sameIndent: boolean };
    /** Map entries; `distinct`: no key twice (else duplicate keys, which the subset reader leaves to yaml, are most maps). */
    const entriesOf = (value: fc.Arbitrary<Model>, keyNames: string[], distinct: boolean): fc.Arbitrary<Array<[string, Model]>> => {
      const pair = fc.tuple(fc.constantFrom(...keyNames), value);
      return distinct ? fc.uniqueArray(pair, { minLength: 1, maxLength: 4, selector: ([key]) => key.replace(/^["']|["']$/g, "") }) : fc.array(pair, { minLength: 1, maxLength: 4 });
    };
    const pools = fc.oneof(
      fc.constant({ scalars: [...safeScalars, ...trapScalars], keyNames: keys, distinct: false }),
      fc.constant({ scalars: safeScalars, keyNames: plainKeys, distinct: true }),
    );
    // Folded and literal block scalars: mostly the plain shape real files have, sometimes a trap (indicators, keep, more-indented or blank lines, trailing spaces).
    const blockLine = fc.record({
      text: fc.oneof(fc.constantFrom("one two", "three, four", "Zero tolerance under the AML programme."), fc.constantFrom("# not a comment", "a: b", "- item", "trailing ", "x\u0085y", '"quoted"', "{ flow }", "")),
      extraIndent: fc.oneof(fc.constant(0), fc.constant(0), fc.integer({ min: 1, max: 2 })),
      blankBefore: fc.oneof(fc.constant(undefined), fc.constant(undefined), fc.constant(undefined), fc.constantFrom("", "  ")),
    });
    const blockScalar = fc.record({
      kind: fc.constant("block" as const),
      header: fc.oneof(fc.constantFrom(">-", ">", "|", "|-"), fc.constantFrom(">+", "|2", "> # c", ">- ", "|-1")),
      body: fc.array(blockLine, { minLength: 1, maxLength: 4 }),
    });
    const comments = fc.constantFrom("", "", "", " # note", "  #x", "#tight");

    /** `model` as the value after `key:` (or a list dash), at `indent`: inline text, or lines below. */
    const render = (node: Model, indent: number, comment: string, underKey: boolean): { inline?: string; tail?: string[]; lines?: string[] } => {
      if (node.kind === "scalar") return { inline: node.text };
      if (node.kind === "block") {
        const tail = node.body.flatMap((line) => [...(line.blankBefore === undefined ? [] : [line.blankBefore]), `${" ".repeat(indent + line.extraIndent)}${line.text}`]);
        return { inline: node.header, tail };
      }
      if (node.flow) return { inline: flowOf(node) };
      const pad = " ".repeat(indent);
      const lines: string[] = [];
      if (node.kind === "map") {
        for (const [key, value] of node.entries) {
          const inner = render(value, indent + node.step, comment, true);
          if (inner.inline !== undefined) lines.push(`${pad}${key}: ${inner.inline}${inner.tail ? "" : comment}`, ...(inner.tail ?? []));
          else lines.push(`${pad}${key}:${comment}`, ...inner.lines!);
        }
      } else {
        const itemIndent = underKey && node.sameIndent ? Math.max(0, indent - node.step) : indent;
        const itemPad = " ".repeat(itemIndent);
        for (const item of node.items) {
          const inner = render(item, itemIndent + 2, comment, false);
          if (inner.inline !== undefined) lines.push(`${itemPad}- ${inner.inline}${inner.tail ? "" : comment}`, ...(inner.tail ?? []));
          else {
            // A map item starts on the dash's line (compact), a list item below it.
            const [first, ...rest] = inner.lines!;
            if (item.kind === "map") lines.push(`${itemPad}- ${first!.trimStart()}`, ...rest);
            else lines.push(`${itemPad}-`, ...inner.lines!);
          }
        }
      }
      return { lines };
    };
    const flowOf = (node: Model): string => {
      if (node.kind === "scalar") return node.text;
      if (node.kind === "block") return "x";
      if (node.kind === "map") return `{ ${node.entries.map(([key, value]) => `${key}: ${flowOf(value)}`).join(", ")} }`;
      return `[${node.items.map(flowOf).join(", ")}]`;
    };
    const document = pools.chain(({ scalars, keyNames, distinct }) => {
      const { model } = fc.letrec<{ model: Model }>((tie) => ({
        model: fc.oneof(
          { depthSize: "small", withCrossShrink: true },
          fc.constantFrom(...scalars).map((text): Model => ({ kind: "scalar", text })),
          blockScalar,
          fc.record({ kind: fc.constant("map" as const), entries: entriesOf(tie("model"), keyNames, distinct), flow: fc.boolean(), step: fc.integer({ min: 1, max: 4 }) }),
          fc.record({ kind: fc.constant("seq" as const), items: fc.array(tie("model"), { minLength: 1, maxLength: 4 }), flow: fc.boolean(), step: fc.integer({ min: 1, max: 4 }), sameIndent: fc.boolean() }),
        ),
      }));
      return fc.tuple(entriesOf(model, keyNames, distinct), fc.integer({ min: 1, max: 4 }), comments, fc.boolean()).map(([entries, step, comment, blankLines]) => {
        const lines = render({ kind: "map", entries, flow: false, step }, 0, comment, false).lines!;
        return `${lines.join(blankLines ? "\n\n" : "\n")}\n`;
      });
    });
    const trapCharacters = fc.constantFrom(":", "#", "-", " ", "  ", "\t", '"', "'", "{", "}", "[", "]", ",", "\n", "\n  ", "&", "*", "!", "|", ">", "%", "@", "`", "?", "\\", "é", "\u2028", "0x", "~", "\r");
    const mutation = fc.array(fc.tuple(fc.double({ min: 0, max: 1, noNaN: true }), fc.integer({ min: 0, max: 2 }), trapCharacters), { maxLength: 3 });
    const mutate = (text: string, edits: Array<[number, number, string]>): string => {
      let out = text;
      for (const [where, remove, insert] of edits) {
        const at = Math.floor(where * out.length);
        out = out.slice(0, at) + insert + out.slice(at + remove);
      }
      return out;
    };

    let clean = 0;
    let cleanAnswered = 0;
    let mutatedAnswered = 0;
    fc.assert(
      fc.property(document, mutation, (text, edits) => {
        clean++;
        if (expectSameAsYaml(text)) cleanAnswered++;
        if (edits.length > 0 && expectSameAsYaml(mutate(text, edits))) mutatedAnswered++;
      }),
      { numRuns: 1000, seed: 26 },
    );
    // The generator reaches both sides of every decision: texts the subset reader takes, mutated ones too, and ones it leaves.
    expect(cleanAnswered).toBeGreaterThan(clean / 10);
    expect(cleanAnswered).toBeLessThan(clean);
    expect(mutatedAnswered).toBeGreaterThan(0);
  }, 120_000);
});
