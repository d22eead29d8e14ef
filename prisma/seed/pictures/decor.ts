/** Demo drawings of home decor: wreaths, a bouquet, a mirror, a garland, a dreamcatcher, an angel, a poster, a bell, a moon. */
import { around, dark, jitter, light, starPoints, type Kind, type Paint } from "./kit";

/** a door wreath: dried flowers and grasses, or pine with cones and a ribbon */
function wreath(pine: boolean, paint: Paint): Kind {
  return {
    setting: "wall",
    paint,
    draw: ({ paint, r }) => {
      const ring = around(400, 420, 210, 40).map(([x, y], i) => {
        const angle = (i / 40) * 360;
        const leaf = pine
          ? `<path d="M0 -40 L0 40 ${[-30, -15, 0, 15, 30].map((y) => `M0 ${y} L${-24} ${y - 14} M0 ${y} L24 ${y - 14}`).join(" ")}" stroke="${i % 2 ? paint.main : light(paint.main, 0.2)}" stroke-width="5"/>`
          : `<ellipse cx="0" cy="0" rx="20" ry="48" fill="${["#7d8c5a", "#a3b18a", "#8a9a7b"][i % 3]}"/>`;
        return `<g transform="translate(${x} ${y}) rotate(${angle + jitter(r, 30, 40)})">${leaf}</g>`;
      });
      const extras = pine
        ? around(400, 420, 210, 7, 0.4).map(([x, y]) => `<ellipse cx="${x}" cy="${y}" rx="22" ry="32" fill="#7a4f2a"/>${[0, 1, 2].map((j) => `<path d="M${x - 18} ${y - 16 + j * 14} q 18 10 36 0" stroke="#4f321a" stroke-width="4" fill="none"/>`).join("")}`).join("") +
          `<path d="M400 610 l -60 110 l 40 -10 l 20 -100 l 20 100 l 40 10 Z" fill="${paint.accent}"/><ellipse cx="360" cy="615" rx="48" ry="28" fill="${paint.accent}"/><ellipse cx="440" cy="615" rx="48" ry="28" fill="${paint.accent}"/><circle cx="400" cy="618" r="20" fill="${dark(paint.accent, 0.2)}"/>`
        : around(400, 420, 210, 9, 0.2).map(([x, y], i) => `<g transform="translate(${x} ${y})">${around(0, 0, 22, 8).map(([px, py]) => `<circle cx="${px}" cy="${py}" r="15" fill="${["#e7b8c0", "#f3e3c3", paint.accent, "#c9b6de"][i % 4]}"/>`).join("")}<circle r="12" fill="${dark(paint.accent, 0.2)}"/></g>`).join("") +
          around(400, 420, 210, 6, 0.6).map(([x, y]) => `<path d="M${x} ${y} l 20 -50" stroke="#d9c9a0" stroke-width="4"/><ellipse cx="${x + 22}" cy="${y - 60}" rx="10" ry="18" fill="#efe3c8"/>`).join("");
      return {
        focus: [560, 300],
        body: `<path d="M400 70 L400 210" stroke="${dark(paint.main, 0.2)}" stroke-width="4"/><circle cx="400" cy="66" r="8" fill="#777"/>
          <circle cx="400" cy="420" r="210" fill="none" stroke="#8a6a44" stroke-width="40"/>${ring.join("")}${extras}`,
      };
    },
  };
}

export const DECOR = {
  wreath: wreath(false, { main: "#b9824a", accent: "#d9a441" }),
  "pine-wreath": wreath(true, { main: "#3f6b3a", accent: "#b3262e" }),

  bouquet: {
    setting: "table",
    paint: { main: "#e7b8c0", accent: "#c9b6de" },
    draw: ({ paint, defs, r }) => {
      const heads = Array.from({ length: 14 }, (_, i) => {
        const x = 400 + jitter(r, 0, 320);
        const y = 220 + jitter(r, 0, 200);
        const color = [paint.main, paint.accent, "#f3e3c3", light(paint.main, 0.4)][i % 4]!;
        const stem = `<path d="M400 560 Q ${(x + 400) / 2} ${(y + 560) / 2 + 20} ${x} ${y}" stroke="#9aa37a" stroke-width="4" fill="none"/>`;
        return i % 3 === 0
          ? { stem, head: `<ellipse cx="${x}" cy="${y}" rx="16" ry="40" fill="${color}" transform="rotate(${(x - 400) / 6} ${x} ${y})"/>` }
          : { stem, head: `<g transform="translate(${x} ${y})">${around(0, 0, 14, 7).map(([px, py]) => `<circle cx="${px}" cy="${py}" r="12" fill="${color}"/>`).join("")}<circle r="8" fill="${dark(color, 0.25)}"/></g>` };
      });
      return {
        footprint: 110,
        focus: [400, 300],
        body: `${heads.map((h) => h.stem).join("")}${heads.map((h) => h.head).join("")}
          <path d="M330 470 L470 470 L440 640 L360 640 Z" fill="${defs.round("#d8c3a0", 0.3)}"/>
          <path d="M330 470 L400 420 L470 470 Z" fill="#c2a072"/>
          <path d="M340 540 L460 540" stroke="${dark(paint.main, 0.3)}" stroke-width="10"/>
          <path d="M400 540 q -40 40 -50 90 M400 540 q 30 50 40 90" stroke="${dark(paint.main, 0.3)}" stroke-width="6" fill="none"/>`,
      };
    },
  },

  mirror: {
    setting: "wall",
    paint: { main: "#c2a072", accent: "#dfe7ec" },
    draw: ({ paint, defs }) => ({
      focus: [560, 560],
      body: `<path d="M400 60 L400 110" stroke="${paint.main}" stroke-width="10"/><circle cx="400" cy="55" r="9" fill="#777"/>
        ${Array.from({ length: 36 }, (_, i) => `<ellipse cx="400" cy="110" rx="26" ry="16" fill="${i % 2 ? paint.main : light(paint.main, 0.15)}" stroke="${dark(paint.main, 0.3)}" stroke-width="3" transform="rotate(${i * 10} 400 410)"/>`).join("")}
        <circle cx="400" cy="410" r="285" fill="none" stroke="${paint.main}" stroke-width="30" stroke-dasharray="14 6"/>
        <circle cx="400" cy="410" r="262" fill="${defs.vertical(light(paint.accent, 0.4), dark(paint.accent, 0.15))}"/>
        <path d="M230 300 L330 190 M250 360 L400 200 M520 560 L580 500" stroke="#fff" stroke-width="16" stroke-linecap="round" opacity="0.6"/>
        <path d="M140 560 Q 400 480 660 560 L620 630 Q 400 680 180 630 Z" fill="#c9d2b8" opacity="0.45"/>`,
    }),
  },

  garland: {
    setting: "wall",
    paint: { main: "#c0392b", accent: "#f1ece4" },
    draw: ({ paint, defs }) => {
      const points = Array.from({ length: 7 }, (_, i) => {
        const x = 60 + i * 113;
        return [x, Math.round(260 + Math.sin((i / 6) * Math.PI) * 180)] as const;
      });
      const colors = [paint.main, paint.accent, "#e0a43a", "#4f7a4a"];
      const felt = (color: string) => defs.pattern(`felt${color}`, 6, 6, `<rect width="6" height="6" fill="${color}"/><circle cx="2" cy="2" r="1" fill="${dark(color, 0.12)}"/><circle cx="5" cy="4" r="0.8" fill="${light(color, 0.2)}"/>`);
      return {
        focus: [400, 440],
        body: `<path d="M0 180 Q 400 640 800 180" stroke="#b9a37a" stroke-width="4" fill="none"/>
          ${points.map(([x, y], i) => `<g transform="rotate(${(i - 3) * 8} ${x} ${y})"><polygon points="${starPoints(x, y + 60, 70, 30, 5)}" fill="${felt(colors[i % 4]!)}" stroke="${dark(colors[i % 4]!, 0.25)}" stroke-width="3"/>
            <polygon points="${starPoints(x, y + 60, 56, 24, 5)}" fill="none" stroke="${light(colors[i % 4]!, 0.6)}" stroke-width="3" stroke-dasharray="6 6"/></g>`).join("")}`,
      };
    },
  },

  dreamcatcher: {
    setting: "wall",
    paint: { main: "#b08a5a", accent: "#7d8c5a" },
    draw: ({ paint }) => {
      const web = around(400, 300, 170, 9).map(([x, y]) => `<path d="M400 300 L${x} ${y}" stroke="#efe6d4" stroke-width="3" opacity="0.7"/>`).join("");
      const rings = [60, 110].map((rad) => `<polygon points="${around(400, 300, rad, 9, 0.35).map((p) => p.join(",")).join(" ")}" fill="none" stroke="#efe6d4" stroke-width="3"/>`).join("");
      const feather = (x: number, len: number, color: string) => `<path d="M${x} 470 L${x} ${470 + len * 0.25}" stroke="#efe6d4" stroke-width="3"/><circle cx="${x}" cy="${470 + len * 0.25}" r="10" fill="${paint.main}"/>
        <path d="M${x} ${480 + len * 0.25} C ${x + 40} ${520 + len * 0.3} ${x + 30} ${480 + len} ${x} ${500 + len} C ${x - 30} ${480 + len} ${x - 40} ${520 + len * 0.3} ${x} ${480 + len * 0.25} Z" fill="${color}"/>
        <path d="M${x} ${480 + len * 0.25} L${x} ${500 + len}" stroke="${dark(color, 0.3)}" stroke-width="3"/>`;
      return {
        focus: [400, 300],
        body: `<path d="M400 40 L400 130" stroke="${paint.main}" stroke-width="4"/>
          <circle cx="400" cy="300" r="170" fill="none" stroke="${paint.main}" stroke-width="16"/>
          <circle cx="400" cy="300" r="170" fill="none" stroke="${dark(paint.main, 0.3)}" stroke-width="16" stroke-dasharray="4 14"/>
          ${web}${rings}<circle cx="400" cy="300" r="14" fill="#8b5a2b"/>
          ${feather(300, 200, "#e9dcc3")}${feather(400, 260, paint.accent)}${feather(500, 200, "#c9a074")}`,
      };
    },
  },

  angel: {
    setting: "table",
    paint: { main: "#d9cbb6", accent: "#c9a24a" },
    draw: ({ paint, defs }) => ({
      footprint: 150,
      focus: [400, 260],
      body: `<path d="M370 340 C 250 250 170 330 200 470 C 260 440 320 420 370 400 Z" fill="${defs.round(light(paint.main, 0.2), 0.3)}"/>
        <path d="M430 340 C 550 250 630 330 600 470 C 540 440 480 420 430 400 Z" fill="${defs.round(light(paint.main, 0.2), 0.3)}"/>
        ${[0, 1, 2].map((i) => `<path d="M${230 + i * 30} ${440 - i * 30} q 60 -20 120 -40 M${570 - i * 30} ${440 - i * 30} q -60 -20 -120 -40" stroke="${dark(paint.main, 0.25)}" stroke-width="4" fill="none"/>`).join("")}
        <path d="M400 300 C 340 330 300 520 270 640 L530 640 C 500 520 460 330 400 300 Z" fill="${defs.round(paint.main, 0.3)}"/>
        <path d="M330 600 Q 400 560 470 600" stroke="${paint.accent}" stroke-width="8" fill="none"/>
        ${[340, 380, 420, 460].map((x) => `<circle cx="${x}" cy="${585 - Math.abs(x - 400) * 0.15}" r="5" fill="${paint.accent}"/>`).join("")}
        <circle cx="400" cy="250" r="60" fill="${defs.ball(paint.main, 0.35)}"/>
        <path d="M375 250 q 8 8 16 0 M410 250 q 8 8 16 0" stroke="${dark(paint.main, 0.5)}" stroke-width="4" fill="none"/>
        <circle cx="372" cy="272" r="8" fill="#e8a9a0" opacity="0.6"/><circle cx="428" cy="272" r="8" fill="#e8a9a0" opacity="0.6"/>
        <ellipse cx="400" cy="180" rx="56" ry="14" fill="none" stroke="${paint.accent}" stroke-width="8"/>
        <path d="M360 380 Q 400 420 440 380" stroke="${dark(paint.main, 0.2)}" stroke-width="18" fill="none" stroke-linecap="round"/>`,
    }),
  },

  poster: {
    setting: "wall",
    paint: { main: "#d4a373", accent: "#fbf8f1" },
    draw: ({ paint, defs }) => {
      const herb = (x: number, h: number, color: string, leafy: boolean) => `<path d="M${x} 610 Q ${x + 10} ${610 - h / 2} ${x - 5} ${610 - h}" stroke="${dark(color, 0.2)}" stroke-width="4" fill="none"/>
        ${Array.from({ length: 6 }, (_, j) => leafy
          ? `<ellipse cx="${x + (j % 2 ? 16 : -16)}" cy="${600 - (j + 1) * h / 7}" rx="18" ry="8" transform="rotate(${j % 2 ? -30 : 30} ${x} ${600 - (j + 1) * h / 7})" fill="${color}" opacity="0.85"/>`
          : `<circle cx="${x + (j % 2 ? 6 : -6)}" cy="${610 - h + j * 12}" r="7" fill="${color}" opacity="0.85"/>`).join("")}`;
      return {
        focus: [400, 440],
        body: `<rect x="170" y="90" width="460" height="620" fill="${defs.vertical(light(paint.main, 0.15), dark(paint.main, 0.15))}"/>
          <rect x="200" y="120" width="400" height="560" fill="${paint.accent}"/>
          <rect x="240" y="160" width="320" height="480" fill="#fffdf8" stroke="#eee6d6" stroke-width="2"/>
          ${herb(310, 300, "#7d9a5c", true)}${herb(400, 380, "#9a88c4", false)}${herb(490, 280, "#a3b18a", true)}
          <path d="M330 610 Q 400 630 470 610" stroke="#c9b89a" stroke-width="3" fill="none"/>`,
      };
    },
  },

  bell: {
    setting: "wall",
    paint: { main: "#f1ede4", accent: "#2f4fa2" },
    draw: ({ paint, defs }) => ({
      focus: [400, 470],
      body: `<path d="M400 40 L400 250" stroke="#b3262e" stroke-width="10"/>
        <path d="M360 210 q 40 -40 80 0 q -40 20 -80 0 Z" fill="#b3262e"/>
        <path d="M400 250 C 300 250 290 360 280 460 C 270 540 220 560 200 600 L600 600 C 580 560 530 540 520 460 C 510 360 500 250 400 250 Z" fill="${defs.round(paint.main, 0.3)}"/>
        <ellipse cx="400" cy="600" rx="200" ry="30" fill="${dark(paint.main, 0.2)}"/>
        <circle cx="400" cy="632" r="26" fill="${defs.ball("#c9a24a", 0.4)}"/>
        ${[330, 400, 470].map((x, i) => `<g transform="translate(${x} ${450 + (i === 1 ? -40 : 0)})">${[0, 60, 120].map((a) => `<path d="M-26 0 H26 M-20 -8 l8 8 l-8 8 M20 -8 l-8 8 l8 8" stroke="${paint.accent}" stroke-width="4" fill="none" transform="rotate(${a})"/>`).join("")}</g>`).join("")}
        <path d="M240 540 Q 400 570 560 540" stroke="${paint.accent}" stroke-width="6" fill="none"/>`,
    }),
  },

  moon: {
    setting: "wall",
    paint: { main: "#c9a24a", accent: "#a8d0e6" },
    draw: ({ paint, defs }) => ({
      focus: [330, 560],
      body: `<path d="M480 30 L480 150" stroke="#777" stroke-width="3"/>
        <path d="M480 150 A 230 230 0 1 0 620 560 A 190 190 0 1 1 480 150 Z" fill="${defs.round(paint.main, 0.5)}"/>
        ${[[330, 560], [270, 500], [400, 600]].map(([x, y], i) => `<path d="M${x} ${y! + 10} L${x} ${y! + 80 + i * 30}" stroke="${paint.main}" stroke-width="3"/>
          <path d="M${x} ${y! + 80 + i * 30} q 18 26 0 44 q -18 -18 0 -44 Z" fill="${defs.ball(paint.accent, 0.6)}" opacity="0.9"/>`).join("")}
        ${[[560, 240], [600, 330], [520, 180]].map(([x, y]) => `<polygon points="${starPoints(x!, y!, 16, 6, 4)}" fill="${light(paint.main, 0.3)}"/>`).join("")}`,
    }),
  },
} satisfies Record<string, Kind>;
