/**
 * secret-in-file (policy-language.md section 8): a string that looks like a
 * bearer token or an API token, in any file the tool reads. Files in the
 * repository are read by everyone with access and stay in Git history; the admin
 * token lets its holder rewrite screening policies (admin-api.md, Authentication).
 *
 * Messages describe the secret (its kind, its public prefix, its length) and
 * never quote it: diagnostics end up in CI logs and SARIF uploads.
 */
import { isRecord } from "../config.js";
import { formatPath, type DocPath } from "../diagnostic.js";
import type { CheckedFile, FileCheck, Finding } from "./check.js";

export const check: FileCheck = {
  code: "secret-in-file",
  appliesTo: "any",
  run(file: CheckedFile): Finding[] {
    const findings: Finding[] = [];
    // Iterative: the data is at most MAX_DEPTH deep (document.ts), but a walker
    // that cannot overflow the stack needs no such promise. Paths are built only
    // for a finding: a wide file has tens of thousands of values and none of them secret.
    const stack: Pending[] = [{ value: file.data, parent: undefined, segment: undefined, key: undefined }];
    while (stack.length > 0) {
      const entry = stack.pop()!;
      const { value, key } = entry;
      if (typeof value === "string") {
        const secret = detectSecret(value, key);
        if (secret) findings.push({ code: "secret-in-file", path: pathOf(entry), message: messageFor(secret) });
      } else if (Array.isArray(value)) {
        for (let i = value.length - 1; i >= 0; i--) stack.push({ value: value[i], parent: entry, segment: i, key });
      } else if (isRecord(value)) {
        const names = Object.keys(value);
        for (let i = names.length - 1; i >= 0; i--) {
          const name = names[i]!;
          const keySecret = detectSecret(name, undefined);
          if (keySecret) {
            // Reported at the key itself, so its schema error ("unknown field ...",
            // which would quote it) is claimed; the printed path masks the key.
            // Nothing below it is walked: every path there would carry the key too.
            const path = pathOf(entry);
            findings.push({
              code: "secret-in-file",
              path: [...path, name],
              displayPath: `${formatPath(path)}${path.length === 0 ? "" : "."}[secret key]`,
              message: `this key ${messageFor(keySecret)}`,
              target: "key",
            });
            continue;
          }
          stack.push({ value: value[name], parent: entry, segment: name, key: name });
        }
      }
    }
    return findings;
  },
};

interface Pending {
  value: unknown;
  parent: Pending | undefined;
  /** The value's key or index in its parent; undefined for the root. */
  segment: string | number | undefined;
  /** The nearest map key above the value (a list item inherits its list's key). */
  key: string | undefined;
}

function pathOf(entry: Pending): DocPath {
  const path: Array<string | number> = [];
  for (let at: Pending | undefined = entry; at?.segment !== undefined; at = at.parent) path.push(at.segment);
  return path.reverse();
}

/** What was found, described without the secret itself. */
export interface SecretDescription {
  /** e.g. `looks like an API token (starts "dyn_", 44 characters)`. */
  what: string;
  /**
   * `api-token`: what screenpol itself authenticates with (the service's API token,
   * a bearer token, a JWT); `secret`: any other token or key; `password`.
   */
  kind: "api-token" | "secret" | "password";
}

const ADVICE: Record<SecretDescription["kind"], string> = {
  "api-token": "tokens come from SCREENPOL_API_TOKEN or --token-file, never from a file in the repository — remove it and revoke it",
  secret: "secrets never belong in a file in the repository, where everyone with access and all of Git history can read them — remove it and revoke it",
  password: "credentials never belong in a file in the repository — remove it and change the password",
};

function messageFor(secret: SecretDescription): string {
  return `${secret.what}; ${ADVICE[secret.kind]}`;
}

/**
 * Token formats with a fixed public prefix. The prefix may be named in a message;
 * the rest never is. A body must hold a letter and a digit, so prose such as
 * "dyn_environment_name" is not a token.
 */
