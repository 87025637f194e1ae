/**
 * `screenpol webhooks push --env NAME [--yes] [--dry-run]`: lints
 * `webhooks/<env>.yaml` and, only when it has no error, updates each webhook
 * it lists (admin-api.md, operation 5), one line per webhook. Findings: exit 1,
 * nothing sent. A `live` environment needs `--yes` or a confirmation at a
 * terminal (toolkit.md); without either, exit 2 before anything is sent.
 */
import { isRemoteError, withConnection } from "../../app/admin.js";
import { selectEnvironment } from "../../app/connect.js";
import { UsageError } from "../../app/errors.js";
import { pushWebhooks, readWebhookFile, type WebhookEntry, type WebhookPushed } from "../../app/webhooks.js";
import { openValidWorkspace } from "../../app/workspace-config.js";
import { formatReport, shouldUseColor } from "../../core/formats/index.js";
import { confirmOrRefuse, isInteractive } from "../confirm.js";
import { EXIT, type ExitCode } from "../exit-codes.js";
import type { CliIo } from "../io.js";
import { connectOptions, type RemoteFlags } from "../remote-options.js";
import { printable } from "../table.js";
import { VERSION } from "../version.js";

export interface WebhooksPushFlags extends RemoteFlags {
  env?: string;
  yes?: boolean;
  dryRun?: boolean;
}

export async function webhooksPushCommand(flags: WebhooksPushFlags, io: CliIo): Promise<ExitCode> {
  // Offline first: config, file, lint. No token is needed to find out that the file is wrong.
  const workspace = await openValidWorkspace(io.cwd);
  const environment = selectEnvironment(workspace.config, flags.env);
  const webhookFile = await readWebhookFile(workspace.root, workspace.config, environment);
  if (webhookFile.lint.diagnostics.length > 0) {
    io.stdout.write(
      formatReport("pretty", webhookFile.lint, { color: shouldUseColor(io.env, io.stdout.isTTY === true), toolVersion: VERSION, srcRoot: workspace.root }),
    );
  }
  if (webhookFile.hasErrors) {
    io.stderr.write(`screenpol: ${webhookFile.file} has errors; nothing was sent\n`);
    return EXIT.findings;
  }
  const { webhooks } = webhookFile;
  if (webhooks.length === 0) {
    io.stdout.write(`${webhookFile.file} lists no webhook; nothing to push\n`);
    return EXIT.ok;
  }
  if (flags.dryRun) {
    for (const entry of webhooks) io.stdout.write(`would update ${entry.webhookId}: ${describeEntry(entry)}\n`);
    io.stdout.write(`dry run: ${webhooks.length} webhook${webhooks.length === 1 ? "" : "s"} of ${environment.name} checked; nothing was sent\n`);
    return EXIT.ok;
  }

  const refusal = `refusing to push webhooks to the live environment "${environment.name}" without --yes in a non-interactive session`;
  const isLive = environment.kind === "live";
  // Refused before the token is read: without a terminal nobody could answer.
  if (isLive && flags.yes !== true && !isInteractive(io)) throw new UsageError(refusal);

  return withConnection(connectOptions(flags, io), async ({ client }) => {
    if (isLive && flags.yes !== true) {
      const question = `Update ${webhooks.length} webhook${webhooks.length === 1 ? "" : "s"} of the LIVE environment "${environment.name}" (${environment.id})?`;
      if (!(await confirmOrRefuse(io, { yes: false, question, refusal }))) {
        io.stderr.write("screenpol: cancelled; no webhook was updated\n");
        return EXIT.usage;
      }
    }
    let pushed = 0;
    try {
      await pushWebhooks(client, environment.id, webhooks, (done) => {
        pushed++;
        io.stdout.write(`✔ ${done.entry.webhookId} updated: ${describeWebhook(done)}\n`);
      });
    } catch (error) {
      if (!isRemoteError(error)) throw error;
      const failed = webhooks[pushed];
      const notSent = webhooks.length - pushed - 1;
      const tally = `${pushed} updated before it, ${notSent} not sent`;
      io.stderr.write(`screenpol: webhook ${failed?.webhookId ?? "?"}: ${error.message} (${tally})\n`);
      return EXIT.remote;
    }
    return EXIT.ok;
  });
}

function describeEntry(entry: WebhookEntry): string {
  return `${printable(entry.url)}, ${entry.isEnabled ? "enabled" : "disabled"}, events ${entry.events.map((event) => printable(event, 80)).join(", ")}`;
}

/** What the service stored (never its `secret`), falling back to what was sent for members it did not echo. */
function describeWebhook({ entry, webhook }: WebhookPushed): string {
  return describeEntry({
    webhookId: entry.webhookId,
    url: webhook.url ?? entry.url,
    isEnabled: webhook.isEnabled ?? entry.isEnabled,
    events: webhook.events ?? entry.events,
  });
}
