/**
 * Run by size-collections.ts in a process of its own, after seed-users.ts and before the server
 * starts on the same data dir: gives the first seeded buyer a cart line of the running shorts, a
 * collection of sizes for it (docs/decisions/090-sizes-collected-by-link.md) and `answers`
 * answers through the link's own code, each with a name and a size as a respondent gives them
 * (the buyer's list of who should answer has 20 more), then writes the collection's id, one JSON
 * string, to the file named by the last argument. DATA_DIR, AUTH_SECRET and BASE_URL come from the
 * environment and must be the server's.
 *
 *   tsx scripts/bench/seed-collection.ts <answers> <out.json>
 */
import { writeFileSync } from "node:fs";
import { eq } from "drizzle-orm";
import { authUser } from "#db/schema";
import { addDays, londonToday } from "~/domain/core/dates";
import type { AnswerDelivery } from "~/domain/teams/collection-delivery";
import { offeredSizes } from "~/domain/pricing/sizes";
import { readShelf } from "~/server/catalogue/catalogue-store.server";
import { addCartLine } from "~/server/checkout/shopping.server";
import { answerCollection, startCollection } from "~/server/checkout/size-collections.server";
import { getEnv } from "~/server/platform/env.server";
import { type AppContext, openAppContext } from "~/server/providers/app-context.server";

/** The running shorts: a sized product every shop starts with. */
const PRODUCT_ID = "15";
/** People on the buyer's list who have not answered. */
const AWAITED = 20;
/** The buyer seed-users.ts signs up first. */
const BUYER = "bench-buyer-0@bench.example";

async function main(ctx: AppContext) {
  const [countArg, out] = process.argv.slice(2);
  const count = Number(countArg);
  if (!Number.isInteger(count) || count < 1 || !out) throw new Error("usage: seed-collection.ts <answers> <out.json>");
  const [buyer] = await ctx.db.select({ id: authUser.id }).from(authUser).where(eq(authUser.email, BUYER));
  if (!buyer) throw new Error(`no ${BUYER}: run seed-users.ts first`);
  const product = (await readShelf(ctx.db)).find(PRODUCT_ID);
  const colour = product?.colours[0]?.hex;
  if (!product || !colour) throw new Error(`product ${PRODUCT_ID} is not in the shop`);
  const sizes = offeredSizes(product);
  if (sizes.length === 0) throw new Error(`product ${PRODUCT_ID} has no sizes`);

  const lineId = await addCartLine(ctx.db, {
    userId: buyer.id,
    line: {
      productId: PRODUCT_ID,
      quantity: product.moq,
      selectedColor: colour,
      customizationSelections: [],
      handwrittenNote: false,
      notes: "",
      sizes: [],
    },
  });
  const today = londonToday(new Date());
  const started = await startCollection(ctx, {
    userId: buyer.id,
    lineId,
    settings: {
      title: "Team kit for the 10k",
      message: "Pick the size you run in; spares are on us.",
      askNames: true,
      // Each runner gives an address, a few the office: the tally lists every address (decision 092).
      askAddress: "address_or_pickup",
      closesOn: addDays(today, 14),
      maxAnswers: null,
      // The team as the buyer listed it: everyone who answers, and a few who have not yet.
      people: Array.from({ length: count + AWAITED }, (_, n) => `Runner ${n + 1}`),
    },
  });
  if (!started.ok) throw new Error(`the collection was refused: ${started.message}`);
  const token = started.url.split("/collect/")[1] ?? "";
  for (let n = 0; n < count; n += 1) {
    const answered = await answerCollection(ctx, {
      token,
      answer: { size: sizes[n % sizes.length] as string, name: `Runner ${n + 1}`, delivery: deliveryOf(n) },
      today,
    });
    if (!answered.ok) throw new Error(`answer ${n + 1} was refused: ${answered.message}`);
  }
  writeFileSync(out, JSON.stringify(started.id));
}

/** The n-th runner's answer about delivery: one in ten at the office, the rest at home. */
function deliveryOf(n: number): AnswerDelivery {
  if (n % 10 === 9) return { kind: "pickup" };
  return {
    kind: "address",
    line1: `${n + 1} Station Road`,
    line2: "",
    city: "Leeds",
    postcode: "LS1 4AP",
    country: "GB",
  };
}

const { ctx, close } = await openAppContext(getEnv());
main(ctx)
  .finally(close)
  .catch((error: unknown) => {
    console.error(error instanceof Error ? (error.stack ?? error.message) : error);
    process.exit(1);
  });
