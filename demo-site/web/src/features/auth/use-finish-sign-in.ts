import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { storeSignIn } from '../../lib/auth';
import { joinBaskets } from './api/join-baskets';
import type { SignedIn } from './api/schemas';
import { returnFromState, takeReturnTo } from './return-to';

/**
 * After any sign-in: the token and user stored, the guest basket joined to the account's, cached
 * server data refetched for the person, then on to where they were going (the guard's `from`, or
 * the path remembered before a redirect), else `fallback`.
 */
export function useFinishSignIn() {
  const navigate = useNavigate();
  const location = useLocation();
  const client = useQueryClient();
  return useCallback(
    async (signedIn: SignedIn, fallback = '/me', options: { stay?: (target: string) => void } = {}): Promise<void> => {
      storeSignIn(signedIn.token, signedIn.user);
      await joinBaskets();
      void client.invalidateQueries();
      const target = returnFromState(location.state) ?? takeReturnTo() ?? fallback;
      // `stay`: the screen says something first (the e-mail-confirmed popup) and goes on to `target` itself.
      if (options.stay) options.stay(target);
      else await navigate(target, { replace: true });
    },
    [client, location.state, navigate],
  );
}
