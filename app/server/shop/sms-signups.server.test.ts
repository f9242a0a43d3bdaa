import { sql } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { testContext, testFileDatabase } from "../../../tests/setup/test-db";
import { SMS_CONSENT_TEXT } from "~/content/sms-prompt";
import { action } from "~/routes/api.sms-signups";
import { answerOf } from "../../../tests/setup/route-answer";
import { queryRows } from "../platform/db.server";
import { outbox, smsDailyCounts } from "#db/schema";
import { londonToday } from "~/domain/core/dates";
import { TEST_SHOP } from "../../../tests/setup/test-shop";
import { SMS_LIST_BUDGET, sendSms, smsBudgetUsed, takeSmsBudget } from "../messages/sms.server";
import { action as unsubscribeAction, loader as unsubscribeLoader } from "~/routes/sms.unsubscribe";
import { action as confirmAction, loader as confirmLoader } from "~/routes/sms.confirm";
import {
  confirmSmsByLink,
  confirmSmsByReply,
  optOutSms,
  phoneOfUnsubscribeToken,
  resumeSms,
  SMS_CONFIRM_HOURS,
  SMS_CONFIRM_LIMIT_PER_HOUR,
  SMS_CONFIRM_MESSAGES,
  SMS_SIGNUP_LIMIT_PER_HOUR,
  SMS_SIGNUP_MESSAGES,
  SMS_SIGNUPS_PER_NUMBER_PER_DAY,
  SMS_UNSUBSCRIBE_LIMIT_PER_HOUR,
  SMS_UNSUBSCRIBE_MESSAGES,
  smsListStatus,
  smsUnsubscribeToken,
} from "./sms-signups.server";

const handle = testFileDatabase();

function post(body: unknown, ip = "203.0.113.9") {
  const request = new Request("http://localhost/api/sms-signups", {
    method: "POST",
    headers: { "Content-Type": "application/json", "x-real-ip": ip },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
  return answerOf(action, { request, ctx: testContext(handle) });
}

const rows = () =>
  queryRows<{
    id: string;
    phone_e164: string;
    consent_text: string;
    consent_at: Date;
    source_page: string | null;
    user_id: string | null;
    opted_out_at: Date | null;
  }>(handle.db, sql`select * from sms_signups`);

const texts = () =>
  handle.db.select({ to: outbox.to, text: outbox.text, meta: outbox.meta }).from(outbox).orderBy(outbox.id);

/** The token of the confirmation link in a text. */
const confirmTokenOf = (text: string | undefined) => /\/sms\/confirm\?t=([A-Za-z0-9_-]+)/.exec(text ?? "")?.[1] ?? "";

const confirmPage = (token: string, ip = "203.0.113.41") =>
  answerOf(confirmLoader, {
    request: new Request(`http://localhost/sms/confirm?t=${encodeURIComponent(token)}`, {
      headers: { "x-real-ip": ip },
    }),
    ctx: testContext(handle),
  });
const confirmPress = (token: string, ip = "203.0.113.41") =>
  answerOf(confirmAction, {
    request: new Request(`http://localhost/sms/confirm?t=${encodeURIComponent(token)}`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", "x-real-ip": ip },
      body: new URLSearchParams({ t: token }),
    }),
    ctx: testContext(handle),
  });

describe("POST /api/sms-signups (A-21, B-14, R-SMS-10)", () => {
  it("stores the number as E.164 with the consent wording, the time and the page, and answers 201", async () => {
    const before = Date.now();
    // A consent text in the request is ignored: the record is of what the site showed.
    const response = await post({ phone: "07123 456789", sourcePage: "/faqs", consentText: "I agree to nothing" });
    expect(response.status).toBe(201);
    const { id } = response.body as { id: string };
    const [row, ...others] = await rows();
    expect(others).toHaveLength(0);
    expect(row).toMatchObject({
      id,
      phone_e164: "+447123456789",
      consent_text: SMS_CONSENT_TEXT,
      source_page: "/faqs",
      user_id: null,
    });
    expect(new Date(row!.consent_at).getTime()).toBeGreaterThanOrEqual(before - 1000);
  });

  it("keeps one row per number and refreshes its consent when it signs up again", async () => {
    const first = (await post({ phone: "+447123456789", sourcePage: "/" })).body as { id: string };
    const second = await post({ phone: "07123456789", sourcePage: "/contact" });
    expect(second.status).toBe(201);
    expect((second.body as { id: string }).id).toBe(first.id);
    const all = await rows();
    expect(all).toHaveLength(1);
    expect(all[0]?.source_page).toBe("/contact");
  });

  it.each([
    ["a number that is not a UK one", { phone: "447123456789" }, "VALIDATION_FAILED"],
    ["a hyphenated number", { phone: "07123-456789" }, "VALIDATION_FAILED"],
    ["no number", {}, "VALIDATION_FAILED"],
    [
      "a source that is not a path here",
      { phone: "07123456789", sourcePage: "https://evil.example" },
      "VALIDATION_FAILED",
    ],
    ["a body that is not JSON", "phone=07123456789", "BAD_JSON"],
  ])("refuses %s with 400 and stores nothing", async (_label, body, code) => {
    const response = await post(body);
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ error: { code, message: expect.any(String) } });
    expect(await rows()).toHaveLength(0);
  });

  it("limits sign-ups per address", async () => {
    for (let i = 0; i < SMS_SIGNUP_LIMIT_PER_HOUR; i++) {
      expect((await post({ phone: `0712345678${i}` }, "198.51.100.3")).status).toBe(201);
    }
    const limited = await post({ phone: "07999999999" }, "198.51.100.3");
    expect(limited.status).toBe(429);
    expect(limited.headers.get("Retry-After")).toMatch(/^\d+$/);
    expect(await rows()).toHaveLength(SMS_SIGNUP_LIMIT_PER_HOUR);
  });
});

