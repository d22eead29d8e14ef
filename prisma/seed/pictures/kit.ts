/**
 * What every demo drawing is made of: colour arithmetic, gradients registered once per picture, and the type a
 * kind's drawing has. Drawings use an 800 × 800 canvas; objects that stand rest on the table line y = 640.
 */
import type { Random } from "../random";

export type Rgb = [number, number, number];

function toRgb(hex: string): Rgb {
  const n = Number.parseInt(hex.slice(1), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

const hex2 = (v: number) => Math.round(Math.min(255, Math.max(0, v))).toString(16).padStart(2, "0");

/** `t` of the way from colour `a` to colour `b` */
export function mix(a: string, b: string, t: number): string {
  const x = toRgb(a);
  const y = toRgb(b);
  return `#${hex2(x[0] + (y[0] - x[0]) * t)}${hex2(x[1] + (y[1] - x[1]) * t)}${hex2(x[2] + (y[2] - x[2]) * t)}`;
}
export const light = (color: string, t: number) => mix(color, "#ffffff", t);
export const dark = (color: string, t: number) => mix(color, "#1b140f", t);

/** The colours of one product: its main colour (from its name or material) and a second one for details. */
export interface Paint {
  main: string;
  accent: string;
}

/** Gradients, patterns and filters of one picture, each added once under a short unique id. */
export class Defs {
  private items: string[] = [];
  private ids = new Map<string, string>();

  private add(key: string, make: (id: string) => string): string {
    let id = this.ids.get(key);
    if (!id) {
      id = `d${this.ids.size}`;
      this.ids.set(key, id);
      this.items.push(make(id));
    }
    return `url(#${id})`;
  }

  /** left-to-right shading of a round body lit from the upper left: glaze, wax, glass */
  round(color: string, gloss = 0.35): string {
    return this.add(`round${color}${gloss}`, (id) =>
      `<linearGradient id="${id}" x1="0" x2="1" y1="0" y2="0"><stop offset="0" stop-color="${dark(color, 0.28)}"/><stop offset="0.28" stop-color="${light(color, gloss)}"/><stop offset="0.5" stop-color="${color}"/><stop offset="1" stop-color="${dark(color, 0.42)}"/></linearGradient>`,
    );
  }

  /** a ball or a bowl's inside: light spot upper left */
  ball(color: string, gloss = 0.45): string {
    return this.add(`ball${color}${gloss}`, (id) =>
      `<radialGradient id="${id}" cx="0.36" cy="0.32" r="0.75"><stop offset="0" stop-color="${light(color, gloss)}"/><stop offset="0.55" stop-color="${color}"/><stop offset="1" stop-color="${dark(color, 0.4)}"/></radialGradient>`,
    );
  }

  /** top-to-bottom gradient for flat surfaces */
  vertical(from: string, to: string): string {
    return this.add(`v${from}${to}`, (id) => `<linearGradient id="${id}" x1="0" x2="0" y1="0" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient>`);
  }

  /** a soft round shadow or glow that fades out at its edge */
  glow(color: string, opacity: number): string {
    return this.add(`glow${color}${opacity}`, (id) =>
      `<radialGradient id="${id}"><stop offset="0" stop-color="${color}" stop-opacity="${opacity}"/><stop offset="1" stop-color="${color}" stop-opacity="0"/></radialGradient>`,
    );
  }

  /**
   * a repeating pattern (stripes, knit, grain); `tile` is drawn in a `w` × `h` box. Small tiles are repeated
   * into one of at least 48 × 48: librsvg's time grows with the number of tiles it paints.
   */
  pattern(key: string, w: number, h: number, tile: string, transform = ""): string {
    const nx = Math.ceil(48 / w);
    const ny = Math.ceil(48 / h);
    const copies = Array.from({ length: nx * ny }, (_, i) => `<g transform="translate(${(i % nx) * w} ${Math.floor(i / nx) * h})">${tile}</g>`);
    return this.add(`pat${key}`, (id) => `<pattern id="${id}" width="${w * nx}" height="${h * ny}" patternUnits="userSpaceOnUse"${transform ? ` patternTransform="${transform}"` : ""}>${nx * ny === 1 ? tile : copies.join("")}</pattern>`);
  }

  toString(): string {
    return this.items.join("");
  }
}

/**
 * Where a drawing sits: `table` stands on a table against a wall, `flat` lies on a surface seen from above,
 * `wall` hangs on a wall.
 */
export type Setting = "table" | "flat" | "wall";

export interface Drawing {
  body: string;
  /** the point a close-up centres on: the detail that tells this kind apart (glaze drip, knit, flame, clasp) */
  focus: [number, number];
  /** half the width of the shadow under a standing object */
  footprint?: number;
}

export interface DrawContext {
  paint: Paint;
  defs: Defs;
  r: Random;
}

export interface Kind {
  setting: Setting;
  /** the colours when neither the name nor the material names one */
  paint: Paint;
  draw: (ctx: DrawContext) => Drawing;
}

/** a number `spread` around `n`, for small hand-made irregularities */
export const jitter = (r: Random, n: number, spread: number) => Math.round(n + (r.next() - 0.5) * spread);

/** points of a regular polygon or star (`inner` radius for the star's notches) */
export function starPoints(cx: number, cy: number, outer: number, inner: number, points: number, turn = -Math.PI / 2): string {
  const out: string[] = [];
  for (let i = 0; i < points * 2; i++) {
    const radius = i % 2 === 0 ? outer : inner;
    const angle = turn + (i * Math.PI) / points;
    out.push(`${Math.round(cx + Math.cos(angle) * radius)},${Math.round(cy + Math.sin(angle) * radius)}`);
  }
  return out.join(" ");
}

/** positions around a circle */
export function around(cx: number, cy: number, radius: number, count: number, turn = 0): [number, number][] {
  return Array.from({ length: count }, (_, i) => {
    const angle = turn + (i / count) * Math.PI * 2;
    return [Math.round(cx + Math.cos(angle) * radius), Math.round(cy + Math.sin(angle) * radius)] as [number, number];
  });
}

/** a candle flame with its warm glow; (x, y) is the wick's top */
export function flame(defs: Defs, x: number, y: number, height = 70): string {
  const w = height * 0.32;
  return `<circle cx="${x}" cy="${y - height * 0.45}" r="${height * 1.6}" fill="${defs.glow("#ffd27a", 0.55)}"/>
    <path d="M${x} ${y - height} C ${x + w * 1.4} ${y - height * 0.45} ${x + w} ${y} ${x} ${y} C ${x - w} ${y} ${x - w * 1.4} ${y - height * 0.45} ${x} ${y - height} Z" fill="${defs.vertical("#fff6c8", "#f59b2b")}"/>
    <path d="M${x} ${y - height * 0.45} C ${x + w * 0.5} ${y - height * 0.2} ${x + w * 0.4} ${y} ${x} ${y} C ${x - w * 0.4} ${y} ${x - w * 0.5} ${y - height * 0.2} ${x} ${y - height * 0.45} Z" fill="#5b8fd9" opacity="0.7"/>
    <rect x="${x - 2}" y="${y - 4}" width="4" height="14" fill="#2a2320"/>`;
}
