// Draws the demo catalogue's product illustrations as SVG and renders each to a 1200x900 PNG with sharp.
// Flat colours and a small palette keep every file well under 60 KB. Run: node packages/api/assets/demo/generate.mjs
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

/** `count` copies of `fn(i)` joined, so rows of pins, fins and slots stay one line each. */
const repeat = (count, fn) => Array.from({ length: count }, (_, i) => fn(i)).join('');

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

const drawings = {
  processor: () => `
    <rect x="340" y="190" width="520" height="520" rx="26" fill="${PCB}"/>
    ${repeat(14, (i) => `<rect x="${378 + i * 33}" y="206" width="14" height="22" rx="3" fill="${GOLD}"/><rect x="${378 + i * 33}" y="672" width="14" height="22" rx="3" fill="${GOLD}"/>`)}
    ${repeat(14, (i) => `<rect x="356" y="${230 + i * 32}" width="22" height="14" rx="3" fill="${GOLD}"/><rect x="822" y="${230 + i * 32}" width="22" height="14" rx="3" fill="${GOLD}"/>`)}
    <rect x="410" y="260" width="380" height="380" rx="30" fill="${STEEL}"/>
    <rect x="430" y="280" width="340" height="340" rx="22" fill="#cfd4da"/>
    <path d="M440 290 L500 290 L440 350 Z" fill="${GOLD}"/>`,
  'graphics-card': () => `
    ${bracket(150, 230, 420)}
    <rect x="190" y="250" width="860" height="380" rx="22" fill="#1f2329"/>
    <rect x="210" y="270" width="820" height="340" rx="18" fill="#3a4049"/>
    <path d="M210 560 L1030 560 L1030 592 Q1030 610 1012 610 L228 610 Q210 610 210 592 Z" fill="#c0392b"/>
    ${rotor(420, 430, 140, 9)}${rotor(820, 430, 140, 9)}
    <rect x="300" y="630" width="640" height="20" fill="${PCB}"/>
    ${fingers(330, 650, 40)}`,
  motherboard: () => `
    <rect x="260" y="120" width="680" height="680" rx="16" fill="${PCB}"/>
    <rect x="260" y="150" width="120" height="250" rx="8" fill="${DARK}"/>
    <rect x="470" y="200" width="200" height="200" rx="10" fill="#d9dde2"/>
    <rect x="500" y="230" width="140" height="140" rx="6" fill="#9aa1aa"/>
    ${repeat(4, (i) => `<rect x="${720 + i * 42}" y="160" width="22" height="330" rx="5" fill="${DARK}"/>`)}
    ${repeat(3, (i) => `<rect x="330" y="${480 + i * 90}" width="420" height="28" rx="6" fill="${DARK}"/><rect x="340" y="${488 + i * 90}" width="400" height="12" fill="#5c636e"/>`)}
    <rect x="780" y="560" width="120" height="120" rx="12" fill="#8a919b"/>
    ${repeat(5, (i) => `<rect x="790" y="${572 + i * 22}" width="100" height="10" rx="3" fill="#b8bec7"/>`)}
    ${repeat(6, (i) => `<circle cx="${300 + (i % 3) * 300}" cy="${160 + Math.floor(i / 3) * 600}" r="10" fill="${STEEL}"/>`)}`,
  memory: () => `
    <path d="M130 340 L1070 340 L1070 560 L620 560 L620 545 L600 545 L600 560 L130 560 Z" fill="${PCB}"/>
    <rect x="130" y="320" width="940" height="40" rx="10" fill="#1f2329"/>
    ${repeat(8, (i) => `<rect x="${170 + i * 112}" y="385" width="86" height="100" rx="6" fill="${DARK}"/>`)}
    ${repeat(33, (i) => `<rect x="${150 + i * 13.5}" y="520" width="9" height="34" rx="2" fill="${GOLD}"/>`)}
    ${repeat(33, (i) => `<rect x="${630 + i * 13.5}" y="520" width="9" height="34" rx="2" fill="${GOLD}"/>`)}`,
  ssd: () => `
    <path d="M170 360 L1000 360 Q1040 360 1040 400 L1040 500 Q1040 540 1000 540 L170 540 Z" fill="#1f4d3a"/>
    <circle cx="1000" cy="450" r="26" fill="#f3f4f6"/><circle cx="1000" cy="450" r="16" fill="${STEEL}"/>
    ${repeat(3, (i) => `<rect x="${330 + i * 200}" y="385" width="170" height="130" rx="8" fill="${DARK}"/>`)}
    <rect x="250" y="400" width="50" height="100" rx="6" fill="#3a4049"/>
    ${repeat(11, (i) => `<rect x="${130 + (i > 5 ? 8 : 0)}" y="${372 + i * 14}" width="40" height="9" rx="2" fill="${GOLD}"/>`)}
    <rect x="130" y="452" width="40" height="10" fill="#f3f4f6"/>`,
  'power-supply': () => `
    <rect x="220" y="170" width="760" height="560" rx="26" fill="${DARK}"/>
    <rect x="250" y="200" width="700" height="500" rx="18" fill="#3a4049"/>
    <circle cx="600" cy="450" r="210" fill="#1d2026"/>
    ${repeat(5, (i) => `<circle cx="600" cy="450" r="${200 - i * 38}" fill="none" stroke="#8a919b" stroke-width="6"/>`)}
    <rect x="394" y="446" width="412" height="8" fill="#8a919b"/><rect x="596" y="244" width="8" height="412" fill="#8a919b"/>
    <circle cx="600" cy="450" r="44" fill="#5c636e"/>
    <rect x="830" y="600" width="90" height="64" rx="8" fill="#1d2026"/><rect x="850" y="614" width="50" height="36" rx="4" fill="#c0392b"/>`,
  'cpu-cooler': () => `
    ${repeat(4, (i) => `<rect x="${440 + i * 90}" y="120" width="26" height="90" rx="13" fill="#c27c3a"/>`)}
    ${repeat(34, (i) => `<rect x="330" y="${190 + i * 15}" width="540" height="8" rx="3" fill="${STEEL}"/>`)}
    <rect x="300" y="230" width="600" height="430" rx="30" fill="#2b2f36"/>
    ${rotor(600, 445, 190, 9)}
    ${repeat(4, (i) => `<circle cx="${i % 2 ? 870 : 330}" cy="${i < 2 ? 260 : 630}" r="14" fill="#5c636e"/>`)}
    <rect x="470" y="705" width="260" height="40" rx="10" fill="#8a919b"/>
    <rect x="520" y="745" width="160" height="26" rx="6" fill="#c27c3a"/>`,
  'case-fan': () => `
    <rect x="300" y="150" width="600" height="600" rx="60" fill="#2b2f36"/>
    ${repeat(4, (i) => `<circle cx="${i % 2 ? 845 : 355}" cy="${i < 2 ? 205 : 695}" r="24" fill="#f3f4f6"/><circle cx="${i % 2 ? 845 : 355}" cy="${i < 2 ? 205 : 695}" r="14" fill="#5c636e"/>`)}
    ${rotor(600, 450, 270, 7, '#3d7ab8')}
    <circle cx="600" cy="450" r="282" fill="none" stroke="#1d2026" stroke-width="10"/>`,
  'network-card': () => `
    ${bracket(250, 220, 440)}
    <rect x="246" y="290" width="42" height="86" rx="6" fill="#5c636e"/><rect x="256" y="306" width="22" height="54" fill="#1d2026"/>
    <rect x="246" y="420" width="42" height="86" rx="6" fill="#5c636e"/><rect x="256" y="436" width="22" height="54" fill="#1d2026"/>
    <rect x="290" y="250" width="640" height="380" rx="18" fill="${PCB}"/>
    <rect x="540" y="340" width="190" height="190" rx="14" fill="#8a919b"/>
    ${repeat(7, (i) => `<rect x="552" y="${352 + i * 25}" width="166" height="12" rx="4" fill="${STEEL}"/>`)}
    <rect x="790" y="300" width="90" height="60" rx="6" fill="${DARK}"/><rect x="790" y="400" width="90" height="60" rx="6" fill="${DARK}"/>
    <rect x="360" y="300" width="120" height="90" rx="6" fill="#3d7ab8"/>
    ${fingers(420, 630, 24)}`,
};

function svg(body) {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">
    <rect width="${W}" height="${H}" fill="#f3f4f6"/>
    <ellipse cx="600" cy="815" rx="430" ry="34" fill="#e1e4e8"/>${body}</svg>`;
}

for (const [slug, draw] of Object.entries(drawings)) {
  // A 32-colour palette is plenty for flat shapes and keeps each PNG small.
  const png = await sharp(Buffer.from(svg(draw())))
    .png({ palette: true, colours: 32, compressionLevel: 9, effort: 10 })
    .toBuffer();
  await writeFile(`${outDir}${slug}.png`, png);
  console.log(`${slug}.png ${png.length} bytes`);
}
