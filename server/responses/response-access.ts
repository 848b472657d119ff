import 'server-only';

import type { Db } from '../db/create-db';
import type { ResponseRow } from '../db/schema';
import { ApiError, notFound } from '../http/api-error';
import { tokenMatchesHash } from '../security/random-token';
import { findResponseByCode } from './response-repository';

export function holdsResponseToken(row: Pick<ResponseRow, 'token_hash'>, token: string | undefined): boolean {
  return token !== undefined && tokenMatchesHash(token, row.token_hash);
}

export function invalidResponseToken(): ApiError {
  return new ApiError(
    403,
    'invalid_token',
    'This call needs the response token returned when the response was created (Authorization: Bearer <token>).',
  );
}

/** The response with this code, if the caller holds its token: 404 for an unknown code, 403 without the token. */
export async function requireOwnedResponse(db: Db, code: string, token: string | undefined): Promise<ResponseRow> {
  const row = await findResponseByCode(db, code);
  if (row === undefined) throw notFound(`No response has the code "${code}".`);
  if (!holdsResponseToken(row, token)) throw invalidResponseToken();
  return row;
}
