import * as z from 'zod/mini';
import type { Text } from './text';

/** `Text` on the wire (see text.ts). */
export const textSchema: z.ZodMiniType<Text> = z.union([z.string(), z.record(z.string(), z.string())]);
