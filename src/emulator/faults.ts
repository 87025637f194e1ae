/**
 * Fault injection for tests (toolkit.md, The emulator): per route and per
 * count, a 429 with `Retry-After`, a 500, a 503, a delay, or a dropped
 * connection. Faults are matched by method and path template, in the order
 * they were added; each matching request uses up one of the first fault's
 * count. Faults are test configuration, not state: they are never persisted.
 */
import { describeRange, FAULT_COUNT_RANGE, FAULT_DELAY_MS_RANGE, FAULT_RETRY_AFTER_RANGE, isInRange } from "./bounds.js";
import { EmulatorError } from "./errors.js";

/**
 * - `429`, `500`, `503`: answered at once with that status and a JSON `{error}`;
 *   `retryAfter` (seconds) adds a `Retry-After` header (429 default 1).
 * - `delay`: waits `delayMs` before handling the request normally.
 * - `drop`: destroys the connection without any response, before handling.
 * - `drop-after`: handles the request (a write is applied and persisted), then
 *   destroys the connection instead of answering: the lost acknowledgement.
 */
export const FAULT_KINDS = ["429", "500", "503", "delay", "drop", "drop-after"] as const;
export type FaultKind = (typeof FAULT_KINDS)[number];

/** A fault as given (the admin endpoint's body, or parsed from `--fault`). */
export interface FaultSpec {
  /**
   * `METHOD PATH`: the method or `*`, and the path below the base URL (with or
   * without `/api/v0`) as a route template (`/environments/{environmentId}`),
   * a concrete path (`/environments/3f0c...`), or `*` for every route.
   */
  route: string;
  kind: FaultKind;
  /** How many matching requests it affects: a positive integer (default 1) or `"always"`. */
  count?: number | "always";
  /** Seconds for the `Retry-After` header of a 429 or 503. */
  retryAfter?: number;
  /** Milliseconds of a `delay`. */
  delayMs?: number;
}

/** A fault in force. */
export interface ActiveFault {
  id: number;
  method: string;
  path: string;
  kind: FaultKind;
  remaining: number | "always";
  fired: number;
  retryAfter?: number;
  delayMs?: number;
}

export class FaultRegistry {
  private faults: ActiveFault[] = [];
  private nextId = 1;

  /**
   * @param isKnownRoute whether a method (or `*`) and a path (template or
   *   concrete) name a route, so a mistyped fault is refused instead of never firing
   */
  constructor(private readonly isKnownRoute: (method: string, path: string) => boolean = () => true) {}

  /** Adds a fault; throws an {@link EmulatorError} naming what is wrong with the spec. */
  add(spec: FaultSpec): ActiveFault {
    const fault = validateFaultSpec(spec, this.nextId);
    if (fault.path !== "*" && !this.isKnownRoute(fault.method, fault.path)) {
      throw new EmulatorError(`fault route "${fault.method} ${fault.path}" names no route of the emulator (see GET /__emulator/routes)`);
    }
    this.nextId++;
    this.faults.push(fault);
    return fault;
  }

  clear(): void {
    this.faults = [];
  }

  list(): ActiveFault[] {
    return this.faults.map((fault) => ({ ...fault }));
  }

  /** Uses up one count of the first fault matching this request, if any. */
  take(method: string, template: string, path: string): ActiveFault | undefined {
    const fault = this.faults.find(
      (candidate) =>
        candidate.remaining !== 0 &&
        (candidate.method === "*" || candidate.method === method) &&
        (candidate.path === "*" || candidate.path === template || candidate.path === path),
    );
    if (!fault) return undefined;
    fault.fired++;
    if (fault.remaining !== "always") fault.remaining--;
    return { ...fault };
  }
}

