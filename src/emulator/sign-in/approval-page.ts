/**
 * The approval page at the verification URI: the dashboard as far as a device
 * sign-in needs it, plain HTML with no script. The seeded dashboard user is
 * taken as signed in (the emulator has no dashboard session to check).
 *
 * | method and path                     | does                                                   |
 * |-------------------------------------|--------------------------------------------------------|
 * | GET /device                         | a form to enter the user code; the authorized clients  |
 * | GET /device?user_code=XXXX-XXXX     | the request of that code: client, scopes, approve/deny |
 * | POST /device                        | `user_code`, `decision` = approve or deny              |
 * | POST /device/authorized-clients     | `revoke` = an authorized client's id; back to /device  |
 *
 * Guarded like the emulator's own endpoints: a loopback peer and a loopback
 * Host header (no DNS rebinding); a POST must be a form whose `Origin`, when
 * the browser sends one, is this page's own (no cross-site form posts). Every
 * page forbids framing (X-Frame-Options and CSP `frame-ancestors`), so another
 * site cannot lay it under a decoy and trick the click on Approve
 * (clickjacking); its CSP also allows no script and no form target but itself.
 */
import type { IncomingMessage } from "node:http";
import { forbidden, HttpError } from "../errors.js";
import type { Reply } from "../http.js";
import { refuseNonLoopback } from "../loopback.js";
import { DASHBOARD_USER, type DeviceLogins } from "./device-logins.js";

export const APPROVAL_PAGE_PATH = "/device";
const REVOKE_PATH = `${APPROVAL_PAGE_PATH}/authorized-clients`;

/**
 * The headers of every page: never in a frame (X-Frame-Options for the
 * browsers that predate CSP's frame-ancestors), nothing loaded or run but the
 * page's own inline style, forms posted only back here.
 */
export const APPROVAL_PAGE_HEADERS: Readonly<Record<string, string>> = {
  "x-frame-options": "DENY",
  "content-security-policy": "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'",
  "x-content-type-options": "nosniff",
  // No Referrer-Policy of no-referrer: browsers then send `Origin: null` with the form's POST, which readPageForm refuses.
};

/** True for a path the approval page serves. */
export function isApprovalPagePath(path: string): boolean {
  return path === APPROVAL_PAGE_PATH || path === REVOKE_PATH;
}

/** The verification URI, on the origin the client reached the emulator at. */
export function verificationUri(request: IncomingMessage): string {
  return `http://${request.headers.host ?? "127.0.0.1"}${APPROVAL_PAGE_PATH}`;
}

export function handleApprovalPage(request: IncomingMessage, url: URL, bodyText: string, logins: DeviceLogins): Reply {
  refuseNonLoopback(request);
  const method = request.method ?? "GET";
  if (method === "GET" && url.pathname === APPROVAL_PAGE_PATH) {
    const typed = url.searchParams.get("user_code");
    if (typed === null) return page(200, enterCodeSection(""), logins);
    const pending = logins.findPending(typed);
    if (!pending) return page(400, notice("error", "That code is not valid, or it expired or was already used. Check the code in your terminal, or start again with screenpol login.") + enterCodeSection(typed), logins);
    return page(200, confirmSection(pending.userCode, pending.clientName, pending.scopes), logins);
  }
  if (method !== "POST") throw new HttpError(405, { error: "Method Not Allowed" }, { allow: url.pathname === APPROVAL_PAGE_PATH ? "GET, POST" : "POST" });
  const form = readPageForm(request, bodyText);
  if (url.pathname === REVOKE_PATH) {
    const id = form.get("revoke") ?? "";
    const revoked = logins.revokeClient(DASHBOARD_USER.id, id);
    return page(revoked ? 200 : 404, notice(revoked ? "done" : "error", revoked ? "Revoked: that client's token no longer works." : "No such authorized client."), logins);
  }
  const decision = form.get("decision");
  const typed = form.get("user_code") ?? "";
  if (decision !== "approve" && decision !== "deny") return page(400, notice("error", "Choose approve or deny.") + enterCodeSection(typed), logins);
  if (!logins.decide(typed, decision)) {
    return page(400, notice("error", "That code is not valid, or it expired or was already used. Start again with screenpol login.") + enterCodeSection(""), logins);
  }
  return page(
    200,
    decision === "approve"
      ? notice("done", "Approved. You can close this window and return to your terminal.")
      : notice("denied", "Denied. The terminal that asked will not be signed in."),
    logins,
  );
}

