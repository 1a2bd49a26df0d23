import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import * as z from 'zod/mini';
import { isApiError, request, requestParsed } from '../../../lib/api-client';
import { removeToken } from '../../../lib/auth';
import { storageKeys, writeJson } from '../../../lib/storage';

/** accounts-sso §3 user, as GET /api/user answers it (with the confirmation flags the settings show). */
export const userSchema = z.object({
  public_id: z.string(),
  name: z.nullish(z.string()),
  last_name: z.nullish(z.string()),
  second_name: z.nullish(z.string()),
  birth_date: z.nullish(z.string()),
  email: z.nullish(z.string()),
  phone: z.nullish(z.string()),
  gender: z.nullish(z.string()),
  mailing: z.nullish(z.boolean()),
  extra_contact: z.nullish(z.string()),
  type_relate: z.nullish(z.string()),
  contact_phone: z.nullish(z.string()),
  email_confirmed: z.optional(z.boolean()),
  phone_confirmed: z.optional(z.boolean()),
  has_password: z.optional(z.boolean()),
});
export type User = z.infer<typeof userSchema>;

export const userKey = ['user', 'me'] as const;

/** GET /api/user: the signed-in person. */
export const getUser = (signal?: AbortSignal) => requestParsed(z.object({ user: userSchema }), { url: '/api/user', signal });

export const useUser = () => useQuery({ queryKey: userKey, queryFn: ({ signal }) => getUser(signal), staleTime: 0 });

export type ProfileChanges = Partial<{
  name: string;
  last_name: string;
  second_name: string;
  birth_date: string;
  gender: 'none' | 'male' | 'female';
  mailing: boolean;
  extra_contact: string;
  type_relate: string;
  contact_phone: string;
}>;

const updatedResponse = z.object({ message: z.string(), user: userSchema });

/** PUT /api/user: saves the given fields; the answer carries the updated user. */
export const updateProfile = (changes: ProfileChanges) =>
  requestParsed(updatedResponse, { url: '/api/user', method: 'PUT', data: changes });

/** Keeps the screens and the stored userObj (accounts-sso §3) in step with the server's answer. */
function useStoreUser() {
  const queryClient = useQueryClient();
  return (user: User) => {
    queryClient.setQueryData(userKey, { user });
    writeJson(storageKeys.user, user);
  };
}

/**
 * A settings call: its errors show in the section (not in the global popup), except that an ended
 * session still goes to /login (a 403 also forgets the token, accounts-sso §6); a returned user is stored.
 */
export function useSettingsCall<TVariables, TResult>(call: (variables: TVariables) => Promise<TResult>) {
  const store = useStoreUser();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: call,
    meta: { globalErrors: false },
    onError: (error) => {
      if (!isApiError(error) || (error.status !== 401 && error.status !== 403)) return;
      if (error.status === 403) removeToken();
      navigate('/login');
    },
    onSuccess: (result) => {
      const user = (result as { user?: User }).user;
      if (user) store(user);
    },
  });
}

/** The proof the server asks before the e-mail, phone or password changes: the current password, or a code. */
export type Proof = { current_password?: string; proof_code?: string };

/** POST /api/user/proof/code: a code to the account's current contact (for accounts without a password). */
export const requestProofCode = () =>
  requestParsed(z.object({ message: z.string(), to: z.optional(z.string()) }), { url: '/api/user/proof/code', method: 'POST', data: {} });

/** POST /api/user/confirm/email: the confirmation letter again. */
export const resendEmailConfirmation = (email: string) =>
  requestParsed(z.object({ message: z.string() }), { url: '/api/user/confirm/email', method: 'POST', data: { email } });

/** POST /api/user/change/email: a link to the new address; the e-mail changes when it is opened. */
export const changeEmail = (body: { email: string } & Proof) =>
  requestParsed(z.object({ message: z.string() }), { url: '/api/user/change/email', method: 'POST', data: body });

/** POST /api/user/phone/code: an SMS code to the new phone. */
export const requestPhoneCode = (body: { phone: string } & Proof) => request({ url: '/api/user/phone/code', method: 'POST', data: body });

/** POST /api/user/new/phone: the code confirms the new phone; the answer carries the user. */
export const confirmPhone = (body: { phone: string; phone_code: string }) =>
  requestParsed(updatedResponse, { url: '/api/user/new/phone', method: 'POST', data: body });

/** PUT /api/user/password: `old_password` is the proof of an account with a password, else `proof_code`. */
export const changePassword = (body: { old_password?: string; new_password: string; proof_code?: string }) =>
  requestParsed(z.object({ message: z.string() }), { url: '/api/user/password', method: 'PUT', data: body });
