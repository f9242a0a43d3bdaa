import type { Route } from "./+types/collection.answers-csv";
import { londonToday } from "~/domain/core/dates";
import { dbOf, nowOf, requireSessionInfo } from "~/server/accounts/request-context.server";
import { answersCsv, collectionTally, countCollectionPageHit } from "~/server/checkout/size-collections.server";
import { csvDownload, toResponse } from "~/server/platform/http.server";

const PRIVATE = { "Cache-Control": "private, no-store" };

/**
 * GET /collections/:id/answers.csv (decision 092): the buyer's own collection's answers, each with
 * where it goes, as CSV. Only theirs opens (404 for anyone else, sign-in when signed out), within the
 * same minute's budget as the collection's pages.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const session = await requireSessionInfo({ request, context });
  const db = dbOf(context);
  const limited = await countCollectionPageHit(db, session.user.id);
  if (limited) throw toResponse(limited, {}, { headers: PRIVATE });
  const now = nowOf(context);
  const tallied = await collectionTally(db, { userId: session.user.id, id: params.id, today: londonToday(now) });
  if (!tallied.ok) throw toResponse(tallied, {}, { headers: PRIVATE });
  return csvDownload(answersCsv(tallied.value), "collection-answers", now);
}
