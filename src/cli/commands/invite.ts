/**
 * `screenpol invite accept|reject <inviteId>` (admin-api.md, operation 3).
 * The merge conflict (`Resources already exists for this Object`) is the one
 * failure with data worth reading: which fields of the invited user clash
 * with which existing user. It is printed on stdout as the outcome, followed
 * by the usual one-line error on stderr (exit 4).
 */
import {
  decideInvite,
  INVITE_DECISIONS,
  isMergeConflict,
  isSanctionsBlocked,
  withConnection,
  type InviteDecision,
  type MergeConflictPayload,
  type RemoteError,
} from "../../app/admin.js";
import { EXIT, type ExitCode } from "../exit-codes.js";
import type { CliIo } from "../io.js";
import { connectOptions, type RemoteFlags } from "../remote-options.js";
import { printable } from "../table.js";

export async function inviteCommand(decision: InviteDecision, inviteId: string, flags: RemoteFlags, io: CliIo): Promise<ExitCode> {
  const status = INVITE_DECISIONS[decision];
  return withConnection(connectOptions(flags, io), async ({ client }) => {
    try {
      await decideInvite(client, inviteId, decision);
    } catch (error) {
      if (isMergeConflict(error)) {
        io.stdout.write(renderMergeConflict(inviteId, status, error.payload));
        io.stderr.write(`screenpol: invite ${inviteId} was not ${status}: ${describeRemote(error)}: it conflicts with an existing user (fields above)\n`);
        return EXIT.remote;
      }
      if (isSanctionsBlocked(error)) {
        io.stderr.write(`screenpol: invite ${inviteId} was not ${status}: blocked by the service's sanctions screening (${error.status ?? 403} ${error.code})\n`);
        return EXIT.remote;
      }
      throw error;
    }
    io.stdout.write(`✔ invite ${inviteId} ${status}\n`);
    return EXIT.ok;
  });
}

/** `422 Resources already exists for this Object [email_cannot_be_null]`. */
function describeRemote(error: RemoteError): string {
  const code = error.code ? ` [${printable(error.code)}]` : "";
  return `${error.status ?? ""} ${printable(error.serverMessage ?? "conflict")}${code}`.trim();
}

/**
 * The merge-conflict payload (admin-api.md, Merge-conflict error payload) as a
 * person reads it: the invited e-mail and login, then each conflicting field
 * with the invited user's value beside the existing user's. The rest of the
 * payload (the invited user's full record, credentials, wallets) is personal
 * data nobody needs to resolve the clash, so it is not printed.
 */
export function renderMergeConflict(inviteId: string, status: string, payload: MergeConflictPayload): string {
  const lines = [`✖ invite ${inviteId} was not ${status}: the invited user would merge into an existing user`];
  if (payload.email !== undefined) lines.push(`  e-mail          ${printable(payload.email)}`);
  if (payload.loginProvider !== undefined) lines.push(`  login provider  ${printable(payload.loginProvider)}`);
  const conflicts = Array.isArray(payload.mergeConflicts?.conflicts) ? payload.mergeConflicts.conflicts : [];
  if (conflicts.length === 0) lines.push("  no conflicting field is listed");
  for (const conflict of conflicts) {
    const field = conflict?.field ?? {};
    const name = printable(field.name, 80);
    const fieldLabel = typeof field.label === "string" && field.label !== "" && field.label !== field.name ? ` (${printable(field.label, 80)})` : "";
    lines.push(`  conflicting field ${name}${fieldLabel}`);
    lines.push(`    invited user   ${side(conflict?.fromUser)}`);
    lines.push(`    existing user  ${side(conflict?.currentUser)}`);
  }
  const messages = Array.isArray(payload.additionalMessages) ? payload.additionalMessages : [];
  for (const message of messages) lines.push(`  note: ${printable(message)}`);
  return `${lines.join("\n")}\n`;
}

function side(user: { userId?: string; value?: string } | undefined): string {
  const value = typeof user?.value === "string" ? JSON.stringify(printable(user.value)) : "(no value)";
  return `${printable(user?.userId, 60)}  ${value}`;
}
