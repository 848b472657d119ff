import { HydratedMark } from './hydrated-mark';

/** The root layout of Next alone: the document, and the mark that says React has taken over. */
export default function RootLayout({ children }) {
  return (
    <html lang="en">
      <body>
        {children}
        <HydratedMark />
      </body>
    </html>
  );
}
