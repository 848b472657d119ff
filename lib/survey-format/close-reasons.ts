/** Reasons a survey is closed (`close_reason`). Without zod: the API's errors on the page's first scripts read them. */
export const closeReasons = ['author', 'max_responses', 'end_date'] as const;
export type CloseReason = (typeof closeReasons)[number];
