import { type Browser, chromium } from 'playwright-core';

/**
 * Debian's Chromium, headless, with the flags this machine needs: no sandbox as root, and no
 * background networking (the network is closed; Chromium would keep trying to reach Google).
 */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    timeout: 30_000,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}
