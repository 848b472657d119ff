/**
 * Validation of a 1 MB answer: each built-in text check (spec §5) on a 1 MB value that passes it, median of 5.
 * Prints one JSON line: { "validation_1mb_ms": { "<type>": ms, … }, "validation_1mb_max_ms": ms }.
 *
 *   node --import tsx scripts/bench/validation-bench.ts
 */
import { performance } from 'node:perf_hooks';
import { validateText } from '@/features/validation/validate-answer';
import { validationSchema, type ValidationType } from '@/lib/survey-format/validation';

const SIZE = 1024 * 1024;
const values: Partial<Record<ValidationType, string>> = {
  text: 'palabra '.repeat(SIZE / 8).trim(),
  alphanumeric: 'abc123'.repeat(SIZE / 6),
  number: '7'.repeat(SIZE),
  decimal: `${'7'.repeat(SIZE / 2)}.${'5'.repeat(SIZE / 2 - 1)}`,
  email: `${'a'.repeat(SIZE - 20)}@example.com`,
  webpage: `https://example.com/${'a'.repeat(SIZE - 20)}`,
};

const timings: Record<string, number> = {};
for (const [type, value] of Object.entries(values)) {
  const validation = validationSchema.parse({ type });
  const runs = Array.from({ length: 5 }, () => {
    const start = performance.now();
    validateText(value, validation);
    return performance.now() - start;
  }).sort((a, b) => a - b);
  timings[type] = Number(runs[2]!.toFixed(2));
}
console.log(JSON.stringify({ validation_1mb_ms: timings, validation_1mb_max_ms: Math.max(...Object.values(timings)) }));
