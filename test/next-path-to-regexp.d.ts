// Next ships path-to-regexp 6 without types; the config test uses it to apply rewrites as Next does.
declare module 'next/dist/compiled/path-to-regexp' {
  export function pathToRegexp(path: string, keys?: { name: string | number }[]): RegExp;
  export function compile(path: string, options?: { validate?: boolean }): (params: Record<string, string>) => string;
}
