import { createNavigation } from 'next-intl/navigation';
import { routing } from './routing';

/** Locale-aware Link and router: they add the right prefix (`/jp`, `/val`, none for `es`). */
export const { Link, redirect, usePathname, useRouter, getPathname } = createNavigation(routing);
