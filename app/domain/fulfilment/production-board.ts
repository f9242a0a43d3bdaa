/**
 * The production board (docs/decisions/076-production-board.md): every order between payment (or an
 * approval by phone) and dispatch, by stage, each sorted by the day it must ship to keep the
 * delivery date promised at approval: that date less the courier's working days for its method, the
 * slowest product ruling. An order past its ship-by day is late; one due to ship within two working
 * days is at risk. No I/O: app/server/admin/production-board.server.ts reads the orders.
 */
import type { IsoDate } from "../core/dates";
import { addWorkingDays, subtractWorkingDays } from "../core/working-days";
import { type BrandingMethod, isBrandingMethod, type ShippingMethod } from "../pricing/checkout";
import { AT_RISK_WORKING_DAYS } from "./need-by";
import { type DeliveryTimes, parseDays, STANDARD_EXTRA_TRANSIT_DAYS } from "./delivery";
import { ORDER_STATUS_LABELS, type OrderStatus } from "./orders";

/** The board's columns, in the order work moves through them; shipped orders have left it. */
export const BOARD_STAGES = [
  "awaiting_transfer",
  "on_account",
  "paid",
  "proof_sent",
  "changes_requested",
  "proof_approved",
  "in_production",
  "quality_check",
] as const satisfies readonly OrderStatus[];
export type BoardStage = (typeof BOARD_STAGES)[number];

/** An order as the board shows it. */
export type BoardOrder = {
  id: string;
  number: string;
  status: BoardStage;
  company: string;
  /** "100 × Custom Embroidered Cap" per line. */
  lines: { productId: string; title: string; quantity: number; method: BrandingMethod }[];
  /** The delivery date promised at approval, and the day it must ship to keep it; null before approval. */
  promised: IsoDate | null;
  shipBy: IsoDate | null;
  needBy: IsoDate | null;
};

export type BoardFlag = "late" | "at_risk" | null;

/** Working days the courier takes by `method` once an order ships, the slowest product ruling. */
export function transitWorkingDays(products: readonly DeliveryTimes[], method: ShippingMethod): number {
  if (products.length === 0) throw new RangeError("A transit needs at least one product");
  const extra = method === "standard" ? STANDARD_EXTRA_TRANSIT_DAYS : 0;
  return Math.max(...products.map((p) => Math.ceil(parseDays(p.deliveryTime, "upper")))) + extra;
}

/** The last day the order can ship and still arrive by its promised date; null without a promise. */
export function shipByDate(input: {
  promised: IsoDate | null;
  products: readonly DeliveryTimes[];
  method: ShippingMethod;
}): IsoDate | null {
  return input.promised ? subtractWorkingDays(input.promised, transitWorkingDays(input.products, input.method)) : null;
}

/** Late once its ship-by day has passed; at risk while it falls within two working days. */
export function boardFlag(shipBy: IsoDate | null, today: IsoDate): BoardFlag {
  if (!shipBy) return null;
  if (shipBy < today) return "late";
  return shipBy <= addWorkingDays(today, AT_RISK_WORKING_DAYS) ? "at_risk" : null;
}

export type BoardFilter = { productId: string | null; method: BrandingMethod | null };

/** The products on the board's orders, by title: what its product filter offers. */
export function boardProducts(orders: readonly BoardOrder[]): { id: string; title: string }[] {
  const titles = new Map(orders.flatMap((order) => order.lines.map((line) => [line.productId, line.title] as const)));
  return [...titles].map(([id, title]) => ({ id, title })).sort((a, b) => a.title.localeCompare(b.title));
}

/** The board's filter from its address: a product on the board and a branding method, anything else ignored. */
export function readBoardFilter(params: URLSearchParams, products: readonly { id: string }[]): BoardFilter {
  const productId = params.get("product");
  const method = params.get("method");
  return {
    productId: productId && products.some((product) => product.id === productId) ? productId : null,
    method: method && isBrandingMethod(method) ? method : null,
  };
}

export type BoardColumn = { stage: BoardStage; label: string; orders: (BoardOrder & { flag: BoardFlag })[] };

/**
 * The board: a column per stage, holding the orders with a line of the product or method asked for,
 * the earliest ship-by day first, then those without one (not yet approved) oldest number first.
 */
export function productionBoard(orders: readonly BoardOrder[], filter: BoardFilter, today: IsoDate): BoardColumn[] {
  const shown = orders.filter((order) =>
    order.lines.some(
      (line) =>
        (filter.productId === null || line.productId === filter.productId) &&
        (filter.method === null || line.method === filter.method),
    ),
  );
  return BOARD_STAGES.map((stage) => ({
    stage,
    label: ORDER_STATUS_LABELS[stage],
    orders: shown
      .filter((order) => order.status === stage)
      .sort(
        (a, b) =>
          (a.shipBy ?? "9999-12-31").localeCompare(b.shipBy ?? "9999-12-31") || a.number.localeCompare(b.number),
      )
      .map((order) => ({ ...order, flag: boardFlag(order.shipBy, today) })),
  }));
}
