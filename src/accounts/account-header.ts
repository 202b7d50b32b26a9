import type { RequestContext } from '../platform/http/request-context.ts';
import type { Session } from '../platform/session/session.ts';
import { customerName } from './account.ts';
import type { AccountsService } from './accounts.service.ts';
import { LOGIN_NONCE, LOST_PASSWORD_NONCE, REGISTER_NONCE } from './nonces.ts';
import type { AuthNonces } from './ui/auth-dialogs.tsx';

/** What every page's header knows of accounts: who is logged in, or the dialogs' nonces. */
export interface AccountHeader {
  customerName: string | null;
  /** A visitor's: the same for every visitor, so a cached page can carry them. */
  nonces: AuthNonces | null;
}

export async function accountHeader(
  accounts: AccountsService,
  session: Session | undefined,
  request: Pick<RequestContext, 'createVisitorNonce'>,
): Promise<AccountHeader> {
  const customer = await accounts.customerOf(session);
  if (customer) return { customerName: customerName(customer), nonces: null };
  return { customerName: null, nonces: visitorNonces(request) };
}

export function visitorNonces(request: Pick<RequestContext, 'createVisitorNonce'>): AuthNonces {
  return {
    login: request.createVisitorNonce(LOGIN_NONCE),
    register: request.createVisitorNonce(REGISTER_NONCE),
    lostPassword: request.createVisitorNonce(LOST_PASSWORD_NONCE),
  };
}
