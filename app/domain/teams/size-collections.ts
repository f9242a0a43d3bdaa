/**
 * Sizes collected by link (docs/decisions/090-sizes-collected-by-link.md): a buyer ordering a sized
 * product for a team sends one link; each person opens it without an account, gives their size (and
 * their name, when asked), and can change it until the collection closes. The answers are tallied
 * by size, the buyer adds spares, and closing puts the split and its total on the cart line. These
 * are the rules: what a collection and an answer may hold, when a link still takes answers, and
 * how the tally becomes a line's sizes.
 */
import { addDays, formatDisplayDate, type IsoDate, londonToday } from "../core/dates";
import { type FormParseResult, type FormValues, isCalendarDate, refillValues } from "../core/form-rules";
import { oneLine } from "../core/one-line";
import { type SizeBreakdown, type SizeCount, sizesTotal } from "../pricing/sizes";
import {
  type AddressAsk,
  type AnswerDelivery,
  DELIVERY_FIELDS,
  DELIVERY_MAX_LENGTHS,
  DELIVERY_MESSAGES,
  deliveryValues,
  isAddressAsk,
  parseDelivery,
} from "./collection-delivery";

export const COLLECTION_LIMITS = {
  title: 120,
  message: 1000,
  name: 80,
  /** The most answers one collection takes, whatever the buyer asks for. */
  answers: 1000,
  /** How far ahead a collection may close, in days. */
  days: 60,
  /** The most spares of one size. */
  spares: 10_000,
  /** The most people the buyer may list as those who should answer, and the list's length as typed. */
  people: 1000,
  peopleText: 10_000,
} as const;

/** How many collections (and new links) one buyer may make in an hour. */
export const COLLECTIONS_PER_HOUR = 20;
/** How many times one buyer may open or post to their collections' pages in a minute. */
export const COLLECTION_PAGE_HITS_PER_MINUTE = 120;
/** How many times one client address may open or answer links in a quarter of an hour. */
export const COLLECT_HITS_PER_ADDRESS = 120;
/** How many answers and changes one link takes in an hour, from every address together. */
export const ANSWERS_PER_LINK_PER_HOUR = 600;

export const COLLECTION_FIELDS = [
  "title",
  "message",
  "ask_names",
  "ask_address",
  "closes_on",
  "max_answers",
  "people",
] as const;
export type CollectionField = (typeof COLLECTION_FIELDS)[number];

export const ANSWER_FIELDS = ["size", "name", ...DELIVERY_FIELDS] as const;
export type AnswerField = (typeof ANSWER_FIELDS)[number];

const COLLECTION_MAX_LENGTHS: Readonly<Record<CollectionField, number>> = {
  title: COLLECTION_LIMITS.title,
  message: COLLECTION_LIMITS.message,
  ask_names: 3,
  ask_address: 20,
  closes_on: 10,
  max_answers: 5,
  people: COLLECTION_LIMITS.peopleText,
};
const ANSWER_MAX_LENGTHS: Readonly<Record<AnswerField, number>> = {
  size: 20,
  name: COLLECTION_LIMITS.name,
  ...DELIVERY_MAX_LENGTHS,
};

export type CollectionSettings = {
  title: string;
  message: string;
  askNames: boolean;
  /** Whether each person is asked where their item goes (decision 092). */
  askAddress: AddressAsk;
  closesOn: IsoDate;
  /** The most answers the buyer wants; null takes answers up to COLLECTION_LIMITS.answers. */
  maxAnswers: number | null;
  /** Who should answer, as the buyer listed them; the tally says who has not yet (needs askNames). */
  people: string[];
};

/** A person's answer; `delivery` is null when the collection does not ask where it goes. */
export type CollectionAnswer = { size: string; name: string; delivery: AnswerDelivery | null };

function joinOr(items: readonly string[]): string {
  return items.length > 1 ? `${items.slice(0, -1).join(", ")} or ${items.at(-1)}` : items.join("");
}

