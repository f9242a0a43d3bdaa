import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { testServices, testFileDatabase } from "../../tests/setup/test-db";
import { SMS_CONSENT_TEXT } from "~/content/contact";
import { action } from "~/routes/api.sms-signups";
import { answerOf } from "../../tests/setup/route-answer";
import { queryRows } from "./db.server";
import { outbox } from "#db/schema";
import { action as unsubscribeAction, loader as unsubscribeLoader } from "~/routes/sms.unsubscribe";
import {
  optOutSms,
  phoneOfUnsubscribeToken,
  resumeSms,
  SMS_SIGNUP_LIMIT_PER_HOUR,
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
  return answerOf(action, { request, services: testServices(handle) });
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

const texts = () => handle.db.select({ to: outbox.to, text: outbox.text, meta: outbox.meta }).from(outbox);

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

describe("the SMS list's opt-out (issue 18 item 5)", () => {
  const phone = "+447123456789";

  it("texts a new number once how to leave: reply STOP or its signed unsubscribe link", async () => {
    await post({ phone: "07123456789" });
    await post({ phone: "07123456789" });
    const sent = await texts();
    expect(sent).toHaveLength(1);
    expect(sent[0]?.to).toBe(phone);
    expect(sent[0]?.text).toContain("Reply STOP to opt out");
    const token = /\/sms\/unsubscribe\?t=(\S+)$/.exec(sent[0]?.text ?? "")?.[1];
    expect(token).toBe(await smsUnsubscribeToken(handle.db, phone));
    expect(sent[0]?.text).toContain("http://127.0.0.1:3999/sms/unsubscribe?t=");
  });

  it("records the opt-out time once; signing up again records fresh consent, clears it and texts again", async () => {
    await post({ phone: "07123456789" });
    const [first] = await rows();
    const at = new Date("2026-11-01T10:00:00Z");
    expect(await optOutSms(handle.db, phone, at)).toBe(true);
    expect(await optOutSms(handle.db, phone, new Date("2026-11-02T10:00:00Z"))).toBe(true);
    expect(new Date((await rows())[0]!.opted_out_at!).toISOString()).toBe(at.toISOString());
    expect(await smsListStatus(handle.db, phone)).toBe("opted_out");

    await post({ phone: "07123456789" });
    const [again] = await rows();
    expect(again?.opted_out_at).toBeNull();
    expect(new Date(again!.consent_at).getTime()).toBeGreaterThan(new Date(first!.consent_at).getTime() - 1);
    expect(await texts()).toHaveLength(2);
  });

  it("START brings back only a number that had consented and opted out", async () => {
    expect(await resumeSms(handle.db, phone)).toBe(false);
    expect(await smsListStatus(handle.db, phone)).toBeNull();
    await post({ phone: "07123456789" });
    expect(await resumeSms(handle.db, phone)).toBe(false);
    await optOutSms(handle.db, phone);
    expect(await resumeSms(handle.db, phone)).toBe(true);
    expect(await smsListStatus(handle.db, phone)).toBe("subscribed");
  });

  it("an opt-out of a number not on the list changes nothing", async () => {
    expect(await optOutSms(handle.db, "+447000000001")).toBe(false);
    expect(await rows()).toHaveLength(0);
  });

  it("reads a token back only when nothing in it was changed", async () => {
    const token = await smsUnsubscribeToken(handle.db, phone);
    expect(await phoneOfUnsubscribeToken(handle.db, token)).toBe(phone);
    const other = Buffer.from("+447000000001").toString("base64url");
    const [, sig] = token.split(".");
    expect(await phoneOfUnsubscribeToken(handle.db, `${other}.${sig}`)).toBeNull();
    expect(await phoneOfUnsubscribeToken(handle.db, `${token.slice(0, -1)}A`)).toBeNull();
    for (const bad of ["", "x", token.replace(".", ""), `${token}.x`, "a".repeat(500)]) {
      expect(await phoneOfUnsubscribeToken(handle.db, bad)).toBeNull();
    }
  });
});

describe("/sms/unsubscribe (issue 18 item 5)", () => {
  const phone = "+447123456789";
  const page = (token: string) =>
    answerOf(unsubscribeLoader, {
      request: new Request(`http://localhost/sms/unsubscribe?t=${encodeURIComponent(token)}`),
      services: testServices(handle),
    });
  const press = (token: string, ip = "203.0.113.40") =>
    answerOf(unsubscribeAction, {
      request: new Request(`http://localhost/sms/unsubscribe?t=${encodeURIComponent(token)}`, {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded", "x-real-ip": ip },
        body: new URLSearchParams({ t: token }),
      }),
      services: testServices(handle),
    });

  it("shows the masked number; opening the link changes nothing, the button opts out, pressing again is fine", async () => {
    await post({ phone: "07123456789" });
    const token = await smsUnsubscribeToken(handle.db, phone);
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
    const token = await smsUnsubscribeToken(handle.db, phone);
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
