import { describe, expect, it } from "vitest";
import { cookieValue, securesCookies } from "./cookies";

describe("cookies", () => {
  it("reads the first value sent for a name, keeping any '=' in it", () => {
    expect(cookieValue("a=1; token=x=y; a=2", "a")).toBe("1");
    expect(cookieValue("a=1; token=x=y", "token")).toBe("x=y");
    expect(cookieValue(null, "a")).toBeNull();
  });

  it("marks cookies Secure on an https origin only", () => {
    expect(securesCookies("https://shop.example")).toBe(true);
    expect(securesCookies("http://localhost:3000")).toBe(false);
  });
});