function validateFaultSpec(spec: unknown, id: number): ActiveFault {
  if (typeof spec !== "object" || spec === null || Array.isArray(spec)) throw new EmulatorError("a fault must be an object {route, kind, count?, retryAfter?, delayMs?}");
  const record = spec as Record<string, unknown>;
  if (typeof record.route !== "string") throw new EmulatorError('fault route must be a string such as "GET /tokenCatalog"');
  const { method, path } = parseRoute(record.route);
  const kind = record.kind;
  if (typeof kind !== "string" || !(FAULT_KINDS as readonly string[]).includes(kind)) {
    throw new EmulatorError(`fault kind must be one of ${FAULT_KINDS.join(", ")}`);
  }
  const count = record.count ?? 1;
  if (count !== "always" && !isInRange(count, FAULT_COUNT_RANGE)) {
    throw new EmulatorError(`fault count must be ${describeRange(FAULT_COUNT_RANGE)} or "always"`);
  }
  const fault: ActiveFault = { id, method, path, kind: kind as FaultKind, remaining: count as number | "always", fired: 0 };
  if (record.retryAfter !== undefined) {
    if (!isInRange(record.retryAfter, FAULT_RETRY_AFTER_RANGE)) {
      throw new EmulatorError(`fault retryAfter must be whole seconds from ${FAULT_RETRY_AFTER_RANGE.min} to ${FAULT_RETRY_AFTER_RANGE.max}`);
    }
    fault.retryAfter = record.retryAfter as number;
  } else if (kind === "429") {
    fault.retryAfter = 1;
  }
  if (kind === "delay") {
    if (!isInRange(record.delayMs, FAULT_DELAY_MS_RANGE)) {
      throw new EmulatorError(`a delay fault needs delayMs, whole milliseconds from ${FAULT_DELAY_MS_RANGE.min} to ${FAULT_DELAY_MS_RANGE.max}`);
    }
    fault.delayMs = record.delayMs as number;
  }
  return fault;
}

function parseRoute(route: string): { method: string; path: string } {
  const match = /^\s*(?:([A-Za-z]+|\*)\s+)?(\S+)\s*$/.exec(route);
  if (!match) throw new EmulatorError(`fault route "${route}" is not "METHOD /path"`);
  const method = (match[1] ?? "*").toUpperCase();
  let path = match[2]!;
  if (path !== "*") {
    if (!path.startsWith("/")) throw new EmulatorError(`fault route path "${path}" must start with / (or be *)`);
    path = path.replace(/^\/api\/v0(?=\/)/, "").replace(/\/+$/, "") || "/";
  }
  return { method, path };
}

/**
 * Parses the CLI form `METHOD /path=KIND[:N][xCOUNT]`: N is the Retry-After
 * seconds of a 429/503 or the milliseconds of a delay; COUNT a number or `*`
 * (always). Examples: `GET /tokenCatalog=503x3`, `GET /tokenCatalog=429:2x2`,
 * `PUT /environments/{environmentId}/webhooks/{webhookId}=delay:1500`, `*=dropx1`.
 */
export function parseFaultFlag(text: string): FaultSpec {
  const at = text.lastIndexOf("=");
  if (at <= 0) throw new EmulatorError(`--fault "${text}": expected METHOD /path=KIND[:N][xCOUNT], e.g. "GET /tokenCatalog=503x3"`);
  const route = text.slice(0, at);
  const match = /^(429|500|503|delay|drop-after|drop)(?::(\d+))?(?:x(\d+|\*))?$/.exec(text.slice(at + 1).trim());
  if (!match) {
    throw new EmulatorError(`--fault "${text}": the kind must be one of ${FAULT_KINDS.join(", ")}, optionally :N and xCOUNT, e.g. 429:2x3 or delay:1500`);
  }
  const kind = match[1] as FaultKind;
  const spec: FaultSpec = { route, kind, count: match[3] === undefined ? 1 : match[3] === "*" ? "always" : Number(match[3]) };
  if (match[2] !== undefined) {
    if (kind === "delay") spec.delayMs = Number(match[2]);
    else if (kind === "429" || kind === "503") spec.retryAfter = Number(match[2]);
    else throw new EmulatorError(`--fault "${text}": only 429, 503 (Retry-After seconds) and delay (milliseconds) take :N`);
  }
  // Validate now, so a bad flag fails at start rather than on the first request.
  validateFaultSpec(spec, 0);
  return spec;
}
