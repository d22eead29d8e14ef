/** Demo drawings of jewellery, as flat lays: earrings, rings, a bracelet, a brooch, a pendant, a necklace, a hair clip, a shell dish. */
import { around, dark, light, type Defs, type Kind } from "./kit";

/** a metal band seen from above: a ring, a hoop */
function band(defs: Defs, cx: number, cy: number, radius: number, color: string, width = 18): string {
  return `<circle cx="${cx}" cy="${cy}" r="${radius}" fill="none" stroke="${dark(color, 0.35)}" stroke-width="${width + 4}"/>
    <circle cx="${cx}" cy="${cy}" r="${radius}" fill="none" stroke="${defs.ball(color, 0.6)}" stroke-width="${width}"/>
    <path d="M${cx - radius * 0.7} ${cy - radius * 0.7} A ${radius} ${radius} 0 0 1 ${cx + radius * 0.2} ${cy - radius * 0.98}" stroke="#fff" stroke-width="${width / 3}" fill="none" opacity="0.7" stroke-linecap="round"/>`;
}

/** an ear wire hook ending at (x, y) */
const hook = (x: number, y: number, color: string) => `<path d="M${x} ${y} L${x} ${y - 30} C ${x} ${y - 90} ${x + 60} ${y - 90} ${x + 55} ${y - 40}" stroke="${color}" stroke-width="6" fill="none" stroke-linecap="round"/><circle cx="${x}" cy="${y}" r="9" fill="${color}"/>`;

