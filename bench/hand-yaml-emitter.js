/**
 * The hand-written YAML emitter src/core/canonical.ts used until the canonical
 * form went through the `yaml` Document API (docs/decisions.md, "Plan and
 * canonical form: libraries where they do the job"), frozen here as it was at
 * d411773, types stripped. Two uses: the baseline bench/canonical-render.js
 * measures the library against, and the second engine
 * test/core/canonical-engines.test.ts holds the library's output to, byte for
 * byte. Not used by screenpol itself; do not fix or extend it: it is the
 * reference the bytes were defined by.
 *
 * renderYamlByHand(canonicalData, {schema?, header?}) -> YAML text.
 */
const CONDITION_MEMBER_KEYS = { riskScore: 1, exposure: 1, cluster: 1, riskLevel: 1, indicator: 1, entity: 1 };
const isRecord = (value) => typeof value === "object" && value !== null && !Array.isArray(value);
const FLOW_LIST_KEYS = new Set(["chains"]);
const SPACED_LIST_KEYS = new Set(["postScreen", "entries"]);
const AMBIGUOUS_STRING = /^(?:[-+.]?\d.*|\.(?:inf|Inf|INF|nan|NaN|NAN)|[yYnN]|yes|Yes|YES|no|No|NO|true|True|TRUE|false|False|FALSE|on|On|ON|off|Off|OFF|null|Null|NULL|~|=|<<)$/s;
const ALWAYS_QUOTED_KEYS = new Set(["address", "contractAddress", "reason", "expiresAt"]);
export function renderYamlByHand(value, options) {
  const out = [];
  const lines = [];
  if (options.schema !== undefined) lines.push(`# yaml-language-server: $schema=${options.schema}`);
  if (options.header && options.header.length > 0) {
    if (lines.length > 0) lines.push("#");
    for (const line of options.header) lines.push(line === "" ? "#" : `# ${line}`);
  }
  emitMapBody(value, "", out);
  const body = out.length > 0 ? `${out.join("\n")}\n` : "{}\n";
  return lines.length > 0 ? `${lines.join("\n")}\n${body}` : body;
}
function emitMapBody(map, indent, out, firstPrefix) {
  let first = true;
  for (const key of Object.keys(map)) {
    const prefix = first && firstPrefix !== undefined ? firstPrefix : indent;
    first = false;
    emitEntry(key, map[key], prefix, indent, out);
  }
}
function emitEntry(key, value, prefix, indent, out) {
  const head = `${prefix}${yamlKey(key)}:`;
  if (Array.isArray(value)) {
    if (value.length === 0) out.push(`${head} []`);
    else if (FLOW_LIST_KEYS.has(key) && value.every(isScalarValue)) out.push(`${head} [${value.map((item) => yamlScalar(item, key, true)).join(", ")}]`);
    else {
      out.push(head);
      emitList(value, `${indent}  `, out, SPACED_LIST_KEYS.has(key), key);
    }
  } else if (isRecord(value)) {
    const keys = Object.keys(value);
    if (keys.length === 0) out.push(`${head} {}`);
    else if (Object.hasOwn(CONDITION_MEMBER_KEYS, key) && keys.every((member) => isScalarValue(value[member]))) {
      out.push(`${head} { ${keys.map((member) => `${yamlKey(member, true)}: ${yamlScalar(value[member], member, true)}`).join(", ")} }`);
    } else {
      out.push(head);
      emitMapBody(value, `${indent}  `, out);
    }
  } else {
    out.push(`${head} ${yamlScalar(value, key, false)}`);
  }
}
function emitList(list, indent, out, spaced, key) {
  list.forEach((item, index) => {
    if (spaced && index > 0) out.push("");
    if (isRecord(item) && Object.keys(item).length > 0) {
      emitMapBody(item, `${indent}  `, out, `${indent}- `);
    } else if (Array.isArray(item) && item.length > 0) {
      out.push(`${indent}-`);
      emitList(item, `${indent}  `, out, false, key);
    } else if (isRecord(item)) {
      out.push(`${indent}- {}`);
    } else if (Array.isArray(item)) {
      out.push(`${indent}- []`);
    } else {
      out.push(`${indent}- ${yamlScalar(item, key, false)}`);
    }
  });
}
function isScalarValue(value) {
  return value === null || typeof value !== "object" && typeof value !== "function";
}
const PLAIN_BLOCK = /^[^\s\-?:,[\]{}#&*!|>'"%@`][^\n\r\t]*$/;
const UNPRINTABLE = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\ufeff\ud800-\udfff]/;
function yamlKey(key, flow = false) {
  return isPlainSafe(key, flow) ? key : quoted(key);
}
function yamlScalar(value, key, flow) {
  if (value === null || value === undefined) return "null";
  if (typeof value === "boolean") return value ? "true" : "false";
  if (typeof value === "number") {
    if (Number.isNaN(value)) return ".nan";
    if (!Number.isFinite(value)) return value > 0 ? ".inf" : "-.inf";
    return String(Object.is(value, -0) ? 0 : value);
  }
  const text = String(value);
  return !ALWAYS_QUOTED_KEYS.has(key) && isPlainSafe(text, flow) ? text : quoted(text);
}
function isPlainSafe(text, flow) {
  if (text === "" || text !== text.trim() || !PLAIN_BLOCK.test(text) || AMBIGUOUS_STRING.test(text) || UNPRINTABLE.test(text)) return false;
  if (text.includes(": ") || text.includes(" #") || text.endsWith(":")) return false;
  return !flow || !/[,[\]{}:#]/.test(text);
}
function quoted(text) {
  return JSON.stringify(text).replace(/[\u007f-\u009f\u2028\u2029\ufeff]/g, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, "0")}`);
}
