/** Demo drawings of textiles: a knitted blanket, a scarf, a pillow, napkins, a tablecloth, an apron, towels, mittens, socks. */
import { dark, jitter, light, type Defs, type Kind } from "./kit";

/** rows of knitted "V" stitches in `color`, for mittens, socks and blankets */
function knit(defs: Defs, color: string, size = 16): string {
  const s = size;
  return defs.pattern(`knit${color}${s}`, s, s, `<rect width="${s}" height="${s}" fill="${color}"/><path d="M1 1 L${s / 2} ${s - 2} M${s - 1} 1 L${s / 2} ${s - 2}" stroke="${dark(color, 0.22)}" stroke-width="${s / 5}" stroke-linecap="round"/><path d="M3 2 L${s / 2} ${s - 5}" stroke="${light(color, 0.25)}" stroke-width="${s / 10}"/>`);
}

/** a stack of folded cloths, each a rounded slab with its folded edge in front */
function folded(defs: Defs, colors: string[], x: number, y: number, w: number, h: number, fill: (color: string) => string): string {
  return colors
    .map((color, i) => {
      const top = y - i * h;
      return `<rect x="${x}" y="${top}" width="${w}" height="${h}" rx="${h / 2}" fill="${fill(color)}"/>
        <rect x="${x}" y="${top}" width="${w}" height="${h}" rx="${h / 2}" fill="${defs.vertical("#ffffff", "#000000")}" opacity="0.12"/>`;
    })
    .join("");
}

function mitten(defs: Defs, color: string, accent: string): string {
  const shape = "M-90 -120 C -95 -200 -40 -230 10 -225 C 70 -220 95 -170 90 -90 L 95 -40 C 150 -70 175 -20 140 20 L 95 70 L 90 130 L -90 130 Z";
  return `<path d="${shape}" fill="${knit(defs, color)}" stroke="${dark(color, 0.25)}" stroke-width="4"/>
    <rect x="-100" y="110" width="200" height="70" rx="12" fill="${knit(defs, light(color, 0.75), 14)}" stroke="${dark(color, 0.2)}" stroke-width="3"/>
    <g transform="translate(0 -60)"><ellipse cx="0" cy="0" rx="38" ry="30" fill="#4d5560"/><ellipse cx="-8" cy="10" rx="26" ry="18" fill="${accent}"/><circle cx="-28" cy="-10" r="16" fill="#22262b"/><circle cx="-32" cy="-13" r="3" fill="#fff"/><path d="M-46 -8 l -14 4 l 14 4 Z" fill="#22262b"/><path d="M30 0 l 30 -12 l -4 22 Z" fill="#22262b"/></g>
    <path d="M-80 40 H 80" stroke="${light(color, 0.75)}" stroke-width="10" stroke-dasharray="14 10"/>`;
}

