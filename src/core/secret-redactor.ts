/**
 * Every form in which a secret can travel inside text we did not write: as sent,
 * percent-encoded (a URL or a form body), JSON-escaped (a JSON string that
 * escapes `/` or non-ASCII), and base64 or base64url (a Basic header, a JWT
 * segment, an opaque blob). toolkit.md, Configuration and secrets: the token is
 * "never printed, never in an error message, a log, a plan file or a report";
 * one redactor knows all the forms so that every sink applies the same rule.
 */

/** What replaces a secret wherever it would appear. */
export const REDACTED = "***";

/** Secrets shorter than this are not searched for: "ab" would redact half of every text. */
const MIN_SECRET_LENGTH = 4;

/**
 * Inside a longer base64 text a secret's encoding depends on where it starts
 * modulo 3 bytes; these are the encodings of its inner characters at each of
 * the three offsets, with the edge characters (shared with neighbouring bytes)
 * dropped. A shorter inner run would match by chance, so below this many
 * characters an offset is skipped.
 */
const MIN_BASE64_FORM_LENGTH = 8;

export interface SecretRedactor {
  /** The text with every known form of every secret replaced by {@link REDACTED}. */
  redact(text: string): string;
  /** Whether the text holds any known form of any secret. */
  contains(text: string): boolean;
  /** True when there is no secret to look for. */
  readonly empty: boolean;
}

/**
 * Builds one redactor for several secrets (an API token, a stored login's JWT).
 * Empty and very short values are ignored rather than redacting everything.
 */
export function createSecretRedactor(secrets: readonly (string | undefined)[]): SecretRedactor {
  const forms = new Set<string>();
  for (const secret of secrets) {
    if (secret === undefined || secret.length < MIN_SECRET_LENGTH) continue;
    for (const form of formsOf(secret)) forms.add(form);
  }
  // Longest first, so a form that contains another is replaced whole.
  const ordered = [...forms].sort((a, b) => b.length - a.length);
  if (ordered.length === 0) return { redact: (text) => text, contains: () => false, empty: true };
  const pattern = new RegExp(ordered.map(escapeRegExp).join("|"), "g");
  const cut = cutFormFinder(ordered);
  return {
    redact: (text) => (text.length === 0 ? text : redactCutForms(text.replace(pattern, REDACTED), cut)),
    contains: (text) => {
      pattern.lastIndex = 0;
      const found = pattern.test(text);
      pattern.lastIndex = 0;
      return found || findCutForm(text, cut) !== undefined;
    },
    empty: false,
  };
}

/**
 * What ends text cut short for one line (cli/table.ts, remote/redact.ts
 * toOneLine). A secret cut there would leave its first characters, which no
 * whole form matches; so a prefix of any form right before it counts.
 */
export const ELLIPSIS = "…";

/** A shorter cut leaves too little of a secret to matter (often only a token's public prefix) and would match ordinary text. */
const MIN_CUT_PREFIX_LENGTH = 8;

interface CutFormFinder {
  /** Every proper prefix (of at least MIN_CUT_PREFIX_LENGTH characters) of every form. */
  prefixes: ReadonlySet<string>;
  longest: number;
}

function cutFormFinder(forms: readonly string[]): CutFormFinder {
  const prefixes = new Set<string>();
  for (const form of forms) for (let end = MIN_CUT_PREFIX_LENGTH; end < form.length; end++) prefixes.add(form.slice(0, end));
  return { prefixes, longest: Math.max(0, ...forms.map((form) => form.length)) };
}

/** The start of the longest secret prefix ending right before the ellipsis at `at`, if any. */
function cutFormBefore(text: string, at: number, cut: CutFormFinder): number | undefined {
  for (let start = Math.max(0, at - cut.longest); at - start >= MIN_CUT_PREFIX_LENGTH; start++) {
    if (cut.prefixes.has(text.slice(start, at))) return start;
  }
  return undefined;
}

function findCutForm(text: string, cut: CutFormFinder): number | undefined {
  for (let at = text.indexOf(ELLIPSIS); at !== -1; at = text.indexOf(ELLIPSIS, at + 1)) {
    if (cutFormBefore(text, at, cut) !== undefined) return at;
  }
  return undefined;
}

function redactCutForms(text: string, cut: CutFormFinder): string {
  if (!text.includes(ELLIPSIS)) return text;
  let result = "";
  let copied = 0;
  for (let at = text.indexOf(ELLIPSIS); at !== -1; at = text.indexOf(ELLIPSIS, at + 1)) {
    const start = cutFormBefore(text, at, cut);
    if (start === undefined || start < copied) continue;
    result += `${text.slice(copied, start)}${REDACTED}`;
    copied = at;
  }
  return result + text.slice(copied);
}

function formsOf(secret: string): string[] {
  const forms = [secret, encodeURIComponent(secret), encodeURIComponent(secret).replace(/%20/g, "+")];
  // JSON.stringify escapes quotes, backslashes and control characters; some encoders also escape `/` and non-ASCII.
  const json = JSON.stringify(secret).slice(1, -1);
  forms.push(json, json.replace(/\//g, "\\/"), json.replace(/[\u007f-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`));
  const bytes = Buffer.from(secret, "utf8");
  for (let offset = 0; offset < 3; offset++) {
    const encoded = Buffer.concat([Buffer.alloc(offset), bytes]).toString("base64");
    // Drop the characters that mix the padding bytes in front with the secret's first byte ...
    const start = Math.ceil((offset * 4) / 3);
    // ... and those that mix its last byte with whatever follows it.
    const end = Math.floor(((offset + bytes.length) * 4) / 3);
    const inner = encoded.slice(start, end);
    if (inner.length < MIN_BASE64_FORM_LENGTH) continue;
    forms.push(inner, inner.replace(/\+/g, "-").replace(/\//g, "_"));
  }
  return forms.filter((form) => form.length >= MIN_SECRET_LENGTH);
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
