/** A failure that maps to one HTTP answer `{ code, detail, ...extra }`. Thrown by services, caught by `handleRoute`. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    readonly detail: string,
    readonly extra: Readonly<Record<string, unknown>> = {},
    readonly headers: Readonly<Record<string, string>> = {},
  ) {
    super(detail);
    this.name = 'ApiError';
  }
}

export const notFound = (detail: string) => new ApiError(404, 'not_found', detail);
export const badRequest = (code: string, detail: string) => new ApiError(400, code, detail);
export const forbidden = (code: string, detail: string, extra?: Record<string, unknown>) =>
  new ApiError(403, code, detail, extra);
export const conflict = (code: string, detail: string) => new ApiError(409, code, detail);
