import * as z from 'zod/mini';

/** The site's user (accounts-sso §3), kept whole as `userObj`; the screens rely on `public_id` only. */
export const userSchema = z.looseObject({ public_id: z.string().check(z.minLength(1)) });

/** Every sign-in answers the site's session token and the user (accounts-sso §7). */
export const signedInSchema = z.looseObject({ token: z.string().check(z.minLength(1)), user: userSchema });
export type SignedIn = z.infer<typeof signedInSchema>;

/** Answers that carry the user only: GET /api/user, linking a network. */
export const userOnlySchema = z.looseObject({ user: userSchema });

/** Calls that only report: `{ message }`. */
export const messageSchema = z.looseObject({ message: z.optional(z.string()) });
