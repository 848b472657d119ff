import * as z from 'zod/mini';
import { idSchema } from './schema-helpers';

/**
 * An alert the owner set on a page (spec §7 alert queue). Its own module, so the response calls that send alerts
 * do not load the whole survey's schema with it.
 */
export const alertSchema = z.object({ id: idSchema, page_id: idSchema });
export type Alert = z.infer<typeof alertSchema>;
