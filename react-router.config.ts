import type { Config } from "@react-router/dev/config";

export default {
  ssr: true,
  // BUILD_DIR lets parallel builds (benchmarks, several checkouts) keep out of each other's way.
  buildDirectory: process.env.BUILD_DIR ?? "build",
} satisfies Config;
