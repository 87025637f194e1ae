/**
 * The webhook push use case: read `webhooks/<environment>.yaml`, lint it with
 * the core linter, and only when it has no error send each webhook with the
 * update operation (admin-api.md, operation 5: PUT url, isEnabled, events).
 * The file lists existing webhooks by id: the interface updates webhooks, it
 * does not create them (policy-language.md section 7).
 */
import { join } from "node:path";
import type { Config, EnvironmentConfig } from "../core/config.js";
import { isRecord } from "../core/config.js";
import { parseYaml } from "../core/document.js";
import { lintFails, lintSources, type LintResult } from "../core/lint.js";
import type { RemoteClient, Webhook, WebhookUpdate } from "../remote/index.js";
import { readSource } from "../workspace/repository.js";
import { ConfigError } from "./errors.js";

/** One webhook of the file, as it will be sent. */
export interface WebhookEntry extends WebhookUpdate {
  webhookId: string;
}

export interface WebhookFile {
  /** Repository-relative path, e.g. `webhooks/sandbox.yaml`. */
  file: string;
  /** The lint of that one file; `webhooks` is empty when it has an error. */
  lint: LintResult;
  hasErrors: boolean;
  webhooks: WebhookEntry[];
}

/**
 * Reads and lints the webhook file of `environment`. A missing file is a
 * {@link ConfigError} (exit 2: there is nothing to push, and no finding to show);
 * every other problem, unreadable bytes included, is a lint finding.
 */
export async function readWebhookFile(root: string, config: Config, environment: EnvironmentConfig): Promise<WebhookFile> {
  // Environment names are `^[a-z][a-z0-9-]{0,31}$` (config schema), so this stays inside the folder.
  const file = `${config.paths.webhooks}/${environment.name}.yaml`;
  const source = await readSource({ root, named: [] }, join(root, file));
  if (source.readError === "no such file") {
    throw new ConfigError(`no webhook file ${file} for environment "${environment.name}"; nothing to push`);
  }
  const lint = lintSources([source], { config });
  const hasErrors = lintFails(lint);
  const text = lint.sources.get(source.file);
  const webhooks = hasErrors || text === undefined ? [] : webhookEntries(parseYaml(text).document?.data);
  return { file: source.file, lint, hasErrors, webhooks };
}

/** The entries of a file that linted clean: the schema guarantees their shape, this only types them. */
function webhookEntries(data: unknown): WebhookEntry[] {
  const list = isRecord(data) && Array.isArray(data.webhooks) ? data.webhooks : [];
  return list.filter(isRecord).map((webhook) => ({
    webhookId: String(webhook.webhookId),
    url: String(webhook.url),
    isEnabled: webhook.isEnabled === true,
    events: Array.isArray(webhook.events) ? webhook.events.map(String) : [],
  }));
}

/** The outcome of one webhook update. */
export interface WebhookPushed {
  entry: WebhookEntry;
  /** The webhook as the service returned it; its `secret` must not be printed or written. */
  webhook: Webhook;
}

/**
 * Sends the webhooks in file order, calling `onPushed` after each. Stops at
 * the first failure and rethrows it: the ones before were applied, none after
 * was sent. Each update is a PUT of the whole state, so pushing again repairs a
 * partial push.
 */
export async function pushWebhooks(
  client: RemoteClient,
  environmentId: string,
  webhooks: readonly WebhookEntry[],
  onPushed: (pushed: WebhookPushed) => void,
): Promise<void> {
  for (const entry of webhooks) {
    const webhook = await client.updateWebhook(environmentId, entry.webhookId, {
      url: entry.url,
      isEnabled: entry.isEnabled,
      events: entry.events,
    });
    onPushed({ entry, webhook });
  }
}