describe("double opt-in (docs/decisions/034-sms-double-opt-in.md)", () => {
  const phone = "+447123456789";

  it("texts a new number ONE request to reply YES or open a single-use link, and records it as pending", async () => {
    const response = await post({ phone: "07123456789", sourcePage: "/faqs" });
    expect(response.status).toBe(201);
    const sent = await texts();
    expect(sent).toHaveLength(1);
    expect(sent[0]?.to).toBe(phone);
    expect(sent[0]?.text).toContain("reply YES to get our monthly product updates");
    expect(sent[0]?.text).toContain("reply STOP and we won't text this number again");
    expect(sent[0]?.meta).toMatchObject({ kind: "sms-list-confirm" });
    const token = confirmTokenOf(sent[0]?.text);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(await smsListStatus(handle.db, phone)).toBe("pending");
    // Only the token's hash is kept.
    const [row] = await queryRows<{ confirm_token_hash: string; confirm_expires_at: Date }>(
      handle.db,
      sql`select confirm_token_hash, confirm_expires_at from sms_signups`,
    );
    expect(row?.confirm_token_hash).not.toContain(token);
    const hours = (new Date(row!.confirm_expires_at).getTime() - Date.now()) / 3600_000;
    expect(hours).toBeGreaterThan(SMS_CONFIRM_HOURS - 0.1);
    expect(hours).toBeLessThanOrEqual(SMS_CONFIRM_HOURS);
  });

  it("YES from the phone confirms; the welcome says how to leave; a second YES changes nothing", async () => {
    await post({ phone: "07123456789" });
    expect(await confirmSmsByReply(testContext(handle), { phoneE164: phone })).toBe(true);
    expect(await smsListStatus(handle.db, phone)).toBe("subscribed");
    const sent = await texts();
    expect(sent).toHaveLength(2);
    expect(sent[1]?.text).toContain("Reply STOP to opt out");
    const token = /\/sms\/unsubscribe\?t=(\S+)$/.exec(sent[1]?.text ?? "")?.[1];
    expect(token).toBe(smsUnsubscribeToken(testContext(handle), phone));
    expect(sent[1]?.text).toContain("http://127.0.0.1:3999/sms/unsubscribe?t=");
    expect(await confirmSmsByReply(testContext(handle), { phoneE164: phone })).toBe(false);
    expect(await texts()).toHaveLength(2);
    // The link of the spent request confirms nothing more.
    expect((await confirmPress(confirmTokenOf(sent[0]?.text))).status).toBe(400);
  });

  it("YES from a number never asked, or asked more than 48 hours ago, confirms nothing", async () => {
    expect(await confirmSmsByReply(testContext(handle), { phoneE164: phone })).toBe(false);
    expect(await smsListStatus(handle.db, phone)).toBeNull();
    await post({ phone: "07123456789" });
    const later = new Date(Date.now() + (SMS_CONFIRM_HOURS + 1) * 3600_000);
    expect(await confirmSmsByReply(testContext(handle), { phoneE164: phone, now: later })).toBe(false);
    expect(await smsListStatus(handle.db, phone)).toBe("pending");
    expect(await texts()).toHaveLength(1);
  });

  it("the link's page shows the masked number and changes nothing; its button confirms once", async () => {
    await post({ phone: "07123456789" });
    const token = confirmTokenOf((await texts())[0]?.text);
    const opened = await confirmPage(token);
    expect(opened.status).toBe(200);
    expect(opened.headers.get("Cache-Control")).toBe("no-store");
    expect(opened.body).toMatchObject({ link: { phone: "+44 ••• ••• 789" }, problem: null });
    expect(JSON.stringify(opened.body)).not.toContain("7123456");
    expect(await smsListStatus(handle.db, phone)).toBe("pending");

    expect((await confirmPress(token)).body).toEqual({ confirmed: "+44 ••• ••• 789" });
    expect(await smsListStatus(handle.db, phone)).toBe("subscribed");
    expect(await texts()).toHaveLength(2);
    // Single use: pressed again, or opened again, it is a spent link.
    const again = await confirmPress(token);
    expect(again.status).toBe(400);
    expect(again.body).toMatchObject({ error: { code: "BAD_LINK", message: SMS_CONFIRM_MESSAGES.badLink } });
    expect((await confirmPage(token)).body).toMatchObject({ link: null, problem: SMS_CONFIRM_MESSAGES.badLink });
    expect(await texts()).toHaveLength(2);
  });

  it("an expired, changed or made-up link confirms nothing, with a clear message", async () => {
    await post({ phone: "07123456789" });
    const token = confirmTokenOf((await texts())[0]?.text);
    const later = new Date(Date.now() + (SMS_CONFIRM_HOURS + 1) * 3600_000);
    const expired = await confirmSmsByLink(testContext(handle), { token, ip: "203.0.113.41", now: later });
    expect(expired).toMatchObject({ ok: false, status: 400, message: SMS_CONFIRM_MESSAGES.badLink });
    const changed = `${token.slice(0, -1)}${token.endsWith("A") ? "B" : "A"}`;
    for (const bad of ["", "nonsense", changed, "A".repeat(43), `${token}x`]) {
      const pressed = await confirmPress(bad);
      expect(pressed.status).toBe(400);
      expect(pressed.body).toMatchObject({ error: { code: "BAD_LINK", message: SMS_CONFIRM_MESSAGES.badLink } });
      expect((await confirmPage(bad)).status).toBe(400);
    }
    expect(await smsListStatus(handle.db, phone)).toBe("pending");
  });

  it("limits the confirmation presses from one address", async () => {
    for (let i = 0; i < SMS_CONFIRM_LIMIT_PER_HOUR; i++)
      expect((await confirmPress("x", "198.51.100.78")).status).toBe(400);
    const limited = await confirmPress("x", "198.51.100.78");
    expect(limited.status).toBe(429);
    expect(limited.headers.get("Retry-After")).toMatch(/^\d+$/);
  });

  it("counts the link page's openings from one address with its presses", async () => {
    for (let i = 0; i < SMS_CONFIRM_LIMIT_PER_HOUR; i++)
      expect((await confirmPage("x", "198.51.100.79")).status).toBe(400);
    expect((await confirmPage("x", "198.51.100.79")).status).toBe(429);
    expect((await confirmPress("x", "198.51.100.79")).status).toBe(429);
    expect((await confirmPage("x", "198.51.100.80")).status).toBe(400);
  });

  it("a pending number signed up again is asked again (a fresh link; the old one is dead)", async () => {
    await post({ phone: "07123456789" });
    await post({ phone: "07123456789" });
    const sent = await texts();
    expect(sent).toHaveLength(2);
    expect((await confirmPress(confirmTokenOf(sent[0]?.text))).status).toBe(400);
    expect((await confirmPress(confirmTokenOf(sent[1]?.text))).status).toBe(200);
  });
});

