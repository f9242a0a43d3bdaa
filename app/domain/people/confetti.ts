/**
 * Confetti physics and settings (SPEC.md §4 "Confetti", §9; R-LAYOUT-06/07, R-TIME-08). Pure: the
 * component draws what these functions compute, so the motion can be tested without a screen.
 */

/** sourcePosition is a fraction of the viewport: {x: 0.5, y: 0.5} is the middle of the screen. */
export type ConfettiConfig = {
  duration: number;
  particleCount: number;
  colors: readonly string[];
  sourcePosition: { x: number; y: number };
};

/** Pixels per frame² added to each particle's downward speed (SPEC.md §9). */
export const CONFETTI_GRAVITY = 0.4;
/** Hard cap so a bad config cannot freeze the page. */
export const MAX_CONFETTI_PARTICLES = 500;

export const DEFAULT_CONFETTI_CONFIG: ConfettiConfig = {
  duration: 2500,
  particleCount: 70,
  // Five purple / indigo shades (Tailwind violet-600, violet-500, purple-500, indigo-600, indigo-400).
  colors: ["#7c3aed", "#8b5cf6", "#a855f7", "#4f46e5", "#818cf8"],
  sourcePosition: { x: 0.5, y: 0.35 },
};

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

/** Fills gaps from the defaults and keeps every number in a usable range. */
export function resolveConfettiConfig(partial: Partial<ConfettiConfig> = {}): ConfettiConfig {
  const base = DEFAULT_CONFETTI_CONFIG;
  const duration = Number.isFinite(partial.duration) ? Math.max(0, partial.duration ?? 0) : base.duration;
  const count = Number.isFinite(partial.particleCount)
    ? clamp(Math.round(partial.particleCount ?? 0), 0, MAX_CONFETTI_PARTICLES)
    : base.particleCount;
  const colors = partial.colors && partial.colors.length > 0 ? partial.colors : base.colors;
  const source = partial.sourcePosition ?? base.sourcePosition;
  return {
    duration,
    particleCount: count,
    colors,
    sourcePosition: {
      x: clamp(Number.isFinite(source.x) ? source.x : base.sourcePosition.x, 0, 1),
      y: clamp(Number.isFinite(source.y) ? source.y : base.sourcePosition.y, 0, 1),
    },
  };
}

export type ConfettiParticle = {
  x: number;
  y: number;
  vx: number;
  vy: number;
  rotation: number;
  spin: number;
  width: number;
  height: number;
  color: string;
};

/** A burst from the source point: every particle starts there and flies up and outwards. */
export function createParticles(
  config: ConfettiConfig,
  viewport: { width: number; height: number },
  random: () => number = Math.random,
): ConfettiParticle[] {
  const originX = config.sourcePosition.x * viewport.width;
  const originY = config.sourcePosition.y * viewport.height;
  return Array.from({ length: config.particleCount }, (_, index) => {
    // Upward cone, 60° either side of vertical.
    const angle = -Math.PI / 2 + (random() - 0.5) * ((2 * Math.PI) / 3);
    const speed = 8 + random() * 10;
    return {
      x: originX,
      y: originY,
      vx: Math.cos(angle) * speed,
      vy: Math.sin(angle) * speed,
      rotation: random() * Math.PI * 2,
      spin: (random() - 0.5) * 0.4,
      width: 6 + random() * 6,
      height: 4 + random() * 4,
      color: config.colors[index % config.colors.length] ?? "#7c3aed",
    };
  });
}

/** One frame (about 16 ms): gravity pulls down, air slows the sideways drift, pieces spin. */
export function stepParticles(particles: readonly ConfettiParticle[], gravity = CONFETTI_GRAVITY): ConfettiParticle[] {
  return particles.map((p) => ({
    ...p,
    x: p.x + p.vx,
    y: p.y + p.vy,
    vx: p.vx * 0.99,
    vy: p.vy + gravity,
    rotation: p.rotation + p.spin,
  }));
}
