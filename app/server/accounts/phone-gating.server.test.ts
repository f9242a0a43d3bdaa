import { describe, expect, it } from "vitest";
import { authUser, outbox } from "#db/schema";
import { loader as verifyLoader } from "~/routes/verify";
import { answerOf } from "../../../tests/setup/route-answer";
import { testFileDatabase, testContext } from "../../../tests/setup/test-db";
import { PHONE_UNAVAILABLE_MESSAGE } from "./account-codes.server";
import {
  requestPasswordReset,
  resendCode,
  resetPassword,
  sendSignInCode,
  signInWithCode,
  signInWithPassword,
  signUp,
} from "./accounts.server";

// The test shop has no SMS provider, as a shop without one.
const handle = testFileDatabase();

let ip = 0;
const request = () =>
  new Request("http://127.0.0.1:3999/sign-in", {
    method: "POST",
    headers: { "x-real-ip": `10.1.0.${++ip % 250}`, origin: "http://127.0.0.1:3999" },
  });
const refused = { ok: false, status: 400, code: "PHONE_UNAVAILABLE", message: PHONE_UNAVAILABLE_MESSAGE };
const phone = "07123 456789";

describe("without an SMS provider, accounts are by e-mail only", () => {
  it("knows no provider is configured", () => {
    expect(testContext(handle).sms).toBeNull();
  });

  it("refuses a phone sign-up with a clear message, creating nothing and sending nothing", async () => {
    const answer = await signUp(testContext(handle), {
      request: request(),
      firstName: "Raj",
      lastName: "Patel",
      identifier: phone,
      password: "marmalade skyline 42",
    });
    expect(answer).toMatchObject(refused);
    expect(await handle.db.select().from(authUser)).toHaveLength(0);
    expect(await handle.db.select().from(outbox)).toHaveLength(0);
  });

  it("refuses a number in every other account form", async () => {
    const code = "123456";
    const password = "marmalade skyline 42";
    expect(
      await signInWithPassword(testContext(handle), { request: request(), identifier: phone, password }),
    ).toMatchObject(refused);
    expect(await sendSignInCode(testContext(handle), { request: request(), identifier: phone })).toMatchObject(refused);
    expect(await signInWithCode(testContext(handle), { request: request(), identifier: phone, code })).toMatchObject(
      refused,
    );
    expect(await resendCode(testContext(handle), { request: request(), identifier: phone })).toMatchObject(refused);
    expect(
      await requestPasswordReset(testContext(handle), { request: request(), identifier: phone, method: "code" }),
    ).toMatchObject(refused);
    expect(
      await resetPassword(testContext(handle), { request: request(), identifier: phone, code, password }),
    ).toMatchObject(refused);
    expect(await handle.db.select().from(outbox)).toHaveLength(0);
  });

  it("names only e-mail in the message for something that is neither", async () => {
    const answer = await sendSignInCode(testContext(handle), { request: request(), identifier: "not-an-address" });
    expect(answer).toMatchObject({ ok: false, code: "INVALID_IDENTIFIER", message: "Enter a valid e-mail address." });
  });

  it("still signs up by e-mail", async () => {
    const answer = await signUp(testContext(handle), {
      request: request(),
      firstName: "Jane",
      lastName: "Smith",
      identifier: "jane@acme.co",
      password: "marmalade skyline 42",
    });
    expect(answer.ok).toBe(true);
  });

  it("better-auth's phone endpoints refuse too", async () => {
    const { auth } = handle;
    await expect(auth.api.sendPhoneNumberOTP({ body: { phoneNumber: "+447123456789" } })).rejects.toMatchObject({
      statusCode: 404,
    });
    await expect(
      auth.api.requestPasswordResetPhoneNumber({ body: { phoneNumber: "+447123456789" } }),
    ).rejects.toMatchObject({ statusCode: 404 });
    await expect(
      auth.api.signInPhoneNumber({ body: { phoneNumber: "+447123456789", password: "marmalade skyline 42" } }),
    ).rejects.toMatchObject({ statusCode: 404 });
    expect(await handle.db.select().from(outbox)).toHaveLength(0);
  });

  it("the confirm page sends a number back to sign-up", async () => {
    const answer = await answerOf(verifyLoader, {
      request: new Request("http://127.0.0.1:3999/verify?identifier=%2B447123456789"),
      ctx: testContext(handle),
    });
    expect(answer.status).toBe(302);
    expect(answer.headers.get("Location")).toBe("/sign-up");
  });
});