describe("STOP and START (docs/decisions/034-sms-double-opt-in.md)", () => {
  const phone = "+447123456789";

  it("records the opt-out time once; a web sign-up of a stopped number sends nothing, changes nothing and answers as for any number", async () => {
    await post({ phone: "07123456789" });
    await confirmSmsByReply(testContext(handle), { phoneE164: phone });
    const at = new Date("2026-11-01T10:00:00Z");
    expect(await optOutSms(handle.db, { phoneE164: phone, now: at })).toBe(true);
    expect(await optOutSms(handle.db, { phoneE164: phone, now: new Date("2026-11-02T10:00:00Z") })).toBe(true);
    expect(new Date((await rows())[0]!.opted_out_at!).toISOString()).toBe(at.toISOString());
    expect(await smsListStatus(handle.db, phone)).toBe("opted_out");
    const before = await texts();

    const stopped = await post({ phone: "07123456789" });
    const fresh = await post({ phone: "07123456780" });
    expect(stopped.status).toBe(fresh.status);
    expect(Object.keys(stopped.body as object)).toEqual(Object.keys(fresh.body as object));
    expect(stopped.headers.get("Content-Type")).toBe(fresh.headers.get("Content-Type"));
    expect(await smsListStatus(handle.db, phone)).toBe("opted_out");
    expect(new Date((await rows()).find((r) => r.phone_e164 === phone)!.opted_out_at!).toISOString()).toBe(
      at.toISOString(),
    );
    const after = await texts();
    expect(after.filter((t) => t.to === phone)).toHaveLength(before.length);
  });

  it("STOP to a pending request kills its link, and web sign-ups of that number send nothing more", async () => {
    await post({ phone: "07123456789" });
    const token = confirmTokenOf((await texts())[0]?.text);
    await optOutSms(handle.db, { phoneE164: phone });
    expect((await confirmPress(token)).status).toBe(400);
    expect(await confirmSmsByReply(testContext(handle), { phoneE164: phone })).toBe(false);
    expect((await post({ phone: "07123456789" })).status).toBe(201);
    expect(await texts()).toHaveLength(1);
    expect(await smsListStatus(handle.db, phone)).toBe("opted_out");
  });

  it("a confirmed number signed up again is sent nothing", async () => {
    await post({ phone: "07123456789" });
    await confirmSmsByReply(testContext(handle), { phoneE164: phone });
    expect((await post({ phone: "07123456789" })).status).toBe(201);
    expect(await texts()).toHaveLength(2);
    expect(await smsListStatus(handle.db, phone)).toBe("subscribed");
  });

  it("START from the phone is the way back for a stopped number; a number never signed up is not added", async () => {
    expect(await resumeSms(handle.db, { phoneE164: phone })).toBe(false);
    expect(await smsListStatus(handle.db, phone)).toBeNull();
    await post({ phone: "07123456789" });
    await confirmSmsByReply(testContext(handle), { phoneE164: phone });
    expect(await resumeSms(handle.db, { phoneE164: phone })).toBe(false);
    await optOutSms(handle.db, { phoneE164: phone });
    expect(await resumeSms(handle.db, { phoneE164: phone })).toBe(true);
    expect(await smsListStatus(handle.db, phone)).toBe("subscribed");
  });

  it("an opt-out of a number not on the list changes nothing", async () => {
    expect(await optOutSms(handle.db, { phoneE164: "+447000000001" })).toBe(false);
    expect(await rows()).toHaveLength(0);
  });

  it("reads a token back only when nothing in it was changed", async () => {
    const token = smsUnsubscribeToken(testContext(handle), phone);
    expect(phoneOfUnsubscribeToken(testContext(handle), token)).toBe(phone);
    const other = Buffer.from("+447000000001").toString("base64url");
    const [, sig] = token.split(".");
    expect(phoneOfUnsubscribeToken(testContext(handle), `${other}.${sig}`)).toBeNull();
    // Every other last character, those that decode to the same bytes included (they differ only in
    // the bits base64url drops), is a changed link.
    const BASE64URL = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
    for (const last of BASE64URL.replace(token.at(-1)!, "")) {
      expect(phoneOfUnsubscribeToken(testContext(handle), `${token.slice(0, -1)}${last}`)).toBeNull();
    }
    const [phonePart] = token.split(".");
    for (const last of BASE64URL.replace(phonePart!.at(-1)!, "")) {
      expect(phoneOfUnsubscribeToken(testContext(handle), `${phonePart!.slice(0, -1)}${last}.${sig}`)).toBeNull();
    }
    for (const bad of ["", "x", token.replace(".", ""), `${token}.x`, "a".repeat(500)]) {
      expect(phoneOfUnsubscribeToken(testContext(handle), bad)).toBeNull();
    }
  });
});

