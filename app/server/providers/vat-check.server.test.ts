import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { parseVatNumber, type VatNumber } from "~/domain/pricing/vat-number";
import { createVatChecker } from "./vat-check.server";

/** A loopback stand-in for HMRC and VIES: each request is recorded and answered by `reply`. */
type Reply = (request: IncomingMessage, body: string, response: ServerResponse) => void;
let server: Server;
let baseUrl: string;
let reply: Reply;
let requests: { method: string; url: string; authorization?: string; body: string }[];

const json = (response: ServerResponse, status: number, body: unknown) => {
  response.writeHead(status, { "Content-Type": "application/json" });
  response.end(JSON.stringify(body));
};

beforeAll(async () => {
  server = createServer((request, response) => {
    let body = "";
    request.on("data", (chunk: Buffer) => {
      body += chunk;
    });
    request.on("end", () => {
      requests.push({
        method: request.method ?? "",
        url: request.url ?? "",
        authorization: request.headers.authorization,
        body,
      });
      reply(request, body, response);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

beforeEach(() => {
  requests = [];
});

const number = (text: string): VatNumber => {
  const parsed = parseVatNumber(text);
  if (!parsed) throw new Error(`${text} is not a valid VAT number`);
  return parsed;
};

/** HMRC: a token for the right credentials, then 200 for 980780684 and 404 for anything else. */
const hmrcFake: Reply = (request, body, response) => {
  if (request.url === "/oauth/token") {
    const form = new URLSearchParams(body);
    if (form.get("client_id") !== "shop" || form.get("client_secret") !== "secret") return json(response, 401, {});
    return json(response, 200, { access_token: "token-1", expires_in: 14400, token_type: "bearer" });
  }
  if (request.headers.authorization !== "Bearer token-1") return json(response, 401, {});
  if (request.url === "/organisations/vat/check-vat-number/lookup/980780684") {
    return json(response, 200, { target: { name: "Example Ltd", vatNumber: "980780684" } });
  }
  return json(response, 404, { code: "NOT_FOUND" });
};

/** VIES: DE136695976 is registered, DE… others not, FR… is a member state that is down. */
const viesFake: Reply = (request, _body, response) => {
  if (request.url === "/ms/DE/vat/136695976") return json(response, 200, { isValid: true, userError: "VALID" });
  if (request.url?.startsWith("/ms/FR/")) return json(response, 200, { isValid: false, userError: "MS_UNAVAILABLE" });
  return json(response, 200, { isValid: false, userError: "INVALID" });
};

const hmrcChecker = (timeoutMs?: number) =>
  createVatChecker({ hmrc: { url: baseUrl, clientId: "shop", clientSecret: "secret" }, timeoutMs });

describe("createVatChecker", () => {
  it("is null when neither service is configured: only the offline rules apply", () => {
    expect(createVatChecker({})).toBeNull();
  });

  it("asks HMRC for a UK number, with a client-credentials token it then reuses", async () => {
    reply = hmrcFake;
    const checker = hmrcChecker();
    expect(await checker?.check(number("GB980780684"))).toBe("valid");
    expect(await checker?.check(number("GB123456782"))).toBe("invalid");
    expect(requests.map((r) => `${r.method} ${r.url}`)).toEqual([
      "POST /oauth/token",
      "GET /organisations/vat/check-vat-number/lookup/980780684",
      "GET /organisations/vat/check-vat-number/lookup/123456782",
    ]);
    expect(new URLSearchParams(requests[0]?.body).get("grant_type")).toBe("client_credentials");
  });

  it("looks a 12-digit branch number up by its registration's nine digits, and XI like GB", async () => {
    reply = hmrcFake;
    const checker = hmrcChecker();
    expect(await checker?.check(number("GB980780684001"))).toBe("valid");
    expect(await checker?.check(number("XI980780684"))).toBe("valid");
  });

  it("keeps an answer, so the same number is asked once", async () => {
    reply = hmrcFake;
    const checker = hmrcChecker();
    await checker?.check(number("GB123456782"));
    await checker?.check(number("gb 123 4567 82"));
    expect(requests.filter((r) => r.url.includes("/lookup/"))).toHaveLength(1);
  });

  it("calls a 5xx, a refused token or an unreadable answer unavailable, never invalid", async () => {
    reply = (_request, _body, response) => json(response, 503, {});
    expect(await hmrcChecker()?.check(number("GB980780684"))).toBe("unavailable");
    reply = (request, body, response) =>
      request.url?.includes("/lookup/") ? json(response, 502, {}) : hmrcFake(request, body, response);
    expect(await hmrcChecker()?.check(number("GB980780684"))).toBe("unavailable");
    reply = (_request, _body, response) => json(response, 500, {});
    expect(await createVatChecker({ viesUrl: baseUrl })?.check(number("DE136695976"))).toBe("unavailable");
    reply = (_request, _body, response) => response.end("not json");
    expect(await createVatChecker({ viesUrl: baseUrl })?.check(number("DE136695976"))).toBe("unavailable");
  });

  it("gives up after the timeout and says unavailable", async () => {
    reply = (_request, _body, response) => {
      setTimeout(() => json(response, 200, { access_token: "late", expires_in: 100 }), 2_000);
    };
    const started = Date.now();
    expect(await hmrcChecker(200)?.check(number("GB980780684"))).toBe("unavailable");
    expect(Date.now() - started).toBeLessThan(1_500);
  });

  it("keeps an outage for a minute only", async () => {
    let clock = 0;
    reply = (_request, _body, response) => json(response, 500, {});
    const checker = createVatChecker({ viesUrl: baseUrl, now: () => clock });
    await checker?.check(number("DE136695976"));
    await checker?.check(number("DE136695976"));
    expect(requests).toHaveLength(1);
    clock += 61_000;
    reply = viesFake;
    expect(await checker?.check(number("DE136695976"))).toBe("valid");
  });

  it("asks VIES for a member state's number: valid, invalid, and a state that is down", async () => {
    reply = viesFake;
    const checker = createVatChecker({ viesUrl: baseUrl });
    expect(await checker?.check(number("DE136695976"))).toBe("valid");
    expect(await checker?.check(number("ATU13585627"))).toBe("invalid");
    expect(await checker?.check(number("FR40303265045"))).toBe("unavailable");
    expect(requests.map((r) => r.url)).toEqual([
      "/ms/DE/vat/136695976",
      "/ms/AT/vat/U13585627",
      "/ms/FR/vat/40303265045",
    ]);
  });

  it("leaves a country unchecked when its service is not configured, and GD/HA numbers always", async () => {
    reply = viesFake;
    expect(await createVatChecker({ viesUrl: baseUrl })?.check(number("GB980780684"))).toBe("unchecked");
    reply = hmrcFake;
    expect(await hmrcChecker()?.check(number("DE136695976"))).toBe("unchecked");
    expect(await hmrcChecker()?.check(number("GBGD001"))).toBe("unchecked");
    expect(requests).toEqual([]);
  });
});
