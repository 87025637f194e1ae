/**
 * The one rule for the admin API base URL (toolkit.md, Configuration and
 * secrets), shared by the remote client, which refuses to send a request to a
 * refused URL, and by the lint of screenpol.config.yaml, which reports it at the
 * `baseUrl` value first, offline. Pure: it only parses the text.
 *
 * Refused, because the token would leak or go somewhere unintended:
 * - a scheme other than http and https;
 * - `http://` to anything but a loopback host (127.0.0.0/8, ::1, `localhost`):
 *   the token would cross the network in clear;
 * - credentials in the URL (they belong in SCREENPOL_API_TOKEN), a query or a fragment
 *   (paths are appended, so these would silently be dropped or misplaced).
 */

export type BaseUrlCheck =
  /** `url`: without a trailing slash, ready to have paths appended. */
  | { ok: true; url: string }
  | { ok: false; problem: string; cause?: unknown };

/** Checks a base URL (which already includes `/api/v0`, admin-api.md, Endpoints). */
export function checkBaseUrl(baseUrl: string): BaseUrlCheck {
  let url: URL;
  try {
    url = new URL(baseUrl);
  } catch (error) {
    return { ok: false, problem: `the base URL ${JSON.stringify(baseUrl.slice(0, 200))} is not a valid URL`, cause: error };
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") {
    return { ok: false, problem: `the base URL must use https (or http on loopback), not ${url.protocol.slice(0, -1)}` };
  }
  if (url.username !== "" || url.password !== "") {
    return { ok: false, problem: "the base URL must not contain credentials; the API token comes from SCREENPOL_API_TOKEN or --token-file" };
  }
  if (url.search !== "" || url.hash !== "") {
    return { ok: false, problem: "the base URL must not contain a query or a fragment" };
  }
  if (url.protocol === "http:" && !isLoopbackHost(url.hostname)) {
    return {
      ok: false,
      problem: `refusing plain http to ${url.host}: the API token would cross the network in clear; use https, or http only to 127.0.0.1, ::1 or localhost`,
    };
  }
  return { ok: true, url: `${url.origin}${url.pathname.replace(/\/+$/, "")}` };
}

/**
 * Loopback as the WHATWG URL parser normalises host names: IPv4 127.0.0.0/8 in
 * dotted decimal (it turns `127.1` and `0x7f.1` into `127.0.0.1`), `[::1]`, and
 * `localhost` exactly (a `*.localhost` name depends on the resolver).
 */
export function isLoopbackHost(hostname: string): boolean {
  if (hostname === "localhost" || hostname === "[::1]") return true;
  return /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(hostname);
}
