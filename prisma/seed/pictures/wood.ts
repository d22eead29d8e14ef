/** Demo drawings of woodwork: boards, spoons, a spatula, a shelf, a carved box, a wood slice, ornaments, a clock, a tray. */
import { around, dark, jitter, light, starPoints, type Defs, type Kind } from "./kit";
import type { Random } from "../random";

/** long wavy grain lines across a piece of `color` wood */
function grain(defs: Defs, color: string, r: Random): string {
  const lines = Array.from({ length: 6 }, (_, i) => `<path d="M0 ${10 + i * 20} Q 60 ${jitter(r, 4 + i * 20, 14)} 120 ${12 + i * 20} T 240 ${10 + i * 20}" stroke="${dark(color, 0.22)}" stroke-width="${1.5 + (i % 3)}" fill="none" opacity="0.55"/>`);
  return defs.pattern(`grain${color}`, 240, 120, `<rect width="240" height="120" fill="${color}"/>${lines.join("")}`);
}

export const WOOD = {
  board: {
    setting: "flat",
    paint: { main: "#b98a55", accent: "#6b8f4e" },
    draw: ({ paint, defs, r }) => {
      const shape = "M120 260 Q 120 230 150 230 L560 230 Q 580 230 590 250 Q 610 290 650 300 L700 300 Q 740 300 740 340 L740 460 Q 740 500 700 500 L650 500 Q 610 510 590 550 Q 580 570 560 570 L150 570 Q 120 570 120 540 Z";
      return {
        focus: [690, 400],
        body: `<path d="${shape}" fill="${grain(defs, paint.main, r)}" stroke="${dark(paint.main, 0.25)}" stroke-width="6"/>
          <path d="M140 250 L560 250" stroke="${light(paint.main, 0.4)}" stroke-width="6" opacity="0.6"/>
          <circle cx="700" cy="400" r="22" fill="${dark(paint.main, 0.45)}"/>
          <path d="M330 330 L380 470 M300 360 L440 320" stroke="${paint.accent}" stroke-width="10" stroke-linecap="round"/>
          <circle cx="250" cy="420" r="44" fill="${defs.ball("#d8493a", 0.4)}"/><circle cx="250" cy="420" r="30" fill="#f0a494" opacity="0.6"/>`,
      };
    },
  },

  spoons: {
    setting: "flat",
    paint: { main: "#a0522d", accent: "#c98f5a" },
    draw: ({ paint, defs, r }) => {
      const spoon = (x: number, angle: number, color: string) => `<g transform="translate(${x} 400) rotate(${angle})"><ellipse cx="0" cy="-190" rx="62" ry="90" fill="${grain(defs, color, r)}" stroke="${dark(color, 0.3)}" stroke-width="4"/>
        <ellipse cx="0" cy="-186" rx="46" ry="72" fill="${defs.ball(dark(color, 0.15), 0.3)}"/>
        <path d="M-14 -110 Q -20 100 -16 250 Q 0 270 16 250 Q 20 100 14 -110 Z" fill="${grain(defs, color, r)}" stroke="${dark(color, 0.3)}" stroke-width="4"/></g>`;
      return {
        focus: [400, 240],
        body: `${spoon(270, -14, light(paint.main, 0.15))}${spoon(400, 0, paint.main)}${spoon(530, 14, dark(paint.main, 0.1))}`,
      };
    },
  },

  spatula: {
    setting: "flat",
    paint: { main: "#d4a373", accent: "#6b4631" },
    draw: ({ paint, defs, r }) => ({
      focus: [400, 230],
      body: `<g transform="rotate(-20 400 400)"><path d="M330 90 Q 330 70 350 70 L450 70 Q 470 70 470 90 L470 300 Q 470 330 430 340 L420 700 Q 400 730 380 700 L370 340 Q 330 330 330 300 Z" fill="${grain(defs, paint.main, r)}" stroke="${dark(paint.main, 0.3)}" stroke-width="5"/>
        <path d="M340 76 L460 76" stroke="${dark(paint.main, 0.35)}" stroke-width="5"/><circle cx="400" cy="660" r="10" fill="${dark(paint.main, 0.5)}"/></g>
        <g transform="translate(600 600)">${[0, 1, 2, 3].map((i) => `<ellipse cx="${i * 16 - 20}" cy="${i % 2 ? -8 : 6}" rx="22" ry="10" fill="#7fa05a" transform="rotate(${i * 30})"/>`).join("")}</g>`,
    }),
  },

  shelf: {
    setting: "wall",
    paint: { main: "#e2bf86", accent: "#6b3f26" },
    draw: ({ paint, defs }) => ({
      focus: [210, 330],
      body: `<path d="M200 100 L200 470 M600 100 L600 470" stroke="${paint.accent}" stroke-width="22"/>
        <circle cx="200" cy="100" r="12" fill="#777"/><circle cx="600" cy="100" r="12" fill="#777"/>
        <path d="M188 440 Q 200 490 212 440 M588 440 Q 600 490 612 440" stroke="${dark(paint.accent, 0.2)}" stroke-width="22" fill="none"/>
        <rect x="110" y="440" width="580" height="40" rx="4" fill="${defs.vertical(light(paint.main, 0.2), dark(paint.main, 0.1))}"/>
        <rect x="110" y="440" width="580" height="10" fill="${light(paint.main, 0.45)}"/>
        ${["#6b8fb0", "#b4583a", "#e0b040", "#5f7354"].map((color, i) => `<rect x="${260 + i * 34}" y="${300 + (i % 2) * 20}" width="30" height="${140 - (i % 2) * 20}" fill="${color}"/>`).join("")}
        <path d="M420 440 L440 380 L500 380 L520 440 Z" fill="${defs.round("#d9cbb6")}"/>
        ${[0, 1, 2, 3, 4].map((i) => `<ellipse cx="${470 + (i - 2) * 18}" cy="${350 - Math.abs(i - 2) * -8}" rx="12" ry="36" transform="rotate(${(i - 2) * 20} 470 380)" fill="#6f9a4a"/>`).join("")}`,
    }),
  },

  "carved-box": {
    setting: "table",
    paint: { main: "#eedcb8", accent: "#7a2f3a" },
    draw: ({ paint, defs }) => {
      const carve = defs.pattern(`carve${paint.main}`, 40, 40, `<rect width="40" height="40" fill="${paint.main}"/><path d="M20 4 L36 20 L20 36 L4 20 Z" fill="${light(paint.main, 0.2)}" stroke="${dark(paint.main, 0.35)}" stroke-width="2.5"/><path d="M20 12 L28 20 L20 28 L12 20 Z" fill="${dark(paint.main, 0.25)}"/>`);
      return {
        footprint: 250,
        focus: [400, 520],
        body: `<path d="M180 250 L620 250 L680 200 L240 200 Z" fill="${dark(paint.main, 0.2)}" transform="rotate(-18 620 250) translate(0 -10)"/>
          <path d="M200 260 L600 260 L660 210 L260 210 Z" fill="${paint.accent}"/>
          <path d="M150 430 L650 430 L650 640 L150 640 Z" fill="${carve}" stroke="${dark(paint.main, 0.35)}" stroke-width="4"/>
          <path d="M150 430 L240 360 L740 360 L650 430 Z" fill="${paint.accent}"/>
          <path d="M650 430 L740 360 L740 570 L650 640 Z" fill="${dark(paint.main, 0.2)}"/>
          <path d="M150 430 L150 300 Q 150 280 170 280 L230 225 L730 225 L740 360 L240 360 Z" fill="${carve}" stroke="${dark(paint.main, 0.35)}" stroke-width="4" transform="rotate(-28 240 360)"/>
          <rect x="380" y="425" width="40" height="24" rx="4" fill="#c9a24a"/>`,
      };
    },
  },

  "wood-slice": {
    setting: "flat",
    paint: { main: "#eedcb8", accent: "#8a7a68" },
    draw: ({ paint, defs, r }) => ({
      focus: [420, 420],
      body: `<ellipse cx="400" cy="400" rx="300" ry="290" fill="${defs.vertical(paint.accent, dark(paint.accent, 0.3))}"/>
        ${[0, 1, 2, 3, 4, 5].map((i) => `<path d="M${150 + i * 90} ${200 + (i % 3) * 60} l 40 -6 M${170 + i * 80} ${560 + (i % 2) * 40} l 30 8" stroke="#f3efe8" stroke-width="6" opacity="0.8"/>`).join("")}
        <ellipse cx="400" cy="400" rx="262" ry="252" fill="${light(paint.main, 0.1)}"/>
        ${Array.from({ length: 11 }, (_, i) => `<ellipse cx="${400 + jitter(r, 0, 12)}" cy="${400 + jitter(r, 0, 12)}" rx="${24 * (i + 1)}" ry="${23 * (i + 1)}" fill="none" stroke="${dark(paint.main, 0.2 + (i % 3) * 0.05)}" stroke-width="${2 + (i % 2) * 2}"/>`).join("")}
        <path d="M400 400 L640 380" stroke="${dark(paint.main, 0.35)}" stroke-width="4"/>
        <circle cx="400" cy="400" r="10" fill="${dark(paint.main, 0.4)}"/>`,
    }),
  },

  ornaments: {
    setting: "flat",
    paint: { main: "#d8b27a", accent: "#b3262e" },
    draw: ({ paint, defs, r }) => {
      const wood = grain(defs, paint.main, r);
      const stroke = `stroke="${dark(paint.main, 0.35)}" stroke-width="4"`;
      const string = (x: number, y: number) => `<path d="M${x} ${y} q -20 -60 10 -90" stroke="${paint.accent}" stroke-width="4" fill="none"/>`;
      return {
        focus: [250, 300],
        body: `${string(250, 190)}<polygon points="${starPoints(250, 300, 110, 46, 5)}" fill="${wood}" ${stroke}/>
          ${string(560, 200)}<path d="M560 300 C 560 230 480 210 470 280 C 460 330 520 370 560 410 C 600 370 660 330 650 280 C 640 210 560 230 560 300 Z" fill="${wood}" ${stroke} transform="translate(0 -40)"/>
          ${string(400, 430)}<path d="M400 430 L480 560 L440 560 L500 660 L300 660 L360 560 L320 560 Z" fill="${wood}" ${stroke}/>
          ${[[230, 300], [560, 300], [400, 560]].map(([x, y]) => `<circle cx="${x}" cy="${y}" r="8" fill="${dark(paint.main, 0.3)}"/>`).join("")}
          <g transform="translate(660 620)">${[-30, 0, 30].map((a) => `<path d="M0 0 L0 -70" stroke="#3f6b3a" stroke-width="6" transform="rotate(${a})"/>`).join("")}</g>`,
      };
    },
  },

  "jewellery-stand": {
    setting: "table",
    paint: { main: "#b98a55", accent: "#c9a24a" },
    draw: ({ paint, defs }) => ({
      footprint: 200,
      focus: [470, 300],
      body: `<ellipse cx="400" cy="620" rx="180" ry="30" fill="${dark(paint.main, 0.25)}"/>
        <ellipse cx="400" cy="610" rx="180" ry="30" fill="${defs.ball(paint.main, 0.3)}"/>
        <path d="M395 610 L392 420 Q 390 330 340 260 M393 450 Q 420 360 500 300 M395 380 Q 380 300 420 180 M340 260 L300 230 M500 300 L560 280" stroke="${defs.round(paint.main)}" stroke-width="20" fill="none" stroke-linecap="round"/>
        <path d="M395 610 L392 420" stroke="${dark(paint.main, 0.2)}" stroke-width="22" stroke-linecap="round"/>
        <circle cx="320" cy="290" r="30" fill="none" stroke="${paint.accent}" stroke-width="8"/>
        <circle cx="520" cy="330" r="24" fill="none" stroke="#c9ccd1" stroke-width="7"/><circle cx="520" cy="306" r="9" fill="#7fb3d5"/>
        <path d="M420 200 Q 470 320 400 330 Q 330 320 390 220" stroke="${paint.accent}" stroke-width="4" fill="none"/>
        <circle cx="400" cy="332" r="12" fill="#d23a2a"/>
        <path d="M560 282 l 0 40" stroke="${paint.accent}" stroke-width="3"/><path d="M560 322 q -14 26 0 36 q 14 -10 0 -36 Z" fill="#2f8f7a"/>`,
    }),
  },

  clock: {
    setting: "wall",
    paint: { main: "#6b4631", accent: "#f4efe6" },
    draw: ({ paint, defs, r }) => ({
      focus: [400, 400],
      body: `<circle cx="400" cy="400" r="280" fill="${grain(defs, paint.main, r)}"/>
        <circle cx="400" cy="400" r="280" fill="${defs.ball("#ffffff", 0)}" opacity="0.2"/>
        <circle cx="400" cy="400" r="276" fill="none" stroke="${dark(paint.main, 0.3)}" stroke-width="8"/>
        ${around(400, 400, 235, 12).map(([x, y], i) => `<circle cx="${x}" cy="${y}" r="${i % 3 === 0 ? 14 : 7}" fill="${paint.accent}"/>`).join("")}
        <path d="M400 400 L400 230" stroke="${paint.accent}" stroke-width="14" stroke-linecap="round"/>
        <path d="M400 400 L530 480" stroke="${paint.accent}" stroke-width="10" stroke-linecap="round"/>
        <path d="M400 430 L400 170" stroke="#c0392b" stroke-width="4" stroke-linecap="round"/>
        <circle cx="400" cy="400" r="20" fill="${paint.accent}"/><circle cx="400" cy="400" r="7" fill="${dark(paint.main, 0.4)}"/>`,
    }),
  },

  tray: {
    setting: "table",
    paint: { main: "#c89a64", accent: "#f4efe6" },
    draw: ({ paint, defs, r }) => ({
      footprint: 320,
      focus: [680, 500],
      body: `<path d="M120 520 L680 520 L640 640 L160 640 Z" fill="${grain(defs, dark(paint.main, 0.15), r)}"/>
        <path d="M80 460 L720 460 L680 600 L120 600 Z" fill="${grain(defs, paint.main, r)}" stroke="${dark(paint.main, 0.3)}" stroke-width="4"/>
        <path d="M120 600 L680 600 L690 640 L110 640 Z" fill="${dark(paint.main, 0.25)}"/>
        <path d="M80 460 L120 600 M720 460 L680 600" stroke="${dark(paint.main, 0.3)}" stroke-width="8"/>
        <path d="M30 500 Q 40 440 90 450 L110 520 Q 70 520 60 540 Z" fill="${paint.main}" stroke="${dark(paint.main, 0.3)}" stroke-width="4"/>
        <path d="M770 500 Q 760 440 710 450 L690 520 Q 730 520 740 540 Z" fill="${paint.main}" stroke="${dark(paint.main, 0.3)}" stroke-width="4"/>
        <path d="M300 440 L460 440 L452 530 Q 450 545 435 545 L325 545 Q 310 545 308 530 Z" fill="${defs.round(paint.accent, 0.3)}"/>
        <path d="M460 460 q 50 10 40 40 q -10 30 -44 26" stroke="${paint.accent}" stroke-width="12" fill="none"/>
        <ellipse cx="380" cy="440" rx="80" ry="14" fill="#8b5a2b"/>
        <ellipse cx="580" cy="520" rx="80" ry="22" fill="${defs.ball("#f0c27a", 0.3)}"/>`,
    }),
  },
} satisfies Record<string, Kind>;