const PREFIXED_TOKENS: ReadonlyArray<{ pattern: RegExp; label: string }> = [
  // The service's API token: "It carries a fixed service-specific prefix" (admin-api.md, Authentication).
  { pattern: /(?<![A-Za-z0-9_])(dyn_)[A-Za-z0-9_-]{16,}/, label: "an API token" },
  { pattern: /(?<![A-Za-z0-9_])(whsec_)[A-Za-z0-9+/=_-]{16,}/, label: "a webhook signing secret" },
  { pattern: /(?<![A-Za-z0-9_])([sr]k_(?:live|test)_)[A-Za-z0-9]{16,}/, label: "an API token" },
  { pattern: /(?<![A-Za-z0-9_])(gh[pousr]_)[A-Za-z0-9]{30,}/, label: "a GitHub token" },
  { pattern: /(?<![A-Za-z0-9_])(github_pat_)[A-Za-z0-9_]{22,}/, label: "a GitHub token" },
  { pattern: /(?<![A-Za-z0-9_])(glpat-)[A-Za-z0-9_-]{20,}/, label: "a GitLab token" },
  { pattern: /(?<![A-Za-z0-9_-])(xox[abposr]-)[A-Za-z0-9-]{10,}/, label: "a Slack token" },
  { pattern: /(?<![A-Za-z0-9_-])(xapp-)[A-Za-z0-9-]{10,}/, label: "a Slack token" },
  { pattern: /(?<![A-Za-z0-9])(AKIA|ASIA)[0-9A-Z]{16}(?![A-Za-z0-9])/, label: "an AWS access key id" },
  { pattern: /(?<![A-Za-z0-9_])(AIza)[0-9A-Za-z_-]{35}(?![A-Za-z0-9_-])/, label: "a Google API key" },
  { pattern: /(?<![A-Za-z0-9_])(npm_)[A-Za-z0-9]{36}(?![A-Za-z0-9])/, label: "an npm token" },
  { pattern: /(?<![A-Za-z0-9_-])(sk-)[A-Za-z0-9_-]{20,}/, label: "an API token" },
];

/**
 * What every pattern below needs somewhere in the string (a superset: the exact
 * patterns decide). Case-insensitive, which only makes it wider.
 */