export const COLLECTION_MESSAGES = {
  title: "Give the collection a title, such as “Team kit for the 10k”.",
  titleTooLong: `Keep the title under ${COLLECTION_LIMITS.title} characters.`,
  messageTooLong: `Keep the message under ${COLLECTION_LIMITS.message.toLocaleString("en-GB")} characters.`,
  closesOn: "Choose the day the collection closes.",
  closesOnPast: "Choose a closing day after today.",
  closesOnTooLate: `Choose a closing day within ${COLLECTION_LIMITS.days} days.`,
  maxAnswers: `Enter the most answers to take, a whole number from 1 to ${COLLECTION_LIMITS.answers.toLocaleString("en-GB")}, or leave it empty.`,
  size: (sizes: readonly string[]) => `Choose your size: ${joinOr(sizes)}.`,
  name: "Enter your name, so the buyer knows whose size this is.",
  nameTooLong: `Keep your name under ${COLLECTION_LIMITS.name} characters.`,
  spares: (size: string) =>
    `Enter the spares of ${size} as a whole number from 0 to ${COLLECTION_LIMITS.spares.toLocaleString("en-GB")}.`,
  notSized: (title: string) => `The ${title} doesn't come in sizes, so there is nothing to collect.`,
  lineGone: "That line isn't in your cart any more.",
  alreadyOpen: "This line already has a collection open: close it before starting another.",
  tooMany: "You've made several collections or links in a short time. Please wait a while and try again.",
  notFound: "This link doesn't work. Ask whoever sent it for a new one.",
  collectionNotFound: "Collection not found.",
  answerNotFound: "This link to your answer doesn't work. Answer again from the collection's link.",
  tooManyHits: "Too many requests from your network. Please wait a few minutes and try again.",
  tooManyPages: "Too many requests at once. Please wait a minute and try again.",
  linkBusy: "This link is taking a lot of answers right now. Please try again in a few minutes.",
  answerGone: "That answer has already been removed.",
  closedAlready: "This collection is closed: its sizes are on your cart line.",
  tooManyPeople: `List at most ${COLLECTION_LIMITS.people.toLocaleString("en-GB")} people, one per line.`,
  peopleTooLong: `Keep the list under ${COLLECTION_LIMITS.peopleText.toLocaleString("en-GB")} characters.`,
  personTooLong: (name: string) =>
    `Keep each name under ${COLLECTION_LIMITS.name} characters: “${name.slice(0, 20)}…” is longer.`,
  peopleNeedNames: "Ask for names too, so we can tell you who has answered.",
} as const;

/** Why a link takes no more answers, in words for whoever opened it; null while it does. */
export type LinkRefusal = { status: 410; message: string };

/**
 * Whether a collection still takes new answers on `today` (London): not once it is closed, not after
 * its closing day, not once it has its most answers. A change to an answer given is refused only
 * for the first two: a full collection still takes corrections.
 */
export function linkRefusal(
  collection: { closedAt: Date | null; closesOn: IsoDate; maxAnswers: number | null },
  today: IsoDate,
  answers: { count: number; change: boolean },
): LinkRefusal | null {
  if (collection.closedAt !== null || today > collection.closesOn) {
    const day = collection.closedAt
      ? formatDisplayDate(londonToday(collection.closedAt))
      : formatDisplayDate(collection.closesOn);
    return {
      status: 410,
      message: `This collection closed on ${day}. Ask whoever sent you the link if you still need to give your size.`,
    };
  }
  const most = Math.min(collection.maxAnswers ?? COLLECTION_LIMITS.answers, COLLECTION_LIMITS.answers);
  if (!answers.change && answers.count >= most) {
    return {
      status: 410,
      message:
        "This collection has all the answers it asked for. Ask whoever sent you the link if you still need to give your size.",
    };
  }
  return null;
}

