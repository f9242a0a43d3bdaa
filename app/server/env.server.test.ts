import { describe, expect, it } from "vitest";
import { parseEnv } from "./env.server";

describe("parseEnv", () => {
  it("applies the embedded defaults", () => {
    const env = parseEnv({});
    expect(env.PORT).toBe(3000);
    expect(env.HOST).toBe("0.0.0.0");
    expect(env.DATA_DIR).toBe("./data");
    expect(env.BASE_URL).toBe("http://localhost:3000");
    expect(env.DATABASE_URL).toBeUndefined();
  });

  it("derives BASE_URL from PORT", () => {
    expect(parseEnv({ PORT: "4123" }).BASE_URL).toBe("http://localhost:4123");
  });

  it("treats empty strings as unset", () => {
    expect(parseEnv({ DATABASE_URL: "", STRIPE_SECRET_KEY: "" }).DATABASE_URL).toBeUndefined();
  });

  it("names the bad variable", () => {
    expect(() => parseEnv({ PORT: "eighty" })).toThrow(/PORT/);
    expect(() => parseEnv({ DATABASE_URL: "mysql://x" })).toThrow(/DATABASE_URL: must start with postgres/);
    expect(() => parseEnv({ BASE_URL: "not a url" })).toThrow(/BASE_URL/);
    expect(() => parseEnv({ AUTH_SECRET: "short" })).toThrow(/AUTH_SECRET: must be at least 32/);
  });

  it("reads TRUST_PROXY as a number of proxies or a list of them, and names a bad entry", () => {
    expect(parseEnv({}).TRUST_PROXY).toEqual({ hops: 0 });
    expect(parseEnv({ TRUST_PROXY: "1" }).TRUST_PROXY).toEqual({ hops: 1 });
    expect(parseEnv({ TRUST_PROXY: "10.0.0.0/8" }).TRUST_PROXY).toHaveProperty("proxies");
    expect(() => parseEnv({ TRUST_PROXY: "10.0.0.0/8,load-balancer" })).toThrow(
      /TRUST_PROXY: .*not an address: "load-balancer"/,
    );
  });

  it("does not start an https:// shop without Stripe keys unless PAYMENT_PROVIDER=test (issue 13)", () => {
    const keys = {
      STRIPE_SECRET_KEY: "sk_test_1",
      STRIPE_PUBLISHABLE_KEY: "pk_test_1",
      STRIPE_WEBHOOK_SECRET: "whsec_1",
    };
    expect(() => parseEnv({ BASE_URL: "https://shop.example" })).toThrow(
      /PAYMENT_PROVIDER: BASE_URL is https:\/\/ and no STRIPE_\* keys are set: set the Stripe keys, or PAYMENT_PROVIDER=test/,
    );
    expect(() => parseEnv({ BASE_URL: "https://shop.example", PAYMENT_PROVIDER: "stripe" })).toThrow(
      /PAYMENT_PROVIDER: BASE_URL is https/,
    );
    expect(parseEnv({ BASE_URL: "https://shop.example", PAYMENT_PROVIDER: "test" }).PAYMENT_PROVIDER).toBe("test");
    expect(parseEnv({ BASE_URL: "https://shop.example", ...keys }).PAYMENT_PROVIDER).toBeUndefined();
    expect(parseEnv({ BASE_URL: "http://localhost:3000" }).PAYMENT_PROVIDER).toBeUndefined();
    expect(() => parseEnv({ PAYMENT_PROVIDER: "test", ...keys })).toThrow(
      /PAYMENT_PROVIDER: is test, but STRIPE_\* keys are set/,
    );
    expect(() => parseEnv({ PAYMENT_PROVIDER: "free" })).toThrow(/PAYMENT_PROVIDER: must be stripe or test/);
  });

  it("reads STAFF_EMAILS as a lower-case list and names a bad entry", () => {
    expect(parseEnv({}).STAFF_EMAILS).toEqual([]);
    expect(parseEnv({ STAFF_EMAILS: " Ops@Swag.example , ,second@swag.example" }).STAFF_EMAILS).toEqual([
      "ops@swag.example",
      "second@swag.example",
    ]);
    expect(() => parseEnv({ STAFF_EMAILS: "ops@swag.example,nobody" })).toThrow(
      /STAFF_EMAILS.*comma-separated list of e-mail addresses/,
    );
  });
});
