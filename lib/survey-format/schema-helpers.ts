import * as z from 'zod/mini';

/**
 * Building blocks shared by the survey-format schemas.
 *
 * The wire format says "missing optional fields take the spec's defaults" and shows `null` for many of them, so
 * the helpers below treat `null` like a missing field: both take the default. The default is also recorded, so
 * the published JSON Schema documents it (zod drops defaults of transforming schemas in `io: 'input'` mode; ours
 * are valid inputs too, see `documentedDefault`).
 *
 * They read tolerantly what other backends send for "nothing" (survey-format.md "Conventions"): an empty list where
 * the format has an object or a single value is a missing field, and an object where it has a list is the list of
 * its values (`{}` for an empty list, `{"0": …, "1": …}` for a list written by index), with no `null` holes; a
 * number or an id written as a decimal string, a flag as 0 or 1 or as a word, as some database drivers write them,
 * and a kind in another case. Each tolerance is a
 * transform in front of the format's own schema, which the JSON Schema documents instead (a pipe from a transform
 * is documented by its output in `io: 'input'` mode), so the published format stays what a backend should send.
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

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** An empty list where the format has an object or a single value: the field is missing. */
function emptyListAsMissing(value: unknown): unknown {
  return Array.isArray(value) && value.length === 0 ? undefined : value;
}

/** An object where the format has a list: `{}` is `[]`, and keys that are all indexes give their values in order. */
export function objectAsList(value: unknown): unknown {
  if (!isPlainObject(value)) return value;
  const keys = Object.keys(value);
  // Integer keys iterate in ascending order, so the values come in the order of their indexes.
  return keys.every((key) => /^(?:0|[1-9]\d{0,8})$/.test(key)) ? Object.values(value) : value;
}

/** A list as `objectAsList` reads it, without its `null` entries (a hole another backend left). */
function listWithoutNulls(value: unknown): unknown {
  const list = objectAsList(value);
  return Array.isArray(list) ? list.filter((entry) => entry !== null) : list;
}

/**
 * `schema` read after `tolerate`, documented as `schema`. The transform's declared input is the schema's own, so
 * the types of surveys written by hand (`SurveyInput`) still say what the format is.
 */
export function readAfter<T extends z.core.SomeType>(
  tolerate: (value: unknown) => unknown,
  schema: T,
): z.ZodMiniPipe<z.ZodMiniTransform<z.input<T>, z.input<T>>, T> {
  // zod's `pipe` cannot relate a generic schema's input to the transform's output: the pipe built is exactly this.
  return z.pipe(
    z.transform((value: z.input<T>) => tolerate(value) as z.input<T>),
    schema as never,
  ) as unknown as z.ZodMiniPipe<z.ZodMiniTransform<z.input<T>, z.input<T>>, T>;
}

/** `schema`, or its default when the field is missing, null or an empty list. A present but invalid value is an error. */
export function withDefault<T extends z.core.SomeType>(schema: T, defaultValue: z.output<T>) {
  return defaulted(schema, defaultValue, emptyListAsMissing);
}

function defaulted<T extends z.core.SomeType>(
  schema: T,
  defaultValue: z.output<T>,
  tolerate: (value: unknown) => unknown,
) {
  const input = z.nullish(schema);
  documentedDefaults.set(input, defaultValue);
  return z.pipe(
    z.optional(readAfter(tolerate, input)),
    z.transform((value: z.output<T> | null | undefined): z.output<T> => value ?? cloneDefault(defaultValue)),
  );
}

/** Each distinct harmless difference is logged once per process (a busy server would otherwise log it per read). */
const loggedDifferences = new Set<string>();

