import type { ReactNode } from 'react';
import './globals.css';

/** `app/[locale]/layout.tsx` renders <html>; this root only exists so `app/not-found.tsx` has a parent. */
export default function RootLayout({ children }: { children: ReactNode }) {
  return children;
}
