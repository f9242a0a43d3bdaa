/** Press and hold on a quantity button: one step on press, then repeating while held. */
import { useEffect, useRef } from "react";

export const HOLD_DELAY_MS = 300;
export const HOLD_REPEAT_MS = 100;

/**
 * Pointer handlers for a button that acts once on press, then again at 300 ms and every 100 ms after
 * while held: a 1 s hold is 1 + 8 steps (R-TIME-12). Keyboard presses (click with detail 0) act once.
 */
export function usePressAndHold(action: () => void) {
  const actionRef = useRef(action);
  actionRef.current = action;
  const timers = useRef<{ delay?: ReturnType<typeof setTimeout>; repeat?: ReturnType<typeof setInterval> }>({});

  const stop = () => {
    clearTimeout(timers.current.delay);
    clearInterval(timers.current.repeat);
    timers.current = {};
  };
  useEffect(() => stop, []);

  return {
    onPointerDown(event: React.PointerEvent) {
      if (event.button !== 0) return;
      stop();
      actionRef.current();
      timers.current.delay = setTimeout(() => {
        actionRef.current();
        timers.current.repeat = setInterval(() => actionRef.current(), HOLD_REPEAT_MS);
      }, HOLD_DELAY_MS);
    },
    onPointerUp: stop,
    onPointerLeave: stop,
    onPointerCancel: stop,
    onClick(event: React.MouseEvent) {
      if (event.detail === 0) actionRef.current();
    },
  };
}
