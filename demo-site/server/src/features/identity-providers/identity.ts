import type { JWTPayload } from 'jose';
import type { TokenEndpointResponse } from 'oauth4webapi';
import type { ServerConfig } from '../../config';
import { normalizePhone } from '../../lib/phone';
import { emailPattern } from '../../lib/schemas';
import type { ExternalIdentity, ExternalProvider } from '../external-identity/service';
import { ProviderError } from './provider';

/** A claim as text we are willing to store: a trimmed, bounded string without NUL characters. */
function text(value: unknown, max = 200): string | null {
  if (typeof value !== 'string' && typeof value !== 'number') return null;
  const trimmed = String(value).trim();
  return trimmed && trimmed.length <= max && !trimmed.includes('\u0000') ? trimmed : null;
}

function email(value: unknown): string | null {
  const address = text(value, 254)?.toLowerCase() ?? null;
  return address && emailPattern.test(address) ? address : null;
}

/**
 * Whether a provider is configured as one that verifies the contacts it vouches for: as configured
 * (`verifiesContacts`), else GID and Google do (they state `email_verified` of addresses they checked)
 * and VK does not (its token answer's `email` comes with no such statement).
 */
export const verifiesContacts = (config: ServerConfig['identity'], provider: ExternalProvider): boolean =>
  config[provider].verifiesContacts ?? provider !== 'vk';

/**
 * The person behind a verified token response: the ID token's claims when there is one, otherwise
 * VK's token-response fields (`user_id`, and `email` when that scope was granted). An e-mail or phone
 * is proof (issue 33, finding 4) only where the provider states it verified it (`email_verified`,
 * `phone_number_verified`: an explicit `true`) AND the provider is configured as one that verifies
 * (`verifying`); VK's token answer states nothing, so its address never is.
 */
export function identityFrom(
  provider: ExternalProvider,
  tokens: TokenEndpointResponse,
  claims: JWTPayload | undefined,
  verifying: boolean,
): ExternalIdentity {
  const subject = text(claims?.sub ?? tokens.user_id, 255);
  if (!subject) throw new ProviderError(502, 'server_error', 'Сервис авторизации не сообщил, кто вошёл');
  const identity: ExternalIdentity = { provider, subject };
  if (claims) {
    identity.email = email(claims.email);
    identity.emailVerified = verifying && identity.email !== null && claims.email_verified === true;
    const phone = text(claims.phone_number, 32);
    identity.phone = phone ? normalizePhone(phone) : null;
    // Only an explicit `true` vouches for the number (a missing claim proves nothing).
    identity.phoneVerified = verifying && identity.phone !== null && claims.phone_number_verified === true;
    identity.name = text(claims.given_name);
    identity.lastName = text(claims.family_name);
  } else {
    identity.email = email(tokens.email);
    identity.emailVerified = verifying && identity.email !== null && tokens.email_verified === true;
  }
  return identity;
}
