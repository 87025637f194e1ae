import { describe, expect, it } from "vitest";
import { webhookUrlProblem } from "../../../src/core/checks/webhook-url.js";

describe("webhookUrlProblem (admin-api.md, Webhook url)", () => {
  it.each([
    "https://hooks.example.com",
    "https://hooks.example.com/",
    "https://hooks.example.com/screening/sandbox",
    "https://eu-1.hooks.example.co.uk/v2/events?queue=review",
    "https://a.example.technology/x",
    "https://Hooks.Example.com/x",
    "arn:aws:sns:eu-west-1:123456789012:screening-alerts",
    "arn:aws-cn:sns:cn-north-1:123456789012:Alerts_2",
    "arn:aws-us-gov:sns:us-gov-west-1:123456789012:a",
  ])("accepts %s", (url) => {
    expect(webhookUrlProblem(url)).toBeUndefined();
  });

  it.each([
    ["http://hooks.example.com/x", /uses http:\/\/.*did you mean https:\/\/hooks\.example\.com\/x\?/],
    ["HTTPS://hooks.example.com/x", /lowercase: https:\/\//],
    ["ftp://hooks.example.com/x", /uses ftp:\/\//],
    ["https://10.1.2.3/hook", /the host 10\.1\.2\.3 is an IP address/],
    ["https://[::1]/hook", /IP address/],
    ["https://hooks.example.COM/x", /"COM" must be lowercase.*did you mean https:\/\/hooks\.example\.com\/x\?/],
    ["https://hooks.example.com:8443/x", /has a port \(:8443\).*no port/],
    ["https://user:pw@hooks.example.com/x", /user information/],
    ["https://localhost/x", /no top-level label/],
    ["https://hooks.example.c0m/x", /"c0m" is not 2 to 10 lowercase letters/],
    ["https://hooks.example.international/x", /"international" is not 2 to 10/],
    ["https://hooks.example.com./x", /ends with a dot/],
    ["https://hooks..example.com/x", /not a valid host name/],
    ["https://hooks_1.example.com/x", /not a valid host name/],
    ["https://hooks.example.com?x=1", /path starting with \//],
    ["https://hooks.example.com/a b", /white space/],
    ["hooks.example.com/x", /neither an https:\/\/ address nor an SNS topic ARN/],
    [" https://hooks.example.com/x", /spaces/],
    ["arn:aws:sns:eu-west-1:12345678901:alerts", /account number has 11 digits/],
    ["arn:aws:sns:eu-west-1:12345678901a:alerts", /account number is not all digits/],
    ["arn:aws:sqs:eu-west-1:123456789012:alerts", /ARN of the sqs service/],
    ["arn:aws:sns:EU-WEST-1:123456789012:alerts", /region "EU-WEST-1"/],
    ["arn:aws:sns:eu-west-1:123456789012:alerts.fifo", /FIFO/],
    ["arn:aws:sns:eu-west-1:123456789012:alerts:0b7e4f6a-2c1d-4e8f-9a3b-5c6d7e8f9a0b", /subscription ARN/],
    ["arn:aws:sns:eu-west-1:123456789012", /incomplete ARN/],
    ["arn:aws:sns:eu-west-1:123456789012:", /no topic name/],
    ["ARN:aws:sns:eu-west-1:123456789012:alerts", /lowercase: "arn:"/],
    ["arn:AWS:sns:eu-west-1:123456789012:alerts", /provider segment/],
  ])("rejects %s", (url, message) => {
    expect(webhookUrlProblem(url)).toMatch(message);
  });
});
