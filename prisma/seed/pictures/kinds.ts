/** Every kind of demo product the seed can draw, by name. */
import { CANDLES } from "./candles";
import { CERAMICS } from "./ceramics";
import { DECOR } from "./decor";
import { JEWELLERY } from "./jewellery";
import type { Kind } from "./kit";
import { TEXTILE } from "./textile";
import { WOOD } from "./wood";

export const KINDS: Record<KindName, Kind> = { ...CERAMICS, ...TEXTILE, ...CANDLES, ...WOOD, ...DECOR, ...JEWELLERY };
export type KindName = keyof typeof CERAMICS | keyof typeof TEXTILE | keyof typeof CANDLES | keyof typeof WOOD | keyof typeof DECOR | keyof typeof JEWELLERY;