/** The collection's settings as typed: each wrong answer named, and everything typed given back. */
export function parseCollectionSettings(
  values: FormValues<CollectionField>,
  today: IsoDate,
): FormParseResult<CollectionField, CollectionSettings> {
  const errors: Partial<Record<CollectionField, string>> = {};
  const title = values.title.trim();
  if (!title) errors.title = COLLECTION_MESSAGES.title;
  else if (title.length > COLLECTION_LIMITS.title) errors.title = COLLECTION_MESSAGES.titleTooLong;
  const message = values.message.trim();
  if (message.length > COLLECTION_LIMITS.message) errors.message = COLLECTION_MESSAGES.messageTooLong;
  const closesOn = values.closes_on.trim();
  if (!isCalendarDate(closesOn)) errors.closes_on = COLLECTION_MESSAGES.closesOn;
  else if (closesOn <= today) errors.closes_on = COLLECTION_MESSAGES.closesOnPast;
  else if (closesOn > addDays(today, COLLECTION_LIMITS.days)) errors.closes_on = COLLECTION_MESSAGES.closesOnTooLate;
  const most = values.max_answers.trim();
  const maxAnswers = most === "" ? null : /^\d{1,4}$/.test(most) ? Number(most) : Number.NaN;
  if (maxAnswers !== null && !(maxAnswers >= 1 && maxAnswers <= COLLECTION_LIMITS.answers)) {
    errors.max_answers = COLLECTION_MESSAGES.maxAnswers;
  }
  const askNames = values.ask_names === "yes";
  const askAddress = values.ask_address.trim() || "no";
  if (!isAddressAsk(askAddress)) errors.ask_address = DELIVERY_MESSAGES.ask;
  else if (askAddress !== "no" && !askNames) errors.ask_address = DELIVERY_MESSAGES.askNeedsNames;
  const people = parsePeople(values.people, askNames);
  if (!people.ok) errors.people = people.message;
  if (Object.keys(errors).length > 0 || !people.ok || !isAddressAsk(askAddress)) {
    return { ok: false, errors, values: refillValues(COLLECTION_FIELDS, COLLECTION_MAX_LENGTHS, values) };
  }
  return {
    ok: true,
    data: { title, message, askNames, askAddress, closesOn: closesOn as IsoDate, maxAnswers, people: people.people },
  };
}

/** A name as answers are matched to the list by: any case, any spacing, any width of character. */
const personKey = (name: string) => name.normalize("NFKC").replace(/\s+/g, " ").trim().toLocaleLowerCase("en-GB");

/**
 * The people the buyer listed as those who should answer, one per line: each trimmed, blank lines
 * dropped, a name listed twice kept once. Only with names asked for, since an answer is matched to
 * the list by its name.
 */
export function parsePeople(
  text: string,
  askNames: boolean,
): { ok: true; people: string[] } | { ok: false; message: string } {
  if (text.length > COLLECTION_LIMITS.peopleText) return { ok: false, message: COLLECTION_MESSAGES.peopleTooLong };
  const people: string[] = [];
  const seen = new Set<string>();
  for (const line of text.split(/\r?\n/)) {
    const name = oneLine(line);
    if (name === "" || seen.has(personKey(name))) continue;
    if (name.length > COLLECTION_LIMITS.name) return { ok: false, message: COLLECTION_MESSAGES.personTooLong(name) };
    seen.add(personKey(name));
    people.push(name);
  }
  if (people.length > COLLECTION_LIMITS.people) return { ok: false, message: COLLECTION_MESSAGES.tooManyPeople };
  if (people.length > 0 && !askNames) return { ok: false, message: COLLECTION_MESSAGES.peopleNeedNames };
  return { ok: true, people };
}

/** Who on the list has not answered yet, in the list's order: an answer counts by its name, in any case. */
export function awaitedPeople(people: readonly string[], answers: readonly { name: string }[]): string[] {
  const answered = new Set(answers.map((answer) => personKey(answer.name)));
  return people.filter((person) => !answered.has(personKey(person)));
}

/**
 * A person's answer: one of the product's sizes, their name when the buyer asked for it, and their
 * address or the office when the buyer asked where it goes.
 */
