/**
 * webhook-url (policy-language.md section 7): a webhook's `url` must have the
 * format of admin-api.md (Webhook): an https address or an SNS topic ARN. The
 * service rejects anything else, so the message names what exactly is wrong.
 */
import { isRecord } from "../config.js";
import type { CheckedFile, FileCheck, Finding } from "./check.js";

export const check: FileCheck = {
  code: "webhook-url",
  appliesTo: ["webhooks"],
  run(file: CheckedFile): Finding[] {
    const webhooks = isRecord(file.data) ? file.data.webhooks : undefined;
    if (!Array.isArray(webhooks)) return [];
    const findings: Finding[] = [];
    webhooks.forEach((webhook: unknown, index) => {
      if (!isRecord(webhook) || typeof webhook.url !== "string") return;
      const problem = webhookUrlProblem(webhook.url);
      if (problem !== undefined) findings.push({ code: "webhook-url", path: ["webhooks", index, "url"], message: problem });
    });
    return findings;
  },
};

/**
 * admin-api.md, Webhook `url`: "begins with `https://`, then a host name ending in
 * a dot and a top-level label of 2 to 10 lowercase letters, then optionally a
 * path". Host labels are letters, digits and inner hyphens (RFC 1123); the text
 * constrains the case of the top-level label only. The grammar has no port, no
 * user information and no query without a path; a path is `/` and any
 * non-space characters.
 */
const HTTPS_URL = /^https:\/\/(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)+[a-z]{2,10}(?:\/\S*)?$/;

/**
 * admin-api.md, Webhook `url`: "`arn:`, provider segment, `sns`, region, a 12-digit
 * account number, and a name of letters, digits, hyphen and underscore". Region as
 * AWS spells it (eu-west-1, us-gov-west-1); 256 is the SNS limit on topic names.
 */
const SNS_ARN = /^arn:[a-z][a-z0-9-]*:sns:[a-z]{2}(?:-[a-z]+)+-\d{1,2}:\d{12}:[A-Za-z0-9_-]{1,256}$/;

const FORMAT = "an https:// address with a host name, or an SNS topic ARN arn:<partition>:sns:<region>:<12-digit account>:<topic>";

/** Why `url` is not a valid webhook url (admin-api.md, Webhook), or undefined. */
export function webhookUrlProblem(url: string): string | undefined {
  if (HTTPS_URL.test(url) || SNS_ARN.test(url)) return undefined;
  if (url.trim() !== url) return "has spaces before or after the url; remove them";
  if (/^arn:/i.test(url)) return arnProblem(url);
  return httpsProblem(url);
}

function httpsProblem(url: string): string {
  const match = /^([A-Za-z][A-Za-z0-9+.-]*):\/\/([^/?#]*)(.*)$/.exec(url);
  if (!match) return `is neither an https:// address nor an SNS topic ARN; expected ${FORMAT}`;
  const [, scheme = "", authority = "", rest = ""] = match;
  if (scheme.toLowerCase() === "http") {
    const fixed = `https://${url.slice(scheme.length + 3)}`;
    const hint = HTTPS_URL.test(fixed) ? `: did you mean ${fixed}?` : "";
    return `uses http://; webhooks are delivered over https only (admin-api.md, Webhook)${hint}`;
  }
  if (scheme.toLowerCase() === "https" && scheme !== "https") return `write the scheme in lowercase: https://`;
  if (scheme !== "https") return `uses ${scheme}://; expected ${FORMAT}`;
  if (authority.includes("@")) {
    return "holds user information before the host name (user@ or user:password@); the url format has none, and credentials never belong in a webhook url";
  }
  const host = authority;
  const port = /:(\d*)$/.exec(authority);
  if (port && !authority.startsWith("[")) {
    return `has a port (:${port[1] ?? ""}); the url format of admin-api.md (Webhook) has no port, so only the default https port 443 can be used`;
  }
  if (host.startsWith("[")) return "the host is an IP address; the url format needs a host name ending in a top-level label such as .com";
  if (host === "") return "has no host name after https://";
  if (/^\d{1,3}(?:\.\d{1,3}){3}$/.test(host)) {
    return `the host ${host} is an IP address; the url format needs a host name ending in a top-level label of 2 to 10 lowercase letters, such as hooks.example.com`;
  }
  if (host.endsWith(".")) return `the host name ends with a dot; write ${host.slice(0, -1)} without it`;
  const labels = host.split(".");
  const tld = labels[labels.length - 1] ?? "";
  if (labels.length < 2) {
    return `the host "${host}" has no top-level label; the url format needs a public host name such as hooks.example.com`;
  }
  if (!labels.every((label) => /^[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?$/.test(label))) {
    return `the host "${host}" is not a valid host name: letters, digits and inner hyphens between single dots`;
  }
  if (/^[A-Za-z]{2,10}$/.test(tld) && tld !== tld.toLowerCase()) {
    const fixed = `https://${labels.slice(0, -1).join(".")}.${tld.toLowerCase()}${rest}`;
    const hint = HTTPS_URL.test(fixed) ? `: did you mean ${fixed}?` : "";
    return `the top-level label "${tld}" must be lowercase (admin-api.md, Webhook)${hint}`;
  }
  if (!/^[a-z]{2,10}$/.test(tld)) {
    return `the top-level label "${tld}" is not 2 to 10 lowercase letters (admin-api.md, Webhook)`;
  }
  if (rest !== "" && !rest.startsWith("/")) return "after the host name comes either nothing or a path starting with /";
  if (/\s/.test(rest)) return "the path holds a space or other white space; percent-encode it (%20)";
  return `does not match the url format of admin-api.md (Webhook): ${FORMAT}`;
}

function arnProblem(url: string): string {
  if (!url.startsWith("arn:")) return 'write the ARN prefix in lowercase: "arn:"';
  const parts = url.split(":");
  if (parts.length < 6) return `is an incomplete ARN; expected arn:<partition>:sns:<region>:<12-digit account>:<topic>`;
  const [, partition = "", service = "", region = "", account = "", name = "", ...extra] = parts;
  if (!/^[a-z][a-z0-9-]*$/.test(partition)) return `the provider segment "${partition}" is not a partition name such as aws`;
  if (service !== "sns") return `is an ARN of the ${service || "(empty)"} service; only SNS topics can receive webhooks (arn:<partition>:sns:...)`;
  if (!/^[a-z]{2}(?:-[a-z]+)+-\d{1,2}$/.test(region)) return `the region "${region}" is not a region name such as eu-west-1`;
  if (!/^\d{12}$/.test(account)) {
    const digits = /^\d+$/.test(account) ? `has ${account.length} digits` : "is not all digits";
    return `the account number ${digits}; an AWS account number is exactly 12 digits`;
  }
  if (extra.length > 0) return "has more after the topic name; a subscription ARN is not a topic: use the topic ARN, arn:<partition>:sns:<region>:<account>:<topic>";
  if (name.endsWith(".fifo")) return "names a FIFO topic (.fifo); the url format allows topic names of letters, digits, hyphens and underscores only";
  if (name === "") return "has no topic name after the account number";
  if (name.length > 256) return `the topic name is ${name.length} characters; SNS allows at most 256`;
  return `the topic name "${name}" may hold only letters, digits, hyphens and underscores`;
}