/** A value in an unexpected shape was replaced by its default: worth a line in the log, never an error. */
export function noteDefaulted(input: unknown, problem: string): void {
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
 * Used for cosmetic settings (alignment, style names, colours) and for values that name a kind (an end type, a
 * date format): a value a newer backend invents must not make the survey inaccessible.
 */
export function withFallback<T extends z.core.SomeType>(schema: T, defaultValue: z.output<T>) {
  const input = forgiving(schema);
  documentedDefaults.set(input, defaultValue);
  return z.pipe(
    input,
    z.transform((value: z.output<T> | null | undefined): z.output<T> => value ?? cloneDefault(defaultValue)),
  );
}

/** `schema` or nothing: an unusable value is left out (and logged), for a field whose absence is its default. */
export function forgiving<T extends z.core.SomeType>(schema: T) {
  return z.optional(
    // Called without a context when the JSON Schema is generated (it reads the catch value).
    z.catch(z.nullish(schema), (context?: z.core.$ZodCatchCtx) => {
      if (context) noteDefaulted(context.input, problemOf(context.error));
      return undefined;
    }),
  );
}

/**
 * An optional field that may be null; missing, an empty list or a value it cannot use (`{}` for a text, `""` for a
 * number) becomes null, logged.
 */
export function nullableField<T extends z.core.SomeType>(schema: T) {
  return withFallback(z.nullable(schema), null);
}

/**
 * An array that may be missing or null (→ `[]`), or written as an object (`objectAsList`); a `null` entry is a hole,
 * left out. Any other entry must be right.
 */
export function listField<T extends z.core.SomeType>(item: T) {
  return defaulted(z.array(item), [] as z.output<T>[], listWithoutNulls);
}

/**
 * `list` without the entries repeating an earlier entry's id (logged): the first of each id is kept. Two options
 * with one id would be one answer, so choosing one would select the other too and the answer would repeat the id.
 */
export function firstOfEachId<T extends z.core.$ZodType<ReadonlyArray<{ id: number }>>>(list: T) {
  return z.pipe(
    list,
    z.transform((entries: z.output<T>): z.output<T> => {
      const seen = new Set<number>();
      const first = entries.filter((entry) => {
        if (seen.has(entry.id)) {
          noteDefaulted(entry, 'an entry repeating an earlier id was left out');
          return false;
        }
        seen.add(entry.id);
        return true;
      });
      // The same entries, fewer of them: still the list's own type.
      return first as unknown as z.output<T>;
    }),
  );
}

/** A list that must be there, read as `listField` reads one. */
export function requiredList<T extends z.core.SomeType>(item: T) {
  return readAfter(listWithoutNulls, z.array(item));
}

/**
 * A list of side entries (alerts, custom fields, languages, file types): an entry this app cannot read is left out,
 * and logged, instead of making the whole survey unreadable.
 */
export function listOfValid<T extends z.core.SomeType>(item: T) {
  return defaulted(z.array(item), [] as z.output<T>[], validEntriesOf(item));
}

/** The tolerance of `listOfValid`, for a list that is a setting (absent unless given). */
export function validEntriesOf(item: z.core.SomeType): (value: unknown) => unknown {
  return (value) => {
    const list = listWithoutNulls(value);
    if (!Array.isArray(list)) return list;
    return list.filter((entry) => {
      const result = z.safeParse(item as z.core.$ZodType, entry);
      if (!result.success) noteDefaulted(entry, `an unreadable entry was left out: ${problemOf(result.error)}`);
      return result.success;
    });
  };
}

/**
 * A list whose entries may be of a kind this app does not know (a newer backend's subtype, operator or action): an
 * entry `isKnown` rejects is left out, and logged once, instead of making the whole survey unreadable. `isKnown`
 * looks only at the values that name a kind; an entry of a known kind must still be right.
 */
export function listOfKnown<T extends z.core.SomeType>(item: T, isKnown: (entry: Record<string, unknown>) => boolean) {
  return defaulted(z.array(item), [] as z.output<T>[], (value) => {
    const list = listWithoutNulls(value);
    if (!Array.isArray(list)) return list;
    return list.filter((entry) => {
      if (!isPlainObject(entry) || isKnown(entry)) return true;
      noteDefaulted(entry, 'an entry of an unknown kind was left out');
      return false;
    });
  });
}

/** `value` written in another case (`"page"`, `"HOURS"`) as the one of `values` it names; anything else as it is. */
function inCaseOf(values: readonly string[], value: unknown): unknown {
  if (typeof value !== 'string' || values.includes(value)) return value;
  const lower = value.trim().toLowerCase();
  return values.find((known) => known.toLowerCase() === lower) ?? value;
}

/** Whether `value` is one of `values` (a kind this app knows), in any case. */
export function isOneOf(values: readonly string[], value: unknown): boolean {
  return typeof value === 'string' && values.includes(inCaseOf(values, value) as string);
}

/** One of `values`, also read in another case (`"page"` for `PAGE`): a backend's casing is no difference. */
export function enumField<const V extends readonly [string, ...string[]]>(values: V) {
  return readAfter((value) => inCaseOf(values, value), z.enum(values as unknown as { [K in V[number]]: K }));
}

const DECIMAL = /^-?(\d{1,16})(\.\d{1,15})?$/;

/**
 * A number written as a decimal string (`"42"`) is that number. Fifteen digits always fit a double; a 16-digit
 * integer (a database id) only while it is a safe integer, as a rounded one would name another id.
 */
function numericStringAsNumber(value: unknown): unknown {
  const parts = typeof value === 'string' ? DECIMAL.exec(value) : null;
  if (!parts) return value;
  const number = Number(value);
  const exact = (parts[1] ?? '').length < 16 || (parts[2] === undefined && Number.isSafeInteger(number));
  return exact ? number : value;
}

/** A flag written as 0 or 1, or as the words (`"true"`, `"False"`, `"1"`, `"yes"`, `"NO"`), is that boolean. */
export function bitAsBoolean(value: unknown): unknown {
  if (value === 0 || value === 1) return value === 1;
  if (typeof value !== 'string') return value;
  const word = value.trim().toLowerCase();
  if (word === 'true' || word === '1' || word === 'yes') return true;
  if (word === 'false' || word === '0' || word === 'no') return false;
  return value;
}

/** A number field, also read from a decimal string. */
export function numberField<T extends z.core.SomeType>(schema: T) {
  return readAfter(numericStringAsNumber, schema);
}

/** A boolean field, also read from 0 or 1 or a word (`bitAsBoolean`). */
export function booleanField<T extends z.core.SomeType>(schema: T) {
  return readAfter(bitAsBoolean, schema);
}

/** Integer ids (spec: ids are integers), also read from a decimal string. */
export const idSchema = numberField(z.number().check(z.int()));

/** A string field, also read from a number (`12345` is `"12345"`); documented as the string it should be. */
export function stringField<T extends z.core.SomeType>(schema: T) {
  return readAfter((value) => (typeof value === 'number' && Number.isFinite(value) ? String(value) : value), schema);
}

/** A reference written as a string, also accepted as a number (then turned into its decimal string). */
export const stringRefSchema = z.pipe(
  z.union([z.string(), z.number()]),
  z.transform((value: string | number) => String(value)),
);

/** A boolean field defaulting to `value`, which a value it cannot read (`""`, `{}`, `"maybe"`) also takes, logged. */
export function flag(value: boolean) {
  return withFallback(booleanField(z.boolean()), value);
}
