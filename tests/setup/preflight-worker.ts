// Every test file checks artwork with the worker bundled once for the run (preflight-worker-build.ts).
import { inject } from "vitest";
import { setPreflightWorkerFile } from "~/server/artwork/preflight.server";

setPreflightWorkerFile(inject("preflightWorkerFile"));
