/**
 * Which address a request comes from (decision 013): the key of every per-address limit, the
 * shop's (rate-limit.server.ts clientIp) and better-auth's alike. server.ts works it out once per
 * request and writes it into x-real-ip.
 *
 * X-Forwarded-For is a list each proxy appends to: `client, proxy1, proxy2`, the socket's peer
 * being the last proxy. Whatever a client writes at the left arrives untouched, so the address is
 * read from the right, and only as far as the proxies in front of the shop are trusted
 * (TRUST_PROXY, parsed by parseTrustProxy):
 *   - a number N of proxies: the address the Nth proxy from the shop saw, as Express reads its
 *     `trust proxy` number. 0 is the socket's address; 1 is the rightmost X-Forwarded-For entry;
 *     a header with fewer entries gives its leftmost;
 *   - a list of proxy addresses and CIDR ranges: from the socket leftwards, the first address
 *     that is not one of them.
 * An entry that is not an address ends the walk at the proxy that wrote it, so a malformed header
 * can never make up a key of its own. The answer is an address better-auth also accepts: IPv4
 * dotted (an IPv4-mapped IPv6 address becomes its IPv4 one), IPv6 cut to its /64 as
 * `2001:db8:1:2::`, since one subscriber gets a whole /64 and could otherwise take a fresh
 * address for every request.
 */

/** An address as bytes: 4 for IPv4, 16 for IPv6. */
type Address = number[];
type Range = { network: Address; prefix: number };

export type TrustProxy = { hops: number } | { proxies: Range[] };

/** What the key is when the socket itself has no address (it always has one over TCP). */
export const UNKNOWN_ADDRESS = "unknown";

/** The longest text an address can take, with zone, brackets and port; longer is not read at all. */
const ADDRESS_MAX_LENGTH = 64;
/** More proxies than any deployment stacks in front of a shop: a larger number is a typo. */
const HOPS_MAX = 10;

function parseIPv4(text: string): Address | null {
  const parts = text.split(".");
  if (parts.length !== 4) return null;
  const bytes = parts.map((part) => (/^(0|[1-9][0-9]{0,2})$/.test(part) ? Number(part) : 256));
  return bytes.every((byte) => byte <= 255) ? bytes : null;
}

function parseIPv6(text: string): Address | null {
  let rest = text.split("%")[0]!;
  // An IPv4 tail (`::ffff:1.2.3.4`) is the last two groups.
  const lastColon = rest.lastIndexOf(":");
  if (rest.includes(".", lastColon)) {
    const v4 = parseIPv4(rest.slice(lastColon + 1));
    if (!v4) return null;
    rest = `${rest.slice(0, lastColon + 1)}${((v4[0]! << 8) | v4[1]!).toString(16)}:${((v4[2]! << 8) | v4[3]!).toString(16)}`;
  }
  const halves = rest.split("::");
  if (halves.length > 2) return null;
  const groupsOf = (half: string) => (half === "" ? [] : half.split(":"));
  const head = groupsOf(halves[0]!);
  const tail = halves.length === 2 ? groupsOf(halves[1]!) : [];
  if (halves.length === 1 ? head.length !== 8 : head.length + tail.length > 7) return null;
  if (![...head, ...tail].every((group) => /^[0-9a-f]{1,4}$/i.test(group))) return null;
  const words = [...head, ...Array<string>(8 - head.length - tail.length).fill("0"), ...tail].map((group) =>
    parseInt(group, 16),
  );
  return words.flatMap((word) => [word >> 8, word & 0xff]);
}

/** IPv4-mapped IPv6 (`::ffff:a.b.c.d`) is the IPv4 client it stands for. */
function unmapped(address: Address): Address {
  const mapped =
    address.length === 16 &&
    address.slice(0, 10).every((byte) => byte === 0) &&
    address[10] === 0xff &&
    address[11] === 0xff;
  return mapped ? address.slice(12) : address;
}

/**
 * An address as a proxy or socket reports it, or null for anything else. A port (`1.2.3.4:5678`,
 * `[2001:db8::1]:443`), brackets and an IPv6 zone (`fe80::1%eth0`) are dropped.
 */
