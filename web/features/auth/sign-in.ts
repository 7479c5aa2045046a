/**
 * Sign-in as spec 01 §4 describes it: the answer must hold authToken to count; the login is
 * stored under its kind (ga for global and temporary admins, su, mem), then the account is
 * loaded by that token, and a token that finds no account logs out again.
 */
import type { QueryClient } from '@tanstack/react-query';
import type { TSessionUser, TSignInRequest } from '../../../domain/contracts/auth';
import { clearAllSessions, saveSession } from '../../app/session-store';
import { postSignIn, sessionUserQuery } from './api';
import type { TAudience } from './audiences';

export type TSignInRefusal = 'no-token' | 'no-user';

/** The server answered, but not with a login this app can use. */
export class SignInRefusedError extends Error {
  readonly reason: TSignInRefusal;

  constructor(reason: TSignInRefusal) {
    super(reason === 'no-token' ? 'The answer held no login.' : 'The login found no account.');
    this.name = 'SignInRefusedError';
    this.reason = reason;
  }
}

export async function signIn(
  audience: TAudience,
  credentials: TSignInRequest,
  queryClient: QueryClient,
): Promise<TSessionUser> {
  const answer = await postSignIn(audience, credentials);
  if (!answer) throw new SignInRefusedError('no-token');
  const { authToken, expiresIn, user } = answer;
  const kind = user.kind;
  if (!saveSession(kind, { authToken, expiresIn, user })) throw new SignInRefusedError('no-token');
  try {
    // Cached under the same key the back office reads, so its first screen needs no second call.
    return await queryClient.fetchQuery({ ...sessionUserQuery(kind), staleTime: 0 });
  } catch {
    clearAllSessions();
    throw new SignInRefusedError('no-user');
  }
}
