import { z } from 'zod';

/** The site's user (accounts-sso §3), kept whole as `userObj`; the screens rely on `public_id` only. */
export const userSchema = z.looseObject({ public_id: z.string().min(1) });

/** Every sign-in answers the site's session token and the user (accounts-sso §7). */
export const signedInSchema = z.looseObject({ token: z.string().min(1), user: userSchema });
export type SignedIn = z.infer<typeof signedInSchema>;

/** Calls that only report: `{ message }`. */
export const messageSchema = z.looseObject({ message: z.string().optional() });
