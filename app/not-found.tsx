import { ErrorScreen } from '@/components/error-screen/error-screen';
import es from '@/messages/es.json';

/** Only reached by paths the proxy does not localise; they are answered in the default language. */
export default function GlobalNotFound() {
  return (
    <html lang="es" dir="ltr">
      <body>
        <title>{es.errors.title_404}</title>
        <ErrorScreen
          image={{ src: '/images/not-found.svg', alt: es.errors.imageAlt }}
          title={es.errors.page_not_found}
          subtitle={es.errors.page_not_found_2}
          // A plain link (a full page load home): this page is rendered into every page's data, and Next's Link
          // would put the router's link code in every page's first scripts.
          // eslint-disable-next-line @next/next/no-html-link-for-pages
          action={<a href="/">{es.errors.go_back_home}</a>}
        />
      </body>
    </html>
  );
}
