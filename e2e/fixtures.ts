import { test as base, expect } from '@playwright/test';

/**
 * The suite's `test`: Playwright's, plus a guard that fails a journey on any Content-Security-Policy violation the
 * browser reports in the console of any page of its context, so every journey also proves the policy lets the app
 * work (docs/security.md). Specs import `test` and `expect` from here.
 */
export const test = base.extend<{ cspGuard: void }>({
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
});

export { expect };
