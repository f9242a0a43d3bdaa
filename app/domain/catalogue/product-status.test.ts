import { describe, expect, it } from "vitest";
import { PRODUCT_STATUSES } from "~/catalogue/types";
import { canMoveStatus, statusActions } from "./product-status";

describe("moving a product between draft, published and archived", () => {
  it("offers publish and archive for a draft, unpublish and archive when published, restore when archived", () => {
    expect(statusActions("draft").map((a) => a.label)).toEqual(["Publish", "Archive"]);
    expect(statusActions("published").map((a) => a.label)).toEqual(["Unpublish", "Archive"]);
    expect(statusActions("archived").map((a) => a.label)).toEqual(["Restore as draft"]);
  });

  it("allows exactly the moves it offers, never to the same status, never straight from archived to published", () => {
    for (const from of PRODUCT_STATUSES) {
      for (const to of PRODUCT_STATUSES) {
        const offered = statusActions(from).some((action) => action.to === to);
        expect(canMoveStatus(from, to), `${from} → ${to}`).toBe(offered);
      }
      expect(canMoveStatus(from, from)).toBe(false);
    }
    expect(canMoveStatus("archived", "published")).toBe(false);
  });
});
