import type { Page } from '@playwright/test';
import { ASSET_ORIGIN } from '../origins.js';
import type { FidelityPage } from './page.js';

/** Plays the element (a click: a user's gesture), lets it run, pauses it and seeks to `at` seconds. */
async function playPauseSeek(page: Page, selector: string, at: number): Promise<void> {
  await page.locator('#play').click();
  await page.waitForFunction((s) => (document.querySelector(s) as HTMLMediaElement).currentTime > 0.3, selector);
  await page.locator('#pause').click();
  await page.waitForFunction(
    ({ s, t }) => {
      const media = document.querySelector(s) as HTMLMediaElement;
      return media.paused && !media.seeking && Math.abs(media.currentTime - t) < 0.001 && media.readyState >= 2;
    },
    { s: selector, t: at },
  );
}

export const mediaPages: FidelityPage[] = [
  {
    id: 'video',
    title: 'How to pitch the Tind tent',
    covers: 'video from the asset origin: played, paused, seeked, muted',
    head: `<style>video { width: 480px; height: 270px; background: #000; border-radius: 6px; display: block; }</style>`,
    body: `<h1>How to pitch the Tind tent</h1>
<div class="card"><video id="clip" src="${ASSET_ORIGIN}/media/clip.webm" controls muted preload="auto" playsinline></video>
<p style="margin-top:10px"><button class="btn" id="play">Play</button> <button class="btn secondary" id="pause">Pause at step 2</button></p>
<p class="muted">Step 2: peg the corners before raising the poles.</p></div>`,
    script: `const v = document.getElementById('clip');
      document.getElementById('play').onclick = () => v.play();
      document.getElementById('pause').onclick = () => { v.pause(); v.currentTime = 1.2; };`,
    drive: (page) => playPauseSeek(page, '#clip', 1.2),
  },
  {
    id: 'audio',
    title: 'Trail stories podcast',
    covers: 'audio from the asset origin: played, paused, seeked',
    head: `<style>audio { width: 100%; display: block; margin: 8px 0; }</style>`,
    body: `<h1>Trail stories</h1>
<div class="card"><h2>Episode 12: Crossing Hardangervidda</h2><p class="muted">38 minutes · with Ingrid Berg</p>
<audio id="episode" src="${ASSET_ORIGIN}/media/tone.wav" controls preload="auto"></audio>
<p><button class="btn" id="play">Play</button> <button class="btn secondary" id="pause">Pause at the chapter</button></p></div>
<div class="card"><h2>Chapters</h2><p>0:00 Intro · 1:30 The plateau · 12:05 Weather turns</p></div>`,
    script: `const a = document.getElementById('episode');
      document.getElementById('play').onclick = () => a.play();
      document.getElementById('pause').onclick = () => { a.pause(); a.currentTime = 1.5; };`,
    drive: (page) => playPauseSeek(page, '#episode', 1.5),
  },
];