/** A POST from this page: a form, and no foreign `Origin`. */
function readPageForm(request: IncomingMessage, bodyText: string): URLSearchParams {
  if (!/^application\/x-www-form-urlencoded\b/i.test(request.headers["content-type"] ?? "")) {
    throw new HttpError(415, { error: "Unsupported Media Type: send a form" });
  }
  const origin = request.headers.origin;
  if (origin !== undefined && origin !== `http://${request.headers.host ?? ""}`) throw forbidden();
  return new URLSearchParams(bodyText);
}

function page(status: number, main: string, logins: DeviceLogins): Reply {
  const html = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Sign in a device - screenpol emulator</title>
<style>
body { font: 16px/1.5 system-ui, sans-serif; max-width: 40rem; margin: 2rem auto; padding: 0 1rem; color: #1b1f24; }
code, .code { font-family: ui-monospace, monospace; }
input[name=user_code] { font: 1.5rem ui-monospace, monospace; letter-spacing: .15em; width: 11ch; text-transform: uppercase; }
button { font: inherit; padding: .4rem 1rem; margin-right: .5rem; }
.notice { padding: .6rem 1rem; border-radius: 4px; }
.done { background: #dafbe1; } .denied, .error { background: #ffebe9; }
table { border-collapse: collapse; width: 100%; } td, th { text-align: left; padding: .3rem .5rem; border-bottom: 1px solid #d0d7de; }
</style>
</head>
<body>
<header><p>Signed in to the dashboard as <strong>${escapeHtml(DASHBOARD_USER.name)}</strong> (${escapeHtml(DASHBOARD_USER.email)})</p></header>
<main>
${main}
</main>
${clientsSection(logins)}
</body>
</html>
`;
  return { status, html, headers: { ...APPROVAL_PAGE_HEADERS } };
}

function enterCodeSection(typed: string): string {
  return `<h1>Sign in a device</h1>
<form method="get" action="${APPROVAL_PAGE_PATH}">
<p><label for="user_code">Enter the code your terminal shows</label></p>
<p><input id="user_code" name="user_code" autocomplete="off" autocapitalize="characters" spellcheck="false" placeholder="XXXX-XXXX" value="${escapeHtml(typed)}" required>
<button type="submit" id="continue">Continue</button></p>
</form>`;
}

function confirmSection(userCode: string, clientName: string, scopes: readonly string[]): string {
  return `<h1>Sign in ${escapeHtml(clientName)}?</h1>
<p>Code <span class="code" id="confirm-code">${escapeHtml(userCode)}</span>. Only approve if your terminal shows this code and you started the sign-in.</p>
<p>It asks for:</p>
<ul id="scopes">
${scopes.map((scope) => `<li><code>${escapeHtml(scope)}</code></li>`).join("\n")}
</ul>
<p>The token it gets is valid for 30 days, or until you revoke it below.</p>
<form method="post" action="${APPROVAL_PAGE_PATH}">
<input type="hidden" name="user_code" value="${escapeHtml(userCode)}">
<button type="submit" name="decision" value="approve" id="approve">Approve</button>
<button type="submit" name="decision" value="deny" id="deny">Deny</button>
</form>`;
}

function clientsSection(logins: DeviceLogins): string {
  const clients = logins.authorizedClients(DASHBOARD_USER.id);
  const rows = clients.map(
    (client) => `<tr data-client="${escapeHtml(client.id)}"><td>${escapeHtml(client.clientId)}</td><td>${escapeHtml(client.scopes.join(", "))}</td><td>${escapeHtml(client.issuedAt)}</td><td>${escapeHtml(client.expiresAt)}</td><td>${
      client.revokedAt === null
        ? `<form method="post" action="${REVOKE_PATH}"><button type="submit" name="revoke" value="${escapeHtml(client.id)}">Revoke</button></form>`
        : `revoked ${escapeHtml(client.revokedAt)}`
    }</td></tr>`,
  );
  return `<section id="authorized-clients">
<h2>Authorized clients</h2>
${
  clients.length === 0
    ? "<p>None yet.</p>"
    : `<table>
<thead><tr><th>Client</th><th>Scopes</th><th>Issued</th><th>Expires</th><th></th></tr></thead>
<tbody>
${rows.join("\n")}
</tbody>
</table>`
}
</section>`;
}

function notice(kind: "done" | "denied" | "error", text: string): string {
  return `<p class="notice ${kind}" id="notice" role="status">${escapeHtml(text)}</p>`;
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
}