export const JEWELLERY = {
  "drop-earrings": {
    setting: "flat",
    paint: { main: "#c8643c", accent: "#c9ccd1" },
    draw: ({ paint, defs }) => {
      const drop = (x: number) => `${hook(x, 300, paint.accent)}<path d="M${x} 310 C ${x + 90} 420 ${x + 90} 560 ${x} 560 C ${x - 90} 560 ${x - 90} 420 ${x} 310 Z" fill="${defs.ball(paint.main, 0.35)}"/>
        <path d="M${x - 30} 470 q 30 -20 60 0" stroke="${light(paint.main, 0.5)}" stroke-width="6" fill="none"/>`;
      return { focus: [290, 400], body: `${drop(290)}${drop(510)}` };
    },
  },

  "hoop-earrings": {
    setting: "flat",
    paint: { main: "#c9a24a", accent: "#8a6d2a" },
    draw: ({ paint, defs }) => {
      const hoop = (x: number) => `${band(defs, x, 440, 130, paint.main, 16)}${[0, 1, 2, 3, 4, 5, 6, 7].map((i) => {
        const [px, py] = around(x, 440, 130, 8, 0.3)[i]!;
        return `<ellipse cx="${px}" cy="${py}" rx="6" ry="3" fill="${dark(paint.main, 0.2)}" opacity="0.7"/>`;
      }).join("")}<path d="M${x} 310 L${x} 250" stroke="${paint.accent}" stroke-width="6"/>`;
      return { focus: [260, 350], body: `${hoop(250)}${hoop(550)}` };
    },
  },

  ring: {
    setting: "flat",
    paint: { main: "#c9ccd1", accent: "#7d9a5c" },
    draw: ({ paint, defs }) => ({
      focus: [400, 300],
      body: `${band(defs, 400, 420, 150, paint.main, 24)}
        <g transform="translate(400 270)">${[0, 1, 2, 3].map((i) => `<ellipse cx="${i * 22 - 33}" cy="${i % 2 ? -10 : 8}" rx="18" ry="8" transform="rotate(${i % 2 ? -30 : 30} ${i * 22 - 33} 0)" fill="${defs.ball(paint.main, 0.6)}" stroke="${dark(paint.main, 0.3)}" stroke-width="2"/>`).join("")}<path d="M-60 0 L60 0" stroke="${dark(paint.main, 0.3)}" stroke-width="4"/></g>
        ${band(defs, 620, 650, 70, light(paint.main, 0.1), 12)}`,
    }),
  },

  "ring-set": {
    setting: "flat",
    paint: { main: "#c9a24a", accent: "#c9ccd1" },
    draw: ({ paint, defs }) => ({
      focus: [400, 420],
      body: `${band(defs, 290, 360, 110, paint.main, 12)}${band(defs, 510, 330, 110, paint.accent, 12)}${band(defs, 400, 520, 110, light(paint.main, 0.25), 12)}
        ${[[290, 250], [510, 220], [400, 410]].map(([x, y]) => `<path d="M${x! - 14} ${y! - 12} a 16 16 0 1 0 22 20 a 12 12 0 1 1 -22 -20 Z" fill="${light(paint.accent, 0.5)}" stroke="${dark(paint.accent, 0.3)}" stroke-width="2"/>`).join("")}`,
    }),
  },

  bracelet: {
    setting: "flat",
    paint: { main: "#dfe6f0", accent: "#9fb6d8" },
    draw: ({ paint, defs }) => ({
      focus: [400, 220],
      body: `<circle cx="400" cy="400" r="190" fill="none" stroke="#cfc9bd" stroke-width="3"/>
        ${around(400, 400, 190, 26).map(([x, y], i) => `<circle cx="${x}" cy="${y}" r="24" fill="${defs.ball(i % 5 === 0 ? paint.accent : paint.main, 0.8)}" stroke="${dark(paint.main, 0.15)}" stroke-width="1.5"/><ellipse cx="${x - 7}" cy="${y - 9}" rx="9" ry="5" fill="#fff" opacity="0.8"/><circle cx="${x + 6}" cy="${y + 6}" r="8" fill="${paint.accent}" opacity="0.35"/>`).join("")}`,
    }),
  },

  brooch: {
    setting: "flat",
    paint: { main: "#c9423a", accent: "#4d5560" },
    draw: ({ paint, defs }) => {
      const beads = defs.pattern(`beads${paint.main}`, 14, 14, `<circle cx="7" cy="7" r="6" fill="${paint.main}"/><circle cx="5" cy="5" r="2" fill="#fff" opacity="0.6"/>`);
      const grey = defs.pattern(`beads${paint.accent}`, 14, 14, `<circle cx="7" cy="7" r="6" fill="${paint.accent}"/><circle cx="5" cy="5" r="2" fill="#fff" opacity="0.5"/>`);
      return {
        focus: [330, 380],
        body: `<path d="M260 560 Q 200 640 170 700 L240 690 L290 600 Z" fill="#22262b"/>
          <path d="M300 250 C 430 200 560 260 600 380 C 640 500 520 600 380 590 C 260 580 200 480 210 390 C 215 320 250 270 300 250 Z" fill="${grey}" stroke="#2a2e33" stroke-width="5"/>
          <path d="M235 400 C 240 500 300 575 390 580 C 480 585 540 520 520 460 C 460 520 330 520 235 400 Z" fill="${beads}" stroke="#2a2e33" stroke-width="4"/>
          <path d="M300 250 C 340 240 380 250 400 280 C 360 320 300 330 240 320 C 250 285 270 262 300 250 Z" fill="#22262b"/>
          <path d="M420 300 C 500 290 580 330 620 400 C 560 420 480 400 440 360 Z" fill="#2a2e33"/><path d="M460 340 L600 390" stroke="#f2f2f2" stroke-width="8"/>
          <path d="M228 330 L180 350 L232 365 Z" fill="#22262b"/>
          <circle cx="280" cy="300" r="11" fill="#fff"/><circle cx="282" cy="302" r="6" fill="#111"/>
          <path d="M470 580 Q 520 620 600 610" stroke="#6f5138" stroke-width="12" fill="none" stroke-linecap="round"/>`,
      };
    },
  },

  pendant: {
    setting: "flat",
    paint: { main: "#e08a1e", accent: "#5a3b24" },
    draw: ({ paint, defs }) => ({
      focus: [400, 460],
      body: `<path d="M150 60 C 160 320 300 420 400 430 C 500 420 640 320 650 60" stroke="${paint.accent}" stroke-width="8" fill="none"/>
        <path d="M400 430 L400 460" stroke="${paint.accent}" stroke-width="8"/>
        <path d="M365 470 L430 455 L470 540 L445 640 L370 655 L335 575 Z" fill="${defs.ball(paint.main, 0.55)}" opacity="0.95"/>
        <path d="M380 500 L420 490 L440 540 L410 600" fill="none" stroke="${light(paint.main, 0.6)}" stroke-width="5" opacity="0.8"/>
        <circle cx="410" cy="560" r="6" fill="${dark(paint.main, 0.4)}"/>
        <rect x="385" y="448" width="30" height="22" rx="6" fill="${dark(paint.accent, 0.1)}"/>
        <path d="M120 700 q 60 -30 110 0" stroke="${paint.accent}" stroke-width="8" fill="none"/>`,
    }),
  },

  necklace: {
    setting: "flat",
    paint: { main: "#d23a2a", accent: "#c9a24a" },
    draw: ({ paint, defs }) => {
      const chain = Array.from({ length: 40 }, (_, i) => {
        const t = i / 39;
        const x = 140 + t * 520;
        const y = 80 + Math.sin(t * Math.PI) * 420;
        return [Math.round(x), Math.round(y)] as const;
      });
      const berries = chain.slice(10, 30).filter((_, i) => i % 2 === 0).map(([x, y], i) => `<g>${[[-16, 18], [14, 22], [0, 44]].map(([dx, dy]) => `<circle cx="${x + dx!}" cy="${y + dy! + (i % 2) * 6}" r="17" fill="${defs.ball(paint.main, 0.5)}"/><circle cx="${x + dx!}" cy="${y + dy! + (i % 2) * 6 + 4}" r="2.5" fill="#3a1510"/>`).join("")}</g>`);
      return {
        focus: [400, 540],
        body: `<polyline points="${chain.map((p) => p.join(",")).join(" ")}" fill="none" stroke="${paint.accent}" stroke-width="6" stroke-dasharray="8 3"/>${berries.join("")}
          ${chain.slice(14, 27).filter((_, i) => i % 4 === 1).map(([x, y]) => `<ellipse cx="${x + 20}" cy="${y + 70}" rx="10" ry="24" fill="#5f8a3f" transform="rotate(-30 ${x + 20} ${y + 70})"/>`).join("")}`,
      };
    },
  },

  "hair-clip": {
    setting: "flat",
    paint: { main: "#b07a4c", accent: "#9aa0a6" },
    draw: ({ paint, defs }) => ({
      focus: [420, 400],
      body: `<g transform="rotate(-25 400 400)">
        <path d="M160 400 C 260 270 520 250 660 400 C 520 550 260 530 160 400 Z" fill="${defs.ball(paint.main, 0.3)}" stroke="${dark(paint.main, 0.35)}" stroke-width="5"/>
        <path d="M180 400 L640 400" stroke="${dark(paint.main, 0.4)}" stroke-width="7"/>
        ${[250, 330, 410, 490, 570].map((x) => `<path d="M${x} 400 L${x + 50} ${330 + Math.abs(x - 410) * 0.2} M${x} 400 L${x + 50} ${470 - Math.abs(x - 410) * 0.2}" stroke="${dark(paint.main, 0.35)}" stroke-width="4"/>`).join("")}
        <rect x="110" y="440" width="600" height="16" rx="8" fill="${defs.vertical(light(paint.accent, 0.5), dark(paint.accent, 0.3))}"/>
        <circle cx="700" cy="448" r="14" fill="none" stroke="${paint.accent}" stroke-width="6"/></g>`,
    }),
  },

  "shell-dish": {
    setting: "flat",
    paint: { main: "#f1e6dc", accent: "#c9a24a" },
    draw: ({ paint, defs }) => {
      const ribs = Array.from({ length: 11 }, (_, i) => {
        const angle = Math.PI * (0.08 + (i / 10) * 0.84);
        return `<path d="M400 600 L${Math.round(400 - Math.cos(angle) * 260)} ${Math.round(600 - Math.sin(angle) * 330)}" stroke="${dark(paint.main, 0.18)}" stroke-width="6" stroke-linecap="round"/>`;
      });
      return {
        focus: [420, 430],
        body: `<path d="M400 640 L90 430 C 60 250 240 180 400 180 C 560 180 740 250 710 430 Z" fill="${defs.ball(paint.main, 0.4)}" stroke="${dark(paint.main, 0.2)}" stroke-width="5"/>
          ${ribs.join("")}
          <path d="M350 640 L400 600 L450 640 Z" fill="${dark(paint.main, 0.1)}"/>
          ${band(defs, 350, 420, 44, paint.accent, 12)}${band(defs, 460, 470, 40, "#c9ccd1", 10)}`,
      };
    },
  },
} satisfies Record<string, Kind>;
