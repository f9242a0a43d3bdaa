import type { Config } from "@react-router/dev/config";

export default {
  ssr: true,
  // BUILD_DIR lets parallel builds (benchmarks, several checkouts) keep out of each other's way.
  buildDirectory: process.env.BUILD_DIR ?? "build",
  // Middleware: the root route's looks the session up once per request (docs/decisions/011).
  future: { v8_middleware: true },
} satisfies Config;
