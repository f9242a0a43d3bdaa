import { describe, expect, it } from "vitest";
import { ARTWORK_MAX_BYTES } from "~/domain/artwork-rules";
import { PROOF_MAX_BYTES } from "~/domain/proof-rules";
import { bodyLimitFor, DEFAULT_BODY_LIMIT_BYTES, tooLargeMessage } from "./body-limits.server";

describe("bodyLimitFor", () => {
  it("gives forms and JSON 1 MB", () => {
    for (const path of ["/sign-up", "/cart", "/cart.data", "/api/drafts/abc", "/api/payment-intent", "/contact", "/api/auth/sign-in/email"]) {
      expect(bodyLimitFor(path), path).toBe(DEFAULT_BODY_LIMIT_BYTES);
    }
  });

  it("lets the uploads carry their file limit and the multipart around it", () => {
    expect(bodyLimitFor("/api/drafts/3f1c/artwork")).toBeGreaterThan(ARTWORK_MAX_BYTES);
    expect(bodyLimitFor("/admin/orders/3f1c")).toBeGreaterThan(PROOF_MAX_BYTES);
    expect(bodyLimitFor("/admin/orders/3f1c.data")).toBeGreaterThan(PROOF_MAX_BYTES);
  });

  it("does not stretch to look-alike paths", () => {
    expect(bodyLimitFor("/api/drafts/3f1c/artwork/extra")).toBe(DEFAULT_BODY_LIMIT_BYTES);
    expect(bodyLimitFor("/admin/orders/3f1c/proofs/1")).toBe(DEFAULT_BODY_LIMIT_BYTES);
    expect(bodyLimitFor("/admin/orders")).toBe(DEFAULT_BODY_LIMIT_BYTES);
  });

  it("says the limit in megabytes", () => {
    expect(tooLargeMessage(DEFAULT_BODY_LIMIT_BYTES)).toBe("The request is larger than this address accepts (1 MB).");
  });
});
