/** Demo drawings of ceramics: vases, mugs, plates, bowls, a planter, a milk jug, a platter, a candlestick. */
import { dark, flame, jitter, light, type Defs, type Kind } from "./kit";

/** a small bowl without a handle: rim centred at (cx, top), `w` wide */
function smallBowl(defs: Defs, cx: number, top: number, w: number, outside: string, inside: string): string {
  const h = w * 0.62;
  return `<path d="M${cx - w / 2} ${top} C ${cx - w / 2} ${top + h * 0.8} ${cx - w * 0.25} ${top + h} ${cx} ${top + h} C ${cx + w * 0.25} ${top + h} ${cx + w / 2} ${top + h * 0.8} ${cx + w / 2} ${top} Z" fill="${defs.round(outside)}"/>
    <ellipse cx="${cx}" cy="${top}" rx="${w / 2}" ry="${w * 0.13}" fill="${defs.ball(inside, 0.2)}" stroke="${light(outside, 0.3)}" stroke-width="3"/>
    <ellipse cx="${cx}" cy="${top + w * 0.03}" rx="${w * 0.36}" ry="${w * 0.08}" fill="${dark(inside, 0.12)}" opacity="0.5"/>`;
}

export const CERAMICS = {
  vase: {
    setting: "table",
    paint: { main: "#e9e2d6", accent: "#d8c3a0" },
    draw: ({ paint, defs, r }) => {
      const linen = defs.pattern(`linen${paint.main}`, 8, 8, `<path d="M0 4H8M4 0V8" stroke="${dark(paint.main, 0.25)}" stroke-width="1.2" opacity="0.35"/>`);
      const body = "M345 230 L455 230 C452 280 438 310 468 345 C565 405 585 525 522 600 C505 625 490 640 470 640 L330 640 C310 640 295 625 278 600 C215 525 235 405 332 345 C362 310 348 280 345 230 Z";
      const stems = [-1, 0, 1].map((i) => {
        const x = 400 + i * jitter(r, 70, 20);
        const top = 80 + Math.abs(i) * 50 + jitter(r, 0, 30);
        return `<path d="M${400 + i * 12} 240 Q ${400 + i * 30} 160 ${x} ${top}" stroke="#9a8a66" stroke-width="5" fill="none"/>
          <ellipse cx="${x}" cy="${top}" rx="28" ry="70" transform="rotate(${i * 18} ${x} ${top})" fill="${paint.accent}" opacity="0.9"/>
          <ellipse cx="${x - 6}" cy="${top - 10}" rx="14" ry="50" transform="rotate(${i * 18} ${x} ${top})" fill="${light(paint.accent, 0.4)}" opacity="0.8"/>`;
      });
      return {
        footprint: 150,
        focus: [430, 450],
        body: `${stems.join("")}<path d="${body}" fill="${defs.round(paint.main, 0.5)}"/><path d="${body}" fill="${linen}"/>
          <ellipse cx="400" cy="230" rx="55" ry="12" fill="${dark(paint.main, 0.45)}"/>
          <path d="M300 420 Q 320 380 350 360" stroke="#fff" stroke-width="14" stroke-linecap="round" opacity="0.35" fill="none"/>`,
      };
    },
  },

  "bottle-vase": {
    setting: "table",
    paint: { main: "#3b3f6b", accent: "#c77b4a" },
    draw: ({ paint, defs, r }) => {
      const glaze = defs.vertical(paint.accent, paint.main);
      const drips = [330, 370, 420, 465].map((x) => `<path d="M${x - 14} 430 Q ${x} ${jitter(r, 500, 60)} ${x + 14} 430 Z" fill="${paint.accent}" opacity="0.9"/>`);
      const leaves = [0, 1, 2, 3, 4].map((i) => {
        const y = 150 - i * 26;
        const x = 420 + i * 16;
        return `<ellipse cx="${x + (i % 2 ? 22 : -22)}" cy="${y}" rx="20" ry="9" transform="rotate(${i % 2 ? -30 : 30} ${x} ${y})" fill="#7d9a5c"/>`;
      });
      return {
        footprint: 140,
        focus: [400, 440],
        body: `<path d="M400 240 Q 405 160 470 40" stroke="#6b4f3a" stroke-width="6" fill="none"/>${leaves.join("")}
          <path d="M375 230 L425 230 L430 360 C 540 380 560 560 500 620 C 480 640 460 640 440 640 L360 640 C340 640 320 640 300 620 C 240 560 260 380 370 360 Z" fill="${glaze}"/>
          <path d="M375 230 L425 230 L430 360 C 540 380 560 560 500 620 C 480 640 460 640 440 640 L360 640 C340 640 320 640 300 620 C 240 560 260 380 370 360 Z" fill="${defs.round("#808080", 0.6)}" opacity="0.35" style="mix-blend-mode:multiply"/>
          ${drips.join("")}
          <ellipse cx="400" cy="231" rx="25" ry="7" fill="${dark(paint.accent, 0.6)}"/>
          <path d="M310 470 Q 318 420 345 395" stroke="#fff" stroke-width="10" stroke-linecap="round" opacity="0.35" fill="none"/>`,
      };
    },
  },

  mug: {
    setting: "table",
    paint: { main: "#c98f5a", accent: "#efe6d6" },
    draw: ({ paint, defs }) => ({
      footprint: 170,
      focus: [470, 380],
      body: `<path d="M520 380 C 620 370 630 540 520 560" stroke="${dark(paint.main, 0.1)}" stroke-width="34" fill="none" stroke-linecap="round"/>
        <path d="M260 330 L540 330 L530 610 Q 528 640 500 640 L300 640 Q 272 640 270 610 Z" fill="${defs.round(paint.main)}"/>
        <path d="M260 330 L540 330 L537 420 Q 470 440 400 420 Q 330 400 263 425 Z" fill="${defs.round(paint.accent, 0.25)}"/>
        <ellipse cx="400" cy="330" rx="140" ry="30" fill="${light(paint.accent, 0.2)}"/>
        <ellipse cx="400" cy="334" rx="124" ry="22" fill="${defs.vertical("#4a2c1a", "#6e4327")}"/>
        <ellipse cx="370" cy="330" rx="40" ry="6" fill="#fff" opacity="0.25"/>
        <path d="M300 470 L300 590" stroke="#fff" stroke-width="14" stroke-linecap="round" opacity="0.3"/>
        <path d="M380 300 C 360 250 420 230 395 180 M430 300 C 410 260 460 240 440 200" stroke="#fff" stroke-width="8" fill="none" stroke-linecap="round" opacity="0.45"/>`,
    }),
  },

  plate: {
    setting: "flat",
    paint: { main: "#f3ead8", accent: "#4f7a4a" },
    draw: ({ paint, defs }) => {
      const sprigs = Array.from({ length: 12 }, (_, i) => {
        const angle = (i * 30 * Math.PI) / 180;
        const x = Math.round(400 + Math.cos(angle) * 240);
        const y = Math.round(400 + Math.sin(angle) * 240);
        const needles = [-1, 1].map((s) => `<path d="M0 -22 L${s * 12} -32 M0 -8 L${s * 14} -18 M0 6 L${s * 12} -4" stroke="${paint.accent}" stroke-width="4" stroke-linecap="round"/>`).join("");
        return `<g transform="translate(${x} ${y}) rotate(${i * 30 + 90})"><path d="M0 -36 L0 20" stroke="${dark(paint.accent, 0.2)}" stroke-width="4"/>${needles}</g>`;
      });
      return {
        focus: [600, 420],
        body: `<circle cx="400" cy="400" r="300" fill="${defs.ball(paint.main, 0.3)}"/>
          <circle cx="400" cy="400" r="200" fill="${light(paint.main, 0.25)}" stroke="${dark(paint.main, 0.12)}" stroke-width="4"/>
          <circle cx="400" cy="400" r="298" fill="none" stroke="${dark(paint.main, 0.2)}" stroke-width="5"/>${sprigs.join("")}`,
      };
    },
  },

  bowl: {
    setting: "table",
    paint: { main: "#b4583a", accent: "#efe2cc" },
    draw: ({ paint, defs }) => {
      const leaves = ["#6f9a4a", "#8fb55a", "#c0392b", "#6f9a4a", "#e0b040"].map((color, i) => `<ellipse cx="${300 + i * 50}" cy="${405 - (i % 2) * 16}" rx="44" ry="22" transform="rotate(${i * 35 - 60} ${300 + i * 50} 405)" fill="${color}"/>`);
      return {
        footprint: 210,
        focus: [560, 480],
        body: `<path d="M150 420 C 160 560 260 630 330 640 L470 640 C 540 630 640 560 650 420 Z" fill="${defs.round(paint.main, 0.2)}"/>
          <ellipse cx="400" cy="420" rx="250" ry="66" fill="${defs.ball(paint.accent, 0.2)}"/>
          <ellipse cx="400" cy="425" rx="222" ry="52" fill="${dark(paint.accent, 0.15)}" opacity="0.5"/>
          ${leaves.join("")}
          <ellipse cx="400" cy="420" rx="250" ry="66" fill="none" stroke="${light(paint.main, 0.25)}" stroke-width="6"/>
          <path d="M200 480 Q 230 560 300 600" stroke="#fff" stroke-width="12" stroke-linecap="round" opacity="0.2" fill="none"/>`,
      };
    },
  },

  "tea-bowls": {
    setting: "table",
    paint: { main: "#9fb88a", accent: "#f2efe2" },
    draw: ({ paint, defs }) => ({
      footprint: 260,
      focus: [540, 520],
      body: `${smallBowl(defs, 300, 400, 190, light(paint.main, 0.15), paint.accent)}${smallBowl(defs, 520, 390, 190, dark(paint.main, 0.1), paint.accent)}
        ${smallBowl(defs, 250, 520, 190, paint.main, paint.accent)}${smallBowl(defs, 550, 525, 190, light(paint.main, 0.3), paint.accent)}
        <ellipse cx="550" cy="530" rx="70" ry="16" fill="#c9b458" opacity="0.7"/>`,
    }),
  },

  planter: {
    setting: "table",
    paint: { main: "#8a8f8c", accent: "#6f9a5a" },
    draw: ({ paint, defs }) => {
      const leaves = Array.from({ length: 11 }, (_, i) => {
        const angle = -170 + i * 16;
        return `<path d="M400 330 q -24 -70 0 -150 q 24 80 0 150 Z" transform="rotate(${angle + 90} 400 330)" fill="${i % 2 ? paint.accent : light(paint.accent, 0.2)}" stroke="${dark(paint.accent, 0.3)}" stroke-width="2"/>`;
      });
      return {
        footprint: 220,
        focus: [420, 330],
        body: `<ellipse cx="400" cy="612" rx="210" ry="34" fill="${dark(paint.main, 0.2)}"/>
          <ellipse cx="400" cy="600" rx="210" ry="34" fill="${defs.round(paint.main, 0.2)}"/>
          ${leaves.join("")}
          <path d="M400 330 q -30 -60 0 -120 q 30 60 0 120 Z" fill="${light(paint.accent, 0.35)}"/>
          <path d="M240 350 L560 350 L520 590 Q 515 610 490 610 L310 610 Q 285 610 280 590 Z" fill="${defs.round(paint.main, 0.25)}"/>
          <ellipse cx="400" cy="350" rx="160" ry="30" fill="${light(paint.main, 0.15)}"/>
          <ellipse cx="400" cy="354" rx="140" ry="20" fill="#4a3526"/>
          ${[0, 1, 2, 3, 4, 5].map((i) => `<circle cx="${300 + i * 40}" cy="${440 + (i % 3) * 50}" r="${4 + (i % 2) * 3}" fill="${dark(paint.main, 0.3)}" opacity="0.5"/>`).join("")}`,
      };
    },
  },

  jug: {
    setting: "table",
    paint: { main: "#e8dccb", accent: "#6b8fb0" },
    draw: ({ paint, defs }) => ({
      footprint: 150,
      focus: [320, 300],
      body: `<path d="M500 350 C 600 360 600 520 500 540" stroke="${dark(paint.main, 0.12)}" stroke-width="30" fill="none" stroke-linecap="round"/>
        <path d="M300 280 L490 290 C 480 330 470 350 480 380 C 560 450 560 600 480 635 Q 470 640 450 640 L350 640 Q 330 640 320 635 C 240 600 240 450 320 380 C 330 350 320 320 300 280 Z" fill="${defs.round(paint.main, 0.3)}"/>
        <path d="M300 280 L250 262 L320 300 Z" fill="${light(paint.main, 0.2)}"/>
        <ellipse cx="395" cy="285" rx="95" ry="16" fill="${dark(paint.main, 0.3)}"/>
        <ellipse cx="395" cy="289" rx="82" ry="10" fill="#fbf8f2"/>
        <path d="M270 520 Q 400 560 530 520" stroke="${paint.accent}" stroke-width="14" fill="none"/>
        <path d="M275 545 Q 400 585 525 545" stroke="${paint.accent}" stroke-width="5" fill="none"/>
        <path d="M300 420 Q 305 390 325 380" stroke="#fff" stroke-width="10" stroke-linecap="round" opacity="0.4" fill="none"/>`,
    }),
  },

  platter: {
    setting: "flat",
    paint: { main: "#2f6f9f", accent: "#5ec4c0" },
    draw: ({ paint, defs }) => {
      const waves = [0, 1, 2].map((i) => `<path d="M${170 + i * 20} ${330 + i * 70} q 40 -30 80 0 t 80 0 t 80 0 t 80 0 t 80 0 t 80 0" stroke="${light(paint.accent, 0.4)}" stroke-width="5" fill="none" opacity="0.6"/>`);
      return {
        focus: [520, 470],
        body: `<ellipse cx="400" cy="400" rx="340" ry="230" fill="${defs.ball(paint.accent, 0.35)}"/>
          <ellipse cx="400" cy="400" rx="290" ry="185" fill="${defs.ball(paint.main, 0.25)}"/>
          ${waves.join("")}
          <path d="M290 380 L400 340 L390 440 Z" fill="#f2cf6b" stroke="#d9a93a" stroke-width="4"/>
          <path d="M420 410 L520 370 L530 470 Z" fill="#f6dd8a" stroke="#d9a93a" stroke-width="4"/>
          ${[[540, 300], [570, 330], [540, 340], [600, 310], [575, 290]].map(([x, y]) => `<circle cx="${x}" cy="${y}" r="22" fill="${defs.ball("#7a3b69", 0.4)}"/>`).join("")}`,
      };
    },
  },

  candlestick: {
    setting: "table",
    paint: { main: "#eee8dc", accent: "#f6f1e4" },
    draw: ({ paint, defs }) => ({
      footprint: 140,
      focus: [400, 260],
      body: `<ellipse cx="400" cy="620" rx="130" ry="26" fill="${dark(paint.main, 0.15)}"/>
        <path d="M270 620 L270 600 Q 400 560 530 600 L530 620 Z" fill="${defs.round(paint.main)}"/>
        <ellipse cx="400" cy="600" rx="130" ry="26" fill="${light(paint.main, 0.2)}"/>
        <path d="M350 590 L365 430 L435 430 L450 590 Z" fill="${defs.round(paint.main)}"/>
        ${[470, 510, 550].map((y) => `<rect x="352" y="${y}" width="96" height="8" fill="${dark(paint.main, 0.15)}" opacity="0.6"/>`).join("")}
        <path d="M330 400 L470 400 L450 440 L350 440 Z" fill="${defs.round(paint.main)}"/>
        <ellipse cx="400" cy="400" rx="70" ry="14" fill="${light(paint.main, 0.3)}"/>
        <rect x="385" y="170" width="30" height="232" rx="6" fill="${defs.round(paint.accent, 0.2)}"/>
        ${flame(defs, 400, 170, 70)}`,
    }),
  },
} satisfies Record<string, Kind>;
