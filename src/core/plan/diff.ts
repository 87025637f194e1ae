/**
 * Live content against planned content: as text, the unified diff of the
 * canonical YAML a reviewer reads; as data, the equality push checks after a
 * conflict or a replay.
 */
import { createTwoFilesPatch } from "diff";
import { canonicalEntryList, canonicalJson, policyContent, renderAddressEntriesYaml, renderPolicyYaml, type PolicyContent } from "../canonical.js";
import type { Scope, Vendor } from "../vendors.js";
import type { AddressEntriesBody, LivePolicy, PolicyBody } from "./model.js";

/** A unified diff of two canonical YAML texts, without the `Index:` preamble. */
export function unifiedDiff(path: string, before: string, after: string, beforeLabel: string, afterLabel: string): string {
  const patch = createTwoFilesPatch(path, path, before, after, beforeLabel, afterLabel, { context: 3 });
  return patch.replace(/^Index: [^\n]*\n={3,}\n/, "");
}

/** Whether a live policy's content equals a body's (what push checks after a conflict or a replay). */
export function policyMatchesBody(live: LivePolicy, body: PolicyBody): boolean {
  return canonicalJson(policyContent(live)) === canonicalJson(policyContent(body));
}

/** Whether live entries equal a body's (after a conflict or a replay). */
export function entriesMatchBody(live: readonly unknown[], body: AddressEntriesBody): boolean {
  return canonicalJson(canonicalEntryList(live)) === canonicalJson(canonicalEntryList(body.entries));
}

/** The canonical YAML of a policy's content, for the diff of what changed live since a plan. */
export function renderPolicyContent(providerType: Vendor, scope: Scope, content: PolicyContent | LivePolicy | null): string {
  if (!content) return "";
  return renderPolicyYaml({ providerType, scope, schemaVersion: content.schemaVersion, enabled: content.enabled, rules: content.rules });
}

/** The canonical YAML of address entries, for the same. */
export function renderEntriesContent(providerType: Vendor, entries: readonly unknown[] | null): string {
  if (!entries) return "";
  return renderAddressEntriesYaml({ providerType, entries: [...entries] });
}
