import { z } from 'zod';
import type { Text } from './text';

/** `Text` on the wire (see text.ts). */
export const textSchema: z.ZodType<Text> = z.union([z.string(), z.record(z.string(), z.string())]);
