/**
 * The policy test file `compare --write-tests` writes for one weakened policy
 * (semantics.md sections 3 and 5): one case per weakening transition, its
 * example screening with head's action as the expectation. Run by `screenpol
 * test`, every case passes on head and fails when a change brings base's
 * stricter decision back, so an accepted weakening stays a reviewed one.
 */
import { stringify } from "yaml";
import { describeTransition } from "../semantics/weakening/describe.js";
import type { Transition } from "../semantics/weakening/model.js";
import { isWeakening } from "../semantics/weakening/verdict.js";
import type { ComparedPolicyView, CompareHeading } from "./compare.js";

/** `<env>/<vendor>/<scope>.weakening.test.yaml`: beside the hand-written `<scope>.test.yaml`, never its name. */
export function weakeningTestPath(policy: Pick<ComparedPolicyView, "environment" | "providerType" | "scope">): string {
  return `${policy.environment}/${policy.providerType}/${policy.scope}.weakening.test.yaml`;
}

/**
 * The file's text: the yaml-language-server modeline (`schema`: the test
 * file schema, relative to the file), a comment saying where it came from,
 * then the header and the cases. Only `action` is expected: the test pins how
 * strict head is, not which rule says so, so renaming a rule keeps it green.
 */
export function formatWeakeningTests(policy: ComparedPolicyView, heading: CompareHeading, schema: string): string {
  const cases = policy.transitions.filter(isWeakening).map((transition: Transition) => {
    const { scope: _scope, ...screening } = transition.example;
    return { name: describeTransition(transition), screening, expect: { action: transition.to.action } };
  });
  const comment = [
    `# yaml-language-server: $schema=${schema}`,
    "#",
    `# Written by \`screenpol compare --write-tests\` (base ${oneLine(heading.base)}, head ${oneLine(heading.head)}):`,
    "# each case is one screening head decides less strictly than base did, and pins",
    "# head's action. It fails if a later change brings base's decision back.",
  ];
  const body = stringify({ environment: policy.environment, providerType: policy.providerType, scope: policy.scope, cases }, { lineWidth: 0 });
  return `${comment.join("\n")}\n${body}`;
}

/** A ref as a comment can hold it. */
function oneLine(text: string): string {
  return text.replace(/[\r\n]+/g, " ");
}
