/**
 * Every form in which a secret can travel inside text we did not write: as sent,
 * percent-encoded (a URL or a form body), JSON-escaped (a JSON string that
 * escapes `/` or non-ASCII), and base64 or base64url (a Basic header, a JWT
 * segment, an opaque blob). Our own output then escapes that text again (a
 * JSON document, a canonical YAML quote, a Markdown comment), so each form is
 * matched through any number of JSON escaping layers and through HTML escaping,
 * and also when a one-line ellipsis cut it short. toolkit.md, Configuration and
 * secrets: the token is "never printed, never in an error message, a log, a plan
 * file or a report"; one redactor knows all the forms so that every sink
 * applies the same rule.
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
  // Longest first, so a form that contains another is replaced whole; cut forms after every whole one.
  const ordered = [...forms].sort((a, b) => b.length - a.length);
  if (ordered.length === 0) return { redact: (text) => text, contains: () => false, empty: true };
  const cut = ordered.filter((form) => form.length > MIN_CUT_PREFIX_LENGTH).map(cutPattern);
  const pattern = new RegExp([...ordered.map(wholePattern), ...cut].join("|"), "g");
  return {
    redact: (text) => (text.length === 0 ? text : text.replace(pattern, REDACTED)),
    contains: (text) => {
      pattern.lastIndex = 0;
      const found = pattern.test(text);
      pattern.lastIndex = 0;
      return found;
    },
    empty: false,
  };
}

/**
 * What ends text cut short for one line (cli/table.ts, remote/redact.ts
 * toOneLine). A secret cut there leaves its first characters, which no whole
 * form matches; so a prefix of a form right before it counts.
 */
export const ELLIPSIS = "…";

/** A shorter cut leaves too little of a secret to matter (often only a token's public prefix) and would match ordinary text. */
const MIN_CUT_PREFIX_LENGTH = 8;

/** Characters of an escape sequence the cut may have split (`&quot`, a run of backslashes), redacted with the prefix. */
const MAX_SPLIT_ESCAPE_LENGTH = 5;

/** A form as any number of JSON escaping layers, and HTML escaping, would show it. */
function wholePattern(form: string): string {
  return [...codeUnits(form)].map((unit, index) => escapedUnit(unit, index === 0)).join("");
}

/** A prefix of a form (at least MIN_CUT_PREFIX_LENGTH characters) right before an ellipsis: nested optional groups. */
function cutPattern(form: string): string {
  const units = [...codeUnits(form)].map((unit, index) => escapedUnit(unit, index === 0));
  const required = units.slice(0, MIN_CUT_PREFIX_LENGTH).join("");
  const optional = units.slice(MIN_CUT_PREFIX_LENGTH, -1).reduceRight((rest, unit) => `(?:${unit}${rest})?`, "");
  return `${required}${optional}[^\\s${ELLIPSIS}]{0,${MAX_SPLIT_ESCAPE_LENGTH}}(?=${ELLIPSIS})`;
}

/**
 * One character of a form, as escaping may show it: each JSON layer puts a
 * backslash before a quote, a slash (some encoders) or a pipe (a Markdown
 * cell) and doubles a backslash; HTML escaping rewrites & < > and the quote.
 */
function escapedUnit(unit: string, first: boolean): string {
  const backslashes = first ? "" : "\\\\*";
  switch (unit) {
    case "\\":
      return "\\\\+";
    case '"':
      return `${backslashes}(?:"|&quot;)`;
    case "&":
      return "&(?:amp;)*";
    case "<":
      return "(?:<|&lt;)";
    case ">":
      return "(?:>|&gt;)";
    default:
      return `${backslashes}${escapeRegExp(unit)}`;
  }
}

/** UTF-16 code units, as a regular expression without the `u` flag sees the text. */
function* codeUnits(text: string): Generator<string> {
  for (let index = 0; index < text.length; index++) yield text[index]!;
}

function formsOf(secret: string): string[] {
  const forms = [secret, encodeURIComponent(secret), encodeURIComponent(secret).replace(/%20/g, "+")];
  // JSON.stringify escapes quotes, backslashes and control characters; some encoders also escape `/` and non-ASCII.
  const json = JSON.stringify(secret).slice(1, -1);
  // (Escaped `/` and further escaping layers are the patterns' business: escapedUnit.)
  forms.push(json, json.replace(/[\u007f-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`));
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
