import { describe, expect, it } from "vitest";
import { svgLengthMm, svgRefusal, svgSize } from "./preflight-svg.server";

const ILLUSTRATOR_DOCTYPE =
  '<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd">';

describe("svgRefusal, read without backtracking", () => {
  it("lets a public DOCTYPE through, as Illustrator writes it, and refuses an internal subset", () => {
    expect(svgRefusal(`${ILLUSTRATOR_DOCTYPE}<svg xmlns="http://www.w3.org/2000/svg"/>`)).toBeNull();
    expect(svgRefusal('<!DOCTYPE svg [<!ATTLIST svg onload CDATA "x">]><svg/>')).toBe("svg_entities");
    expect(svgRefusal(`${ILLUSTRATOR_DOCTYPE}<!doctype svg [ ]><svg/>`)).toBe("svg_entities");
    expect(svgRefusal("<!DOCTYPE svg [")).toBe("svg_entities");
    expect(svgRefusal("<!DOCTYPE svg")).toBeNull();
  });

  it("refuses a backslash anywhere: a CSS escape can spell url( in a style or a presentation attribute", () => {
    expect(svgRefusal('<svg><rect fill="\\75 rl(http://x)"/></svg>')).toBe("svg_external");
    expect(svgRefusal('<svg><rect fill="#123456"/></svg>')).toBeNull();
  });

  it("answers long hostile runs at once", () => {
    for (const text of ["<!DOCTYPE".repeat(20_000), '\t<STYLE"'.repeat(20_000), `V${"<SVG\u0000V".repeat(20_000)}`])
      expect(svgRefusal(text)).toBeNull();
  });
});

describe("svgLengthMm", () => {
  it.each([
    ["100mm", 100],
    [" 4in ", 101.6],
    ["10 cm", 100],
    ["96", 25.4],
    [".5in", 12.7],
  ])("reads %j as %d mm", (value, mm) => {
    expect(svgLengthMm(value)).toBeCloseTo(mm, 6);
  });

  it.each(["10%", "", "mm", "1e3", "0", `0${"\t".repeat(50_000)}P`, "1".repeat(40)])("gives null for %j", (value) => {
    expect(svgLengthMm(value)).toBeNull();
  });
});

describe("svgSize", () => {
  it("takes width and height, else scales the viewBox at 96 px to the inch", () => {
    expect(svgSize('<svg width="100mm" height="50mm">')).toEqual({ widthMm: 100, heightMm: 50 });
    expect(svgSize('<svg viewBox="0 0 96 48">')).toEqual({ widthMm: 25.4, heightMm: 12.7 });
    expect(svgSize('<svg width="50mm" viewBox="0 0 96 48">')).toEqual({ widthMm: 50, heightMm: 25 });
    expect(svgSize("<svg>")).toBeNull();
  });
});
