import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { authUser } from "#db/schema";
import { testContext, testFileDatabase } from "../../tests/setup/test-db";
import { createSignedInUser } from "../../tests/setup/users";
import { action } from "./api.draft-artwork";
import { answerOf } from "../../tests/setup/route-answer";
import { ARTWORK_MESSAGES } from "~/domain/artwork/artwork-rules";

// Who may upload is settled before a byte of the body is read (docs/security.md, "bodies are
// limited while they stream").

const handle = testFileDatabase({ reset: false });

/** An upload whose body records whether anything read it. */
function upload(cookie?: string) {
  const read = { pulled: false };
  const body = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        read.pulled = true;
        controller.enqueue(new TextEncoder().encode("%PDF-1.4\n"));
        controller.close();
      },
    },
    { highWaterMark: 0 },
  );
  const headers = new Headers({ "x-real-ip": "10.8.8.8", "X-File-Name": "logo.pdf" });
  if (cookie) headers.set("cookie", cookie);
  const request = new Request(`http://127.0.0.1:3999/api/drafts/${crypto.randomUUID()}/artwork`, {
    method: "POST",
    headers,
    body,
    duplex: "half",
  } as RequestInit);
  return { request, read };
}

async function answer(request: Request) {
  return answerOf(action, {
    request,
    params: { id: new URL(request.url).pathname.split("/")[3]! },
    ctx: testContext(handle),
  });
}

describe("POST /api/drafts/:id/artwork", () => {
  it("answers 401 without a session and reads nothing", async () => {
    const { request, read } = upload();
    expect(await answer(request)).toMatchObject({ status: 401, body: { error: { code: "UNAUTHENTICATED" } } });
    expect(read.pulled).toBe(false);
  });

  it("answers 403 to an account whose e-mail address is not confirmed, and reads nothing", async () => {
    const { userId, cookie } = await createSignedInUser(handle, "unconfirmed-uploader@acme.example");
    const db = handle.db;
    await db.update(authUser).set({ emailVerified: false }).where(eq(authUser.id, userId));
    const { request, read } = upload(cookie);
    expect(await answer(request)).toMatchObject({
      status: 403,
      body: { error: { code: "EMAIL_NOT_VERIFIED", message: ARTWORK_MESSAGES.unverified } },
    });
    expect(read.pulled).toBe(false);

    // Confirmed, the same upload gets past the gate (to the draft check: this draft is not theirs).
    await db.update(authUser).set({ emailVerified: true }).where(eq(authUser.id, userId));
    const again = upload(cookie);
    expect(await answer(again.request)).toMatchObject({ status: 404, body: { error: { code: "DRAFT_NOT_FOUND" } } });
  });
});
