/**
 * The doctor use case (toolkit.md, `screenpol doctor`): read each chosen
 * environment once (admin-api.md, operation 6) and classify the outcome. A 200
 * confirms the token and the environment id, and that the token may read; it
 * cannot tell a read-only token from one that may write (only a write could,
 * and doctor writes nothing). 401, 403 and 404 each point at one of the three
 * (admin-api.md, operation 6 and Authentication rule 3).
 * Rendering is the command's job; this only says what happened.
 */
import { join, relative } from "node:path";
import { CONFIG_FILE, type EnvironmentConfig } from "../core/config.js";
import { isRemoteError, type RemoteClient, type RemoteError } from "../remote/index.js";

/** The outcome of checking one environment. */
export type DoctorCheck =
  | {
      environment: EnvironmentConfig;
      status: "ok";
    }
  | {
      environment: EnvironmentConfig;
      /**
       * `auth` 401, `forbidden` 403, `notFound` 404, `network` no response at
       * all, `failed` anything else (5xx after retries, an unreadable body...).
       */
      status: "auth" | "forbidden" | "notFound" | "network" | "failed";
      error: RemoteError;
    };

/**
 * Checks the environments one after the other (one request each; sequential,
 * so a wrong base URL is reported once per environment without a burst).
 * Only remote failures become checks; anything else (a bug) is thrown.
 */
export async function checkEnvironments(client: RemoteClient, environments: readonly EnvironmentConfig[]): Promise<DoctorCheck[]> {
  const checks: DoctorCheck[] = [];
  for (const environment of environments) {
    try {
      // The body (the vendor's ProjectEnvironment) says nothing of the token's scopes: the 200 is the answer.
      await client.getEnvironment(environment.id);
      checks.push({ environment, status: "ok" });
    } catch (error) {
      if (!isRemoteError(error)) throw error;
      checks.push({ environment, status: statusOf(error), error });
    }
  }
  return checks;
}

function statusOf(error: RemoteError): "auth" | "forbidden" | "notFound" | "network" | "failed" {
  switch (error.kind) {
    case "auth":
    case "forbidden":
    case "notFound":
    case "network":
      return error.kind;
    default:
      return "failed";
  }
}

/** The config file as the user would type it from `cwd` (the repository's root holds it). */
export function configFileFrom(cwd: string, root: string): string {
  return relative(cwd, join(root, CONFIG_FILE)) || CONFIG_FILE;
}

/** A failed response in a few words: `404 Not Found [not_found]`. */
export function describeStatus(error: RemoteError): string {
  return `${error.status ?? ""} ${error.serverMessage ?? ""}`.trim() + (error.code ? ` [${error.code}]` : "");
}

/**
 * The one wording of a 404 on reading an environment (admin-api.md, operation
 * 6): the id in the config is wrong or another project's, so the line names the
 * config key that holds it. doctor prints it per environment; every command that
 * reads live state (plan, push, pull, replay --live, watch) fails with it.
 */
export function describeWrongEnvironmentId(environment: EnvironmentConfig, error: RemoteError, configFile: string): string {
  return (
    `${environment.name} (${environment.id}): ${describeStatus(error)}: environment id ${environment.id} is wrong or belongs to another project; ` +
    `check environments.${environment.name}.id in ${configFile}`
  );
}
