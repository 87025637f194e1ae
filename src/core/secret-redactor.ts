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
 *
 * The search is linear in the text and in the secrets, whatever their length:
 * the text is looked at through normalised views (backslashes dropped; and, when
 * it holds `&`, HTML entities decoded too), each form normalised the same way is
 * found there by a substring search (V8's indexOf to skip ahead, then KMP, which
 * also yields the longest prefix of a form that ends before an ellipsis), and
 * the ranges found are mapped back to the text. One regular expression built
 * from the forms, as before, exhausted V8's regular expression compiler for a
 * secret of a few thousand characters and killed the process.
 */

/** What replaces a secret wherever it would appear. */
export const REDACTED = "***";

/**
 * The longest secret accepted where one enters (an API token from the
 * environment or a file, a sign-in server's device code, user code or token, a
 * stored login read back): real ones are a few hundred characters, a JWT with
 * its claims a few KiB. A longer one is refused with one line before anything
 * holds it; the redactor itself takes any length.
 */
export const MAX_SECRET_LENGTH = 16 * 1024;

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
  if (forms.size === 0) return { redact: (text) => text, contains: () => false, empty: true };
  const needles = [...forms].map(needleOf);
  return {
    redact: (text) => (text.length === 0 ? text : replaceRanges(text, findSecrets(text, needles, false))),
    contains: (text) => text.length > 0 && findSecrets(text, needles, true).length > 0,
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

const BACKSLASH = 0x5c;

/**
 * What escaping does to backslashes, undone in a view of the text: JSON layers
 * add one before a quote (and, some encoders, a `/`; a Markdown cell, a `|`)
 * and double each, so a view drops them all; for a form of little else but
 * backslashes that would leave too little to search, each run becomes one
 * backslash instead (none before `/` or `|`, where escaping adds a run).
 */
type BackslashUndoing = "dropped" | "runsCollapsed";

/** One form as it is searched for. */
interface Needle {
  /** The form with its backslashes undone as `backslashes` says. */
  text: string;
  backslashes: BackslashUndoing;
  /** How many characters of `text` a prefix before an ellipsis needs (the form's first MIN_CUT_PREFIX_LENGTH); 0: cuts of it are not searched. */
  cutFrom: number;
  /** A form that begins or ends with a backslash: the run of backslashes escaping made of it belongs to the match. */
  leadingBackslash: boolean;
  trailingBackslash: boolean;
  /**
   * A collapsed form searched without its trailing run (whether a run stays
   * depends on what follows it, a `/` or `|` of the text), so a match must be
   * followed by a backslash.
   */
  backslashFollows: boolean;
  /** KMP's failure function of `text`, made on first use. */
  failure?: Int32Array;
}

function needleOf(form: string): Needle {
  const withoutBackslashes = undoBackslashes(form, "dropped");
  const leadingBackslash = form.startsWith("\\");
  const trailingBackslash = form.endsWith("\\");
  if (withoutBackslashes.length < MIN_SECRET_LENGTH) {
    const body = form.replace(/\\+$/, "");
    // A form of backslashes only is any run of them: a little more than the secret, never less.
    const text = body === "" ? "\\" : undoBackslashes(body, "runsCollapsed");
    return { text, backslashes: "runsCollapsed", cutFrom: 0, leadingBackslash, trailingBackslash, backslashFollows: body !== "" && trailingBackslash };
  }
  const cutFrom = form.length <= MIN_CUT_PREFIX_LENGTH ? 0 : Math.max(1, undoBackslashes(form.slice(0, MIN_CUT_PREFIX_LENGTH), "dropped").length);
  return { text: withoutBackslashes, backslashes: "dropped", cutFrom, leadingBackslash, trailingBackslash, backslashFollows: false };
}

function undoBackslashes(text: string, undoing: BackslashUndoing): string {
  if (!text.includes("\\")) return text;
  return undoing === "dropped" ? text.replace(/\\/g, "") : text.replace(/\\+([/|])?/g, (_run, escaped?: string) => escaped ?? "\\");
}

/**
 * HTML escaping (a Markdown comment) escapes each `&` it finds, so `&quot;`
 * `&lt;` `&gt;` and `&` followed by any number of `amp;` are decoded, once the
 * backslashes are undone.
 */
const ENTITY = /&(?:quot;|lt;|gt;|(?:amp;)+)/g;

function decodedEntity(entity: string): string {
  return entity === "&quot;" ? '"' : entity === "&lt;" ? "<" : entity === "&gt;" ? ">" : "&";
}

/**
 * The text with its escaping undone: a form shows in a view when it was in
 * the text escaped that way; `map` says where each character of the view
 * comes from in the text.
 */
interface TextView {
  text: string;
  /** Made on first use; undefined for the text itself. */
  map(): ViewMap | undefined;
}

/** The views a form undone by `backslashes` is searched in: without the entities decoded, and with them when the text has any. */
function viewsOf(original: string, backslashes: BackslashUndoing): TextView[] {
  const plain = undoBackslashes(original, backslashes);
  const views: TextView[] = [plain === original ? { text: original, map: () => undefined } : mappedView(original, plain, backslashes, false)];
  if (plain.includes("&")) {
    const decoded = plain.replace(ENTITY, decodedEntity);
    // Decoding shortens the text: the same length means there was no entity, and the view is the one above.
    if (decoded.length < plain.length) views.push(mappedView(original, decoded, backslashes, true));
  }
  return views;
}

/** The view, its text undone natively (most texts never need the map, made by ViewMap's own walk). */
function mappedView(original: string, text: string, backslashes: BackslashUndoing, entities: boolean): TextView {
  let map: ViewMap | undefined;
  return { text, map: () => (map ??= new ViewMap(original, backslashes, entities, text.length)) };
}

/**
 * Offsets of a view's characters in the original text, kept as segments
 * (one per backslash run undone or entity decoded, so its size is that of the
 * escaping, not of the text): a plain segment's characters are consecutive in
 * both; an entity segment is one character of the view for several of the text.
 */
class ViewMap {
  /** First view index of each segment, increasing. */
  private readonly views: number[] = [];
  /** Original offset of each segment's first character, increasing. */
  private readonly origins: number[] = [];
  /** For an entity segment, the original offset after it; -1 for a plain one. */
  private readonly entityEnds: number[] = [];

  constructor(
    original: string,
    backslashes: BackslashUndoing,
    entities: boolean,
    private readonly length: number,
  ) {
    this.push(0, 0, -1);
    const special = entities ? /\\+|&/g : /\\+/g;
    let view = 0;
    let copiedTo = 0;
    for (let match = special.exec(original); match !== null; match = special.exec(original)) {
      const at = match.index;
      if (match[0] === "&") {
        // Dropped backslashes may sit inside an entity; a collapsed run still splits one.
        const skip = backslashes === "dropped";
        const end = afterWord(original, at + 1, "quot;", skip) ?? afterWord(original, at + 1, "lt;", skip) ?? afterWord(original, at + 1, "gt;", skip) ?? afterAmpRun(original, at + 1, skip);
        if (end === at + 1) continue;
        view += at - copiedTo;
        this.push(view, at, end);
        view += 1;
        copiedTo = end;
        special.lastIndex = end;
      } else {
        const next = original[at + match[0].length];
        const kept = backslashes === "dropped" || next === "/" || next === "|" ? 0 : 1;
        if (match[0].length === kept) continue;
        view += at + kept - copiedTo;
        copiedTo = at + match[0].length;
      }
      this.push(view, copiedTo, -1);
    }
  }

  /** A segment starting where the last one starts replaces it: the last one was empty. */
  private push(view: number, origin: number, entityEnd: number): void {
    const last = this.views.length - 1;
    if (last >= 0 && this.views[last] === view) {
      this.origins[last] = origin;
      this.entityEnds[last] = entityEnd;
      return;
    }
    this.views.push(view);
    this.origins.push(origin);
    this.entityEnds.push(entityEnd);
  }

  /** Where view character `index` begins in the original. */
  start(index: number): number {
    const segment = lastAtMost(this.views, index);
    return this.origins[segment]! + (index - this.views[segment]!);
  }

  /** Where view character `index` ends in the original. */
  end(index: number): number {
    const segment = lastAtMost(this.views, index);
    const entityEnd = this.entityEnds[segment]!;
    return entityEnd >= 0 ? entityEnd : this.origins[segment]! + (index - this.views[segment]!) + 1;
  }

  /** How many view characters end at or before original offset `position`. */
  countEndingBy(position: number): number {
    const segment = lastAtMost(this.origins, position);
    if (segment < 0) return 0;
    const view = this.views[segment]!;
    const entityEnd = this.entityEnds[segment]!;
    if (entityEnd >= 0) return view + (entityEnd <= position ? 1 : 0);
    const size = (segment + 1 < this.views.length ? this.views[segment + 1]! : this.length) - view;
    return view + Math.min(size, position - this.origins[segment]!);
  }
}

/** The index of the last element of an increasing array that is at most `value`; -1 when none is. */
function lastAtMost(values: readonly number[], value: number): number {
  let low = 0;
  let high = values.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (values[middle]! <= value) low = middle + 1;
    else high = middle;
  }
  return low - 1;
}

