import type { JWTPayload } from 'jose';
import type { TokenEndpointResponse } from 'oauth4webapi';
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
 * The person behind a verified token response: the ID token's claims when there is one, otherwise
 * VK's token-response fields (`user_id`, and `email` when that scope was granted — VK hands out only
 * confirmed addresses). A phone counts only when the provider vouches for it.
 */
export function identityFrom(provider: ExternalProvider, tokens: TokenEndpointResponse, claims?: JWTPayload): ExternalIdentity {
  const subject = text(claims?.sub ?? tokens.user_id, 255);
  if (!subject) throw new ProviderError(502, 'server_error', 'Сервис авторизации не сообщил, кто вошёл');
  const identity: ExternalIdentity = { provider, subject };
  if (claims) {
    identity.email = email(claims.email);
    identity.emailVerified = identity.email !== null && claims.email_verified === true;
    const phone = text(claims.phone_number, 32);
    identity.phone = phone ? normalizePhone(phone) : null;
    // Only an explicit `true` vouches for the number (a missing claim proves nothing).
    identity.phoneVerified = identity.phone !== null && claims.phone_number_verified === true;
    identity.name = text(claims.given_name);
    identity.lastName = text(claims.family_name);
  } else {
    identity.email = email(tokens.email);
    identity.emailVerified = identity.email !== null;
  }
  return identity;
}