export const TEXTILE = {
  blanket: {
    setting: "table",
    paint: { main: "#e6ddd0", accent: "#c9b9a4" },
    draw: ({ paint, defs }) => {
      const chunky = defs.pattern(`chunky${paint.main}`, 40, 40, `<rect width="40" height="40" fill="${paint.main}"/><path d="M4 4 Q 12 36 20 36 Q 28 36 36 4" stroke="${dark(paint.main, 0.18)}" stroke-width="9" fill="none" stroke-linecap="round"/><path d="M8 6 Q 13 28 19 30" stroke="${light(paint.main, 0.5)}" stroke-width="3" fill="none"/>`);
      return {
        footprint: 280,
        focus: [400, 470],
        body: `<path d="M120 640 L120 560 Q 120 520 170 515 L630 515 Q 680 520 680 560 L680 640 Z" fill="${chunky}"/>
          <path d="M130 515 L130 430 Q 130 390 180 385 L620 385 Q 670 390 670 430 L670 515 Z" fill="${chunky}"/>
          <path d="M140 385 L140 310 Q 140 275 190 270 L610 270 Q 660 275 660 310 L660 385 Z" fill="${chunky}"/>
          ${[640, 515, 385].map((y) => `<path d="M140 ${y - 2} H 660" stroke="${dark(paint.main, 0.3)}" stroke-width="5" opacity="0.5"/>`).join("")}
          <path d="M660 300 Q 700 330 690 380" stroke="${dark(paint.main, 0.2)}" stroke-width="4" fill="none"/>
          ${[0, 1, 2, 3, 4, 5].map((i) => `<path d="M${200 + i * 80} 640 l -6 30 M${210 + i * 80} 640 l 4 28" stroke="${paint.accent}" stroke-width="6" stroke-linecap="round"/>`).join("")}`,
      };
    },
  },

  scarf: {
    setting: "flat",
    paint: { main: "#7a2733", accent: "#efe6d4" },
    draw: ({ paint, defs }) => {
      // a long ribbed band lying in a loose S, its fringed ends at the top left and the bottom right
      const rib = defs.pattern(`scarf${paint.main}`, 18, 18, `<rect width="18" height="18" fill="${paint.main}"/><rect width="7" height="18" fill="${dark(paint.main, 0.2)}"/><path d="M11 2 L14 9 L11 16" stroke="${light(paint.main, 0.18)}" stroke-width="2" fill="none"/>`);
      const band = "M170 150 L300 130 Q 560 150 600 300 Q 630 420 420 450 Q 230 480 250 590 Q 270 680 560 660 L600 740 Q 220 780 170 600 Q 130 430 360 390 Q 540 360 520 290 Q 500 210 210 250 Z";
      const fringe = (x: number, y: number, angle: number) =>
        `<g transform="translate(${x} ${y}) rotate(${angle})">${[0, 1, 2, 3, 4, 5, 6, 7].map((i) => `<path d="M${i * 16} 0 q ${i % 2 ? 4 : -4} 30 ${i % 3 - 1} 62" stroke="${dark(paint.main, 0.1)}" stroke-width="7" stroke-linecap="round" fill="none"/>`).join("")}</g>`;
      return {
        focus: [420, 420],
        body: `${fringe(160, 150, 96)}${fringe(560, 662, -70)}
          <path d="${band}" fill="${rib}" stroke="${dark(paint.main, 0.35)}" stroke-width="5" stroke-linejoin="round"/>
          <path d="${band}" fill="${defs.vertical("#ffffff", "#000000")}" opacity="0.1"/>
          <path d="M300 130 Q 560 150 600 300" stroke="${light(paint.main, 0.25)}" stroke-width="6" fill="none" opacity="0.7"/>
          <path d="M360 390 Q 540 360 520 290" stroke="${dark(paint.main, 0.35)}" stroke-width="8" fill="none" opacity="0.6"/>
          <rect x="455" y="600" width="70" height="34" rx="5" fill="${paint.accent}" stroke="${dark(paint.accent, 0.3)}" stroke-width="3" transform="rotate(-4 490 617)"/>
          <path d="M470 617 h40" stroke="${dark(paint.accent, 0.45)}" stroke-width="4"/>`,
      };
    },
  },

  pillow: {
    setting: "table",
    paint: { main: "#d8cbb0", accent: "#9c88c4" },
    draw: ({ paint, defs }) => {
      const linen = defs.pattern(`pl${paint.main}`, 7, 7, `<rect width="7" height="7" fill="${paint.main}"/><path d="M0 3.5H7M3.5 0V7" stroke="${dark(paint.main, 0.15)}" stroke-width="1.4"/>`);
      const shape = "M170 262 Q 400 302 630 262 Q 600 452 630 642 Q 400 602 170 642 Q 200 452 170 262 Z";
      return {
        footprint: 250,
        focus: [420, 440],
        body: `<path d="${shape}" fill="${linen}"/><path d="${shape}" fill="${defs.ball("#ffffff", 0)}" opacity="0.3"/>
          <path d="${shape}" fill="none" stroke="${dark(paint.main, 0.25)}" stroke-width="5"/>
          <path d="M240 300 Q 400 330 560 300 M230 580 Q 400 555 570 580" stroke="${dark(paint.main, 0.12)}" stroke-width="4" fill="none"/>
          ${[0, 1, 2].map((i) => `<g transform="translate(${340 + i * 60} ${420 + (i % 2) * 20})"><path d="M0 60 L0 -40" stroke="#7d8c5a" stroke-width="4"/>${[0, 1, 2, 3, 4].map((j) => `<ellipse cx="0" cy="${-40 + j * 14}" rx="7" ry="10" fill="${paint.accent}"/>`).join("")}</g>`).join("")}`,
      };
    },
  },

  napkins: {
    setting: "flat",
    paint: { main: "#d8cbb0", accent: "#8a9a7b" },
    draw: ({ paint, defs }) => {
      const colors = [paint.main, paint.accent, light(paint.main, 0.3), dark(paint.main, 0.12)];
      const cloth = (color: string) => defs.pattern(`nap${color}`, 6, 6, `<rect width="6" height="6" fill="${color}"/><path d="M0 3H6M3 0V6" stroke="${dark(color, 0.12)}" stroke-width="1.2"/>`);
      return {
        focus: [560, 540],
        body: colors
          .map((color, i) => `<g transform="translate(${i * 18 - 27} ${i * 22 - 33})"><rect x="180" y="180" width="440" height="440" rx="6" fill="${cloth(color)}"/>
            <rect x="196" y="196" width="408" height="408" fill="none" stroke="${dark(color, 0.2)}" stroke-width="2" stroke-dasharray="8 6"/>
            <path d="M180 620 l -6 10 M200 620 l -2 10 M220 620 l 3 10 M240 620 l -4 9 M620 600 l 10 4 M620 580 l 9 -2" stroke="${color}" stroke-width="3"/></g>`)
          .join("") +
          // the top napkin's corner folded back, and a sprig of rosemary on it
          `<path d="M647 493 L487 653 L647 653 Z" fill="${colors[2]}"/><path d="M647 493 L487 653 L487 493 Z" fill="${light(colors[3]!, 0.2)}" stroke="${dark(colors[3]!, 0.25)}" stroke-width="3"/>
          <g transform="translate(330 520) rotate(-35) scale(1.4)"><path d="M0 0 L0 -200" stroke="#5f6f4a" stroke-width="5"/>${Array.from({ length: 9 }, (_, j) => `<ellipse cx="${j % 2 ? 10 : -10}" cy="${-20 - j * 20}" rx="5" ry="16" transform="rotate(${j % 2 ? 30 : -30} ${j % 2 ? 10 : -10} ${-20 - j * 20})" fill="#6f8a5a"/>`).join("")}</g>`,
      };
    },
  },

  tablecloth: {
    setting: "table",
    paint: { main: "#b6403a", accent: "#f4efe6" },
    draw: ({ paint, defs }) => {
      const check = defs.pattern(`check${paint.main}`, 60, 60, `<rect width="60" height="60" fill="${paint.accent}"/><rect width="30" height="60" fill="${paint.main}" opacity="0.55"/><rect width="60" height="30" fill="${paint.main}" opacity="0.55"/>`);
      const check3d = defs.pattern(`check3d${paint.main}`, 60, 60, `<rect width="60" height="60" fill="${paint.accent}"/><rect width="30" height="60" fill="${paint.main}" opacity="0.55"/><rect width="60" height="30" fill="${paint.main}" opacity="0.55"/>`, "scale(1 0.45) skewX(-20)");
      return {
        footprint: 330,
        focus: [400, 560],
        body: `<path d="M60 470 L740 470 L780 380 L20 380 Z" fill="${check3d}"/>
          <path d="M60 470 L740 470 Q 760 560 730 650 Q 700 640 670 660 Q 640 640 600 660 Q 560 640 520 662 Q 480 640 440 660 Q 400 640 360 662 Q 320 640 280 660 Q 240 640 200 662 Q 160 640 120 660 Q 90 640 70 650 Q 40 560 60 470 Z" fill="${check}"/>
          <path d="M60 470 L740 470 Q 760 560 730 650 L70 650 Q 40 560 60 470 Z" fill="${defs.vertical("#000000", "#ffffff")}" opacity="0.12"/>
          ${[160, 280, 400, 520, 640].map((x) => `<path d="M${x} 480 Q ${x + 10} 570 ${x} 650" stroke="${dark(paint.accent, 0.4)}" stroke-width="6" opacity="0.25" fill="none"/>`).join("")}
          <path d="M330 360 q 70 -30 140 0 l -10 26 q -60 -20 -120 0 Z" fill="#e8dfd0" stroke="#c9bca6" stroke-width="3"/>`,
      };
    },
  },

  apron: {
    setting: "wall",
    paint: { main: "#5f6f5a", accent: "#7a4a2a" },
    draw: ({ paint, defs }) => {
      const canvas = defs.pattern(`apr${paint.main}`, 5, 5, `<rect width="5" height="5" fill="${paint.main}"/><path d="M0 0L5 5" stroke="${dark(paint.main, 0.15)}" stroke-width="1"/>`);
      const shape = "M300 170 L500 170 L505 330 Q 560 320 600 300 L620 700 Q 400 730 180 700 L200 300 Q 240 320 295 330 Z";
      return {
        focus: [400, 500],
        body: `<circle cx="400" cy="60" r="10" fill="#777"/><path d="M310 175 L400 62 L490 175" stroke="${paint.accent}" stroke-width="14" fill="none"/>
          <path d="M200 305 Q 120 360 90 460 M600 305 Q 680 360 710 460" stroke="${paint.accent}" stroke-width="14" fill="none" stroke-linecap="round"/>
          <path d="${shape}" fill="${canvas}" stroke="${dark(paint.main, 0.3)}" stroke-width="5"/>
          <rect x="250" y="450" width="130" height="120" rx="6" fill="${light(paint.main, 0.08)}" stroke="${dark(paint.main, 0.35)}" stroke-width="4" stroke-dasharray="10 6"/>
          <rect x="420" y="450" width="130" height="120" rx="6" fill="${light(paint.main, 0.08)}" stroke="${dark(paint.main, 0.35)}" stroke-width="4" stroke-dasharray="10 6"/>
          <rect x="300" y="170" width="200" height="18" fill="${paint.accent}"/>
          <rect x="455" y="405" width="10" height="70" rx="4" fill="#d9b26a" transform="rotate(12 460 440)"/>`,
      };
    },
  },

  towels: {
    setting: "table",
    paint: { main: "#f1ede4", accent: "#c0483b" },
    draw: ({ paint, defs }) => {
      const waffle = (color: string) => defs.pattern(`waf${color}`, 14, 14, `<rect width="14" height="14" fill="${dark(color, 0.1)}"/><rect x="2" y="2" width="10" height="10" rx="2" fill="${light(color, 0.3)}"/>`);
      const stripes = (y: number, h: number) => `<rect x="170" y="${y + h * 0.2}" width="460" height="12" fill="${paint.accent}"/><rect x="170" y="${y + h * 0.2 + 20}" width="460" height="5" fill="${paint.accent}"/>`;
      return {
        footprint: 260,
        focus: [330, 500],
        body: `${folded(defs, [paint.main, light(paint.accent, 0.7)], 170, 530, 460, 110, waffle)}
          ${stripes(530, 110)}${stripes(420, 110)}
          <path d="M400 420 q -20 -60 20 -60 q 40 0 20 60" stroke="${paint.accent}" stroke-width="6" fill="none"/>`,
      };
    },
  },

  mittens: {
    setting: "flat",
    paint: { main: "#2f4f7a", accent: "#c9423a" },
    draw: ({ paint, defs }) => ({
      focus: [300, 330],
      body: `<g transform="translate(290 420) rotate(-12)">${mitten(defs, paint.main, paint.accent)}</g>
        <g transform="translate(520 390) rotate(10) scale(-1 1)">${mitten(defs, paint.main, paint.accent)}</g>`,
    }),
  },

  socks: {
    setting: "flat",
    paint: { main: "#8e8a80", accent: "#e9e3d6" },
    draw: ({ paint, defs }) => {
      const sock = (color: string) => `<path d="M-70 -220 L70 -220 L70 60 Q 70 120 140 140 L200 160 Q 250 180 240 230 Q 230 270 180 270 L-20 250 Q -80 240 -75 180 Z" fill="${knit(defs, color, 14)}" stroke="${dark(color, 0.3)}" stroke-width="4"/>
        <path d="M-70 -220 L70 -220 L70 -140 L-70 -140 Z" fill="${defs.pattern(`rib${color}`, 14, 14, `<rect width="14" height="14" fill="${color}"/><rect width="6" height="14" fill="${dark(color, 0.2)}"/>`)}" stroke="${dark(color, 0.3)}" stroke-width="4"/>
        <path d="M-70 -120 H 70 M-70 -100 H 70" stroke="${paint.accent}" stroke-width="10"/>
        <path d="M150 140 Q 245 170 240 230 Q 230 270 180 270 L150 268 Q 200 200 150 140 Z" fill="${knit(defs, paint.accent, 14)}"/>
        <path d="M-74 160 Q -80 240 -20 250 L20 254 Q -30 200 -74 160 Z" fill="${knit(defs, paint.accent, 14)}"/>`;
      return {
        focus: [400, 250],
        body: `<g transform="translate(260 380) rotate(-8)">${sock(paint.main)}</g><g transform="translate(470 400) rotate(6)">${sock(dark(paint.main, 0.08))}</g>`,
      };
    },
  },

  macrame: {
    setting: "wall",
    paint: { main: "#efe6d4", accent: "#b98a55" },
    draw: ({ paint, defs, r }) => {
      const cords = Array.from({ length: 14 }, (_, i) => 240 + i * 24);
      const knots = cords.flatMap((x, i) => [0, 1, 2, 3].filter((row) => (i + row) % 2 === 0).map((row) => `<ellipse cx="${x + 12}" cy="${250 + row * 60 + (Math.abs(i - 6.5) * 8)}" rx="16" ry="12" fill="${light(paint.main, 0.2)}" stroke="${dark(paint.main, 0.2)}" stroke-width="2"/>`));
      return {
        focus: [400, 330],
        body: `<path d="M230 160 L400 60 L570 160" stroke="${dark(paint.main, 0.2)}" stroke-width="5" fill="none"/>
          <rect x="200" y="150" width="400" height="22" rx="11" fill="${defs.vertical(light(paint.accent, 0.2), dark(paint.accent, 0.2))}"/>
          ${cords.map((x) => `<path d="M${x} 172 L${x} 560 Q ${x + jitter(r, 0, 10)} 640 ${x + (x - 400) * 0.1} ${700 - Math.abs(x - 400) * 0.6}" stroke="${paint.main}" stroke-width="10" fill="none" stroke-linecap="round"/>`).join("")}
          ${cords.map((x) => `<path d="M${x} 172 L${x} 560" stroke="${dark(paint.main, 0.15)}" stroke-width="2" stroke-dasharray="6 6"/>`).join("")}
          ${knots.join("")}
          <circle cx="400" cy="520" r="54" fill="none" stroke="${paint.accent}" stroke-width="10"/>
          ${[0, 1, 2, 3, 4, 5, 6, 7].map((i) => `<path d="M400 520 L${Math.round(400 + Math.cos((i * Math.PI) / 4) * 90)} ${Math.round(520 + Math.sin((i * Math.PI) / 4) * 90)}" stroke="${paint.accent}" stroke-width="6"/>`).join("")}
          <circle cx="400" cy="520" r="30" fill="#e0a43a"/>`,
      };
    },
  },

  pouch: {
    setting: "flat",
    paint: { main: "#d8cbb0", accent: "#8d77bf" },
    draw: ({ paint, defs }) => {
      const linen = defs.pattern(`pouch${paint.main}`, 7, 7, `<rect width="7" height="7" fill="${paint.main}"/><path d="M0 3.5H7M3.5 0V7" stroke="${dark(paint.main, 0.18)}" stroke-width="1.4"/>`);
      const buds = (x: number, y: number, angle: number) => `<g transform="translate(${x} ${y}) rotate(${angle})"><path d="M0 0 L0 -150" stroke="#7d8c5a" stroke-width="4"/>${[0, 1, 2, 3, 4, 5].map((j) => `<ellipse cx="${j % 2 ? 5 : -5}" cy="${-90 - j * 12}" rx="6" ry="10" fill="${paint.accent}"/>`).join("")}</g>`;
      return {
        focus: [400, 290],
        body: `${buds(360, 300, -25)}${buds(400, 300, 0)}${buds(440, 300, 22)}
          <path d="M260 300 Q 400 270 540 300 L560 620 Q 400 650 240 620 Z" fill="${linen}" stroke="${dark(paint.main, 0.3)}" stroke-width="4"/>
          <path d="M255 300 Q 330 330 400 325 Q 470 330 545 300 L548 350 Q 400 370 252 350 Z" fill="${dark(paint.main, 0.08)}" opacity="0.6"/>
          <path d="M250 350 Q 400 375 550 350" stroke="#b9a37a" stroke-width="8" fill="none"/>
          <path d="M400 362 q -60 60 -90 120 M400 362 q 50 70 70 130" stroke="#b9a37a" stroke-width="7" fill="none" stroke-linecap="round"/>
          <path d="M330 500 q 70 -25 140 0" stroke="${paint.accent}" stroke-width="5" fill="none"/>
          ${[340, 370, 400, 430, 460].map((x, i) => `<ellipse cx="${x}" cy="${494 - (i === 2 ? 8 : 0)}" rx="6" ry="9" fill="${paint.accent}"/>`).join("")}`,
      };
    },
  },

  basket: {
    setting: "table",
    paint: { main: "#e7dfcf", accent: "#b08a5a" },
    draw: ({ paint, defs }) => {
      const weave = defs.pattern(`bsk${paint.main}`, 40, 30, `<rect width="40" height="30" fill="${paint.main}"/><ellipse cx="10" cy="8" rx="12" ry="6" fill="${light(paint.main, 0.25)}" stroke="${dark(paint.main, 0.25)}" stroke-width="2"/><ellipse cx="30" cy="23" rx="12" ry="6" fill="${light(paint.main, 0.25)}" stroke="${dark(paint.main, 0.25)}" stroke-width="2"/>`);
      return {
        footprint: 220,
        focus: [400, 470],
        body: `<path d="M190 330 L610 330 L580 610 Q 575 640 540 640 L260 640 Q 225 640 220 610 Z" fill="${weave}" stroke="${dark(paint.main, 0.3)}" stroke-width="4"/>
          <path d="M190 330 L610 330 L580 610 Q 575 640 540 640 L260 640 Q 225 640 220 610 Z" fill="${defs.round("#808080", 0.8)}" opacity="0.25"/>
          <ellipse cx="400" cy="330" rx="212" ry="40" fill="${dark(paint.main, 0.35)}"/>
          <ellipse cx="400" cy="330" rx="212" ry="40" fill="none" stroke="${light(paint.main, 0.1)}" stroke-width="18"/>
          <path d="M230 350 Q 210 260 270 250 Q 300 250 300 340" stroke="${paint.accent}" stroke-width="16" fill="none"/>
          <path d="M570 350 Q 590 260 530 250 Q 500 250 500 340" stroke="${paint.accent}" stroke-width="16" fill="none"/>`,
      };
    },
  },
} satisfies Record<string, Kind>;