const MIGHT_HOLD_SECRET = /-----BEGIN|:\/\/|[?&][^=?&#\s]*=|eyJ|bearer|basic|dyn_|whsec_|[sr]k_|gh[pousr]_|github_pat_|glpat-|xox|xapp-|AKIA|ASIA|AIza|npm_|sk-/i;

/** False when `text` holds nothing any pattern needs: most texts, and then nothing in them is a secret (key context aside). */
export function mightHoldSecret(text: string): boolean {
  return MIGHT_HOLD_SECRET.test(text);
}

/** A JWT: three base64url segments, the header a JSON object (`{"` is `eyJ`). */
const JWT = /(?<![A-Za-z0-9_-])eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]*/;
/** admin-api.md, Authentication: `Authorization: Bearer <ACCESS_TOKEN>` (token68 characters, RFC 6750). */
const BEARER = /\bBearer\s+([A-Za-z0-9\-._~+/]{16,}=*)/i;
const BASIC = /\bBasic\s+([A-Za-z0-9+/]{12,}={0,2})(?![A-Za-z0-9+/=])/;
const PRIVATE_KEY = /-----BEGIN [A-Z ]*PRIVATE KEY-----/;
/** user:password@ in a URL. The scheme is bounded so that a long run of "a.a.a..." cannot make the scan quadratic. */
const URL_PASSWORD = /\b[a-z][a-z0-9+.-]{0,31}:\/\/[^\s/?#@:]+:([^\s/?#@]+)@/i;
/** A credential in a URL's query. */
const URL_QUERY_SECRET =
  /[?&](access_token|id_token|refresh_token|token|api_key|apikey|api-key|key|secret|client_secret|password|passwd|auth|sig|signature)=([^&#\s"']+)/gi;

/**
 * Keys whose value is a secret by name: the normalized key (lowercase, no `_`,
 * `-` or spaces) ends in one of these. `tokenId`, `tokens`, `tokenAddress` do not.
 */
const SECRET_KEY_ENDINGS = [
  "token", "secret", "apikey", "password", "passwd", "authorization", "credential", "credentials",
  "privatekey", "accesskey", "secretkey", "clientsecret", "bearer",
] as const;

/** Bits per character above which a 32+ character value is random, not a name (see secret-in-file.test.ts). */
const ENTROPY_BASE64 = 4.0;
const ENTROPY_HEX = 3.0;
/** Shorter values under a secret-named key are more likely names or placeholders. */
const MIN_RANDOM_LENGTH = 32;

/**
 * Describes the secret `value` looks like, or undefined. `key` is the nearest map
 * key above the value (a list item inherits its list's key); keys themselves are
 * checked with `key` undefined.
 */
export function detectSecret(value: string, key: string | undefined): SecretDescription | undefined {
  return findSecret(value, key)?.secret;
}

/** A secret and where in the string it is (UTF-16 offsets). */
export interface SecretMatch {
  secret: SecretDescription;
  index: number;
  length: number;
}

/** {@link detectSecret}, also saying where the secret starts and how long it is. */
export function findSecret(value: string, key: string | undefined): SecretMatch | undefined {
  if (value.length < 8) return undefined;
  // Nearly every string of a policy is an id, a name or prose: one scan rules them out.
  if (!MIGHT_HOLD_SECRET.test(value) && (key === undefined || !isSecretKey(key))) return undefined;
  const at = (match: RegExpExecArray, secret: SecretDescription): SecretMatch => ({ secret, index: match.index, length: match[0].length });
  const privateKey = PRIVATE_KEY.exec(value);
  if (privateKey) return at(privateKey, { what: "holds a private key (-----BEGIN ... PRIVATE KEY-----)", kind: "secret" });

  const password = URL_PASSWORD.exec(value);
  if (password && !isPlaceholder(password[1] ?? "")) {
    return at(password, { what: "holds a URL with a password (user:password@ before the host)", kind: "password" });
  }
  for (const query of value.matchAll(URL_QUERY_SECRET)) {
    const [, name = "", secret = ""] = query;
    // token=, password=...: any real value. key=, sig=...: only one that looks generated.
    const isCredentialName = !/^(?:key|auth|sig|signature)$/i.test(name);
    if (secret.length >= 8 && !isPlaceholder(secret) && (isCredentialName || hasLetterAndDigit(secret))) {
      return at(query as RegExpExecArray, { what: `holds a URL with a credential in its query (${name}=, ${secret.length} characters)`, kind: "api-token" });
    }
  }

  const jwt = JWT.exec(value);
  if (jwt) return at(jwt, { what: `looks like a JWT (starts "eyJ", ${jwt[0].length} characters)`, kind: "api-token" });
  const bearer = BEARER.exec(value);
  if (bearer && hasLetterAndDigit(bearer[1] ?? "")) {
    return at(bearer, { what: `looks like a bearer token ("Bearer " and ${bearer[1]?.length} characters)`, kind: "api-token" });
  }
  const basic = BASIC.exec(value);
  if (basic && isBasicCredential(basic[1] ?? "")) {
    return at(basic, { what: `looks like HTTP Basic credentials ("Basic " and ${basic[1]?.length} characters)`, kind: "password" });
  }

  for (const { pattern, label } of PREFIXED_TOKENS) {
    const match = pattern.exec(value);
    const prefix = match?.[1];
    if (!match || prefix === undefined || !hasLetterAndDigit(match[0].slice(prefix.length))) continue;
    return at(match, { what: `looks like ${label} (starts "${prefix}", ${match[0].length} characters)`, kind: prefix === "dyn_" ? "api-token" : "secret" });
  }

  const trimmed = value.trim();
  if (key !== undefined && isSecretKey(key) && looksRandom(trimmed)) {
    const secret: SecretDescription = { what: `looks like a secret: a ${trimmed.length}-character random value under "${key}"`, kind: "secret" };
    return { secret, index: value.indexOf(trimmed), length: trimmed.length };
  }
  return undefined;
}

/** A stretch of raw text to scan: a comment, or a line of a file that does not parse. */
export interface TextSpan {
  /** Offset of the span in its file. */
  offset: number;
  text: string;
  /** What the span is, for the message: `comment` or `line`. */
  kind: "comment" | "line";
}

/** A secret found in raw text, by offset; the runner turns offsets into lines and columns. */
export interface TextFinding {
  code: "secret-in-file";
  offset: number;
  length: number;
  message: string;
}

/**
 * The text half of secret-in-file: what the data walk above cannot see. It runs
 * on the comments of a file that parses, and on every line of a file that does
 * not (or of a file that is not YAML, such as the catalog snapshot's JSON), so a
 * YAML error never hides a secret. One finding per span; on a `key: value` line
 * the key gives the value its context, as in the data walk, and the finding
 * points at the value.
 */
export function findSecretsInText(spans: Iterable<TextSpan>): TextFinding[] {
  const findings: TextFinding[] = [];
  for (const span of spans) {
    const found = span.kind === "line" ? scanLine(span.text) : locateSecret(span.text, undefined, 0);
    if (found) {
      findings.push({ code: "secret-in-file", offset: span.offset + found.index, length: found.length, message: `this ${span.kind} ${messageFor(found.secret)}` });
    }
  }
  return findings;
}

/**
 * `key: value` in YAML (plain or quoted key, after any `- `) or JSON (`"key": "value",`).
 * No two neighbouring quantifiers overlap, so a line is matched in linear time.
 */
const KEY_VALUE_LINE = /^[ \t]*(?:-[ \t]+)*(?:"((?:[^"\\]|\\.)*)"|'([^']*)'|([^\s"'#:{}[\],&*!|>%@`-][^:#]*?)):(?:[ \t]+|$)/;

function scanLine(line: string): { secret: SecretDescription; index: number; length: number } | undefined {
  if (line.length < 8) return undefined;
  const keyed = KEY_VALUE_LINE.exec(line);
  if (!keyed) return locateSecret(line, undefined, 0);
  const key = keyed[1] ?? keyed[2] ?? keyed[3]?.trimEnd() ?? "";
  const keyAt = keyed[0].indexOf(key, keyed[0].search(/\S/));
  const inKey = locateSecret(key, undefined, keyAt);
  if (inKey) return inKey;
  const { text, index } = scalarOf(line, keyed[0].length);
  const inValue = findSecret(text, key);
  // The whole value, as the data walk points at it; the rest of the line (a comment) on its own.
  if (inValue) return { secret: inValue.secret, index, length: text.length };
  return locateSecret(line.slice(keyed[0].length), undefined, keyed[0].length);
}

function locateSecret(text: string, key: string | undefined, offset: number): SecretMatch | undefined {
  const found = findSecret(text, key);
  return found && { ...found, index: found.index + offset };
}

/** The scalar after `key: ` on a line: quotes, a trailing comma (JSON) and a trailing comment taken off. */
function scalarOf(line: string, at: number): { text: string; index: number } {
  let start = at;
  let end = line.length;
  const quote = line[start];
  if (quote === '"' || quote === "'") {
    const close = line.lastIndexOf(quote);
    if (close > start) return { text: line.slice(start + 1, close), index: start + 1 };
    start++;
  }
  const comment = line.indexOf(" #", start);
  if (comment !== -1) end = comment;
  while (end > start && /[\s,]/.test(line[end - 1]!)) end--;
  return { text: line.slice(start, end), index: start };
}

/** True for a key named like a secret: apiKey, api_token, clientSecret, password, Authorization. */
export function isSecretKey(key: string): boolean {
  const normalized = key.toLowerCase().replace(/[\s_-]/g, "");
  return SECRET_KEY_ENDINGS.some((ending) => normalized.endsWith(ending));
}

/**
 * A long base64/base64url/hex string with high Shannon entropy: what a generated
 * secret looks like, and what an identifier, a path or a word does not. Addresses
 * and UUIDs are random too, but public: never reported.
 */
export function looksRandom(value: string): boolean {
  if (value.length < MIN_RANDOM_LENGTH || isPublicIdentifier(value)) return false;
  if (/^[0-9a-f]+$/.test(value) || /^[0-9A-F]+$/.test(value)) return shannonEntropy(value) >= ENTROPY_HEX;
  if (!/^[A-Za-z0-9+/_-]+={0,2}$/.test(value)) return false;
  // A generated secret mixes cases and digits; a path or a snake_case name does not.
  if (!/[a-z]/.test(value) || !/[A-Z]/.test(value) || !/[0-9]/.test(value)) return false;
  return shannonEntropy(value) >= ENTROPY_BASE64;
}

/** Shannon entropy in bits per character. */
export function shannonEntropy(text: string): number {
  if (text.length === 0) return 0;
  const counts = new Map<string, number>();
  for (const char of text) counts.set(char, (counts.get(char) ?? 0) + 1);
  let entropy = 0;
  const length = [...text].length;
  for (const count of counts.values()) {
    const p = count / length;
    entropy -= p * Math.log2(p);
  }
  return entropy;
}

/** EVM, Bitcoin and Solana addresses, UUIDs: random-looking but public. */
function isPublicIdentifier(value: string): boolean {
  return (
    /^0x[0-9a-fA-F]{40}$/.test(value) ||
    /^(?:bc1|tb1)[02-9ac-hj-np-z]{8,87}$/i.test(value) ||
    /^[1-9A-HJ-NP-Za-km-z]{26,44}$/.test(value) ||
    /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value)
  );
}

/** `${TOKEN}`, `<password>`, `****`, `xxxxxxxx`, `$TOKEN`: a stand-in, not a secret. */
function isPlaceholder(text: string): boolean {
  return /^(?:\$\{[^}]*\}|\$[A-Z_][A-Z0-9_]*|<[^>]*>|%[^%]*%|\{\{[^}]*\}\}|\*+|x+|X+|\.{3,})$/.test(text);
}

/** `Basic <base64 of user:password>`; prose ("Basic authentication") does not decode to a pair. */
function isBasicCredential(encoded: string): boolean {
  try {
    const decoded = atob(encoded);
    return /^[\x20-\x7e]+:[\x20-\x7e]+$/.test(decoded);
  } catch {
    return false;
  }
}

function hasLetterAndDigit(text: string): boolean {
  return /[A-Za-z]/.test(text) && /[0-9]/.test(text);
}
