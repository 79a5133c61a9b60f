// Draws the logo mark (a geometric fox head on the brand orange) and writes the PWA icons into public/icons/.
// Pure Node (zlib + a tiny polygon rasteriser), so regenerating needs no image tooling:
//   node scripts/generate-icons.mjs
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { deflateSync } from 'node:zlib';

const outDir = join(dirname(fileURLToPath(import.meta.url)), '..', 'public', 'icons');

// Geometry on a 512 x 512 canvas; the same numbers are used by src/client/components/ui/logo.tsx.
const colors = { top: '#fb8a3c', bottom: '#c2410c', head: '#ffffff', mask: '#ea580c', nose: '#431407' };
const head = [
  [128, 104],
  [214, 184],
  [298, 184],
  [384, 104],
  [400, 232],
  [344, 318],
  [256, 404],
  [168, 318],
  [112, 232],
];
const mask = [
  [214, 184],
  [298, 184],
  [326, 246],
  [256, 372],
  [186, 246],
];
const leftEar = [
  [150, 138],
  [200, 184],
  [162, 214],
];
const rightEar = [
  [362, 138],
  [312, 184],
  [350, 214],
];
const nose = [
  [232, 364],
  [280, 364],
  [256, 404],
];
const shapes = [
  { points: head, color: colors.head },
  { points: mask, color: colors.mask },
  { points: leftEar, color: colors.mask },
  { points: rightEar, color: colors.mask },
  { points: nose, color: colors.nose },
];

function hex(color) {
  return [1, 3, 5].map((i) => Number.parseInt(color.slice(i, i + 2), 16));
}

function roundedSquare(size, radius, steps = 16) {
  const points = [];
  const corners = [
    [size - radius, radius, -90],
    [size - radius, size - radius, 0],
    [radius, size - radius, 90],
    [radius, radius, 180],
  ];
  for (const [cx, cy, start] of corners) {
    for (let i = 0; i <= steps; i += 1) {
      const angle = ((start + (90 * i) / steps) * Math.PI) / 180;
      points.push([cx + radius * Math.cos(angle), cy + radius * Math.sin(angle)]);
    }
  }
  return points;
}

function inside(points, x, y) {
  let hit = false;
  for (let i = 0, j = points.length - 1; i < points.length; j = i, i += 1) {
    const [xi, yi] = points[i];
    const [xj, yj] = points[j];
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) hit = !hit;
  }
  return hit;
}

/**
 * Renders the icon at `size` px. `markScale` shrinks the fox around the centre (maskable icons keep it inside the
 * 80 % safe circle); `rounded` clips the background to a rounded square with transparent corners.
 */
function render(size, { markScale = 1, rounded = true } = {}) {
  const samples = 4; // 4 x 4 supersampling for smooth edges
  const unit = 512 / size;
  const background = rounded ? roundedSquare(512, 104) : undefined;
  const top = hex(colors.top);
  const bottom = hex(colors.bottom);
  const fills = shapes.map((shape) => ({ ...shape, rgb: hex(shape.color) }));
  const pixels = Buffer.alloc(size * size * 4);
  for (let py = 0; py < size; py += 1) {
    for (let px = 0; px < size; px += 1) {
      let r = 0;
      let g = 0;
      let b = 0;
      let a = 0;
      for (let sy = 0; sy < samples; sy += 1) {
        for (let sx = 0; sx < samples; sx += 1) {
          const x = (px + (sx + 0.5) / samples) * unit;
          const y = (py + (sy + 0.5) / samples) * unit;
          if (background && !inside(background, x, y)) continue;
          const t = (x + y) / 1024; // diagonal gradient, light at the top left
          let rgb = [0, 1, 2].map((c) => top[c] + (bottom[c] - top[c]) * t);
          const mx = 256 + (x - 256) / markScale;
          const my = 256 + (y - 256) / markScale;
          for (const fill of fills) if (inside(fill.points, mx, my)) rgb = fill.rgb;
          r += rgb[0];
          g += rgb[1];
          b += rgb[2];
          a += 1;
        }
      }
      const offset = (py * size + px) * 4;
      if (a > 0) {
        pixels[offset] = Math.round(r / a);
        pixels[offset + 1] = Math.round(g / a);
        pixels[offset + 2] = Math.round(b / a);
      }
      pixels[offset + 3] = Math.round((255 * a) / (samples * samples));
    }
  }
  return encodePng(size, size, pixels);
}

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(buffer) {
  let c = 0xffffffff;
  for (const byte of buffer) c = crcTable[(c ^ byte) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type, data) {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

function encodePng(width, height, rgba) {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 6; // colour type RGBA
  const rows = Buffer.alloc((width * 4 + 1) * height);
  for (let y = 0; y < height; y += 1) {
    rows[y * (width * 4 + 1)] = 0; // filter: none
    rgba.copy(rows, y * (width * 4 + 1) + 1, y * width * 4, (y + 1) * width * 4);
  }
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([
    signature,
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

function svg() {
  const polygon = (points, fill) => `<polygon points="${points.map((p) => p.join(',')).join(' ')}" fill="${fill}"/>`;
  return [
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512">',
    `<defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${colors.top}"/><stop offset="1" stop-color="${colors.bottom}"/></linearGradient></defs>`,
    '<rect width="512" height="512" rx="104" fill="url(#bg)"/>',
    ...shapes.map((shape) => polygon(shape.points, shape.color)),
    '</svg>',
    '',
  ].join('\n');
}

mkdirSync(outDir, { recursive: true });
const outputs = {
  'icon-192.png': render(192),
  'icon-512.png': render(512),
  // Maskable: full-bleed background, mark shrunk into the safe zone the launcher never crops.
  'icon-maskable-512.png': render(512, { markScale: 0.8, rounded: false }),
  // iOS adds its own rounded corners and shows transparency as black.
  'apple-touch-icon-180.png': render(180, { markScale: 0.9, rounded: false }),
  'favicon-32.png': render(32),
  'logo.svg': svg(),
};
for (const [name, content] of Object.entries(outputs)) {
  writeFileSync(join(outDir, name), content);
  console.log(`wrote public/icons/${name}`);
}
