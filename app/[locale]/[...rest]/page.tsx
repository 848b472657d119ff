import { notFound } from 'next/navigation';

/** Every path no other route claims, in every language, is a 404 with the localized not-found page. */
export default function CatchAll() {
  notFound();
}
