import { isIP } from "node:net";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import {
  addressKey,
  clientAddress,
  parseAddress,
  parseTrustProxy,
  UNKNOWN_ADDRESS,
  type TrustProxy,
} from "./client-address.server";

const from = (socket: string | undefined, forwardedFor: string | null, trust: TrustProxy | string) =>
  clientAddress({ socket, forwardedFor, trust: typeof trust === "string" ? parseTrustProxy(trust) : trust });

describe("clientAddress with a number of trusted proxies (decision 013)", () => {
  it("uses the socket's address and ignores X-Forwarded-For when no proxy is trusted", () => {
    expect(from("198.51.100.9", "203.0.113.7", "0")).toBe("198.51.100.9");
    expect(from("198.51.100.9", null, "0")).toBe("198.51.100.9");
  });

  it("takes the entry the one trusted proxy appended, whatever the client wrote before it", () => {
    expect(from("10.0.0.2", "203.0.113.7", "1")).toBe("203.0.113.7");
    expect(from("10.0.0.2", "6.6.6.6, 203.0.113.7", "1")).toBe("203.0.113.7");
    expect(from("10.0.0.2", "6.6.6.6,7.7.7.7,  203.0.113.7", "1")).toBe("203.0.113.7");
  });

  it("counts proxies from the right, as Express's trust proxy number does", () => {
    // client → proxy A (appends client) → proxy B (appends A) → shop
    expect(from("10.0.0.2", "6.6.6.6, 203.0.113.7, 10.0.0.1", "2")).toBe("203.0.113.7");
    expect(from("10.0.0.2", "6.6.6.6, 203.0.113.7, 10.0.0.1", "1")).toBe("10.0.0.1");
    expect(from("10.0.0.2", "6.6.6.6, 203.0.113.7, 10.0.0.1", "3")).toBe("6.6.6.6");
  });

  it("takes the leftmost entry when there are fewer than the proxies trusted, and the socket without a header", () => {
    expect(from("10.0.0.2", "203.0.113.7", "2")).toBe("203.0.113.7");
    expect(from("10.0.0.2", null, "1")).toBe("10.0.0.2");
  });

  it("keeps `true` and `false` working as one proxy and none", () => {
    expect(from("10.0.0.2", "6.6.6.6, 203.0.113.7", "true")).toBe("203.0.113.7");
    expect(from("10.0.0.2", "6.6.6.6, 203.0.113.7", "false")).toBe("10.0.0.2");
  });
});

describe("clientAddress with a list of trusted proxies", () => {
  const trust = "10.0.0.0/8, 2001:db8:ffff::/48";

  it("walks from the socket leftwards past the listed proxies", () => {
    expect(from("10.0.0.2", "6.6.6.6, 203.0.113.7, 10.9.9.9", trust)).toBe("203.0.113.7");
    expect(from("2001:db8:ffff::1", "6.6.6.6, 203.0.113.7", trust)).toBe("203.0.113.7");
  });

  it("ignores X-Forwarded-For from a peer that is not a listed proxy", () => {
    expect(from("198.51.100.9", "203.0.113.7", trust)).toBe("198.51.100.9");
  });

  it("cannot be pointed at a listed proxy's range by a forged entry further left", () => {
    expect(from("10.0.0.2", "10.7.7.7, 203.0.113.7", trust)).toBe("203.0.113.7");
  });

  it("takes the leftmost entry when every entry is a listed proxy", () => {
    expect(from("10.0.0.2", "10.0.0.9, 10.0.0.8", trust)).toBe("10.0.0.9");
  });

  it("matches prefixes that are not a whole number of bytes", () => {
    expect(from("172.16.0.1", "203.0.113.7", "172.16.0.0/12")).toBe("203.0.113.7");
    expect(from("172.31.255.255", "203.0.113.7", "172.16.0.0/12")).toBe("203.0.113.7");
    expect(from("172.32.0.1", "203.0.113.7", "172.16.0.0/12")).toBe("172.32.0.1");
  });

  it("trusts a single address without a prefix and only that one", () => {
    expect(from("127.0.0.1", "203.0.113.7", "127.0.0.1")).toBe("203.0.113.7");
    expect(from("127.0.0.2", "203.0.113.7", "127.0.0.1")).toBe("127.0.0.2");
  });
});

describe("clientAddress keys", () => {
  it("keys IPv6 clients by their /64", () => {
    const a = from("2001:db8:1:2:aaaa:bbbb:cccc:dddd", null, "0");
    expect(a).toBe("2001:db8:1:2::");
    expect(from("2001:db8:1:2::1", null, "0")).toBe(a);
    expect(from("2001:0DB8:0001:0002:ffff:0:0:9", null, "0")).toBe(a);
    expect(from("2001:db8:1:3::1", null, "0")).not.toBe(a);
    expect(from("10.0.0.2", "2001:db8:1:2:ffff::1", "1")).toBe(a);
  });

  it("treats IPv4-mapped IPv6 as the IPv4 address", () => {
    expect(from("::ffff:198.51.100.9", null, "0")).toBe("198.51.100.9");
    expect(from("::FFFF:c633:6409", null, "0")).toBe("198.51.100.9");
    expect(from("0:0:0:0:0:ffff:198.51.100.9", null, "0")).toBe("198.51.100.9");
    expect(from("::ffff:10.0.0.2", "203.0.113.7", "10.0.0.0/8")).toBe("203.0.113.7");
    expect(from("10.0.0.2", "::ffff:203.0.113.7", "1")).toBe("203.0.113.7");
  });

  it("drops ports, brackets and zones", () => {
    expect(from("10.0.0.2", "203.0.113.7:5678", "1")).toBe("203.0.113.7");
    expect(from("10.0.0.2", "[2001:db8:1:2::1]:443", "1")).toBe("2001:db8:1:2::");
    expect(from("10.0.0.2", "[2001:db8:1:2::1]", "1")).toBe("2001:db8:1:2::");
    expect(from("fe80::1%eth0", null, "0")).toBe("fe80:0:0:0::");
  });

  it("gives keys that are addresses, which better-auth also reads from x-real-ip", () => {
    for (const key of [
      from("198.51.100.9", null, "0"),
      from("2001:db8:1:2::1", null, "0"),
      from("::", null, "0"),
      from("ffff:ffff:ffff:ffff:ffff:ffff:ffff:ffff", null, "0"),
    ]) {
      expect(isIP(key), key).not.toBe(0);
      expect(z.union([z.ipv4(), z.ipv6()]).safeParse(key).success, key).toBe(true);
    }
  });
});

