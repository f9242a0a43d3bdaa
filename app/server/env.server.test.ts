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

  it("reads STAFF_EMAILS as a lower-case list and names a bad entry", () => {
    expect(parseEnv({}).STAFF_EMAILS).toEqual([]);
    expect(parseEnv({ STAFF_EMAILS: " Ops@Swag.example , ,second@swag.example" }).STAFF_EMAILS).toEqual(["ops@swag.example", "second@swag.example"]);
    expect(() => parseEnv({ STAFF_EMAILS: "ops@swag.example,nobody" })).toThrow(/STAFF_EMAILS.*comma-separated list of e-mail addresses/);
  });
});