export function parseAddress(text: string): Address | null {
  let value = text.trim();
  if (value === "" || value.length > ADDRESS_MAX_LENGTH) return null;
  if (value.startsWith("[")) {
    const close = value.indexOf("]");
    if (close === -1 || !/^(:[0-9]{1,5})?$/.test(value.slice(close + 1))) return null;
    value = value.slice(1, close);
  } else if (value.includes(".") && value.indexOf(":") !== -1 && value.indexOf(":") === value.lastIndexOf(":")) {
    const [host, port] = value.split(":") as [string, string];
    if (!/^[0-9]{1,5}$/.test(port)) return null;
    value = host;
  }
  const address = value.includes(":") ? parseIPv6(value) : parseIPv4(value);
  return address ? unmapped(address) : null;
}

/** The limits' key for an address: IPv4 as is, IPv6 by its /64. */
export function addressKey(address: Address): string {
  if (address.length === 4) return address.join(".");
  const groups = [0, 2, 4, 6].map((i) => ((address[i]! << 8) | address[i + 1]!).toString(16));
  return `${groups.join(":")}::`;
}

function parseRange(text: string): Range | null {
  const [host, prefixText, ...extra] = text.trim().split("/");
  if (extra.length > 0 || host === undefined) return null;
  const network = parseAddress(host);
  if (!network) return null;
  const bits = network.length * 8;
  if (prefixText === undefined) return { network, prefix: bits };
  if (!/^[0-9]{1,3}$/.test(prefixText) || Number(prefixText) > bits) return null;
  return { network, prefix: Number(prefixText) };
}

function inRange(address: Address, range: Range): boolean {
  if (address.length !== range.network.length) return false;
  for (let bit = 0; bit < range.prefix; bit += 8) {
    const take = Math.min(8, range.prefix - bit);
    const mask = (0xff << (8 - take)) & 0xff;
    if ((address[bit / 8]! & mask) !== (range.network[bit / 8]! & mask)) return false;
  }
  return true;
}

/**
 * TRUST_PROXY: a number of proxies, or a comma-separated list of proxy addresses and ranges
 * (`10.0.0.0/8, fd00::/8`). `true` and `false`, which it once also took, mean 1 and 0.
 * Throws an Error saying what is wrong.
 */
export function parseTrustProxy(value: string): TrustProxy {
  const text = value.trim().toLowerCase();
  if (text.length > 4096) throw new Error("is too long");
  if (text === "" || text === "false") return { hops: 0 };
  if (text === "true") return { hops: 1 };
  if (/^[0-9]{1,3}$/.test(text)) {
    const hops = Number(text);
    if (hops > HOPS_MAX) throw new Error(`must be at most ${HOPS_MAX} proxies`);
    return { hops };
  }
  const entries = text.split(",");
  const proxies = entries.map(parseRange);
  const bad = entries.filter((_, i) => proxies[i] === null).map((entry) => entry.trim());
  if (bad.length > 0) {
    throw new Error(
      `must be a number of proxies or a comma-separated list of proxy addresses and CIDR ranges; not an address: ${bad.map((b) => JSON.stringify(b)).join(", ")}`,
    );
  }
  return { proxies: proxies as Range[] };
}

/**
 * The client's address key (see the top of this module) from the socket's address and the
 * X-Forwarded-For header as it arrived (null when absent).
 */
export function clientAddress(input: {
  socket: string | undefined;
  forwardedFor: string | null;
  trust: TrustProxy;
}): string {
  const nearest = parseAddress(input.socket ?? "");
  if (!nearest) return UNKNOWN_ADDRESS;
  // Nearest first: what the socket's peer wrote, then the proxy before it, and so on.
  const reported = input.forwardedFor === null ? [] : input.forwardedFor.split(",").reverse();
  const { trust } = input;
  let client = nearest;
  for (let hop = 0; hop < reported.length; hop++) {
    const trusted = "hops" in trust ? hop < trust.hops : trust.proxies.some((range) => inRange(client, range));
    if (!trusted) break;
    const next = parseAddress(reported[hop]!);
    if (!next) break;
    client = next;
  }
  return addressKey(client);
}

/**
 * Whether the socket's peer is a proxy TRUST_PROXY names, so that what it writes into a request's
 * headers (X-Request-Id, say) is its word and not the client's: any peer when a number of proxies is
 * trusted (the socket is then always the nearest proxy), one in a listed range otherwise, none at 0.
 */
export function fromTrustedProxy(input: { socket: string | undefined; trust: TrustProxy }): boolean {
  const peer = parseAddress(input.socket ?? "");
  if (!peer) return false;
  const { trust } = input;
  return "hops" in trust ? trust.hops > 0 : trust.proxies.some((range) => inRange(peer, range));
}
