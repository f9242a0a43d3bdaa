/** The confetti burst that celebrates a payment the server has confirmed, still for reduced motion. */
import { useCallback, useEffect, useImperativeHandle, useRef, useState, type Ref } from "react";
import {
  createParticles,
  resolveConfettiConfig,
  stepParticles,
  type ConfettiConfig,
  type ConfettiParticle,
} from "~/domain/people/confetti";

export type ConfettiHandle = { stop: () => void };

const FRAME_MS = 1000 / 60;

/**
 * A burst of confetti over the page (SPEC.md §4 "Confetti", R-LAYOUT-06/07, R-TIME-08). It runs
 * for `duration` (2500 ms by default) and then calls `onStop` once; `ref.stop()` ends it early the
 * same way. Mounting it starts it, so the payment confirmation mounts it when the server has
 * confirmed a payment. With reduced motion asked for, nothing moves and `onStop` is called
 * at once.
 */
export function Confetti(props: {
  config?: Partial<ConfettiConfig>;
  onStop?: () => void;
  ref?: Ref<ConfettiHandle>;
  /**
   * Falls within its positioned parent instead of over the whole page: the
   * payment confirmation keeps it to a band that holds no text, so it never covers the summary.
   */
  contained?: boolean;
}) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const contained = props.contained ?? false;
  const [running, setRunning] = useState(true);
  const stopped = useRef(false);
  const cleanup = useRef<() => void>(() => {});
  const onStop = useRef(props.onStop);
  onStop.current = props.onStop;
  // The config is read once, when the burst starts; changing it mid-flight would restart nothing.
  const config = useRef(resolveConfettiConfig(props.config));

  const stop = useCallback(() => {
    if (stopped.current) return;
    stopped.current = true;
    cleanup.current();
    setRunning(false);
    onStop.current?.();
  }, []);

  useImperativeHandle(props.ref, () => ({ stop }), [stop]);

  useEffect(() => {
    const settings = config.current;
    const reduced = window.matchMedia?.("(prefers-reduced-motion: reduce)").matches ?? false;
    if (reduced || settings.duration === 0 || settings.particleCount === 0) {
      stop();
      return;
    }
    const element = canvas.current;
    const context = element?.getContext("2d") ?? null;
    const box = contained ? element?.parentElement?.getBoundingClientRect() : null;
    const width = box ? Math.round(box.width) : window.innerWidth;
    const height = box ? Math.round(box.height) : window.innerHeight;
    if (element) {
      element.width = width;
      element.height = height;
    }
    let particles: ConfettiParticle[] = createParticles(settings, { width, height });
    const started = performance.now();
    let framesDone = 0;
    let frame = 0;

    const draw = (now: number) => {
      // Advance by elapsed time, not by callbacks, so a slow screen shows the same fall.
      const due = Math.floor((now - started) / FRAME_MS);
      for (; framesDone < due; framesDone++) particles = stepParticles(particles);
      if (context) {
        context.clearRect(0, 0, width, height);
        // Fade out over the last fifth so the end is not abrupt.
        const left = settings.duration - (now - started);
        context.globalAlpha = Math.max(0, Math.min(1, left / (settings.duration * 0.2)));
        for (const p of particles) {
          context.save();
          context.translate(p.x, p.y);
          context.rotate(p.rotation);
          context.fillStyle = p.color;
          context.fillRect(-p.width / 2, -p.height / 2, p.width, p.height);
          context.restore();
        }
      }
      frame = requestAnimationFrame(draw);
    };
    frame = requestAnimationFrame(draw);
    const timer = setTimeout(stop, settings.duration);
    cleanup.current = () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
      context?.clearRect(0, 0, width, height);
    };
    return () => cleanup.current();
  }, [stop, contained]);

  if (!running) return null;
  return (
    // biome-ignore lint/a11y/noAriaHiddenOnFocusable: the canvas takes no focus; it is decoration only.
    <canvas
      ref={canvas}
      aria-hidden="true"
      data-testid="confetti"
      className={`pointer-events-none inset-0 h-full w-full ${contained ? "absolute" : "fixed z-[80]"}`}
    />
  );
}
