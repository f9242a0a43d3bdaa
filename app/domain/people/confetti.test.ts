import { describe, expect, it } from "vitest";
import {
  CONFETTI_GRAVITY,
  createParticles,
  DEFAULT_CONFETTI_CONFIG,
  MAX_CONFETTI_PARTICLES,
  resolveConfettiConfig,
  stepParticles,
} from "./confetti";

describe("confetti defaults (R-LAYOUT-07, R-TIME-08)", () => {
  it("has the spec's shape and values", () => {
    expect(Object.keys(DEFAULT_CONFETTI_CONFIG).sort()).toEqual([
      "colors",
      "duration",
      "particleCount",
      "sourcePosition",
    ]);
    expect(DEFAULT_CONFETTI_CONFIG.duration).toBe(2500);
    expect(DEFAULT_CONFETTI_CONFIG.particleCount).toBe(70);
    expect(CONFETTI_GRAVITY).toBe(0.4);
    expect(DEFAULT_CONFETTI_CONFIG.colors).toHaveLength(5);
    expect(Object.keys(DEFAULT_CONFETTI_CONFIG.sourcePosition).sort()).toEqual(["x", "y"]);
  });

  it("uses only purple and indigo hues", () => {
    for (const hex of DEFAULT_CONFETTI_CONFIG.colors) {
      const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255) as [number, number, number];
      const max = Math.max(r, g, b);
      const min = Math.min(r, g, b);
      const hue =
        max === r
          ? (60 * ((g - b) / (max - min)) + 360) % 360
          : max === g
            ? 60 * ((b - r) / (max - min)) + 120
            : 60 * ((r - g) / (max - min)) + 240;
      expect(hue).toBeGreaterThanOrEqual(230);
      expect(hue).toBeLessThanOrEqual(290);
    }
  });
});

describe("resolveConfettiConfig", () => {
  it("fills gaps from the defaults", () => {
    expect(resolveConfettiConfig()).toEqual(DEFAULT_CONFETTI_CONFIG);
    expect(resolveConfettiConfig({ duration: 1000 })).toEqual({ ...DEFAULT_CONFETTI_CONFIG, duration: 1000 });
  });

  it("keeps numbers usable", () => {
    const config = resolveConfettiConfig({
      duration: -5,
      particleCount: 1e9,
      colors: [],
      sourcePosition: { x: 2, y: Number.NaN },
    });
    expect(config.duration).toBe(0);
    expect(config.particleCount).toBe(MAX_CONFETTI_PARTICLES);
    expect(config.colors).toEqual(DEFAULT_CONFETTI_CONFIG.colors);
    expect(config.sourcePosition).toEqual({ x: 1, y: DEFAULT_CONFETTI_CONFIG.sourcePosition.y });
  });
});

describe("particles", () => {
  const viewport = { width: 1000, height: 800 };

  it("starts every particle at the source, moving upwards, cycling the colours", () => {
    const particles = createParticles(DEFAULT_CONFETTI_CONFIG, viewport, () => 0.5);
    expect(particles).toHaveLength(70);
    for (const p of particles) {
      expect(p.x).toBe(500);
      expect(p.y).toBe(280);
      expect(p.vy).toBeLessThan(0);
    }
    expect(particles.slice(0, 5).map((p) => p.color)).toEqual(DEFAULT_CONFETTI_CONFIG.colors);
  });

  it("falls faster each frame by the gravity", () => {
    const [start] = createParticles({ ...DEFAULT_CONFETTI_CONFIG, particleCount: 1 }, viewport, () => 0.5);
    const [next] = stepParticles([start!]);
    expect(next!.vy - start!.vy).toBeCloseTo(0.4);
    expect(next!.y).toBeCloseTo(start!.y + start!.vy);
    const [afterMany] = Array.from({ length: 120 }).reduce<ReturnType<typeof stepParticles>>(
      (current) => stepParticles(current),
      [start!],
    );
    expect(afterMany!.y).toBeGreaterThan(viewport.height);
  });
});
