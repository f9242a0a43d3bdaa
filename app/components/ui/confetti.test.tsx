// @vitest-environment happy-dom
import { act, cleanup, render, screen } from "@testing-library/react";
import { createRef } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { Confetti, type ConfettiHandle } from "./confetti";

function preferReducedMotion(reduce: boolean) {
  vi.stubGlobal(
    "matchMedia",
    (query: string) =>
      ({
        matches: reduce && query.includes("reduce"),
        media: query,
        addEventListener() {},
        removeEventListener() {},
      }) as unknown as MediaQueryList,
  );
}

beforeEach(() => {
  vi.useFakeTimers({
    toFake: ["setTimeout", "clearTimeout", "requestAnimationFrame", "cancelAnimationFrame", "performance"],
  });
  preferReducedMotion(false);
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe("Confetti (R-LAYOUT-06, R-TIME-08)", () => {
  it("stays on for 2500 ms by default, then stops once and removes itself", () => {
    const onStop = vi.fn();
    render(<Confetti onStop={onStop} />);
    expect(screen.getByTestId("confetti")).toBeTruthy();
    act(() => vi.advanceTimersByTime(2499));
    expect(onStop).not.toHaveBeenCalled();
    expect(screen.queryByTestId("confetti")).not.toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(onStop).toHaveBeenCalledTimes(1);
    expect(screen.queryByTestId("confetti")).toBeNull();
    act(() => vi.advanceTimersByTime(10_000));
    expect(onStop).toHaveBeenCalledTimes(1);
  });

  it("honours a configured duration", () => {
    const onStop = vi.fn();
    render(<Confetti config={{ duration: 800 }} onStop={onStop} />);
    act(() => vi.advanceTimersByTime(799));
    expect(onStop).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(onStop).toHaveBeenCalledTimes(1);
  });

  it("can be stopped early, which calls the stop callback once and clears the particles", () => {
    const onStop = vi.fn();
    const handle = createRef<ConfettiHandle>();
    render(<Confetti ref={handle} onStop={onStop} />);
    act(() => vi.advanceTimersByTime(500));
    act(() => handle.current?.stop());
    expect(onStop).toHaveBeenCalledTimes(1);
    expect(screen.queryByTestId("confetti")).toBeNull();
    act(() => vi.advanceTimersByTime(5000));
    expect(onStop).toHaveBeenCalledTimes(1);
  });

  it("shows nothing and stops at once when reduced motion is asked for", () => {
    preferReducedMotion(true);
    const onStop = vi.fn();
    render(<Confetti onStop={onStop} />);
    expect(onStop).toHaveBeenCalledTimes(1);
    expect(screen.queryByTestId("confetti")).toBeNull();
  });
});
