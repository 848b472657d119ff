import { type Content, sameAnswer } from '@/lib/survey-format/content';

/**
 * This device's copy of its response, brought up to the server's when another device has saved since (the response
 * continued through its resume link): the server's answers stand, and what this device changed since it last knew
 * the server's content (`known`) goes over them, question by question. Without that knowledge (a copy written by an
 * earlier version), the server's answer wins wherever it has one.
 */
export function mergeOtherDeviceSaves(server: Content, local: Content, known: Content | null): Content {
  if (!known) return { ...local, ...server };
  const changedHere = Object.entries(local).filter(([key, answer]) => !sameAnswer(known[key], answer));
  return { ...server, ...Object.fromEntries(changedHere) };
}
