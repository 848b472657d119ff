/** The `<meta>` name by which a page asks the production server to answer it with HTTP 404 (scripts/page-cache.mjs). */
const PAGE_STATUS_META = 'page-status';

/**
 * Rendered by a page that shows the not-found screen itself: the server sends it with status 404 (and never shares
 * it), as Next would after `notFound()`, which the pages do not call because Next then renders the page in the
 * browser alone (components/error-screen/not-found-screen.tsx).
 */
export function NotFoundStatus() {
  return <meta name={PAGE_STATUS_META} content="404" />;
}
