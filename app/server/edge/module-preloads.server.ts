/**
 * Removes React Router's `<link rel="modulepreload">` tags from the `<head>` of an HTML response
 * (docs/decisions/003-no-module-preloads.md). They ask for every script of the page at high priority
 * before the first paint, so on a slow connection the hydration code competes with the stylesheet and
 * the largest image; without them the same modules load from the module script at the end of the
 * body, after the page has painted. Nothing else in the document changes.
 */

const HEAD_END = "</head>";
// `[^<>]`, not `[^>]`: an unclosed tag must end the scan at the next tag, or many of them take time in
// the square of the head's length (decision 062).
const MODULE_PRELOAD = /<link rel="modulepreload"[^<>]*>/g;

/** The transform on one document's bytes: only the head is looked at, the body streams through as is. */
export function stripModulePreloads(): TransformStream<Uint8Array, Uint8Array> {
  // latin1 maps every byte to one character and back, so multi-byte UTF-8 split across chunks survives.
  let head = "";
  let inHead = true;
  return new TransformStream({
    transform(chunk, controller) {
      if (!inHead) {
        controller.enqueue(chunk);
        return;
      }
      head += Buffer.from(chunk).toString("latin1");
      const end = head.indexOf(HEAD_END);
      if (end === -1) return;
      inHead = false;
      const cut = end + HEAD_END.length;
      controller.enqueue(Buffer.from(head.slice(0, cut).replace(MODULE_PRELOAD, ""), "latin1"));
      if (cut < head.length) controller.enqueue(Buffer.from(head.slice(cut), "latin1"));
      head = "";
    },
    flush(controller) {
      // A document without </head> (an error page cut short, say) is passed on unchanged.
      if (head) controller.enqueue(Buffer.from(head, "latin1"));
    },
  });
}

/** The response with its module preloads removed when it is an HTML document; otherwise as it was. */
export function withoutModulePreloads(response: Response): Response {
  if (!response.body || !(response.headers.get("Content-Type") ?? "").startsWith("text/html")) return response;
  return new Response(response.body.pipeThrough(stripModulePreloads()), {
    status: response.status,
    statusText: response.statusText,
    headers: response.headers,
  });
}