/** The index after `word` read from `from` (with backslashes skipped when `skipBackslashes`), or undefined when it is not there. */
function afterWord(text: string, from: number, word: string, skipBackslashes: boolean): number | undefined {
  let index = from;
  for (let position = 0; position < word.length; position++) {
    while (skipBackslashes && text.charCodeAt(index) === BACKSLASH) index++;
    if (text.charCodeAt(index) !== word.charCodeAt(position)) return undefined;
    index++;
  }
  return index;
}

/** After `&`: past every following `amp;`. */
function afterAmpRun(text: string, from: number, skipBackslashes: boolean): number {
  let end = from;
  for (let next = afterWord(text, end, "amp;", skipBackslashes); next !== undefined; next = afterWord(text, end, "amp;", skipBackslashes)) end = next;
  return end;
}

/** A range of the original text to replace: [start, end). */
interface Range {
  start: number;
  end: number;
}

/** A place a cut form may end: `at` in the original, the ellipsis at `ellipsis`. */
interface CutStop {
  at: number;
  ellipsis: number;
}

function findSecrets(text: string, needles: readonly Needle[], firstOnly: boolean): Range[] {
  const found: Range[] = [];
  const stops = cutStops(text);
  const views: Partial<Record<BackslashUndoing, TextView[]>> = {};
  for (const needle of needles) {
    for (const view of (views[needle.backslashes] ??= viewsOf(text, needle.backslashes))) {
      searchView(text, view, needle, stops, found, firstOnly);
      if (firstOnly && found.length > 0) return found;
    }
  }
  return found;
}

