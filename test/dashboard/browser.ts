/**
 * Headless Chromium (Debian's `chromium` package) driven by puppeteer-core, for the
 * tests that look at the gateway's pages as a person would. Each launch gets a new,
 * empty profile and no network besides what the page asks for.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import puppeteer, { type Browser } from 'puppeteer-core';

const CANDIDATES = [process.env['MERIDIAN_CHROMIUM'], '/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'];

/** The browser binary, or undefined when none is installed. */
export function findChromium(): string | undefined {
  return CANDIDATES.find((p): p is string => !!p && existsSync(p));
}

export const CHROMIUM_FLAGS = [
  '--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking',
  '--disable-component-update', '--disable-sync', '--disable-dev-shm-usage', '--hide-scrollbars', '--force-color-profile=srgb',
];

export async function launchChromium(executablePath: string): Promise<{ browser: Browser; close: () => Promise<void> }> {
  const userDataDir = mkdtempSync(join(tmpdir(), 'meridian-chromium-'));
  const browser = await puppeteer.launch({
    executablePath, headless: true, userDataDir, args: CHROMIUM_FLAGS, defaultViewport: { width: 1280, height: 900 }, protocolTimeout: 60_000,
  });
  return {
    browser,
    close: async () => {
      await browser.close().catch(() => undefined);
      rmSync(userDataDir, { recursive: true, force: true });
    },
  };
}
