/**
 * Browser storage keys per survey. The first seven are the spec's (§3) and must keep these exact names, so that
 * a browser that used an earlier version of the app still resumes its response.
 *
 * Our additions (not in the spec):
 * - `survey-{code}-response-token`: the write token the backend returns with a new response (survey-format
 *   "Responses"); without it a resumed response could not be saved after a reload.
 * - `survey-{code}-seq`: the last `seq` sent with a save of the current response, so the counter keeps growing
 *   across reloads (the backend ignores a save whose `seq` is not newer than the stored one).
 * - `survey-{code}-server-content`: the content this device last knew the server to hold for the current response
 *   (what it read when it opened it, or its last save the server took). When another device has saved since (the
 *   response continued through its resume link), what this device changed is the difference from it, and only that
 *   goes over the server's newer answers.
 * - `survey-{code}-start-date`: the current response's start date, as sent with its create or read from the server,
 *   so the timer counts from it after a reload that cannot reach the server (offline, or the create still queued).
 * - `survey-{code}-pending-response`: the local id of a response created while offline (the create call waits in
 *   the outbox), so a reload before it reaches the server continues the same provisional response.
 * - `survey-{code}-client-key`: the `client_key` of the response being created (survey-format.md "Exactly-once
 *   extensions"), stored before the first create is sent, so every retry of that create — from this page, a
 *   reload or another tab — names the same response and the server keeps one.
 * - `survey-{code}-alerts`: the alert ids already queued for the current response, so an alert is sent once per
 *   response across reloads (spec §4).
 * - `survey-{code}-position`: the current page and the pages behind it, so a reload continues on the same page.
 * - `survey-{code}-access-token`: the password gate's token, so passing the gate is remembered in this browser.
 * - `survey-{code}-password-passed`: the same memory for a password checked in the browser (a backend that sends
 *   the password with the survey), where there is no token.
 * - `survey-{code}-gate-custom-fields`: the custom fields the password repository gave with the pass (spec §5), so a
 *   new response after a reload (Answer again, a later visit) still starts with them (spec §4).
 * - `survey-{code}-upload-names`: the names of the files picked for the current response, by upload key and by the
 *   id the server stored each under, so that a file answer still shows its name after a reload.
 * - `survey-{code}-unsaved`, in `sessionStorage`: the answers given in this tab before its response opened (before
 *   the tab held the writer lock, and the response was created or read: the first second after the take-over on a
 *   slow phone). Until then a reload finds nothing of them on the device (answers without a response are a finished
 *   one's leftovers, spec §4), so the tab keeps them, and the reloaded page takes them back. Per tab, so two tabs
 *   never mix theirs.
 */
export const storageKeys = {
  responses: (code: string) => `survey-${code}`,
  responseCode: (code: string) => `survey-${code}-response-code`,
  responseId: (code: string) => `survey-${code}-response-id`,
  shufflePages: (code: string) => `survey-${code}-shuffle-pages`,
  finished: (code: string) => `survey-${code}-finished`,
  finishedTime: (code: string) => `survey-${code}-finished-time`,
  lastTimeUsed: (code: string) => `survey-${code}-last-time-used`,
  responseToken: (code: string) => `survey-${code}-response-token`,
  seq: (code: string) => `survey-${code}-seq`,
  serverContent: (code: string) => `survey-${code}-server-content`,
  startDate: (code: string) => `survey-${code}-start-date`,
  pendingResponse: (code: string) => `survey-${code}-pending-response`,
  clientKey: (code: string) => `survey-${code}-client-key`,
  sentAlerts: (code: string) => `survey-${code}-alerts`,
  position: (code: string) => `survey-${code}-position`,
  accessToken: (code: string) => `survey-${code}-access-token`,
  passwordPassed: (code: string) => `survey-${code}-password-passed`,
  gateCustomFields: (code: string) => `survey-${code}-gate-custom-fields`,
  uploadNames: (code: string) => `survey-${code}-upload-names`,
  unsaved: (code: string) => `survey-${code}-unsaved`,
} as const satisfies Record<string, (code: string) => string>;