describe("/sms/unsubscribe (decision 034)", () => {
  const phone = "+447123456789";
  const page = (token: string) =>
    answerOf(unsubscribeLoader, {
      request: new Request(`http://localhost/sms/unsubscribe?t=${encodeURIComponent(token)}`),
      ctx: testContext(handle),
    });
  const press = (token: string, ip = "203.0.113.40") =>
    answerOf(unsubscribeAction, {
      request: new Request(`http://localhost/sms/unsubscribe?t=${encodeURIComponent(token)}`, {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded", "x-real-ip": ip },
        body: new URLSearchParams({ t: token }),
      }),
      ctx: testContext(handle),
    });

  it("shows the masked number; opening the link changes nothing, the button opts out, pressing again is fine", async () => {
    await post({ phone: "07123456789" });
    await confirmSmsByReply(testContext(handle), { phoneE164: phone });
    const token = smsUnsubscribeToken(testContext(handle), phone);
    const opened = await page(token);
    expect(opened.status).toBe(200);
    expect(opened.headers.get("Cache-Control")).toBe("no-store");
    expect(opened.body).toMatchObject({ link: { phone: "+44 ••• ••• 789", subscribed: true }, problem: null });
    expect(JSON.stringify(opened.body)).not.toContain("7123456");
    expect(await smsListStatus(handle.db, phone)).toBe("subscribed");

    expect((await press(token)).body).toEqual({ unsubscribed: "+44 ••• ••• 789" });
    expect(await smsListStatus(handle.db, phone)).toBe("opted_out");
    expect((await press(token)).status).toBe(200);
    expect((await page(token)).body).toMatchObject({ link: { subscribed: false } });
  });

  it("answers a bad or tampered link with 400 and a clear message, changing nothing", async () => {
    await post({ phone: "07123456789" });
    await confirmSmsByReply(testContext(handle), { phoneE164: phone });
    const token = smsUnsubscribeToken(testContext(handle), phone);
    const tampered = `${Buffer.from("+447000000001").toString("base64url")}.${token.split(".")[1]}`;
    for (const bad of ["", "nonsense", tampered]) {
      const opened = await page(bad);
      expect(opened.status).toBe(400);
      expect(opened.body).toMatchObject({ link: null, problem: SMS_UNSUBSCRIBE_MESSAGES.badLink });
      const pressed = await press(bad);
      expect(pressed.status).toBe(400);
      expect(pressed.body).toMatchObject({ error: { code: "BAD_LINK", message: SMS_UNSUBSCRIBE_MESSAGES.badLink } });
    }
    expect(await smsListStatus(handle.db, phone)).toBe("subscribed");
  });

  it("limits the presses from one address", async () => {
    for (let i = 0; i < SMS_UNSUBSCRIBE_LIMIT_PER_HOUR; i++)
      expect((await press("x", "198.51.100.77")).status).toBe(400);
    const limited = await press("x", "198.51.100.77");
    expect(limited.status).toBe(429);
    expect(limited.headers.get("Retry-After")).toMatch(/^\d+$/);
  });
});

