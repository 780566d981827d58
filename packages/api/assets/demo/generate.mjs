// Draws the demo catalogue's product illustrations as SVG and renders each to a 1200x900 PNG with sharp: one picture
// per product, named by that product's `image` in packages/api/src/seed/demo-parts.ts (a test checks the two
// agree). Parts of one kind share a drawing and differ by an accent colour, their proportions and a badge with the
// model's name. Flat colours and a small palette keep every file well under 60 KB.
// The PNGs are committed: the badge text uses the machine's sans-serif font (DejaVu Sans), so a run elsewhere may move
// a few pixels. Run: node packages/api/assets/demo/generate.mjs
import { writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const W = 1200;
const H = 900;
const outDir = fileURLToPath(new URL('.', import.meta.url));

const GOLD = '#d4a72c';
const PCB = '#2f6b4f';
const DARK = '#2b2f36';
const STEEL = '#b8bec7';
const RED = '#c0392b';
const BLUE = '#3d7ab8';
const COPPER = '#c27c3a';
const ORANGE = '#d9822b';
const PURPLE = '#7d4cb3';
const TEAL = '#1f8a85';

/** `count` copies of `fn(i)` joined, so rows of pins, fins and slots stay one line each. */
const repeat = (count, fn) => Array.from({ length: count }, (_, i) => fn(i)).join('');

/** `body` scaled about the picture's centre, for the smaller and larger members of a family. */
const scaled = (scale, body) =>
  scale === 1 ? body : `<g transform="translate(600 450) scale(${scale}) translate(-600 -450)">${body}</g>`;

/** A fan seen from the front: frame-less rotor of curved blades around a hub. */
function rotor(cx, cy, r, blades = 7, colour = '#4b525c') {
  const blade = `M0 ${-r * 0.22} C ${r * 0.35} ${-r * 0.45}, ${r * 0.75} ${-r * 0.55}, ${r * 0.92} ${-r * 0.2}
    C ${r * 0.7} ${-r * 0.05}, ${r * 0.4} ${r * 0.02}, ${r * 0.2} ${r * 0.05} Z`;
  const parts = repeat(
    blades,
    (i) => `<path d="${blade}" fill="${colour}" transform="rotate(${(360 / blades) * i})"/>`,
  );
  return `<g transform="translate(${cx} ${cy})"><circle r="${r}" fill="#1d2026"/>${parts}
    <circle r="${r * 0.26}" fill="#5c636e"/><circle r="${r * 0.12}" fill="#8a919b"/></g>`;
}

/** A PCIe card bracket on the left edge of an expansion card. */
const bracket = (x, y, h) =>
  `<rect x="${x}" y="${y}" width="34" height="${h}" rx="4" fill="${STEEL}"/><rect x="${x - 14}" y="${y}" width="48" height="22" rx="4" fill="${STEEL}"/>`;

/** Gold edge-connector fingers along a card's bottom edge. */
const fingers = (x, y, count, pitch = 14) =>
  repeat(count, (i) => `<rect x="${x + i * pitch}" y="${y}" width="${pitch - 5}" height="34" rx="2" fill="${GOLD}"/>`);

/** The model's name in the top-left corner, on a dark tab with the accent colour. */
function badge(label, accent) {
  const width = Math.round(label.length * 27 + 78);
  return `<g transform="translate(48 34)"><rect width="${width}" height="76" rx="16" fill="${DARK}"/>
    <rect x="18" y="18" width="12" height="40" rx="4" fill="${accent}"/>
    <text x="46" y="53" font-family="DejaVu Sans, Liberation Sans, Arial, sans-serif" font-weight="700" font-size="38"
      fill="#f3f4f6">${label}</text></g>`;
}

/** Drawings of each kind of part; `accent` and the other options tell the members of a family apart. */
const families = {
  processor: ({ accent, scale = 1 }) =>
    scaled(
      scale,
      `<rect x="340" y="190" width="520" height="520" rx="26" fill="${PCB}"/>
    ${repeat(14, (i) => `<rect x="${378 + i * 33}" y="206" width="14" height="22" rx="3" fill="${GOLD}"/><rect x="${378 + i * 33}" y="672" width="14" height="22" rx="3" fill="${GOLD}"/>`)}
    ${repeat(14, (i) => `<rect x="356" y="${230 + i * 32}" width="22" height="14" rx="3" fill="${GOLD}"/><rect x="822" y="${230 + i * 32}" width="22" height="14" rx="3" fill="${GOLD}"/>`)}
    <rect x="410" y="260" width="380" height="380" rx="30" fill="${STEEL}"/>
    <rect x="430" y="280" width="340" height="340" rx="22" fill="#cfd4da"/>
    <path d="M440 290 L500 290 L440 350 Z" fill="${GOLD}"/>
    <rect x="480" y="560" width="240" height="22" rx="11" fill="${accent}"/>`,
    ),
  'graphics-card': ({ accent, fans = 2, right = 1050, blower = false }) => {
    const inner = right - 20;
    const fanRow = blower
      ? `${repeat(12, (i) => `<rect x="${240 + i * 36}" y="300" width="14" height="240" rx="7" fill="#1f2329"/>`)}${rotor(inner - 170, 420, 125, 11)}`
      : repeat(fans, (i) => rotor(210 + ((inner - 210) * (i + 0.5)) / fans, 430, 140, 9));
    return `
    ${bracket(150, 230, 420)}
    <rect x="190" y="250" width="${right - 190}" height="380" rx="22" fill="#1f2329"/>
    <rect x="210" y="270" width="${inner - 210}" height="340" rx="18" fill="#3a4049"/>
    <path d="M210 560 L${inner} 560 L${inner} 592 Q${inner} 610 ${inner - 18} 610 L228 610 Q210 610 210 592 Z" fill="${accent}"/>
    ${fanRow}
    <rect x="300" y="630" width="${Math.min(640, right - 410)}" height="20" fill="${PCB}"/>
    ${fingers(330, 650, Math.min(40, Math.floor((right - 470) / 14)))}`;
  },
  motherboard: ({ accent, dimms = 4, slots = 3, scale = 1 }) =>
    scaled(
      scale,
      `<rect x="260" y="120" width="680" height="680" rx="16" fill="${PCB}"/>
    <rect x="260" y="150" width="120" height="250" rx="8" fill="${DARK}"/>
    <rect x="276" y="170" width="14" height="210" rx="5" fill="${accent}"/>
    <rect x="470" y="200" width="200" height="200" rx="10" fill="#d9dde2"/>
    <rect x="500" y="230" width="140" height="140" rx="6" fill="#9aa1aa"/>
    ${repeat(dimms, (i) => `<rect x="${720 + i * 42}" y="160" width="22" height="330" rx="5" fill="${DARK}"/>`)}
    ${repeat(slots, (i) => `<rect x="330" y="${480 + i * 90}" width="420" height="28" rx="6" fill="${DARK}"/><rect x="340" y="${488 + i * 90}" width="400" height="12" fill="#5c636e"/>`)}
    <rect x="780" y="560" width="120" height="120" rx="12" fill="#8a919b"/>
    ${repeat(5, (i) => `<rect x="790" y="${572 + i * 22}" width="100" height="10" rx="3" fill="${STEEL}"/>`)}
    <rect x="780" y="690" width="120" height="16" rx="6" fill="${accent}"/>
    ${repeat(6, (i) => `<circle cx="${300 + (i % 3) * 300}" cy="${160 + Math.floor(i / 3) * 600}" r="10" fill="${STEEL}"/>`)}`,
    ),
  memory: ({ accent, width = 940, chips = 8, spreader = true, modules = 1 }) => {
    const x0 = 600 - width / 2;
    const notch = x0 + width / 2 - 10;
    const pins = Math.floor((notch - x0 - 20) / 13.5);
    const pitch = (width - 80) / chips;
    const module = `
      <path d="M${x0} 340 L${x0 + width} 340 L${x0 + width} 560 L${notch + 20} 560 L${notch + 20} 545 L${notch} 545 L${notch} 560 L${x0} 560 Z" fill="${PCB}"/>
      ${repeat(chips, (i) => `<rect x="${x0 + 40 + i * pitch + pitch * 0.12}" y="385" width="${pitch * 0.76}" height="100" rx="6" fill="${DARK}"/>`)}
      ${repeat(pins, (i) => `<rect x="${x0 + 20 + i * 13.5}" y="520" width="9" height="34" rx="2" fill="${GOLD}"/><rect x="${notch + 30 + i * 13.5}" y="520" width="9" height="34" rx="2" fill="${GOLD}"/>`)}
      ${
        spreader
          ? `<rect x="${x0}" y="320" width="${width}" height="40" rx="10" fill="${accent}"/>`
          : `<rect x="${x0 + 40}" y="350" width="180" height="24" rx="5" fill="${accent}"/><rect x="${notch - 30}" y="492" width="60" height="22" rx="3" fill="${DARK}"/>`
      }`;
    const back = modules > 1 ? `<g transform="translate(40 -120)">${module}</g>` : '';
    return `<g transform="translate(0 ${modules > 1 ? 60 : 0})">${back}${module}</g>`;
  },
  ssd: ({ accent, heatsink = false }) => `
    <path d="M170 360 L1000 360 Q1040 360 1040 400 L1040 500 Q1040 540 1000 540 L170 540 Z" fill="#1f4d3a"/>
    <circle cx="1000" cy="450" r="26" fill="#f3f4f6"/><circle cx="1000" cy="450" r="16" fill="${STEEL}"/>
    ${repeat(3, (i) => `<rect x="${330 + i * 200}" y="385" width="170" height="130" rx="8" fill="${DARK}"/>`)}
    <rect x="250" y="400" width="50" height="100" rx="6" fill="#3a4049"/>
    ${
      heatsink
        ? `<rect x="220" y="330" width="720" height="240" rx="18" fill="${accent}"/>${repeat(9, (i) => `<rect x="250" y="${350 + i * 22}" width="660" height="10" rx="5" fill="#1f2329"/>`)}`
        : `<rect x="540" y="405" width="340" height="90" rx="8" fill="${accent}"/><rect x="565" y="425" width="200" height="14" rx="4" fill="#f3f4f6"/><rect x="565" y="455" width="130" height="14" rx="4" fill="#f3f4f6"/>`
    }
    ${repeat(11, (i) => `<rect x="${130 + (i > 5 ? 8 : 0)}" y="${372 + i * 14}" width="40" height="9" rx="2" fill="${GOLD}"/>`)}
    <rect x="130" y="452" width="40" height="10" fill="#f3f4f6"/>`,
  // A 2.5-inch drive from above: metal case, label, and the connector along the near edge.
  drive: ({ accent, enterprise = false }) => `
    <rect x="330" y="140" width="540" height="620" rx="24" fill="${enterprise ? '#5c636e' : STEEL}"/>
    <rect x="350" y="160" width="500" height="580" rx="16" fill="${enterprise ? '#6d747f' : '#cfd4da'}"/>
    ${repeat(4, (i) => `<circle cx="${i % 2 ? 830 : 370}" cy="${i < 2 ? 190 : 710}" r="12" fill="#8a919b"/>`)}
    <rect x="400" y="220" width="400" height="${enterprise ? 250 : 380}" rx="12" fill="${accent}"/>
    <rect x="430" y="250" width="220" height="22" rx="6" fill="#f3f4f6"/>
    ${repeat(3, (i) => `<rect x="430" y="${300 + i * 36}" width="${300 - i * 60}" height="14" rx="5" fill="#f3f4f6"/>`)}
    ${enterprise ? repeat(9, (i) => `<rect x="400" y="${500 + i * 22}" width="400" height="10" rx="5" fill="#3a4049"/>`) : ''}
    <rect x="420" y="760" width="360" height="34" rx="6" fill="${DARK}"/>
    ${repeat(16, (i) => `<rect x="${440 + i * 20}" y="770" width="12" height="16" rx="2" fill="${GOLD}"/>`)}`,
  'power-supply': ({ accent, scale = 1 }) =>
    scaled(
      scale,
      `<rect x="220" y="170" width="760" height="560" rx="26" fill="${DARK}"/>
    <rect x="250" y="200" width="700" height="500" rx="18" fill="#3a4049"/>
    <circle cx="600" cy="450" r="222" fill="none" stroke="${accent}" stroke-width="10"/>
    <circle cx="600" cy="450" r="210" fill="#1d2026"/>
    ${repeat(5, (i) => `<circle cx="600" cy="450" r="${200 - i * 38}" fill="none" stroke="#8a919b" stroke-width="6"/>`)}
    <rect x="394" y="446" width="412" height="8" fill="#8a919b"/><rect x="596" y="244" width="8" height="412" fill="#8a919b"/>
    <circle cx="600" cy="450" r="44" fill="#5c636e"/>
    <rect x="830" y="600" width="90" height="64" rx="8" fill="#1d2026"/><rect x="850" y="614" width="50" height="36" rx="4" fill="${accent}"/>`,
    ),
  'cpu-cooler': ({ accent }) => `
    ${repeat(4, (i) => `<rect x="${440 + i * 90}" y="120" width="26" height="90" rx="13" fill="${accent}"/>`)}
    ${repeat(34, (i) => `<rect x="330" y="${190 + i * 15}" width="540" height="8" rx="3" fill="${STEEL}"/>`)}
    <rect x="300" y="230" width="600" height="430" rx="30" fill="#2b2f36"/>
    ${rotor(600, 445, 190, 9)}
    ${repeat(4, (i) => `<circle cx="${i % 2 ? 870 : 330}" cy="${i < 2 ? 260 : 630}" r="14" fill="#5c636e"/>`)}
    <rect x="470" y="705" width="260" height="40" rx="10" fill="#8a919b"/>
    <rect x="520" y="745" width="160" height="26" rx="6" fill="${accent}"/>`,
  // A 240 mm all-in-one liquid cooler: radiator with two fans, tubes, and the pump block.
  'liquid-cooler': ({ accent }) => `
    <path d="M300 440 C 300 560, 420 560, 520 640" fill="none" stroke="#1d2026" stroke-width="30" stroke-linecap="round"/>
    <path d="M370 440 C 370 530, 460 540, 540 600" fill="none" stroke="#1d2026" stroke-width="30" stroke-linecap="round"/>
    <rect x="150" y="150" width="900" height="300" rx="22" fill="${DARK}"/>
    ${repeat(30, (i) => `<rect x="${190 + i * 28}" y="162" width="10" height="276" fill="#5c636e"/>`)}
    ${rotor(395, 300, 128, 9)}${rotor(805, 300, 128, 9)}
    <circle cx="640" cy="650" r="130" fill="${DARK}"/>
    <circle cx="640" cy="650" r="104" fill="none" stroke="${accent}" stroke-width="12"/>
    <circle cx="640" cy="650" r="70" fill="#3a4049"/><circle cx="640" cy="650" r="26" fill="${accent}"/>`,
  'case-fan': ({ accent, size = 600, blades = 7 }) => {
    const x = 600 - size / 2;
    const y = 450 - size / 2;
    const corner = size * 0.092;
    return `
    <rect x="${x}" y="${y}" width="${size}" height="${size}" rx="${size / 10}" fill="#2b2f36"/>
    ${repeat(4, (i) => `<circle cx="${i % 2 ? x + size - corner : x + corner}" cy="${i < 2 ? y + corner : y + size - corner}" r="24" fill="#f3f4f6"/><circle cx="${i % 2 ? x + size - corner : x + corner}" cy="${i < 2 ? y + corner : y + size - corner}" r="14" fill="#5c636e"/>`)}
    ${rotor(600, 450, size * 0.45, blades, accent)}
    <circle cx="600" cy="450" r="${size * 0.47}" fill="none" stroke="#1d2026" stroke-width="10"/>`;
  },
  // A syringe of thermal compound, lying at a slant.
  'thermal-paste': ({ accent }) => `
    <g transform="rotate(-24 600 450)">
      <rect x="190" y="400" width="120" height="100" rx="14" fill="#5c636e"/>
      <rect x="300" y="430" width="80" height="40" fill="#8a919b"/>
      <rect x="370" y="370" width="560" height="160" rx="30" fill="#d9dde2"/>
      <rect x="390" y="390" width="300" height="120" rx="18" fill="#9aa1aa"/>
      <rect x="700" y="385" width="210" height="130" rx="14" fill="${accent}"/>
      <rect x="725" y="415" width="120" height="18" rx="6" fill="#f3f4f6"/><rect x="725" y="450" width="80" height="18" rx="6" fill="#f3f4f6"/>
      <path d="M930 400 L1010 430 L1010 470 L930 500 Z" fill="${STEEL}"/>
      <rect x="1010" y="436" width="70" height="28" rx="10" fill="${DARK}"/>
      ${repeat(5, (i) => `<rect x="${410 + i * 52}" y="520" width="6" height="26" fill="#5c636e"/>`)}
    </g>`,
  'network-card': ({ accent, ports = 2, sfp = false, length = 640 }) => {
    const right = 290 + length;
    const sink = Math.min(190, Math.round(length * 0.3));
    const sinkX = 290 + Math.round(length * 0.39);
    const port = (y) =>
      sfp
        ? `<rect x="238" y="${y - 10}" width="60" height="120" rx="6" fill="${STEEL}"/><rect x="250" y="${y + 4}" width="36" height="92" fill="#1d2026"/><rect x="256" y="${y + 10}" width="24" height="14" fill="${GOLD}"/>`
        : `<rect x="246" y="${y}" width="42" height="86" rx="6" fill="#5c636e"/><rect x="256" y="${y + 16}" width="22" height="54" fill="#1d2026"/>`;
    return `
    ${bracket(250, 220, 440)}
    ${repeat(ports, (i) => port(290 + i * 130))}
    <rect x="290" y="250" width="${length}" height="380" rx="18" fill="${PCB}"/>
    <rect x="${sinkX}" y="${440 - sink / 2}" width="${sink}" height="${sink}" rx="14" fill="#8a919b"/>
    ${repeat(Math.floor(sink / 27), (i) => `<rect x="${sinkX + 12}" y="${452 - sink / 2 + i * 25}" width="${sink - 24}" height="12" rx="4" fill="${STEEL}"/>`)}
    ${length > 500 ? `<rect x="${right - 140}" y="300" width="90" height="60" rx="6" fill="${DARK}"/><rect x="${right - 140}" y="400" width="90" height="60" rx="6" fill="${DARK}"/>` : ''}
    <rect x="360" y="300" width="${Math.min(120, sinkX - 380)}" height="90" rx="6" fill="${accent}"/>
    ${fingers(290 + Math.round(length * 0.2), 630, length > 500 ? 24 : 14)}`;
  },
  // A direct-attach copper cable: two SFP+ plugs with pull tabs on one looped cable.
  'dac-cable': ({ accent }) => {
    const plug = (x, y, flip) => `<g transform="translate(${x} ${y})${flip ? ' rotate(180)' : ''}">
      <path d="M-150 -40 C -230 -40, -230 40, -150 40" fill="none" stroke="${accent}" stroke-width="16"/>
      <rect x="-160" y="-46" width="60" height="92" rx="10" fill="${accent}"/>
      <rect x="-100" y="-40" width="230" height="80" rx="8" fill="${STEEL}"/>
      <rect x="-90" y="-28" width="120" height="56" rx="4" fill="#d9dde2"/>
      <rect x="130" y="-20" width="30" height="40" fill="${GOLD}"/></g>`;
    return `
    <path d="M380 300 C 640 300, 860 160, 900 330 C 940 500, 330 420, 330 560 C 330 660, 560 610, 780 610"
      fill="none" stroke="#1d2026" stroke-width="24" stroke-linecap="round"/>
    ${plug(250, 300, true)}${plug(900, 610, false)}`;
  },
};

/** Every picture: its slug (the file name), the drawing and its options, and the badge's label. */
const images = [
  { slug: 'processor', family: 'processor', label: 'K7', accent: GOLD },
  { slug: 'processor-k5', family: 'processor', label: 'K5', accent: BLUE },
  { slug: 'processor-k9', family: 'processor', label: 'K9', accent: RED },
  { slug: 'processor-w24', family: 'processor', label: 'W24', accent: PURPLE, scale: 1.2 },
  { slug: 'graphics-card', family: 'graphics-card', label: 'RX 16G', accent: RED },
  { slug: 'graphics-card-rx8', family: 'graphics-card', label: 'RX 8G', accent: BLUE, fans: 1, right: 860 },
  { slug: 'graphics-card-w48', family: 'graphics-card', label: 'W48 PRO', accent: GOLD, blower: true },
  { slug: 'motherboard', family: 'motherboard', label: 'B650', accent: BLUE },
  { slug: 'motherboard-x670e', family: 'motherboard', label: 'X670E', accent: RED },
  { slug: 'motherboard-a620i', family: 'motherboard', label: 'A620 ITX', accent: TEAL, dimms: 2, slots: 1, scale: 0.8 },
  { slug: 'memory', family: 'memory', label: 'DDR5 2x16G', accent: '#8a919b', modules: 2 },
  { slug: 'memory-sodimm', family: 'memory', label: 'SO-DIMM 16G', accent: BLUE, width: 560, chips: 4 },
  { slug: 'memory-rdimm', family: 'memory', label: 'RDIMM 64G', accent: PURPLE, chips: 10, spreader: false },
  { slug: 'memory-udimm', family: 'memory', label: 'DDR5 16G', accent: TEAL },
  { slug: 'ssd', family: 'ssd', label: '1 TB', accent: BLUE },
  { slug: 'ssd-gen5', family: 'ssd', label: '2 TB GEN5', accent: RED, heatsink: true },
  { slug: 'ssd-sata', family: 'drive', label: 'SATA 960G', accent: TEAL },
  { slug: 'ssd-u2', family: 'drive', label: 'U.2 3.84T', accent: ORANGE, enterprise: true },
  { slug: 'power-supply', family: 'power-supply', label: '750 W', accent: GOLD },
  { slug: 'power-supply-1000', family: 'power-supply', label: '1000 W', accent: BLUE },
  { slug: 'power-supply-sfx', family: 'power-supply', label: 'SFX 550', accent: RED, scale: 0.75 },
  { slug: 'liquid-cooler', family: 'liquid-cooler', label: 'AIO 240', accent: BLUE },
  { slug: 'case-fan-140', family: 'case-fan', label: '140 MM', accent: ORANGE, size: 660, blades: 9 },
  { slug: 'thermal-paste', family: 'thermal-paste', label: 'TIM 4 G', accent: TEAL },
  { slug: 'network-card-2g5', family: 'network-card', label: '2.5GBE', accent: ORANGE, ports: 1, length: 440 },
  { slug: 'network-card-25g', family: 'network-card', label: '2x25G', accent: PURPLE, ports: 2, sfp: true },
  { slug: 'dac-cable', family: 'dac-cable', label: 'DAC 1 M', accent: ORANGE },
  { slug: 'cpu-cooler', family: 'cpu-cooler', label: 'T120', accent: COPPER },
  { slug: 'case-fan', family: 'case-fan', label: '120 MM', accent: BLUE },
  { slug: 'network-card', family: 'network-card', label: '10GBE', accent: BLUE },
];

function svg(body) {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">
    <rect width="${W}" height="${H}" fill="#f3f4f6"/>
    <ellipse cx="600" cy="815" rx="430" ry="34" fill="#e1e4e8"/>${body}</svg>`;
}

for (const { slug, family, label, ...options } of images) {
  const body = families[family](options) + badge(label, options.accent);
  // A 32-colour palette is plenty for flat shapes and keeps each PNG small.
  const png = await sharp(Buffer.from(svg(body)))
    .png({ palette: true, colours: 32, compressionLevel: 9, effort: 10 })
    .toBuffer();
  await writeFile(`${outDir}${slug}.png`, png);
  console.log(`${slug}.png ${png.length} bytes`);
}