/**
 * Where a prefix of a form may end before each ellipsis: right before it, or
 * up to MAX_SPLIT_ESCAPE_LENGTH characters earlier (a split escape), never
 * across whitespace or another ellipsis.
 */
function cutStops(text: string): CutStop[] {
  const stops: CutStop[] = [];
  for (let ellipsis = text.indexOf(ELLIPSIS); ellipsis >= 0; ellipsis = text.indexOf(ELLIPSIS, ellipsis + 1)) {
    const split: CutStop[] = [{ at: ellipsis, ellipsis }];
    // The previous ellipsis stops the walk back, so the stops stay in order.
    for (let at = ellipsis - 1; at >= 0 && ellipsis - at <= MAX_SPLIT_ESCAPE_LENGTH && text[at] !== ELLIPSIS && !/\s/.test(text[at]!); at--) split.push({ at, ellipsis });
    stops.push(...split.reverse());
  }
  return stops;
}

/** Every whole form and every cut prefix of `needle` in `view`, as ranges of the original text. */
function searchView(original: string, view: TextView, needle: Needle, stops: readonly CutStop[], found: Range[], firstOnly: boolean): void {
  const haystack = view.text;
  const pattern = needle.text;
  const cutting = needle.cutFrom > 0 && stops.length > 0;
  // Every match, whole or cut, begins with the probe: where it first occurs is where the search starts.
  const probe = cutting ? pattern.slice(0, needle.cutFrom) : pattern;
  let from = haystack.indexOf(probe);
  if (from < 0) return;
  const map = view.map();
  const start = (index: number): number => (map === undefined ? index : map.start(index));
  const end = (index: number): number => (map === undefined ? index + 1 : map.end(index));
  const viewStops = cutting ? stopsInView(stops, map) : [];
  const failure = (needle.failure ??= failureOf(pattern));
  let nextStop = 0;
  let state = 0;
  for (let index = from; index <= haystack.length; index++) {
    while (nextStop < viewStops.length && viewStops[nextStop]!.at <= index) {
      const stop = viewStops[nextStop++]!;
      if (stop.at === index && state >= needle.cutFrom) {
        found.push(widened(original, needle, { start: start(index - state), end: stop.ellipsis }));
        if (firstOnly) return;
      }
    }
    if (index === haystack.length) break;
    const unit = haystack.charCodeAt(index);
    while (state > 0 && pattern.charCodeAt(state) !== unit) state = failure[state - 1]!;
    if (pattern.charCodeAt(state) === unit) state++;
    if (state === pattern.length) {
      const whole = { start: start(index + 1 - state), end: end(index) };
      if (!needle.backslashFollows || original.charCodeAt(whole.end) === BACKSLASH) {
        found.push(widened(original, needle, whole));
        if (firstOnly) return;
      }
      state = failure[state - 1]!;
    }
    if (state === 0) {
      // Nothing under way: the next match begins where the probe next occurs, found natively.
      from = haystack.indexOf(probe, index + 1);
      if (from < 0) return;
      index = from - 1;
    }
  }
}

