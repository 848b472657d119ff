import * as z from 'zod/mini';

/**
 * Building blocks shared by the survey-format schemas.
 *
 * The wire format says "missing optional fields take the spec's defaults" and shows `null` for many of them, so
 * the helpers below treat `null` like a missing field: both take the default. The default is also recorded, so
 * the published JSON Schema documents it (zod drops defaults of transforming schemas in `io: 'input'` mode; ours
 * are valid inputs too, see `documentedDefault`).
 *
 * They, and the schemas of the response calls built from them, use zod's functional `zod/mini` API: the browser
 * loads those calls, and a `zod` (classic) schema carries some fifty methods built for each instance, which cost
 * the phone a long task and heap when the calls load (docs/performance-history.md, c7d91d9). Both APIs build the
 * same core schemas, so the survey's own (classic) schemas take these as fields.
 */

const documentedDefaults = new WeakMap<z.core.$ZodType, unknown>();

/**
 * The default to write into the JSON Schema for `schema`, if it has one: the value given to `withDefault` /
 * `withFallback`, or a zod `.default()`. Used as the `override` of `z.toJSONSchema`.
 */
export function documentedDefault(schema: z.core.$ZodType): { value: unknown } | undefined {
  if (documentedDefaults.has(schema)) return { value: documentedDefaults.get(schema) };
  const def = schema._zod.def;
  if (def.type === 'default') return { value: (def as z.core.$ZodDefaultDef).defaultValue };
  return undefined;
}

function cloneDefault<T>(value: T): T {
  return typeof value === 'object' && value !== null ? structuredClone(value) : value;
}

/** `schema`, or its default when the field is missing or null. A present but invalid value is an error. */
export function withDefault<T extends z.core.SomeType>(schema: T, defaultValue: z.output<T>) {
  const input = z.nullish(schema);
  documentedDefaults.set(input, defaultValue);
  return z.pipe(
    input,
    z.transform((value: z.output<T> | null | undefined): z.output<T> => value ?? cloneDefault(defaultValue)),
  );
}

/** Each distinct harmless difference is logged once per process (a busy server would otherwise log it per read). */
const loggedDifferences = new Set<string>();

/** A value in an unexpected shape was replaced by its default: worth a line in the log, never an error. */
function noteDefaulted(input: unknown, problem: string): void {
  const key = `${problem} (got ${Array.isArray(input) ? 'an array' : typeof input})`;
  if (loggedDifferences.has(key) || loggedDifferences.size >= 100) return;
  loggedDifferences.add(key);
  console.warn(`[survey-format] a field in an unexpected shape was defaulted: ${key}`);
}

/** The problem in words of its own: the browser loads no zod locale, so an issue's message there is generic. */
function problemOf(error: { issues: readonly z.core.$ZodIssue[] }): string {
  const issue = error.issues[0];
  if (issue === undefined) return 'invalid';
  return issue.code === 'invalid_type' ? `expected ${issue.expected}` : issue.code;
}

/**
 * Like `withDefault`, but an invalid value also falls back to the default (and is logged) instead of failing the
 * whole survey.
 * Used for cosmetic settings (alignment, style names, colours): a value a newer backend invents must not make
 * the survey inaccessible.
 */
export function withFallback<T extends z.core.SomeType>(schema: T, defaultValue: z.output<T>) {
  const input = z.optional(
    // Called without a context when the JSON Schema is generated (it reads the catch value).
    z.catch(z.nullish(schema), (context?: z.core.$ZodCatchCtx) => {
      if (context) noteDefaulted(context.input, problemOf(context.error));
      return undefined;
    }),
  );
  documentedDefaults.set(input, defaultValue);
  return z.pipe(
    input,
    z.transform((value: z.output<T> | null | undefined): z.output<T> => value ?? cloneDefault(defaultValue)),
  );
}

/** An optional field that may be null; missing becomes null. */
export function nullableField<T extends z.core.SomeType>(schema: T) {
  return z._default(z.nullable(schema), null);
}

/** An array that may be missing or null (→ `[]`). */
export function listField<T extends z.core.SomeType>(item: T) {
  return withDefault(z.array(item), [] as z.output<T>[]);
}

/** Integer ids (spec: ids are integers). */
export const idSchema = z.number().check(z.int());

/** A reference written as a string, also accepted as a number (then turned into its decimal string). */
export const stringRefSchema = z.pipe(
  z.union([z.string(), z.number()]),
  z.transform((value: string | number) => String(value)),
);

/** A boolean field defaulting to `value`. */
export function flag(value: boolean) {
  return withDefault(z.boolean(), value);
}
