/** The hand-written demo products as one list: the six category files' products, in catalogue order. */
import { APPAREL } from "./apparel";
import { BAGS } from "./bags";
import { DRINKWARE } from "./drinkware";
import { HATS } from "./hats";
import { OFFICE } from "./office";
import { OTHER } from "./other";
import type { DemoProduct } from "./products";

/** Every hand-written product, in catalogue order: the six categories in turn. */
export const HAND_WRITTEN: readonly DemoProduct[] = [...DRINKWARE, ...OFFICE, ...APPAREL, ...BAGS, ...HATS, ...OTHER];