/** The stops as positions in a view: the number of its characters that end at or before each. */
function stopsInView(stops: readonly CutStop[], map: ViewMap | undefined): CutStop[] {
  if (map === undefined) return [...stops];
  return stops.map((stop) => ({ at: map.countEndingBy(stop.at), ellipsis: stop.ellipsis }));
}

/** A match of a form that begins or ends with a backslash takes in the backslashes escaping left beside it. */
function widened(text: string, needle: Needle, range: Range): Range {
  let { start, end } = range;
  if (needle.leadingBackslash) while (start > 0 && text.charCodeAt(start - 1) === BACKSLASH) start--;
  if (needle.trailingBackslash) while (end < text.length && text.charCodeAt(end) === BACKSLASH) end++;
  return { start, end };
}

/** KMP: for each prefix of `pattern`, the length of its longest proper border. */
function failureOf(pattern: string): Int32Array {
  const failure = new Int32Array(pattern.length);
  let border = 0;
  for (let index = 1; index < pattern.length; index++) {
    const unit = pattern.charCodeAt(index);
    while (border > 0 && pattern.charCodeAt(border) !== unit) border = failure[border - 1]!;
    if (pattern.charCodeAt(border) === unit) border++;
    failure[index] = border;
  }
  return failure;
}

/** The text with each range replaced by one REDACTED; overlapping ranges are one secret, adjacent ones two. */
function replaceRanges(text: string, ranges: Range[]): string {
  if (ranges.length === 0) return text;
  ranges.sort((a, b) => a.start - b.start || b.end - a.end);
  const parts: string[] = [];
  let written = 0;
  let current = ranges[0]!;
  for (const range of ranges.slice(1)) {
    if (range.start < current.end) {
      if (range.end > current.end) current = { start: current.start, end: range.end };
      continue;
    }
    parts.push(text.slice(written, current.start), REDACTED);
    written = current.end;
    current = range;
  }
  parts.push(text.slice(written, current.start), REDACTED, text.slice(current.end));
  return parts.join("");
}

function formsOf(secret: string): string[] {
  const forms = [secret, ...percentEncodedForms(secret)];
  // JSON.stringify escapes quotes, backslashes and control characters; some encoders also escape `/` and non-ASCII.
  const json = JSON.stringify(secret).slice(1, -1);
  // (Escaped `/` and further escaping layers are the search's business: viewsOf.)
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

/** A URL or a form body; a lone surrogate (which encodeURIComponent refuses) is sent as U+FFFD, as UTF-8 encoders do. */
function percentEncodedForms(secret: string): string[] {
  const encoded = encodeURIComponent(secret.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, "\uFFFD"));
  return [encoded, encoded.replace(/%20/g, "+")];
}
