import { describe, expect, it } from "vitest";
import { isSessionKey, isStringArray, parseStored, STORAGE_KEYS } from "./storage-keys";

describe("storage keys", () => {
  it("are per user where the data is personal", () => {
    expect(STORAGE_KEYS.favourites("u1")).not.toBe(STORAGE_KEYS.favourites("u2"));
    expect(STORAGE_KEYS.userCart("u1")).toBe("swag:cart:u1");
  });
  it("mark everything but the SMS prompt's memory as the session's", () => {
    expect(isSessionKey(STORAGE_KEYS.cart)).toBe(true);
    expect(isSessionKey(STORAGE_KEYS.drafts("u1"))).toBe(true);
    expect(isSessionKey(STORAGE_KEYS.smsSignedUp)).toBe(false);
    expect(isSessionKey("other-site-key")).toBe(false);
  });
});

describe("parseStored", () => {
  it("treats corrupt or wrongly shaped values as empty", () => {
    expect(parseStored("{not json", isStringArray, [])).toEqual([]);
    expect(parseStored('{"a":1}', isStringArray, [])).toEqual([]);
    expect(parseStored(null, isStringArray, [])).toEqual([]);
    expect(parseStored('["8","15"]', isStringArray, [])).toEqual(["8", "15"]);
  });
});
