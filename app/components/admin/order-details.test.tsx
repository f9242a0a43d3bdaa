// @vitest-environment happy-dom
import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { Facts } from "./order-card";
import { placementFacts } from "./order-details";

afterEach(cleanup);

describe("a line's placement rows on the back office's order page", () => {
  it("leaves out the empty Placement row when the buyer's placement details say where the logo goes", () => {
    render(<Facts rows={placementFacts("none", "Centred, 8 cm wide")} />);
    expect(screen.queryByText("Placement")).toBeNull();
    expect(screen.getByText("Placement details")).toBeTruthy();
    expect(screen.getByText("Centred, 8 cm wide")).toBeTruthy();
    expect(screen.queryByText("—")).toBeNull();
    expect(placementFacts("", "Left chest")).toEqual([["Placement details", "Left chest"]]);
  });

  it("keeps a named placement beside its details, and a dash when nothing was said", () => {
    expect(placementFacts("Front", "Centred, 8 cm wide")).toEqual([
      ["Placement", "Front"],
      ["Placement details", "Centred, 8 cm wide"],
    ]);
    expect(placementFacts("Front", " ")).toEqual([["Placement", "Front"]]);
    render(<Facts rows={placementFacts("none", "")} />);
    expect(screen.getByText("Placement")).toBeTruthy();
    expect(screen.getByText("—")).toBeTruthy();
  });
});
