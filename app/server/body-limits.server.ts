/**
 * How large a request body the server accepts, by path (issue 3: bad input gets a 4xx, never a
 * server out of memory). Forms and JSON are read whole into memory, so they get 1 MB; the two
 * uploads get their file limit and room for the multipart wrapping around it.
 */
import { ARTWORK_MAX_BYTES } from "~/domain/artwork-rules";
import { PROOF_MAX_BYTES } from "~/domain/proof-rules";

const MB = 1024 * 1024;
export const DEFAULT_BODY_LIMIT_BYTES = 1 * MB;

/** React Router's client-side submissions post to the same path with `.data` added. */
const UPLOADS: { path: RegExp; bytes: number }[] = [
  { path: /^\/api\/drafts\/[^/]+\/artwork$/, bytes: ARTWORK_MAX_BYTES + MB },
  { path: /^\/admin\/orders\/[^/]+(\.data)?$/, bytes: PROOF_MAX_BYTES + MB },
];

export function bodyLimitFor(pathname: string): number {
  return UPLOADS.find((upload) => upload.path.test(pathname))?.bytes ?? DEFAULT_BODY_LIMIT_BYTES;
}

export function tooLargeMessage(bytes: number): string {
  return `The request is larger than this address accepts (${Math.round(bytes / MB)} MB).`;
}
