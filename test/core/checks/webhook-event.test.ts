import { describe, expect, it } from "vitest";
import { eventNameProblem, suggestEventName } from "../../../src/core/checks/webhook-event.js";

describe("webhook event names", () => {
  it.each(["user.created", "wallet.linked", "screening_v2.address_blocked", "2fa.enabled"])("accepts %s", (name) => {
    expect(eventNameProblem(name)).toBeUndefined();
  });
  it.each([
    ["User.Created", "user.created"],
    ["wallet:linked", "wallet.linked"],
    ["wallet/linked", "wallet.linked"],
    ["screening-result.blocked", "screening_result.blocked"],
    [" user.created ", "user.created"],
    ["user created.now", "user_created.now"],
  ])("suggests a fix for %s", (name, fix) => {
    expect(suggestEventName(name)).toBe(fix);
    expect(eventNameProblem(name)).toContain(`did you mean ${fix}?`);
  });
  it.each(["usercreated", "wallet.linked.v2", ".created", "user.", "user.créé", "a:b:c"])("has no obvious fix for %s", (name) => {
    expect(suggestEventName(name)).toBeUndefined();
    expect(eventNameProblem(name)).toMatch(/<resource>\.<action>/);
  });
  it("says what is wrong", () => {
    expect(eventNameProblem("usercreated")).toMatch(/has no dot/);
    expect(eventNameProblem("a.b.c")).toMatch(/has 2 dots/);
    expect(eventNameProblem("User.Created")).toMatch(/uppercase/);
    expect(eventNameProblem("user.cré")).toMatch(/holds "é"/);
    expect(eventNameProblem("")).toMatch(/is empty/);
  });
});
