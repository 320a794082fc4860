// Headless Chromium for the hosted pages' tests: Debian's chromium (installed by ./run when missing) driven by
// playwright-core, with the checks every page gets — axe-core's accessibility rules, no script error, no CSP violation —
// and screenshots of each step under .screenshots/ (git-ignored).
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const SCREENSHOTS = join(__dirname, '..', '..', '.screenshots');
const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

export interface BrowserSession {
  browser: Browser;
  /** A fresh context (own storage) with a page whose script errors and CSP violations are recorded. */
  newPage(options?: { viewport?: { width: number; height: number } }): Promise<WatchedPage>;
  close(): Promise<void>;
}

export interface WatchedPage {
  page: Page;
  context: BrowserContext;
  /** Uncaught script errors and console errors (CSP violations among them) seen so far. */
  problems: string[];
}

export async function launchBrowser(): Promise<BrowserSession> {
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: ['--no-sandbox', '--disable-dev-shm-usage'],
  });
  return {
    browser,
    async newPage(options = {}) {
      const context = await browser.newContext({
        viewport: options.viewport ?? { width: 1100, height: 900 },
        locale: 'en-US',
      });
      const page = await context.newPage();
      const problems: string[] = [];
      page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
      page.on('console', (message) => {
        if (
          message.type() === 'error' &&
          !/Failed to load resource: the server responded with a status of 4\d\d/.test(message.text())
        ) {
          problems.push(`console: ${message.text()}`);
        }
      });
      return { page, context, problems };
    },
    close: () => browser.close(),
  };
}

/** Saves a full-page screenshot as .screenshots/<suite>/<step>.png and returns its path. */
export async function screenshot(page: Page, suite: string, step: string): Promise<string> {
  const folder = join(SCREENSHOTS, suite);
  mkdirSync(folder, { recursive: true });
  const path = join(folder, `${step}.png`);
  await page.screenshot({ path, fullPage: true });
  return path;
}

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[] }[];
}

/**
 * axe-core's WCAG 2.1 A/AA rules on the page as it is now; returns the serious and critical violations (a test
 * expects none). The script is evaluated through the DevTools protocol, so the page's CSP stays as strict as it is.
 */
export async function accessibilityViolations(page: Page): Promise<AxeViolation[]> {
  await page.evaluate(AXE_SOURCE);
  // Runs in the page (a string, since this program's types have no DOM).
  const violations = (await page.evaluate(`axe
    .run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] } })
    .then((result) => result.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.map((n) => ({ target: n.target })) })))`)) as AxeViolation[];
  return violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
}

/** Fails the test on any serious or critical accessibility violation of the page as it is now. */
export async function expectAccessible(page: Page): Promise<void> {
  expect(await accessibilityViolations(page)).toEqual([]);
}
