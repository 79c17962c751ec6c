/**
 * The binary files the fidelity pages load, made here in code (pictures, a tone) or read from
 * small files (a short WebM clip kept beside this file, fonts Chromium on this system already
 * depends on). Everything is deterministic: the live page and the replay must load the same bytes.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PNG } from 'pngjs';

type Rgba = [number, number, number, number];

function png(width: number, height: number, paint: (x: number, y: number) => Rgba): Buffer {
  const image = new PNG({ width, height });
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 4;
      const [r, g, b, a] = paint(x, y);
      image.data[i] = r;
      image.data[i + 1] = g;
      image.data[i + 2] = b;
      image.data[i + 3] = a;
    }
  }
  return PNG.sync.write(image);
}

const mix = (a: number, b: number, t: number) => Math.round(a + (b - a) * t);

/** A landscape "product photo": sky gradient, a sun, two hills. */
export function landscapePng(width: number, height: number, hue: [number, number, number]): Buffer {
  return png(width, height, (x, y) => {
    const t = y / height;
    const sun = (x - width * 0.7) ** 2 + (y - height * 0.3) ** 2 < (height * 0.14) ** 2;
    const hill1 = y > height * (0.62 + 0.12 * Math.sin(x / width * Math.PI * 1.5));
    const hill2 = y > height * (0.75 + 0.08 * Math.cos(x / width * Math.PI * 2.2));
    if (hill2) return [mix(hue[0], 20, 0.6), mix(hue[1], 90, 0.5), mix(hue[2], 40, 0.6), 255];
    if (hill1) return [mix(hue[0], 60, 0.4), mix(hue[1], 140, 0.4), mix(hue[2], 70, 0.4), 255];
    if (sun) return [250, 210, 90, 255];
    return [mix(120, hue[0], t), mix(180, hue[1], t), mix(235, hue[2], t), 255];
  });
}

/** A tiling pattern for CSS backgrounds: diagonal stripes. */
export function stripesPng(size: number, a: [number, number, number], b: [number, number, number]): Buffer {
  return png(size, size, (x, y) => ((x + y) % size < size / 2 ? [...a, 255] : [...b, 255]));
}

/** A round avatar with a transparent corner, for alpha over coloured backgrounds. */
export function avatarPng(size: number, colour: [number, number, number]): Buffer {
  const c = size / 2;
  return png(size, size, (x, y) => {
    const d = Math.hypot(x - c, y - c);
    if (d > c) return [0, 0, 0, 0];
    const head = Math.hypot(x - c, y - c * 0.8) < c * 0.32;
    const body = y > c * 1.2 && Math.hypot(x - c, y - c * 1.9) < c * 0.75;
    return head || body ? [255, 255, 255, 255] : [...colour, 255];
  });
}

/** Three seconds of a 440 Hz tone, 8 kHz mono 16-bit PCM: small, and every browser plays WAV. */
export function toneWav(seconds = 3, rate = 8000): Buffer {
  const samples = seconds * rate;
  const wav = Buffer.alloc(44 + samples * 2);
  wav.write('RIFF', 0);
  wav.writeUInt32LE(36 + samples * 2, 4);
  wav.write('WAVEfmt ', 8);
  wav.writeUInt32LE(16, 16);
  wav.writeUInt16LE(1, 20);
  wav.writeUInt16LE(1, 22);
  wav.writeUInt32LE(rate, 24);
  wav.writeUInt32LE(rate * 2, 28);
  wav.writeUInt16LE(2, 32);
  wav.writeUInt16LE(16, 34);
  wav.write('data', 36);
  wav.writeUInt32LE(samples * 2, 40);
  for (let i = 0; i < samples; i++) wav.writeInt16LE(Math.round(Math.sin((2 * Math.PI * 440 * i) / rate) * 8000), 44 + i * 2);
  return wav;
}

/** Two seconds of a test pattern with a running timer (VP8, every frame a key frame, so a seek lands exactly). */
export const clipWebm = (): Buffer => readFileSync(join(import.meta.dirname, 'fixtures', 'clip.webm'));

const FONT_DIRS = ['/usr/share/fonts/truetype/dejavu', '/usr/share/fonts/truetype/liberation', '/usr/share/fonts/TTF'];

/**
 * A font file from the system's fonts (Chromium needs them anyway), served under a family name
 * of the page's own, so the text shows that face only when the web font loaded.
 */
export function systemFont(names: string[]): Buffer {
  for (const dir of FONT_DIRS) {
    for (const name of names) {
      const path = join(dir, name);
      if (existsSync(path)) return readFileSync(path);
    }
  }
  throw new Error(`none of the fonts ${names.join(', ')} is installed (looked in ${FONT_DIRS.join(', ')})`);
}

/** An SVG sprite file: symbols a page shows with `<use href="sprite.svg#id">`. */
export const SPRITE_SVG = `<svg xmlns="http://www.w3.org/2000/svg">
  <symbol id="cart" viewBox="0 0 24 24"><path fill="currentColor" d="M3 3h3l2.4 10.2a2 2 0 0 0 2 1.6h7.7a2 2 0 0 0 2-1.5L22 7H7.2" stroke="currentColor" stroke-width="1.6"/><circle cx="10" cy="20" r="1.8" fill="currentColor"/><circle cx="18" cy="20" r="1.8" fill="currentColor"/></symbol>
  <symbol id="heart" viewBox="0 0 24 24"><path fill="currentColor" d="M12 21s-7.5-4.6-9.6-9.3C.9 8.2 3.2 4 7.1 4c2.1 0 3.6 1.1 4.9 2.8C13.3 5.1 14.8 4 16.9 4c3.9 0 6.2 4.2 4.7 7.7C19.5 16.4 12 21 12 21z"/></symbol>
  <symbol id="star" viewBox="0 0 24 24"><path fill="currentColor" d="M12 2l3 6.9 7.5.7-5.7 5 1.7 7.4L12 18.3 5.5 22l1.7-7.4-5.7-5 7.5-.7z"/></symbol>
  <symbol id="truck" viewBox="0 0 24 24"><path fill="currentColor" d="M1 5h13v10H1zM14 9h4.5l3.5 3.5V15h-8z"/><circle cx="6" cy="18" r="2.2" fill="currentColor"/><circle cx="17.5" cy="18" r="2.2" fill="currentColor"/></symbol>
</svg>`;
