import { z } from 'zod';
import { email, linkCode } from '../../lib/schemas';
import { newPassword } from '../users/schema';

export const resetRequestBody = z.strictObject({ email });
export const resetCodeBody = z.strictObject({ code: linkCode });
export const resetUpdateBody = z.strictObject({ secure: linkCode, password: newPassword });
