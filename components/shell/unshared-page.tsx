/** The `<meta>` name by which a page asks the server's page cache never to share it (scripts/page-cache.mjs). */
const UNSHARED_PAGE_META = 'page-cache';

/**
 * Rendered by a page that shows the outcome of a failed read (the survey's, the demo list's): the next request may
 * well not meet it, so the server sends this page to this request alone instead of sharing it for a second.
 */
export function UnsharedPage() {
  return <meta name={UNSHARED_PAGE_META} content="unshared" />;
}