describe("clientAddress with garbage", () => {
  const garbage = [
    "",
    " ",
    "unknown",
    "_hidden",
    "1.2.3",
    "1.2.3.4.5",
    "256.1.1.1",
    "01.2.3.4",
    "1.2.3.-4",
    "1.2.3.4:",
    "1.2.3.4:99999x",
    "1::2::3",
    ":::",
    "1:2:3:4:5:6:7:8:9",
    "1:2:3:4:5:6:7",
    "12345::1",
    "g::1",
    "[::1",
    "[::1]x",
    "::ffff:1.2.3.999",
    "2001:db8::1/64",
    `${"1".repeat(100)}.1.1.1`,
    "a".repeat(10_000),
  ];

  it("stops at an entry that is not an address, at the proxy that wrote it", () => {
    for (const entry of garbage) {
      expect(from("10.0.0.2", entry, "1"), JSON.stringify(entry)).toBe("10.0.0.2");
      expect(from("10.0.0.2", `203.0.113.7, ${entry}, 10.0.0.1`, "3"), JSON.stringify(entry)).toBe("10.0.0.1");
      expect(from("10.0.0.2", `203.0.113.7,${entry}`, "10.0.0.0/8"), JSON.stringify(entry)).toBe("10.0.0.2");
    }
  });

  it("never lets a varied bad entry make keys of its own", () => {
    const keys = new Set(garbage.map((entry) => from("10.0.0.2", `${entry}, ${entry}`, "2")));
    expect([...keys]).toEqual(["10.0.0.2"]);
  });

  it("says unknown only when the socket has no address", () => {
    expect(from(undefined, "203.0.113.7", "1")).toBe(UNKNOWN_ADDRESS);
    expect(from("not an address", "203.0.113.7", "1")).toBe(UNKNOWN_ADDRESS);
  });
});

describe("parseAddress and addressKey", () => {
  it("reads both families into bytes", () => {
    expect(parseAddress("0.0.0.0")).toEqual([0, 0, 0, 0]);
    expect(parseAddress("255.255.255.255")).toEqual([255, 255, 255, 255]);
    expect(parseAddress("::1")).toEqual([...Array<number>(15).fill(0), 1]);
    expect(parseAddress("1::")).toEqual([0, 1, ...Array<number>(14).fill(0)]);
    expect(parseAddress("::")).toEqual(Array<number>(16).fill(0));
    expect(parseAddress("::1.2.3.4")).toEqual([...Array<number>(12).fill(0), 1, 2, 3, 4]);
  });

  it("writes IPv4 dotted and IPv6 as its /64", () => {
    expect(addressKey([203, 0, 113, 7])).toBe("203.0.113.7");
    expect(addressKey(parseAddress("2001:db8::ff")!)).toBe("2001:db8:0:0::");
  });
});

describe("parseTrustProxy", () => {
  it("takes a number of proxies", () => {
    expect(parseTrustProxy("")).toEqual({ hops: 0 });
    expect(parseTrustProxy("0")).toEqual({ hops: 0 });
    expect(parseTrustProxy(" 2 ")).toEqual({ hops: 2 });
    expect(parseTrustProxy("TRUE")).toEqual({ hops: 1 });
  });

  it("takes a list of addresses and ranges", () => {
    const trust = parseTrustProxy("10.0.0.0/8, 192.168.1.1 ,fd00::/8,::ffff:127.0.0.1");
    expect("proxies" in trust && trust.proxies).toHaveLength(4);
  });

  it("refuses anything else, naming the bad entries", () => {
    expect(() => parseTrustProxy("11")).toThrow(/at most 10/);
    expect(() => parseTrustProxy("yes")).toThrow(/not an address: "yes"/);
    expect(() => parseTrustProxy("10.0.0.0/8, 10.0.0.0/33, ::/129")).toThrow(/"10.0.0.0\/33", "::\/129"/);
    expect(() => parseTrustProxy("10.0.0.0/x")).toThrow(/not an address/);
    expect(() => parseTrustProxy("10.0.0.0/8/8")).toThrow(/not an address/);
    expect(() => parseTrustProxy("10.0.0.0/8,")).toThrow(/not an address: ""/);
    expect(() => parseTrustProxy("-1")).toThrow(/not an address/);
    expect(() => parseTrustProxy("1.5")).toThrow(/not an address/);
    expect(() => parseTrustProxy("1,".repeat(3000))).toThrow(/too long/);
  });
});
