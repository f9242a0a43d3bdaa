import { fileURLToPath } from "node:url";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

export default defineConfig(({ isSsrBuild }) => ({
  resolve: {
    alias: {
      "~": fileURLToPath(new URL("./app", import.meta.url)),
      "#db": fileURLToPath(new URL("./db", import.meta.url)),
    },
  },
  // The production server (server.ts) is the SSR entry: it wraps the React Router handler.
  build: { rollupOptions: isSsrBuild ? { input: "./server.ts" } : undefined },
  plugins: [tailwindcss(), reactRouter()],
}));
