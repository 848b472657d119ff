import { appendFileSync } from 'node:fs';
import { test as base, expect } from '@playwright/test';

export const test = base.extend<{ cspGuard: void }>({
  cspGuard: [
    async ({ context }, use, testInfo) => {
      const violations: string[] = [];
      context.on('console', (message) => {
        if (/Content[ -]Security[ -]Policy/i.test(message.text())) violations.push(message.text());
        if (message.type() === 'error')
          appendFileSync('/tmp/s29/errors.jsonl', JSON.stringify({ t: testInfo.title, p: testInfo.project.name, kind: 'console', text: message.text().slice(0, 300) }) + '\n');
      });
      context.on('weberror', (error) => {
        appendFileSync('/tmp/s29/errors.jsonl', JSON.stringify({ t: testInfo.title, p: testInfo.project.name, kind: 'weberror', text: String(error.error()).slice(0, 300) }) + '\n');
      });
      await use();
      expect(violations, 'Content-Security-Policy violations').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
