import Link from 'next/link';
import { connection } from 'next/server';

/**
 * The stack's own floor for `npm run bench`: Next 16 and React 19 with the same text as the app's page with no survey,
 * rendered per request (as every page of the app is, for its CSP nonce), with no next-intl, no CSP and no app code.
 */
export default async function NextAlonePage() {
  await connection();
  return (
    <main>
      <h1>There is nothing to show here at the moment.</h1>
      <Link href="/">Go back to home</Link>
    </main>
  );
}
