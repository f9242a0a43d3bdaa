/**
 * The online check of a VAT number (decision 018): HMRC's "check a UK VAT number" API (v2,
 * OAuth client credentials) for GB and XI numbers, the European Commission's VIES REST API for the
 * member states'. Each is used only when its variables are set (env.server.ts); without them only
 * the offline rules (app/domain/pricing/vat-number.ts) apply.
 *
 * An answer is "valid", "invalid" (the registry does not know the number), "unavailable" (timeout,
 * 5xx, network, an answer we cannot read: the order is never held up by an outage) or "unchecked"
 * (no service configured for that country). Valid and invalid answers are kept for a day, an
 * outage for a minute, so an autosave every few keystrokes asks the registry at most once per number.
 */
import { z } from "zod";
import type { VatNumber } from "~/domain/pricing/vat-number";
import type { Env } from "../platform/env.server";

/** The parts of the registries' answers we read; anything else in them is ignored. */
const hmrcTokenAnswer = z.object({ access_token: z.string(), expires_in: z.number().optional() });
const viesAnswer = z.object({ isValid: z.boolean().optional(), userError: z.string().optional() });

/** A JSON body read as `schema`, or null when it is not JSON or not that shape. */
async function answerAs<S extends z.ZodType>(response: Response, schema: S): Promise<z.infer<S> | null> {
  const body: unknown = await response.json().catch(() => null);
  const parsed = schema.safeParse(body);
  return parsed.success ? parsed.data : null;
}

export type VatCheckAnswer = "valid" | "invalid" | "unavailable" | "unchecked";
export type VatChecker = {
  check: (number: VatNumber) => Promise<VatCheckAnswer>;
  /** The kept answer, without asking anyone; undefined when the registry would be asked. */
  known: (number: VatNumber) => VatCheckAnswer | undefined;
};

export type VatCheckConfig = {
  /** e.g. https://ec.europa.eu/taxation_customs/vies/rest-api */
  viesUrl?: string;
  /** e.g. https://api.service.hmrc.gov.uk, with the application's credentials from HMRC's Developer Hub. */
  hmrc?: { url: string; clientId: string; clientSecret: string };
  timeoutMs?: number;
  now?: () => number;
};

export const VAT_CHECK_TIMEOUT_MS = 3_000;
const DAY_MS = 24 * 60 * 60 * 1000;
const KEEP_MS: Record<VatCheckAnswer, number> = { valid: DAY_MS, invalid: DAY_MS, unavailable: 60_000, unchecked: 0 };
const CACHE_ENTRIES = 1_000;

/** The VAT_CHECK_* variables as the checker's configuration (env.server.ts checks HMRC's come as a set). */
export function vatCheckConfig(env: Env): VatCheckConfig {
  const { VAT_CHECK_VIES_URL: viesUrl, VAT_CHECK_HMRC_URL: url } = env;
  const { VAT_CHECK_HMRC_CLIENT_ID: clientId, VAT_CHECK_HMRC_CLIENT_SECRET: clientSecret } = env;
  return { viesUrl, hmrc: url && clientId && clientSecret ? { url, clientId, clientSecret } : undefined };
}

/** The checker the configuration allows, or null when no service is configured. */
export function createVatChecker(config: VatCheckConfig): VatChecker | null {
  const { viesUrl, hmrc } = config;
  if (!viesUrl && !hmrc) return null;
  const timeoutMs = config.timeoutMs ?? VAT_CHECK_TIMEOUT_MS;
  const now = config.now ?? Date.now;
  const cache = new Map<string, { answer: VatCheckAnswer; until: number }>();
  let token: { value: string; until: number } | null = null;

  const get = (url: string, init: RequestInit = {}) => fetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });

  async function hmrcToken(settings: NonNullable<VatCheckConfig["hmrc"]>): Promise<string> {
    if (token && token.until > now()) return token.value;
    const response = await get(`${settings.url}/oauth/token`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({
        grant_type: "client_credentials",
        client_id: settings.clientId,
        client_secret: settings.clientSecret,
      }),
    });
    if (!response.ok) throw new Error(`HMRC token: ${response.status}`);
    const body = await answerAs(response, hmrcTokenAnswer);
    if (!body) throw new Error("HMRC token: no access_token");
    const seconds = body.expires_in ?? 0;
    // A minute early, so a token never expires between this check and HMRC reading it.
    token = { value: body.access_token, until: now() + Math.max(0, seconds - 60) * 1000 };
    return token.value;
  }

  async function askHmrc(settings: NonNullable<VatCheckConfig["hmrc"]>, national: string): Promise<VatCheckAnswer> {
    // HMRC knows the VAT registration; a 12-digit branch number is that registration's nine digits.
    const vrn = /^\d{12}$/.test(national) ? national.slice(0, 9) : national;
    const response = await get(`${settings.url}/organisations/vat/check-vat-number/lookup/${vrn}`, {
      headers: { Accept: "application/vnd.hmrc.2.0+json", Authorization: `Bearer ${await hmrcToken(settings)}` },
    });
    if (response.status === 200) return "valid";
    if (response.status === 404) return "invalid";
    return "unavailable";
  }

  async function askVies(url: string, number: VatNumber): Promise<VatCheckAnswer> {
    const response = await get(`${url}/ms/${number.prefix}/vat/${encodeURIComponent(number.national)}`, {
      headers: { Accept: "application/json" },
    });
    if (!response.ok) return "unavailable";
    const body = await answerAs(response, viesAnswer);
    if (body?.isValid === true) return "valid";
    // Anything else VIES says (MS_UNAVAILABLE, TIMEOUT, MS_MAX_CONCURRENT_REQ…) is its outage, not the buyer's error.
    return body?.isValid === false && body.userError === "INVALID" ? "invalid" : "unavailable";
  }

  async function ask(number: VatNumber): Promise<VatCheckAnswer> {
    // GD/HA numbers belong to government bodies, which neither registry looks up.
    if (number.uk) return hmrc && /^\d+$/.test(number.national) ? askHmrc(hmrc, number.national) : "unchecked";
    return viesUrl ? askVies(viesUrl, number) : "unchecked";
  }

  const known = (number: VatNumber) => {
    const kept = cache.get(number.canonical);
    return kept && kept.until > now() ? kept.answer : undefined;
  };

  return {
    known,
    async check(number) {
      const kept = known(number);
      if (kept) return kept;
      let answer: VatCheckAnswer;
      try {
        answer = await ask(number);
      } catch (error) {
        console.warn(`[vat-check] ${number.prefix} lookup failed:`, error instanceof Error ? error.message : error);
        answer = "unavailable";
      }
      cache.delete(number.canonical);
      if (cache.size >= CACHE_ENTRIES) cache.delete(cache.keys().next().value as string);
      if (KEEP_MS[answer] > 0) cache.set(number.canonical, { answer, until: now() + KEEP_MS[answer] });
      return answer;
    },
  };
}
