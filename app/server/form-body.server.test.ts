import { describe, expect, it } from "vitest";
import { readFormData } from "./form-body.server";

const post = (body: BodyInit | null, contentType?: string) =>
  new Request("http://localhost/cart", {
    method: "POST",
    body,
    headers: contentType ? { "Content-Type": contentType } : {},
  });

describe("readFormData (issue 3 item 2: malformed input is a 4xx, never a 500)", () => {
  it("reads url-encoded and multipart forms", async () => {
    expect(
      (await readFormData(post("intent=clear", "application/x-www-form-urlencoded;charset=UTF-8"))).get("intent"),
    ).toBe("clear");
    const form = new FormData();
    form.set("intent", "clear");
    expect(
      (await readFormData(new Request("http://localhost/cart", { method: "POST", body: form }))).get("intent"),
    ).toBe("clear");
  });

  it.each([
    ["JSON", '{"intent":"clear"}', "application/json"],
    ["plain text", "intent=clear", "text/plain"],
    ["no content type", null, undefined],
    ["a look-alike type", "intent=clear", "application/x-www-form-urlencoded-but-not"],
  ])("refuses %s with 415 and the one error shape", async (_name, body, type) => {
    await expect(readFormData(post(body, type))).rejects.toMatchObject({
      init: { status: 415 },
      data: {
        error: {
          code: "UNSUPPORTED_MEDIA_TYPE",
          message: expect.stringContaining("application/x-www-form-urlencoded"),
        },
      },
    });
  });

  it("refuses a multipart body that does not match its boundary with 400", async () => {
    await expect(readFormData(post("not multipart at all", "multipart/form-data; boundary=xyz"))).rejects.toMatchObject(
      {
        init: { status: 400 },
        data: { error: { code: "BAD_FORM" } },
      },
    );
  });
});
