/** Demo drawings of candles and scents: candles in a jar, tin, pillar, ball and tree shapes, a diffuser, oil, a sachet. */
import { dark, flame, light, type Kind } from "./kit";

export const CANDLES = {
  "jar-candle": {
    setting: "table",
    paint: { main: "#7a5236", accent: "#f3e7cf" },
    draw: ({ paint, defs }) => ({
      footprint: 150,
      focus: [400, 330],
      body: `<path d="M270 330 L530 330 L525 610 Q 524 640 495 640 L305 640 Q 276 640 275 610 Z" fill="${defs.round(paint.main, 0.3)}"/>
        <rect x="300" y="420" width="200" height="130" rx="6" fill="#f6efe2"/>
        <rect x="315" y="435" width="170" height="100" rx="4" fill="none" stroke="${paint.main}" stroke-width="3"/>
        <path d="M345 470 H 455 M360 495 H 440" stroke="${dark(paint.main, 0.2)}" stroke-width="8" stroke-linecap="round"/>
        <ellipse cx="400" cy="330" rx="130" ry="26" fill="${light(paint.main, 0.25)}"/>
        <ellipse cx="400" cy="338" rx="116" ry="18" fill="${defs.ball(paint.accent, 0.3)}"/>
        <path d="M292 360 L292 600" stroke="#fff" stroke-width="10" stroke-linecap="round" opacity="0.3"/>
        ${flame(defs, 400, 330, 80)}`,
    }),
  },

  "tree-candles": {
    setting: "table",
    paint: { main: "#d9a13a", accent: "#f1d48a" },
    draw: ({ paint, defs }) => {
      const tree = (cx: number, h: number) => {
        const tiers = [0, 1, 2].map((i) => {
          const top = 640 - h + i * h * 0.28;
          const half = h * (0.2 + i * 0.1);
          return `<path d="M${cx} ${top} L${cx + half} ${top + h * 0.42} Q ${cx} ${top + h * 0.48} ${cx - half} ${top + h * 0.42} Z" fill="${defs.round(paint.main, 0.3)}"/>`;
        });
        return `${tiers.join("")}<rect x="${cx - h * 0.08}" y="${640 - h * 0.12}" width="${h * 0.16}" height="${h * 0.12}" fill="${dark(paint.main, 0.2)}"/>${flame(defs, cx, 640 - h, h * 0.25)}`;
      };
      return {
        footprint: 260,
        focus: [400, 360],
        body: `${tree(230, 240)}${tree(570, 300)}${tree(400, 380)}
          ${[[400, 420], [370, 500], [440, 560]].map(([x, y]) => `<path d="M${x! - 20} ${y} h 40" stroke="${paint.accent}" stroke-width="4" opacity="0.8"/>`).join("")}`,
      };
    },
  },

  diffuser: {
    setting: "table",
    paint: { main: "#2f5a3a", accent: "#c9a074" },
    draw: ({ paint, defs }) => ({
      footprint: 130,
      focus: [400, 420],
      body: `${[-40, -22, -6, 10, 26, 44].map((a) => `<path d="M400 420 L${Math.round(400 + Math.sin((a * Math.PI) / 180) * 380)} ${Math.round(420 - Math.cos((a * Math.PI) / 180) * 380)}" stroke="${paint.accent}" stroke-width="7" stroke-linecap="round"/>`).join("")}
        <path d="M300 470 Q 300 430 360 420 L360 380 L440 380 L440 420 Q 500 430 500 470 L500 615 Q 500 640 475 640 L325 640 Q 300 640 300 615 Z" fill="${defs.round(paint.main, 0.4)}" opacity="0.92"/>
        <rect x="352" y="360" width="96" height="30" rx="5" fill="${defs.round("#b08d57", 0.5)}"/>
        <rect x="320" y="510" width="160" height="90" rx="4" fill="#f3ede0"/>
        <path d="M400 528 l 22 30 h -12 l 18 24 h -56 l 18 -24 h -12 Z" fill="${paint.main}"/>
        <path d="M316 480 L316 600" stroke="#fff" stroke-width="8" stroke-linecap="round" opacity="0.35"/>`,
    }),
  },

  "pillar-candle": {
    setting: "table",
    paint: { main: "#e0a43a", accent: "#c27f22" },
    draw: ({ paint, defs }) => {
      const comb = defs.pattern(`comb${paint.main}`, 24, 21, `<rect width="24" height="21" fill="${paint.main}"/><path d="M6 0 L18 0 L24 10.5 L18 21 L6 21 L0 10.5 Z" fill="${light(paint.main, 0.15)}" stroke="${dark(paint.main, 0.25)}" stroke-width="2"/>`);
      return {
        footprint: 120,
        focus: [400, 420],
        body: `<rect x="320" y="280" width="160" height="360" rx="10" fill="${comb}"/>
          <rect x="320" y="280" width="160" height="360" rx="10" fill="${defs.round("#808080", 0.7)}" opacity="0.35"/>
          <path d="M480 300 Q 500 440 480 630" stroke="${dark(paint.main, 0.3)}" stroke-width="6" fill="none"/>
          <ellipse cx="400" cy="280" rx="80" ry="16" fill="${light(paint.main, 0.2)}"/>
          ${flame(defs, 400, 272, 80)}`,
      };
    },
  },

  sachet: {
    setting: "flat",
    paint: { main: "#f1ece4", accent: "#9c88c4" },
    draw: ({ paint, defs }) => ({
      focus: [440, 380],
      body: `<path d="M400 130 L400 200" stroke="#b9a37a" stroke-width="8"/>
        <path d="M280 200 Q 400 120 520 200 L 540 620 Q 400 660 260 620 Z" fill="${defs.ball(paint.main, 0.2)}" stroke="${dark(paint.main, 0.15)}" stroke-width="4"/>
        <circle cx="400" cy="235" r="16" fill="${dark(paint.main, 0.1)}"/>
        ${[0, 1, 2].map((i) => `<g transform="translate(${360 + i * 40} 560) rotate(${(i - 1) * 14})"><path d="M0 0 L0 -260" stroke="#6f7f4f" stroke-width="5"/>${[0, 1, 2, 3, 4, 5, 6, 7].map((j) => `<ellipse cx="${j % 2 ? 8 : -8}" cy="${-150 - j * 15}" rx="9" ry="13" fill="${j % 3 ? paint.accent : dark(paint.accent, 0.2)}"/>`).join("")}</g>`).join("")}
        <path d="M300 560 Q 400 590 500 560" stroke="${dark(paint.main, 0.2)}" stroke-width="3" fill="none"/>`,
    }),
  },

  "ball-candle": {
    setting: "table",
    paint: { main: "#f1e6d6", accent: "#d98c9a" },
    draw: ({ paint, defs }) => ({
      footprint: 170,
      focus: [360, 360],
      body: `<circle cx="400" cy="470" r="175" fill="${defs.ball(paint.main, 0.5)}"/>
        ${[[300, 360, paint.accent], [340, 330, "#e6c35c"], [280, 410, "#9fb07a"], [370, 350, light(paint.accent, 0.3)], [320, 390, "#f6f1e8"]].map(([x, y, color], i) => `<g transform="translate(${x} ${y}) rotate(${i * 40})">${[0, 72, 144, 216, 288].map((a) => `<ellipse cx="0" cy="-14" rx="9" ry="15" transform="rotate(${a})" fill="${color}"/>`).join("")}<circle r="7" fill="#c9922f"/></g>`).join("")}
        <path d="M250 400 Q 270 350 320 330 M245 420 L230 390 M265 380 L245 360" stroke="#8a9a5a" stroke-width="4" fill="none"/>
        ${flame(defs, 400, 298, 70)}`,
    }),
  },

  "oil-bottle": {
    setting: "table",
    paint: { main: "#f0a02a", accent: "#8a4b1c" },
    draw: ({ paint, defs }) => ({
      footprint: 120,
      focus: [400, 260],
      body: `<path d="M310 400 Q 310 350 370 340 L370 300 L430 300 L430 340 Q 490 350 490 400 L490 615 Q 490 640 465 640 L335 640 Q 310 640 310 615 Z" fill="${defs.round(paint.accent, 0.35)}"/>
        <rect x="362" y="230" width="76" height="80" rx="8" fill="#2a2624"/>
        <ellipse cx="400" cy="200" rx="40" ry="48" fill="${defs.ball("#3a3432", 0.3)}"/>
        <rect x="330" y="450" width="140" height="130" rx="6" fill="#f7f1e3"/>
        <circle cx="400" cy="505" r="36" fill="${paint.main}"/>
        ${[0, 60, 120, 180, 240, 300].map((a) => `<path d="M400 505 L${Math.round(400 + Math.cos((a * Math.PI) / 180) * 30)} ${Math.round(505 + Math.sin((a * Math.PI) / 180) * 30)}" stroke="${light(paint.main, 0.6)}" stroke-width="3"/>`).join("")}
        <circle cx="560" cy="600" r="40" fill="${defs.ball(paint.main, 0.35)}"/>
        <path d="M528 608 a 40 40 0 0 0 64 0 Z" fill="${light(paint.main, 0.5)}"/>
        <path d="M326 410 L326 600" stroke="#fff" stroke-width="8" stroke-linecap="round" opacity="0.35"/>`,
    }),
  },

  "tin-candle": {
    setting: "table",
    paint: { main: "#c9c2b8", accent: "#f7f2ea" },
    draw: ({ paint, defs }) => ({
      footprint: 230,
      focus: [400, 480],
      body: `<path d="M180 500 L620 500 L620 600 Q 620 640 580 640 L220 640 Q 180 640 180 600 Z" fill="${defs.round(paint.main, 0.5)}"/>
        <ellipse cx="400" cy="500" rx="220" ry="56" fill="${light(paint.main, 0.3)}"/>
        <ellipse cx="400" cy="506" rx="200" ry="44" fill="${defs.ball(paint.accent, 0.2)}"/>
        <ellipse cx="430" cy="510" rx="70" ry="14" fill="#f3d99a" opacity="0.8"/>
        <path d="M600 520 q 90 -10 110 40 l -60 20 Z" fill="${light(paint.main, 0.2)}" stroke="${dark(paint.main, 0.2)}" stroke-width="3"/>
        <circle cx="210" cy="600" r="0"/>
        ${[260, 540].map((x) => `<path d="M${x - 30} 560 q 30 -30 60 0 q -30 30 -60 0 Z" fill="#7a5b3a" opacity="0.8"/>`).join("")}
        ${flame(defs, 400, 496, 70)}`,
    }),
  },

  "gift-box": {
    setting: "table",
    paint: { main: "#b98a55", accent: "#a13a2e" },
    draw: ({ paint, defs }) => ({
      footprint: 270,
      focus: [300, 380],
      body: `<path d="M130 420 L670 420 L670 640 L130 640 Z" fill="${defs.vertical(paint.main, dark(paint.main, 0.25))}"/>
        <path d="M130 420 L200 360 L740 360 L670 420 Z" fill="${dark(paint.main, 0.35)}"/>
        <path d="M670 420 L740 360 L740 580 L670 640 Z" fill="${dark(paint.main, 0.15)}"/>
        <path d="M160 392 L720 392" stroke="${dark(paint.main, 0.5)}" stroke-width="8"/>
        <rect x="200" y="240" width="130" height="160" rx="10" fill="${defs.round("#f1e6d6", 0.3)}"/>
        <ellipse cx="265" cy="240" rx="65" ry="14" fill="#fbf4e8"/>
        ${flame(defs, 265, 236, 60)}
        <rect x="370" y="330" width="150" height="60" rx="10" fill="${defs.ball("#b9a6d8", 0.3)}"/>
        ${[0, 1, 2, 3, 4].map((i) => `<g transform="rotate(${-6 + i * 3} 600 380)"><rect x="${560 + i * 12}" y="170" width="7" height="220" fill="#e8d3a8"/><rect x="${558 + i * 12}" y="160" width="11" height="22" rx="5" fill="${paint.accent}"/></g>`).join("")}
        <path d="M130 500 L670 500" stroke="${light(paint.main, 0.2)}" stroke-width="4" opacity="0.5"/>
        <rect x="360" y="470" width="80" height="80" fill="none" stroke="${dark(paint.main, 0.5)}" stroke-width="4"/>`,
    }),
  },
} satisfies Record<string, Kind>;
