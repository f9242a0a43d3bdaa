import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import { CLAIMS } from "./claims";
import { PRODUCTS } from "~/catalogue/catalogue";
import { catalogueTurnaround, formatWeeks, lowestMoq } from "~/domain/fulfilment/claims";
import { FAQ_PAGE, faqCategories } from "./faqs";
import { BUT_WHY, HERO, HOME_META, HOW_IT_WORKS, PERSONA_SECTION, PICKS } from "./home";
import { ABOUT_PAGE } from "./about-page";
import { COMPARE_PAGE } from "./compare-page";
import { HOW_IT_WORKS_PAGE } from "./how-it-works-page";
import { BUSINESS_SAMPLES, businessProfile } from "~/domain/people/business-variables";

const APP = join(import.meta.dirname, "..");

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "+types" ? [] : sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** A savings, minimum-order or turnaround figure typed into copy rather than read from CLAIMS. */
const TYPED_CLAIM =
  /(\d+\s*[–-]\s*\d+\s*%|\d+\s*[–-]\s*\d+\s*weeks|(MOQ|orders?|quantities start|start) from \d+|\d+-unit minimum|\d+\s*[–-]\s*\d+ units)/i;

describe("the savings, MOQ and turnaround claims (A-23)", () => {
  it("are the signed-off savings and the catalogue's minimum order and turnaround", () => {
    expect(CLAIMS).toEqual({ savings: "about 20–30%", moq: 50, turnaround: "3–6 weeks" });
  });

  it("are the minimum order and the turnaround the catalogue computes, whatever its products", () => {
    expect(CLAIMS.moq).toBe(lowestMoq(PRODUCTS));
    expect(CLAIMS.turnaround).toBe(formatWeeks(catalogueTurnaround(PRODUCTS)));
  });

  it("are typed in no copy, page or component but content/claims.ts (the customs-duty rate is not a claim)", () => {
    // The catalogue's own lead times ("2-3 weeks") are data, not claims: app/catalogue is not scanned.
    const copy = ["content", "components", "routes"].flatMap((dir) => sourceFiles(join(APP, dir)));
    const typed = [...copy, join(APP, "root.tsx")]
      .filter((file) => !file.endsWith(join("content", "claims.ts")))
      .flatMap((file) =>
        readFileSync(file, "utf8")
          .split("\n")
          .map((line, index) => ({ line, at: `${relative(APP, file)}:${index + 1}` }))
          .filter(({ line }) => TYPED_CLAIM.test(line) && !line.includes("customs duty of 0–12%")),
      )
      .map(({ at, line }) => `${at}: ${line.trim()}`);
    expect(typed).toEqual([]);
  });

  it("read the same wherever the pages state them", () => {
    const business = businessProfile(BUSINESS_SAMPLES);
    const copy = JSON.stringify([
      HOME_META,
      HERO,
      BUT_WHY,
      PERSONA_SECTION,
      PICKS,
      HOW_IT_WORKS,
      HOW_IT_WORKS_PAGE,
      COMPARE_PAGE,
      ABOUT_PAGE,
      FAQ_PAGE,
      faqCategories(business),
    ]);
    expect(copy).toContain("MOQ from 50 units");
    expect(copy).toContain("Delivery in 3–6 weeks");
    expect(copy).toContain("About 20–30% savings");
    expect(copy).toContain("savings of about 20–30%");
    for (const stale of ["2–4 weeks", "2-4 weeks", "35-60%", "50-100 units"]) expect(copy).not.toContain(stale);
  });
});
