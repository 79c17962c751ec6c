import type { Page } from '@playwright/test';

/**
 * Counts a tab's requests in flight, so a screenshot waits until what the page asked for has
 * arrived (or failed): CSS backgrounds, fonts, media and proxied assets, not only `<img>`.
 */
export class NetworkQuiet {
  private inFlight = 0;
  private lastChange = Date.now();

  constructor(page: Page) {
    page.on('request', () => this.change(+1));
    page.on('requestfinished', () => this.change(-1));
    page.on('requestfailed', () => this.change(-1));
  }

  private change(by: number): void {
    this.inFlight = Math.max(0, this.inFlight + by);
    this.lastChange = Date.now();
  }

  /** Resolves once nothing has been in flight for `quietMs`, or after `maxMs` whatever the traffic. */
  async settled(quietMs = 400, maxMs = 8000): Promise<void> {
    const deadline = Date.now() + maxMs;
    while (Date.now() < deadline) {
      if (this.inFlight === 0 && Date.now() - this.lastChange >= quietMs) return;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
}
