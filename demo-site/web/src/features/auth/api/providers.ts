import { useQuery } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { requestParsed } from '../../../lib/api-client';

const entry = z.object({ clientId: z.string().check(z.minLength(1)), authUrl: z.url(), authorizeUrl: z.url() });
const providersSchema = z.object({ gid: entry, vk: entry, google: entry });
export type ProviderEntry = z.infer<typeof entry>;
export type SignInProviders = z.infer<typeof providersSchema>;

/** GET /api/auth/providers: GID's and the social networks' public settings, read at run time. */
export const getProviders = () => requestParsed(providersSchema, { url: '/api/auth/providers' });

export const useProviders = () =>
  useQuery({ queryKey: ['auth', 'providers'], queryFn: getProviders, staleTime: Number.POSITIVE_INFINITY, meta: { globalErrors: false } });
