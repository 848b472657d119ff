import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * The layering is a rule, not a habit: each planted import below must fail `npm run lint`, and the allowed one must
 * pass. Linted as text under a path of its own, so no file is written.
 */
const eslint = new ESLint({
  cwd: import.meta.dirname,
  // import/no-cycle reads the linted file from disk, which a planted text has not.
  overrideConfig: { rules: { 'import/no-cycle': 'off' } },
});

async function ruleIdsFor(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(`${code}\n`, { filePath });
  return (result?.messages ?? []).map((message) => message.ruleId ?? message.message);
}

describe('import rules (eslint.config.mjs)', () => {
  it.each([
    [
      'an engine importing React',
      'features/logic/planted.ts',
      "export { useState } from 'react';",
      'no-restricted-imports',
    ],
    ['lib importing a store library', 'lib/planted.ts', "export { create } from 'zustand';", 'no-restricted-imports'],
    [
      'the outbox importing a widget',
      'features/response-sync/outbox/planted.ts',
      "export type { WidgetProps } from '@/features/widgets/types';",
      'import/no-restricted-paths',
    ],
    [
      'the flow engine importing a widget',
      'features/survey-flow/flow/planted.ts',
      "export type { WidgetProps } from '@/features/widgets/types';",
      'import/no-restricted-paths',
    ],
    [
      'a non-composing file of the composition root importing a feature',
      'features/survey-flow/hooks/planted.ts',
      "export { pageOrder } from '@/features/logic/navigation';",
      'import/no-restricted-paths',
    ],
    [
      'server/ importing a feature',
      'server/planted.ts',
      "export { pageOrder } from '@/features/logic/navigation';",
      'import/no-restricted-paths',
    ],
    [
      'an API route importing a feature',
      'app/api/planted/route.ts',
      "export { pageOrder } from '@/features/logic/navigation';",
      'import/no-restricted-paths',
    ],
    [
      'lib importing the backend',
      'lib/planted.ts',
      "export { createDb } from '@/server/db/create-db';",
      'import/no-restricted-paths',
    ],
    [
      'a response call schema importing zod’s classic API',
      'lib/survey-format/response.ts',
      "export { z } from 'zod';",
      'no-restricted-imports',
    ],
    [
      'the API client importing zod’s classic API',
      'lib/api/planted.ts',
      "export { z } from 'zod';",
      'no-restricted-imports',
    ],
    [
      'the API client importing React',
      'lib/api/planted.ts',
      "export { useState } from 'react';",
      'no-restricted-imports',
    ],
  ])('%s fails', async (_name, filePath, code, ruleId) => {
    expect(await ruleIdsFor(filePath, code)).toContain(ruleId);
  });

  it('the response call schemas may use zod/mini, and zod’s types', async () => {
    const ids = await ruleIdsFor(
      'lib/survey-format/response.ts',
      "export * as z from 'zod/mini';\nexport type { ZodType } from 'zod';",
    );
    expect(ids).toEqual([]);
  });

  it.each(['features/survey-flow/components/planted.ts', 'features/survey-flow/hooks/use-flow-controller.ts'])(
    'the composition root’s composing file %s may put features together',
    async (filePath) => {
      const ids = await ruleIdsFor(
        filePath,
        "export { pageOrder } from '@/features/logic/navigation';\nexport type { WidgetProps } from '@/features/widgets/types';",
      );
      expect(ids).toEqual([]);
    },
  );
});
