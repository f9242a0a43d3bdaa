import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { testServices, testFileDatabase } from "../../tests/setup/test-db";
import { SMS_CONSENT_TEXT } from "~/content/contact";
import { action } from "~/routes/api.sms-signups";
import { answerOf } from "../../tests/setup/route-answer";
import { queryRows } from "./db.server";
import { SMS_SIGNUP_LIMIT_PER_HOUR } from "./sms-signups.server";

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
  }>(handle.db, sql`select * from sms_signups`);

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
