import { describe, expect, it } from "vitest";
import { auditFilterParams, containsPattern, readAuditFilters } from "./audit";

const read = (query: string) => readAuditFilters(new URLSearchParams(query));

describe("readAuditFilters", () => {
  it("reads each filter of the address", () => {
    expect(read("subject=order&staff=olive&q=SS-000001&from=2026-11-01&to=2026-11-30&before=120")).toEqual({
      subject: "order",
      staff: "olive",
      text: "SS-000001",
      from: "2026-11-01",
      to: "2026-11-30",
      before: 120,
    });
  });

  it("ignores each value out of range on its own, so an odd link never fails", () => {
    expect(read(`subject=__proto__&staff=${"x".repeat(101)}&q=a%00b&from=2026-02-30&to=tomorrow&before=-1`)).toEqual({
      subject: null,
      staff: "",
      text: "",
      from: null,
      to: null,
      before: null,
    });
    expect(read("before=1.5").before).toBeNull();
    expect(read(`before=${"9".repeat(16)}`).before).toBeNull();
  });
});

describe("auditFilterParams and containsPattern", () => {
  it("keep the filters that are set, and take % and _ literally", () => {
    expect(auditFilterParams(read("subject=staff&q=x&before=5")).toString()).toBe("subject=staff&q=x");
    expect(containsPattern("50%_off\\")).toBe("%50\\%\\_off\\\\%");
  });
});
