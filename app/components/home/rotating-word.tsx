/** The hero's rotating word slot, as wide as its longest word so nothing around it moves. */
import { useEffect, useState } from "react";
import type { NonEmpty } from "~/content/home";

/**
 * The word to show now, moving to the next one every `periodMs` (R-TIME-09..11). The server render and
 * the first client render both show the first word, so hydration matches; the interval starts after.
 */
export function useRotatingWord<T extends string>(words: NonEmpty<T>, periodMs: number, paused = false): T {
  const [index, setIndex] = useState(0);
  const count = words.length;

  useEffect(() => {
    if (paused || count < 2) return;
    const timer = setInterval(() => setIndex((current) => (current + 1) % count), periodMs);
    return () => clearInterval(timer);
  }, [count, periodMs, paused]);

  return words[index % count] ?? words[0];
}

/**
 * One word slot. Every word sits invisibly in the same grid cell, so the slot is always as wide and
 * as tall as its longest word and nothing around it moves when the word changes. An inline slot
 * keeps each word on one line; a `block` slot takes its own line and may wrap.
 */
export function RotatingWord(props: {
  words: NonEmpty<string>;
  current: string;
  className?: string;
  block?: boolean;
  testId: string;
}) {
  const cell = `col-start-1 row-start-1 ${props.block ? "" : "whitespace-nowrap"}`;
  return (
    <span className={`${props.block ? "grid" : "inline-grid"} justify-items-start ${props.className ?? ""}`}>
      {props.words.map((word) => (
        <span key={word} className={`invisible ${cell}`}>
          {word}
        </span>
      ))}
      <span className={cell} data-testid={props.testId}>
        {props.current}
      </span>
    </span>
  );
}
