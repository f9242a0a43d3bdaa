import { describe, expect, it } from "vitest";
import { formatFileSize } from "./file-size";

describe("formatFileSize", () => {
  it.each([
    [0, "0 bytes"],
    [1, "1 byte"],
    [2, "2 bytes"],
    [125, "125 bytes"],
    [1023, "1023 bytes"],
    [1024, "1 kB"],
    [1535, "1 kB"],
    [1536, "2 kB"],
    [500 * 1024, "500 kB"],
    [1024 * 1024 - 600, "1023 kB"],
    [1024 * 1024 - 1, "1.0 MB"],
    [1024 * 1024, "1.0 MB"],
    [1.25 * 1024 * 1024, "1.3 MB"],
    [50 * 1024 * 1024, "50.0 MB"],
  ])("%i → %s", (bytes, text) => {
    expect(formatFileSize(bytes)).toBe(text);
  });
});
