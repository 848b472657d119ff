import { test as base, expect } from '@playwright/test';

/**
 * The suite's `test`: Playwright's, plus two guards over every page of a journey's context, so that every journey
 * also proves them. Specs import `test` and `expect` from here.
 * - No Content-Security-Policy violation in the console: the policy lets the app work (docs/security.md).
 * - No uncaught error: among them React's hydration errors (#418 and its kin), raised when the client renders
 *   something other than the server's HTML, which React then throws away and renders again.
 */
export const test = base.extend<{ cspGuard: void; pageErrorGuard: void }>({
  cspGuard: [
    async ({ context }, use) => {
      const violations: string[] = [];
      context.on('console', (message) => {
        if (/Content[ -]Security[ -]Policy/i.test(message.text())) violations.push(message.text());
      });
      await use();
      expect(violations, 'Content-Security-Policy violations').toEqual([]);
    },
    { auto: true },
  ],
  pageErrorGuard: [
    async ({ context }, use) => {
      const errors: string[] = [];
      context.on('weberror', (webError) => errors.push(String(webError.error())));
      await use();
      expect(errors, 'uncaught errors in the pages').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