export function parseAnswer(
  values: FormValues<AnswerField>,
  ask: { sizes: readonly string[]; names: boolean; address: AddressAsk },
): FormParseResult<AnswerField, CollectionAnswer> {
  const errors: Partial<Record<AnswerField, string>> = {};
  const size = values.size.trim();
  if (!ask.sizes.includes(size)) errors.size = COLLECTION_MESSAGES.size(ask.sizes);
  const name = oneLine(values.name);
  if (ask.names && !name) errors.name = COLLECTION_MESSAGES.name;
  else if (name.length > COLLECTION_LIMITS.name) errors.name = COLLECTION_MESSAGES.nameTooLong;
  const delivery = parseDelivery(values, ask.address);
  if (!delivery.ok) Object.assign(errors, delivery.errors);
  if (Object.keys(errors).length > 0 || !delivery.ok) {
    return { ok: false, errors, values: refillValues(ANSWER_FIELDS, ANSWER_MAX_LENGTHS, values) };
  }
  return { ok: true, data: { size, name: ask.names ? name : "", delivery: delivery.delivery } };
}

/** An answer given, as its form's values: what the person sees when they come back to change it. */
export const answerFormValues = (answer: CollectionAnswer): FormValues<AnswerField> => ({
  size: answer.size,
  name: answer.name,
  ...deliveryValues(answer.delivery),
});

/** The answers counted by size: every size the product comes in, in its table's order, none left out. */
export function tallyBySize(sizes: readonly string[], answers: readonly { size: string }[]): SizeCount[] {
  const counts = new Map<string, number>();
  for (const { size } of answers) counts.set(size, (counts.get(size) ?? 0) + 1);
  return sizes.map((size) => ({ size, count: counts.get(size) ?? 0 }));
}

/** The spares as typed in the tally's fields (`spare_<size>`), or the first size whose count is wrong. */
export function parseSpares(
  sizes: readonly string[],
  form: Readonly<Record<string, string>>,
): { ok: true; spares: SizeCount[] } | { ok: false; fieldErrors: Record<string, string> } {
  const spares: SizeCount[] = [];
  for (const size of sizes) {
    const typed = (form[spareField(size)] ?? "").trim();
    if (typed === "") continue;
    const count = /^\d{1,5}$/.test(typed) ? Number(typed) : Number.NaN;
    if (!(count >= 0 && count <= COLLECTION_LIMITS.spares)) {
      return { ok: false, fieldErrors: { [spareField(size)]: COLLECTION_MESSAGES.spares(size) } };
    }
    if (count > 0) spares.push({ size, count });
  }
  return { ok: true, spares };
}

/** The name of a size's spares field on the tally. */
export const spareField = (size: string) => `spare_${size}`;

/**
 * The line's split once the collection closes: each size's answers and spares, in the table's
 * order, without the sizes nobody chose.
 */
export function splitWithSpares(tally: SizeBreakdown, spares: SizeBreakdown): SizeCount[] {
  const extra = new Map(spares.map((entry) => [entry.size, entry.count]));
  return tally
    .map(({ size, count }) => ({ size, count: count + (extra.get(size) ?? 0) }))
    .filter((entry) => entry.count > 0);
}

/** "12 more to reach the minimum of 50", or that it is reached. */
export function minimumMeter(total: number, moq: number): { reached: boolean; text: string } {
  if (total >= moq)
    return { reached: true, text: `${total.toLocaleString("en-GB")} in all: the minimum of ${moq} is reached.` };
  return { reached: false, text: `${(moq - total).toLocaleString("en-GB")} more to reach the minimum of ${moq}.` };
}

/**
 * Why the split cannot go on the line yet: fewer than the minimum order, or more than the cart
 * sells at once; null when it can.
 */
export function closeRefusal(split: SizeBreakdown, product: { moq: number; maxQuantity: number }): string | null {
  const total = sizesTotal(split);
  if (total < product.moq) {
    return `${minimumMeter(total, product.moq).text} Add spares, or wait for more answers, before you close.`;
  }
  if (total > product.maxQuantity) {
    return `That is ${total.toLocaleString("en-GB")} in all; we take at most ${product.maxQuantity.toLocaleString("en-GB")} in one order. Remove some spares, or ask us for a quote.`;
  }
  return null;
}

/** The day a new collection closes unless the buyer chooses another: a week from today. */
export const defaultClosingDay = (today: IsoDate): IsoDate => addDays(today, 7);
