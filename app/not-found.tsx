import Link from 'next/link';
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
          action={<Link href="/">{es.errors.go_back_home}</Link>}
        />
      </body>
    </html>
  );
}
