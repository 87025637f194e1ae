/**
 * What the JSON Schema cannot say, reported as `schema` errors at the value:
 * an `expiresAt` off the calendar or the clock (the message says what is
 * wrong), and a config `baseUrl` the remote commands would refuse.
 */
import { describe, expect, it } from "vitest";
import { lintText } from "../../../src/core/lint.js";

const FILE = "policies/sandbox/vendorAWalletScreening/addresses.yaml";
const NOW = new Date("2026-11-21T12:00:00Z");

function lintExpiry(expiresAt: string) {
  const text = `providerType: vendorAWalletScreening
entries:
  - address: "0x52908400098527886e0f7030069857d2e4169ee7"
    chain: EVM
    action: ALLOW
    scope: ALL
    reason: treasury cold wallet
    expiresAt: ${expiresAt}
`;
  return lintText(FILE, text, { now: NOW }).map((d) => `${d.line}:${d.column}-${d.endColumn} ${d.severity} ${d.code} ${d.message}`);
}

describe("expiresAt on the calendar", () => {
  it.each([
    ["2027-02-30", "February 2027 has 28 days"],
    ["2027-02-29", "February 2027 has 28 days"],
    ["2027-13-01", "there is no month 13 (months run 01 to 12)"],
    ["2027-00-10", "there is no month 00 (months run 01 to 12)"],
    ["2020-04-31", "April has 30 days"],
    ["2027-06-00", "there is no day 00 (days start at 01)"],
    ["2027-10-01T24:00:00Z", "there is no hour 24 (hours run 00 to 23; for the end of a day write the next day at 00:00)"],
    ["2027-10-01T12:60Z", "there is no minute 60 (minutes run 00 to 59)"],
    ["2027-12-31T23:59:60Z", "there is no second 60 (seconds run 00 to 59; leap seconds are not accepted)"],
    ["2027-10-01T10:00:00+24:00", "the offset +24:00 is out of range (at most ±23:59)"],
  ])("%s is a schema error at the value: %s", (value, problem) => {
    expect(lintExpiry(value)).toEqual([`8:16-${16 + value.length} error schema entries[0].expiresAt: "${value}" is not a real date: ${problem}`]);
  });

  it("an impossible date in the past is not reported as expired, and one in the future does not pass as never expiring", () => {
    expect(lintExpiry("2020-02-30")).toEqual(['8:16-26 error schema entries[0].expiresAt: "2020-02-30" is not a real date: February 2020 has 29 days']);
    expect(lintExpiry("2099-02-29").map((line) => line.split(" ").slice(1, 3).join(" "))).toEqual(["error schema"]);
  });
});

describe("baseUrl in screenpol.config.yaml", () => {
  const config = (baseUrl: string) =>
    lintText("screenpol.config.yaml", `baseUrl: ${baseUrl}\nenvironments:\n  sandbox:\n    id: 3f0c2a9e-8b1d-4c7a-9e2f-5a6b7c8d9e01\n    kind: sandbox\n`).map(
      (d) => `${d.line}:${d.column} ${d.code} ${d.message}`,
    );

  it("plain http to a host that is not loopback is an error at the value, with the remote commands' words", () => {
    expect(config("http://screening.example.com/api/v0")).toEqual([
      "1:10 schema baseUrl: refusing plain http to screening.example.com: the API token would cross the network in clear; use https, or http only to 127.0.0.1, ::1 or localhost",
    ]);
    expect(config("http://10.0.0.7:4010/api/v0")).toHaveLength(1);
    for (const url of ["https://screening.example.com/api/v0", "http://127.0.0.1:4010/api/v0", "http://localhost:4010/api/v0", "http://[::1]:4010/api/v0"]) {
      expect(config(url), url).toEqual([]);
    }
  });

  it("credentials, a query or a fragment in the base URL are errors too, reported once", () => {
    expect(config("https://ci-bot@screening.example.com/api/v0")).toEqual([
      "1:10 schema baseUrl: the base URL must not contain credentials; the API token comes from SCREENPOL_API_TOKEN or --token-file",
    ]);
    expect(config("https://screening.example.com/api/v0?x=1")).toEqual(["1:10 schema baseUrl: the base URL must not contain a query or a fragment"]);
  });
});
