import { describe, expect, it } from "vitest";
import { z } from "zod";
import { failure, HTTP_MESSAGES, JSON_MAX_BYTES, parseForm, readJson, toResponse, validate } from "./http.server";

const post = (body: BodyInit | null, contentType?: string) =>
  new Request("http://localhost/x", {
    method: "POST",
    body,
    headers: contentType ? { "Content-Type": contentType } : {},
    ...(body instanceof ReadableStream ? { duplex: "half" } : {}),
  } as RequestInit);

const schema = z.object({
  name: z.string().min(1, "Enter a name"),
  address: z.object({ city: z.string() }).optional(),
});

describe("toResponse: the one error envelope (B-11)", () => {
  it("answers {error:{code,message,fieldErrors}} with the status, no-store and Retry-After", () => {
    const response = toResponse(
      failure(429, "RATE_LIMITED", "Too many tries.", { retryAfterSeconds: 59.2, fieldErrors: { code: "Wait" } }),
      { intent: "send-code" },
    );
    expect(response.init?.status).toBe(429);
    const headers = new Headers(response.init?.headers);
    expect(headers.get("Cache-Control")).toBe("no-store");
    expect(headers.get("Retry-After")).toBe("60");
    expect(response.data).toEqual({
      intent: "send-code",
      error: { code: "RATE_LIMITED", message: "Too many tries.", fieldErrors: { code: "Wait" } },
    });
  });

  it("sends no Retry-After without a wait", () => {
    expect(new Headers(toResponse(failure(404, "NOT_FOUND", "No.")).init?.headers).has("Retry-After")).toBe(false);
  });
});

describe("validate", () => {
  it("keys field errors by dotted path, first message per field, and leads with the first", () => {
    const result = validate(schema, { name: "", address: { city: 3 } });
    expect(result).toMatchObject({
      ok: false,
      status: 400,
      code: "VALIDATION_FAILED",
      message: "Enter a name",
      fieldErrors: { name: "Enter a name", "address.city": expect.any(String) },
    });
  });

  it("passes the parsed value through", () => {
    expect(validate(schema, { name: "Ada" })).toEqual({ ok: true, value: { name: "Ada" } });
  });
});

describe("parseForm (malformed input is a 4xx, never a 500)", () => {
  it("reads url-encoded and multipart forms", async () => {
    expect(await parseForm(post("name=Ada", "application/x-www-form-urlencoded;charset=UTF-8"), schema)).toEqual({
      ok: true,
      value: { name: "Ada" },
    });
    const form = new FormData();
    form.set("name", "Ada");
    expect(await parseForm(new Request("http://localhost/x", { method: "POST", body: form }), schema)).toEqual({
      ok: true,
      value: { name: "Ada" },
    });
  });

  it("refuses a file where the form takes text", async () => {
    const form = new FormData();
    form.set("name", "Ada");
    form.set("file", new Blob(["x"]), "x.txt");
    expect(await parseForm(new Request("http://localhost/x", { method: "POST", body: form }), schema)).toMatchObject({
      ok: false,
      status: 400,
      code: "BAD_FORM",
      message: "This form takes text, not files.",
    });
  });

  it.each([
    ["JSON", '{"name":"Ada"}', "application/json"],
    ["plain text", "name=Ada", "text/plain"],
    ["no content type", null, undefined],
    ["a look-alike type", "name=Ada", "application/x-www-form-urlencoded-but-not"],
  ])("refuses %s with 415", async (_name, body, type) => {
    expect(await parseForm(post(body, type), schema)).toMatchObject({
      status: 415,
      code: "UNSUPPORTED_MEDIA_TYPE",
      message: HTTP_MESSAGES.notAForm,
    });
  });

  it("refuses a multipart body that does not match its boundary with 400", async () => {
    expect(await parseForm(post("not multipart at all", "multipart/form-data; boundary=xyz"), schema)).toMatchObject({
      status: 400,
      code: "BAD_FORM",
    });
  });

  it("refuses invalid fields with 400 and field errors", async () => {
    expect(await parseForm(post("name=", "application/x-www-form-urlencoded"), schema)).toMatchObject({
      status: 400,
      fieldErrors: { name: "Enter a name" },
    });
  });
});

describe("readJson", () => {
  it("reads a JSON object checked by the schema", async () => {
    expect(await readJson(post('{"name":"Ada"}', "application/json; charset=utf-8"), schema)).toEqual({
      ok: true,
      value: { name: "Ada" },
    });
  });

  it.each([
    ["a form", "name=Ada", "application/x-www-form-urlencoded", 415, HTTP_MESSAGES.notJson],
    ["broken JSON", '{"name":', "application/json", 400, HTTP_MESSAGES.badJson],
    ["an array", "[1]", "application/json", 400, HTTP_MESSAGES.notAnObject],
    ["null", "null", "application/json", 400, HTTP_MESSAGES.notAnObject],
    ["an invalid object", '{"name":""}', "application/json", 400, "Enter a name"],
  ])("refuses %s", async (_name, body, type, status, message) => {
    expect(await readJson(post(body, type), schema)).toMatchObject({ ok: false, status, message });
  });

  it("stops reading at maxBytes: the rest of the stream is never pulled", async () => {
    let pulled = 0;
    const chunk = new TextEncoder().encode(`"${"a".repeat(1022)}",`);
    const endless = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled++;
        controller.enqueue(chunk);
      },
    });
    expect(await readJson(post(endless, "application/json"), schema, { maxBytes: 10 * 1024 })).toMatchObject({
      status: 413,
      message: HTTP_MESSAGES.tooLarge,
    });
    expect(pulled).toBeLessThan(20);
  });

  it("accepts a body of exactly the default limit's size class", async () => {
    const name = "a".repeat(JSON_MAX_BYTES - 20);
    expect(await readJson(post(JSON.stringify({ name }), "application/json"), schema)).toMatchObject({ ok: true });
  });
});
