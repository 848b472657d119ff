/**
 * Module that replaces `@/server/db/get-db` in route tests:
 * `vi.mock('@/server/db/get-db', () => import('@/server/testing/mock-get-db'))`.
 */
export { currentTestDb as getDb } from './test-backend';
