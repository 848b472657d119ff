import { z } from 'zod';
import { isValidEmail } from '../email-address';
import { checkPasswordBodySchema, emailQueueBodySchema } from './response';

/**
 * The respondent's own forms (react-hook-form with the zod resolver), each built on the body of the call it ends
 * in: what a form lets through is what that call's contract accepts, so the two cannot disagree.
 */

/** The password gate: the password goes to check-password as typed; a blank one is refused before the call. */
export const passwordFormSchema = z.object({
  password: checkPasswordBodySchema.shape.password.check(z.refine((value: string) => value.trim() !== '')),
});
export type PasswordFormValues = z.output<typeof passwordFormSchema>;

/**
 * The answer-later dialog: the address the e-mail queue gets, trimmed and worth sending to, and whether this device
 * keeps it for next time.
 */
export const answerLaterFormSchema = z.object({
  email: emailQueueBodySchema.shape.email.check(z.trim(), z.refine(isValidEmail)),
  remember: z.boolean(),
});
export type AnswerLaterFormValues = z.output<typeof answerLaterFormSchema>;
