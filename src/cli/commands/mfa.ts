/**
 * `screenpol mfa reset <userId> [--yes]` (admin-api.md, operation 4): removes
 * every MFA device of a user, which locks them out of their second factor until
 * they enrol again; so it asks first on a terminal, and refuses without
 * `--yes` anywhere else (exit 2).
 */
import { assertUuid, isSanctionsBlocked, resetMfa, withConnection } from "../../app/admin.js";
import { UsageError } from "../../app/errors.js";
import { confirmOrRefuse, isInteractive } from "../confirm.js";
import { EXIT, type ExitCode } from "../exit-codes.js";
import type { CliIo } from "../io.js";
import { connectOptions, type RemoteFlags } from "../remote-options.js";

export interface MfaResetFlags extends RemoteFlags {
  yes?: boolean;
}

export const MFA_REFUSAL = "refusing to reset MFA without --yes in a non-interactive session";

export async function mfaResetCommand(userId: string, flags: MfaResetFlags, io: CliIo): Promise<ExitCode> {
  // Checked before the question, so nobody is asked about an id that cannot be sent.
  const id = assertUuid(userId, "userId");
  const question = `Reset all MFA devices of user ${id}?`;
  // Refused before the token is even read: without a terminal nobody could answer.
  if (flags.yes !== true && !isInteractive(io)) throw new UsageError(MFA_REFUSAL);
  return withConnection(connectOptions(flags, io), async ({ client }) => {
    if (!(await confirmOrRefuse(io, { yes: flags.yes, question, refusal: MFA_REFUSAL }))) {
      io.stderr.write("screenpol: cancelled; no MFA device was reset\n");
      return EXIT.usage;
    }
    try {
      await resetMfa(client, id);
    } catch (error) {
      if (isSanctionsBlocked(error)) {
        io.stderr.write(`screenpol: MFA of user ${id} was not reset: blocked by the service's sanctions screening (${error.status ?? 403} ${error.code})\n`);
        return EXIT.remote;
      }
      throw error;
    }
    io.stdout.write(`✔ all MFA devices of user ${id} were reset\n`);
    return EXIT.ok;
  });
}