describe("how many texts (docs/decisions/034-sms-double-opt-in.md)", () => {
  const phone = "+447123456789";
  /** Sets today's count of list texts, as if `count` had been sent already today. */
  const spent = (count: number) =>
    handle.db.insert(smsDailyCounts).values({ day: londonToday(new Date()), budget: SMS_LIST_BUDGET, count });

  it(`asks one number at most ${SMS_SIGNUPS_PER_NUMBER_PER_DAY} times a day, then refuses with 429 and a reason`, async () => {
    for (let i = 0; i < SMS_SIGNUPS_PER_NUMBER_PER_DAY; i++) {
      expect((await post({ phone: "07123456789" }, `203.0.113.${i + 1}`)).status).toBe(201);
    }
    const refused = await post({ phone: "07123456789" }, "203.0.113.99");
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({
      error: { code: "RATE_LIMITED", message: SMS_SIGNUP_MESSAGES.tooManyForNumber },
    });
    expect(SMS_SIGNUP_MESSAGES.tooManyForNumber).toBe(
      "This number has been signed up 3 times today. Please try again tomorrow.",
    );
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(23 * 3600);
    expect(await texts()).toHaveLength(SMS_SIGNUPS_PER_NUMBER_PER_DAY);
    // Another number is not held up by it.
    expect((await post({ phone: "07123456780" }, "203.0.113.99")).status).toBe(201);
  });

  it("counts a stopped or confirmed number's sign-ups the same way, so the limit tells nobody its state", async () => {
    await post({ phone: "07123456789" });
    await optOutSms(handle.db, { phoneE164: phone });
    await post({ phone: "07123456781" });
    await confirmSmsByReply(testContext(handle), { phoneE164: "+447123456781" });
    for (const number of ["07123456789", "07123456781", "07123456782"]) {
      const answers = [];
      for (let i = 0; i < SMS_SIGNUPS_PER_NUMBER_PER_DAY + 1; i++)
        answers.push((await post({ phone: number }, `198.51.100.${i}`)).status);
      // The first sign-ups above already counted one each for the first two numbers.
      expect(answers.at(-1)).toBe(429);
    }
  });

  it("sends at most SMS_DAILY_LIMIT (200) list texts a day: past it every sign-up is refused with a reason, a stopped number's too", async () => {
    expect(TEST_SHOP.smsDailyLimit).toBe(200);
    await post({ phone: "07123456789" });
    await optOutSms(handle.db, { phoneE164: phone });
    await handle.db.delete(smsDailyCounts);
    await spent(199);
    expect((await post({ phone: "07123456701" }, "203.0.113.1")).status).toBe(201);
    expect(await smsBudgetUsed(handle.db, { budget: SMS_LIST_BUDGET })).toBe(200);
    for (const number of ["07123456702", "07123456789"]) {
      const refused = await post({ phone: number }, "203.0.113.2");
      expect(refused.status).toBe(429);
      expect(refused.body).toMatchObject({ error: { message: SMS_SIGNUP_MESSAGES.dailyLimit } });
      expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(0);
    }
    expect((await texts()).map((t) => t.to)).toEqual([phone, "+447123456701"]);
    expect(await smsListStatus(handle.db, "+447123456702")).toBeNull();
  });

  it("a confirmation is kept when the day's budget has no welcome text left", async () => {
    await post({ phone: "07123456789" });
    await handle.db.delete(smsDailyCounts);
    await spent(200);
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    try {
      expect(await confirmSmsByReply(testContext(handle), { phoneE164: phone })).toBe(true);
    } finally {
      warn.mockRestore();
    }
    expect(await smsListStatus(handle.db, phone)).toBe("subscribed");
    expect(await texts()).toHaveLength(1);
  });

  it("sign-in and verification codes are not counted against it, and are sent when it is spent", async () => {
    await spent(200);
    await sendSms(handle.db, { to: phone, text: "123456 is your code", meta: { kind: "sms-code", code: "123456" } });
    expect(await texts()).toHaveLength(1);
    expect(await smsBudgetUsed(handle.db, { budget: SMS_LIST_BUDGET })).toBe(200);
  });

  it("counts atomically: 60 takes at once with 25 left give out exactly 25", async () => {
    await spent(175);
    const taken = await Promise.all(
      Array.from({ length: 60 }, () => takeSmsBudget(handle.db, { budget: SMS_LIST_BUDGET, limit: 200 })),
    );
    expect(taken.filter(Boolean)).toHaveLength(25);
    expect(await smsBudgetUsed(handle.db, { budget: SMS_LIST_BUDGET })).toBe(200);
  });

  it("counts atomically: 20 sign-ups at once with 5 texts left send exactly 5 and refuse the rest", async () => {
    await spent(195);
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => post({ phone: `071234567${String(i).padStart(2, "0")}` }, `192.0.2.${i}`)),
    );
    expect(answers.filter((a) => a.status === 201)).toHaveLength(5);
    expect(answers.filter((a) => a.status === 429)).toHaveLength(15);
    expect(await texts()).toHaveLength(5);
    expect(await smsBudgetUsed(handle.db, { budget: SMS_LIST_BUDGET })).toBe(200);
  });

  it("starts each Europe/London day afresh", async () => {
    const lateEvening = new Date("2026-07-01T22:59:00Z"); // 23:59 in London (BST)
    const nextMorning = new Date("2026-07-01T23:01:00Z"); // 00:01 the next day in London
    expect(await takeSmsBudget(handle.db, { budget: SMS_LIST_BUDGET, limit: 1, now: lateEvening })).toBe(true);
    expect(await takeSmsBudget(handle.db, { budget: SMS_LIST_BUDGET, limit: 1, now: lateEvening })).toBe(false);
    expect(await takeSmsBudget(handle.db, { budget: SMS_LIST_BUDGET, limit: 1, now: nextMorning })).toBe(true);
  });
});
