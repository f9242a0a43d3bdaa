/**
 * The shop the tests run as: a fresh shop's sample business at the origin vitest.config.ts sets,
 * read from an environment as server.ts reads its own. Free of Vitest, so a test's child process
 * (payment-crash-process.ts) builds its services from it too.
 */
import { parseEnv } from "~/server/platform/env.server";
import type { Services } from "~/server/providers/services.server";

const env = parseEnv({ NODE_ENV: "test", BASE_URL: process.env.BASE_URL });

export const TEST_SHOP: Pick<Services, "business" | "baseUrl"> = { business: env.business, baseUrl: env.BASE_URL };
