import type { FidelityPage } from './page.js';

export const graphicsPages: FidelityPage[] = [
  {
    id: 'canvas-2d',
    title: 'Sales dashboard',
    covers: 'canvas 2D, redrawn after a click',
    body: `<h1>Sales dashboard</h1>
<div class="card"><h2 id="caption">Units sold, Q1</h2><canvas id="chart" width="700" height="260">Your browser cannot show the chart.</canvas>
<p><button class="btn" id="q2">Show Q2</button></p></div>`,
    script: `
      const ctx = document.getElementById('chart').getContext('2d');
      function draw(values, colour) {
        ctx.fillStyle = '#fbfaf7'; ctx.fillRect(0, 0, 700, 260);
        ctx.strokeStyle = '#d9d3c7'; ctx.lineWidth = 1;
        for (let y = 20; y <= 220; y += 50) { ctx.beginPath(); ctx.moveTo(40, y + .5); ctx.lineTo(690, y + .5); ctx.stroke(); }
        values.forEach((v, i) => {
          ctx.fillStyle = colour; ctx.fillRect(60 + i * 105, 220 - v * 2, 60, v * 2);
          ctx.fillStyle = '#1f2430'; ctx.font = '13px sans-serif'; ctx.fillText(['Jackets', 'Boots', 'Gloves', 'Tents', 'Packs', 'Stoves'][i], 60 + i * 105, 242);
        });
        ctx.beginPath(); ctx.strokeStyle = '#e4572e'; ctx.lineWidth = 3;
        values.forEach((v, i) => (i ? ctx.lineTo : ctx.moveTo).call(ctx, 90 + i * 105, 210 - v * 1.6)); ctx.stroke();
      }
      draw([40, 72, 55, 90, 66, 30], '#2a6f97');
      document.getElementById('q2').onclick = () => { document.getElementById('caption').textContent = 'Units sold, Q2'; draw([62, 48, 20, 97, 81, 58], '#2e8b57'); };
    `,
    drive: async (page) => {
      await page.locator('#q2').click();
    },
  },
  {
    id: 'canvas-webgl',
    title: 'Product viewer',
    covers: 'canvas WebGL, rendered in an animation loop',
    body: `<h1>Product viewer</h1>
<div class="card row"><canvas id="gl" width="360" height="260">3D preview unavailable.</canvas>
<div><h2>Tind Tent 2P</h2><p>Two-person, three-season. 1.9 kg.</p><p class="muted">Drag to rotate (preview).</p></div></div>`,
    script: `
      const gl = document.getElementById('gl').getContext('webgl');
      const vs = 'attribute vec2 p; attribute vec3 c; varying vec3 v; void main() { v = c; gl_Position = vec4(p, 0.0, 1.0); }';
      const fs = 'precision mediump float; varying vec3 v; void main() { gl_FragColor = vec4(v, 1.0); }';
      const shader = (type, src) => { const s = gl.createShader(type); gl.shaderSource(s, src); gl.compileShader(s); return s; };
      const prog = gl.createProgram(); gl.attachShader(prog, shader(gl.VERTEX_SHADER, vs)); gl.attachShader(prog, shader(gl.FRAGMENT_SHADER, fs)); gl.linkProgram(prog); gl.useProgram(prog);
      const data = new Float32Array([-0.8,-0.7, .16,.44,.59,  0.8,-0.7, .18,.55,.34,  0.0,0.75, .89,.34,.18,  -0.3,-0.7, .96,.64,.35,  0.3,-0.7, .96,.64,.35,  0.0,-0.05, .14,.22,.36]);
      gl.bindBuffer(gl.ARRAY_BUFFER, gl.createBuffer()); gl.bufferData(gl.ARRAY_BUFFER, data, gl.STATIC_DRAW);
      const p = gl.getAttribLocation(prog, 'p'), c = gl.getAttribLocation(prog, 'c');
      gl.enableVertexAttribArray(p); gl.vertexAttribPointer(p, 2, gl.FLOAT, false, 20, 0);
      gl.enableVertexAttribArray(c); gl.vertexAttribPointer(c, 3, gl.FLOAT, false, 20, 8);
      let frames = 0;
      (function render() {
        gl.clearColor(0.93, 0.95, 0.98, 1); gl.clear(gl.COLOR_BUFFER_BIT); gl.drawArrays(gl.TRIANGLES, 0, 6);
        if (++frames < 30) requestAnimationFrame(render); else window.glFrames = frames;
      })();
    `,
    drive: async (page) => {
      await page.waitForFunction(() => (window as unknown as { glFrames?: number }).glFrames === 30);
    },
  },
  {
    id: 'svg-inline',
    title: 'Trail map',
    covers: 'inline SVG: gradients, paths, text, a changed attribute',
    body: `<h1>Trail map</h1>
<div class="card"><svg width="720" height="300" viewBox="0 0 720 300" xmlns="http://www.w3.org/2000/svg">
  <defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#cfe3f2"/><stop offset="1" stop-color="#f6f4ef"/></linearGradient>
  <pattern id="hatch" width="8" height="8" patternUnits="userSpaceOnUse"><path d="M0 8L8 0" stroke="#7d9b76" stroke-width="1.5"/></pattern></defs>
  <rect width="720" height="300" fill="url(#sky)"/>
  <path d="M0 240 L120 120 L210 190 L330 70 L450 200 L560 110 L720 230 L720 300 L0 300Z" fill="#8fb08a"/>
  <path d="M0 270 L160 200 L300 250 L470 180 L720 260 L720 300 L0 300Z" fill="url(#hatch)"/>
  <path id="route" d="M40 270 C 140 200, 220 230, 330 80 S 520 160, 560 115" fill="none" stroke="#e4572e" stroke-width="4" stroke-dasharray="10 6"/>
  <circle cx="330" cy="72" r="8" fill="#23395b"/><text x="345" y="66" font-size="15" fill="#23395b">Summit 1,412 m</text>
  <circle id="camp" cx="560" cy="115" r="7" fill="#2e8b57"/><text x="575" y="110" font-size="14" fill="#2e8b57" id="camp-label">Camp</text>
</svg><p><button class="btn" id="alt">Alternative route</button></p></div>`,
    script: `document.getElementById('alt').onclick = () => {
      document.getElementById('route').setAttribute('d', 'M40 270 C 120 260, 260 260, 330 80 S 600 250, 640 200');
      document.getElementById('camp').setAttribute('cx', '640'); document.getElementById('camp').setAttribute('cy', '200');
      const label = document.getElementById('camp-label'); label.setAttribute('x', '560'); label.setAttribute('y', '225'); label.textContent = 'Lakeside camp';
    };`,
    drive: async (page) => {
      await page.locator('#alt').click();
    },
  },
  {
    id: 'svg-sprite',
    title: 'Your basket',
    covers: 'SVG sprite file: <use href="sprite.svg#id">',
    head: `<style>.icon { width: 28px; height: 28px; vertical-align: middle; } .line { display: flex; align-items: center; gap: 12px; padding: 8px 0; border-bottom: 1px solid #ece7dd; } .line span:last-child { margin-left: auto; }
      .perks { display: grid; grid-template-columns: repeat(4, 1fr); gap: 12px; text-align: center; } .perks .icon { width: 96px; height: 96px; display: block; margin: 0 auto 4px; }</style>`,
    body: `<h1><svg class="icon" style="color:#2a6f97"><use href="/static/sprite.svg#cart"></use></svg> Your basket</h1>
<div class="card">
  <div class="line"><svg class="icon" style="color:#e4572e"><use href="/static/sprite.svg#heart"></use></svg>Fjell Jacket, size M<span>€ 229.00</span></div>
  <div class="line"><svg class="icon" style="color:#e4a11b"><use href="/static/sprite.svg#star"></use></svg>Vidde Boots, size 42<span>€ 179.00</span></div>
  <div class="line"><svg class="icon" style="color:#2e8b57"><use href="/static/sprite.svg#truck"></use></svg>Delivery by Friday<span>free</span></div>
</div>
<div class="perks"><div><svg class="icon" style="color:#2e8b57"><use href="/static/sprite.svg#truck"></use></svg>Free delivery</div><div><svg class="icon" style="color:#e4a11b"><use href="/static/sprite.svg#star"></use></svg>Rated 4.8</div>
<div><svg class="icon" style="color:#e4572e"><use href="/static/sprite.svg#heart"></use></svg>Repair for life</div><div><svg class="icon" style="color:#2a6f97"><use href="/static/sprite.svg#cart"></use></svg>Easy returns</div></div>`,
  },
];
