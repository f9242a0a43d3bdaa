import { describe, expect, it } from "vitest";
import {
  PROBLEM_MESSAGES,
  PROBLEM_REPORT_DAYS,
  parseProblemForm,
  photoContentMatches,
  photoKind,
  problemWindow,
} from "./problem-reports";

describe("the problem report's window (POLICY.qualityDisputes: 14 days of delivery)", () => {
  it("is the policy's 14 days", () => {
    expect(PROBLEM_REPORT_DAYS).toBe(14);
  });
  it("opens on delivery and closes after the 14th day", () => {
    const delivered = { status: "delivered" as const, deliveredOn: "2026-11-02" };
    expect(problemWindow({ ...delivered, today: "2026-11-02" })).toEqual({ open: true, reportBy: "2026-11-16" });
    expect(problemWindow({ ...delivered, today: "2026-11-16" })).toEqual({ open: true, reportBy: "2026-11-16" });
    expect(problemWindow({ ...delivered, today: "2026-11-17" })).toEqual({ open: false, reason: "closed" });
  });
  it("is shut before delivery", () => {
    expect(problemWindow({ status: "shipped", deliveredOn: null, today: "2026-11-02" })).toEqual({
      open: false,
      reason: "not_delivered",
    });
    expect(problemWindow({ status: "delivered", deliveredOn: null, today: "2026-11-02" })).toMatchObject({
      open: false,
    });
  });
});

describe("the problem report form", () => {
  const positions = [1, 2];
  it("takes the ticked lines and the trimmed description", () => {
    expect(
      parseProblemForm({ "line-2": "on", "line-1": "on", description: "  Caps are green, not navy.  " }, positions),
    ).toEqual({ ok: true, value: { lines: [1, 2], description: "Caps are green, not navy." } });
  });
  it("refuses no line, a line of another order, a short and an overlong description", () => {
    expect(parseProblemForm({ description: "Caps are green, not navy." }, positions)).toMatchObject({
      ok: false,
      fieldErrors: { lines: PROBLEM_MESSAGES.chooseLines },
    });
    expect(parseProblemForm({ "line-3": "on", description: "Caps are green, not navy." }, positions)).toMatchObject({
      ok: false,
      fieldErrors: { lines: PROBLEM_MESSAGES.unknownLine },
    });
    expect(parseProblemForm({ "line-1": "on", description: " wrong    " }, positions)).toMatchObject({
      ok: false,
      fieldErrors: { description: PROBLEM_MESSAGES.describe },
    });
    expect(parseProblemForm({ "line-1": "on", description: "x".repeat(2001) }, positions)).toMatchObject({
      ok: false,
      fieldErrors: { description: PROBLEM_MESSAGES.tooLong },
    });
    expect(parseProblemForm({ "line-1": "on", description: "x".repeat(100_000) }, positions)).toMatchObject({
      ok: false,
      fieldErrors: { description: PROBLEM_MESSAGES.tooLong },
    });
  });
});

describe("a photo's kind", () => {
  it("goes by the name, and the first bytes must agree", () => {
    expect(photoKind("box.JPG")).toBe("jpeg");
    expect(photoKind("box.jpeg")).toBe("jpeg");
    expect(photoKind("box.png")).toBe("png");
    expect(photoKind("box.svg")).toBeNull();
    expect(photoKind("box.heic")).toBeNull();
    expect(photoKind("png")).toBeNull();
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0]);
    const jpeg = new Uint8Array([0xff, 0xd8, 0xff, 0xe0]);
    expect(photoContentMatches("png", png)).toBe(true);
    expect(photoContentMatches("jpeg", jpeg)).toBe(true);
    expect(photoContentMatches("png", jpeg)).toBe(false);
    expect(photoContentMatches("jpeg", new TextEncoder().encode("<svg onload=alert(1)>"))).toBe(false);
  });
});
