import { chromium } from '/work/main/tests/node_modules/playwright/index.mjs';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless','--no-sandbox','--disable-gpu','--disable-dev-shm-usage'] });
const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
page.on('console', (m) => { if (m.type() === 'error') console.log('console', m.type(), m.text()); });
await page.goto('http://127.0.0.1:18082/login');
await page.getByLabel('Email').fill('ada@example.com');
await page.getByLabel('Password').fill('password123');
await page.getByRole('button', { name: 'Login' }).click();
await page.waitForTimeout(2000);
console.log(page.url());
for (const [path, file] of [['/client/team', 't1'], ['/client/roles', 't2'], ['/client/projects', 't3'], ['/1/sessions', 't4']]) {
  await page.goto('http://127.0.0.1:18082' + path);
  await page.waitForTimeout(1500);
  console.log(path, '->', page.url());
  await page.screenshot({ path: `/tmp/${file}.png` });
}
await page.getByRole('button', { name: /announcements/i }).first().click().catch((e) => console.log('no ann button', e.message.slice(0, 80)));
await page.waitForTimeout(1000);
await page.screenshot({ path: '/tmp/t5.png' });
await browser.close();
