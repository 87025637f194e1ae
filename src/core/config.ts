/**
 * screenpol.config.yaml as typed data (toolkit.md, Configuration and secrets).
 * The schema (schemas/config.schema.json) decides what is valid; this only gives
 * the valid shape a type and fills the defaults.
 */

export const CONFIG_FILE = "screenpol.config.yaml";

/** The embedded emulator's address (toolkit.md). */
export const DEFAULT_BASE_URL = "http://127.0.0.1:4010/api/v0";

export type EnvironmentKind = "sandbox" | "live";

export interface EnvironmentConfig {
  name: string;
  /** Environment UUID (admin-api.md: 36 characters, lowercase 8-4-4-4-12). */
  id: string;
  kind: EnvironmentKind;
}

export interface Config {
  baseUrl: string;
  environments: readonly EnvironmentConfig[];
  paths: { policies: string; webhooks: string; catalog: string; tests: string };
  /** `severity:` overrides of warning-level codes (the config schema allows no other). */
  severity?: Readonly<Record<string, "error" | "warning" | "off">>;
}

export const DEFAULT_PATHS: Config["paths"] = { policies: "policies", webhooks: "webhooks", catalog: "catalog", tests: "tests" };

/** The layout a repository without a config file is read with: no environments known. */
export const EMPTY_CONFIG: Config = { baseUrl: DEFAULT_BASE_URL, environments: [], paths: DEFAULT_PATHS };

/**
 * Builds a Config from data that already passed the config schema. Anything
 * unexpected falls back to the default rather than throwing: the schema
 * diagnostics have already told the user.
 */
export function toConfig(data: unknown): Config {
  const record = isRecord(data) ? data : {};
  const environments: EnvironmentConfig[] = [];
  if (isRecord(record.environments)) {
    for (const [name, value] of Object.entries(record.environments)) {
      if (isRecord(value) && typeof value.id === "string" && (value.kind === "sandbox" || value.kind === "live")) {
        environments.push({ name, id: value.id, kind: value.kind });
      }
    }
  }
  const paths = isRecord(record.paths) ? record.paths : {};
  const pick = (key: keyof Config["paths"]): string => {
    const value = paths[key];
    return typeof value === "string" && value !== "" ? trimSlashes(value) : DEFAULT_PATHS[key];
  };
  const severity: Record<string, "error" | "warning" | "off"> = {};
  if (isRecord(record.severity)) {
    for (const [code, value] of Object.entries(record.severity)) {
      if (value === "error" || value === "warning" || value === "off") Object.defineProperty(severity, code, { value, enumerable: true });
    }
  }
  return {
    baseUrl: typeof record.baseUrl === "string" ? record.baseUrl : DEFAULT_BASE_URL,
    environments,
    paths: { policies: pick("policies"), webhooks: pick("webhooks"), catalog: pick("catalog"), tests: pick("tests") },
    ...(Object.keys(severity).length > 0 ? { severity } : {}),
  };
}

/**
 * The environment id `screenpol init` writes (app/init-templates.ts): a valid
 * lowercase UUID (toolkit.md, Remote behaviour) that no dashboard hands out, so
 * `lint` reads the config, `plan` and `push` get 404 until it is replaced, and
 * lint warns on it (checks/placeholder-environment-id.ts).
 */
export const PLACEHOLDER_ENVIRONMENT_ID = "00000000-0000-4000-8000-000000000000";

/** The placeholder of the environment at `index` of init's list: the n-th ends in n, so two environments never share an id. */
export function placeholderEnvironmentId(index: number): string {
  return `${PLACEHOLDER_ENVIRONMENT_ID.slice(0, -12)}${String(index).padStart(12, "0")}`;
}

/** Whether `id` is one that `screenpol init` writes: {@link placeholderEnvironmentId} of some index. */
export function isPlaceholderEnvironmentId(id: string): boolean {
  return /^00000000-0000-4000-8000-\d{12}$/.test(id);
}

export function findEnvironment(config: Config, name: string): EnvironmentConfig | undefined {
  return config.environments.find((environment) => environment.name === name);
}

function trimSlashes(path: string): string {
  return path.replace(/^\.\/+/, "").replace(/\/+$/, "");
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
