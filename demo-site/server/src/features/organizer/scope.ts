import { and, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { OrganiserRole } from '../../db/schema/index';
import {
  eventCities,
  eventFormats,
  events,
  orderItems,
  orders,
  organisationMembers,
  organisations,
  organizerMessages,
  products,
  promocodes,
  sales,
  tickets,
} from '../../db/schema/index';
import type { ServerDeps } from '../../deps';
import { requireUser } from '../../http/auth';
import { forbidden, notFound } from '../../lib/errors';
import type { UserRow } from '../users/service';
import { claimDownload, type DownloadClaim, downloadMessages } from './downloads';

/**
 * One guard on every door of the back office (issue 31), as pretix's `event_permission_required`: each
 * `/api/organizer/*` route declares the least role it needs and which resource of the request names the
 * organisation it acts in. The guard finds that organisation, refuses a caller who is not its member with a
 * 404 (the resource is not theirs: nothing hints it exists) and one below the role with a 403. A route
 * without a declaration cannot be added (the plugin throws when it is registered).
 */

export const scopeMessages = {
  notOrganizer: 'Нет доступа к кабинету организатора',
  role: 'Недостаточно прав для этого действия',
} as const;

const rank: Record<OrganiserRole, number> = { viewer: 1, manager: 2, owner: 3 };
export const roleAtLeast = (role: OrganiserRole, least: OrganiserRole) => rank[role] >= rank[least];

/** Where a request names the resource whose organisation it acts in. */
export type ScopeSource = 'params' | 'body' | 'query';
export type ScopeResource =
  /** No single resource: the call lists across the caller's organisations where their role is at least the route's. */
  | { kind: 'memberships' }
  | {
      kind:
        | 'event_city'
        | 'format'
        | 'order'
        | 'ticket'
        | 'message'
        | 'sale'
        | 'event'
        | 'promocode_batch'
        | 'organisation'
        | 'product'
        /** A one-time download link (features/organizer/downloads.ts): the link names the account and the export. */
        | 'download';
      from: ScopeSource;
      key: string;
    };

export interface OrganizerScope {
  role: OrganiserRole;
  resource: ScopeResource;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The back office's scope of the route (features/organizer/scope.ts): every /api/organizer route declares it. */
    organizer?: OrganizerScope;
  }
  interface FastifyRequest {
    organizer?: OrganizerContext;
    /** The export a followed download link serves. */
    organizerDownload?: DownloadClaim;
  }
}

export interface OrganizerContext {
  user: UserRow;
  /** The organisation the request acts in (for `memberships` routes: the first of `organisationIds`). */
  organisationId: number;
  role: OrganiserRole;
  /** The organisations the caller may read here: the one acted in, or every one where their role is enough. */
  organisationIds: number[];
  /** The event city the resource belongs to, when it belongs to one. */
  eventCityId: number | null;
}

export const scope = (role: OrganiserRole, resource: ScopeResource) => ({ organizer: { role, resource } });
export const inParams = (kind: Exclude<ScopeResource['kind'], 'memberships'>, key: string): ScopeResource => ({
  kind,
  from: 'params',
  key,
});
export const inBody = (kind: Exclude<ScopeResource['kind'], 'memberships'>, key: string): ScopeResource => ({ kind, from: 'body', key });
export const inQuery = (kind: Exclude<ScopeResource['kind'], 'memberships'>, key: string): ScopeResource => ({ kind, from: 'query', key });
export const memberships: ScopeResource = { kind: 'memberships' };

/** An account may hold an organiser role only once it is proven: a confirmed e-mail or a verified phone. */
export const isProven = (user: Pick<UserRow, 'emailConfirmedAt' | 'phoneConfirmedAt'>) =>
  user.emailConfirmedAt !== null || user.phoneConfirmedAt !== null;

/** The organisations (and event city) a resource belongs to; empty when it does not exist. */
async function ownersOf(
  deps: ServerDeps,
  kind: ScopeResource['kind'],
  publicId: string,
): Promise<{ organisationId: number; eventCityId: number | null }[]> {
  const db = deps.db;
  switch (kind) {
    case 'organisation':
      return db
        .select({ organisationId: organisations.id, eventCityId: sql<null>`null` })
        .from(organisations)
        .where(eq(organisations.publicId, publicId));
    case 'event_city':
      return (await db
        .select({ organisationId: events.organisationId, eventCityId: eventCities.id })
        .from(eventCities)
        .innerJoin(events, eq(events.id, eventCities.eventId))
        .where(eq(eventCities.publicId, publicId))) as { organisationId: number; eventCityId: number }[];
    case 'format':
      return (await db
        .select({ organisationId: events.organisationId, eventCityId: eventCities.id })
        .from(eventFormats)
        .innerJoin(eventCities, eq(eventCities.id, eventFormats.eventCityId))
        .innerJoin(events, eq(events.id, eventCities.eventId))
        .where(eq(eventFormats.publicId, publicId))) as { organisationId: number; eventCityId: number }[];
    case 'ticket':
      return (await db
        .select({ organisationId: events.organisationId, eventCityId: eventCities.id })
        .from(tickets)
        .innerJoin(eventFormats, eq(eventFormats.id, tickets.formatId))
        .innerJoin(eventCities, eq(eventCities.id, eventFormats.eventCityId))
        .innerJoin(events, eq(events.id, eventCities.eventId))
        .where(eq(tickets.publicId, publicId))) as { organisationId: number; eventCityId: number }[];
    case 'event':
      return (await db
        .select({ organisationId: events.organisationId, eventCityId: sql<null>`null` })
        .from(events)
        .where(eq(events.publicId, publicId))) as {
        organisationId: number;
        eventCityId: null;
      }[];
    case 'product':
      return (await db
        .select({ organisationId: events.organisationId, eventCityId: sql<null>`null` })
        .from(products)
        .innerJoin(events, eq(events.id, products.eventId))
        .where(eq(products.publicId, publicId))) as { organisationId: number; eventCityId: null }[];
    case 'sale':
      return (await db
        .select({ organisationId: events.organisationId, eventCityId: eventCities.id })
        .from(sales)
        .innerJoin(eventCities, eq(eventCities.id, sales.eventCityId))
        .innerJoin(events, eq(events.id, eventCities.eventId))
        .where(eq(sales.publicId, publicId))) as { organisationId: number; eventCityId: number }[];
    case 'message':
      return db
        .select({ organisationId: organizerMessages.organisationId, eventCityId: organizerMessages.eventCityId })
        .from(organizerMessages)
        .where(eq(organizerMessages.publicId, publicId));
    case 'order':
      // An order belongs to every organisation whose tickets it holds (goods alone belong to none).
      return (await db
        .selectDistinct({ organisationId: events.organisationId, eventCityId: eventCities.id })
        .from(orders)
        .innerJoin(orderItems, eq(orderItems.orderId, orders.id))
        .innerJoin(eventFormats, eq(eventFormats.id, orderItems.formatId))
        .innerJoin(eventCities, eq(eventCities.id, eventFormats.eventCityId))
        .innerJoin(events, eq(events.id, eventCities.eventId))
        .where(eq(orders.publicId, publicId))) as { organisationId: number; eventCityId: number }[];
    case 'promocode_batch':
      return (await db
        .selectDistinct({ organisationId: events.organisationId, eventCityId: eventCities.id })
        .from(promocodes)
        .innerJoin(eventCities, eq(eventCities.id, promocodes.eventCityId))
        .innerJoin(events, eq(events.id, eventCities.eventId))
        .where(eq(promocodes.batch, publicId))) as { organisationId: number; eventCityId: number }[];
    default:
      return [];
  }
}

function resourceKey(request: FastifyRequest, resource: Exclude<ScopeResource, { kind: 'memberships' }>): string | undefined {
  const source = (request[resource.from] ?? {}) as Record<string, unknown>;
  const value = source[resource.key];
  return typeof value === 'string' && value.length > 0 && value.length <= 64 ? value : undefined;
}

/** The caller's memberships: organisation id → role. */
export async function membershipsOf(deps: ServerDeps, userId: number): Promise<Map<number, OrganiserRole>> {
  const rows = await deps.db
    .select({ organisationId: organisationMembers.organisationId, role: organisationMembers.role })
    .from(organisationMembers)
    .where(eq(organisationMembers.userId, userId));
  return new Map(rows.map((row) => [row.organisationId, row.role]));
}

async function resolve(deps: ServerDeps, request: FastifyRequest, declared: OrganizerScope): Promise<OrganizerContext | undefined> {
  if (declared.resource.kind === 'download') {
    // The link is the credential: claimed once, then its account's role is checked as for any call.
    const claim = await claimDownload(deps, resourceKey(request, declared.resource));
    if (!claim) throw notFound(downloadMessages.gone);
    request.organizerDownload = claim;
    return resolveFor(deps, claim.user, declared, claim.eventCityPublicId);
  }
  const { user } = await requireUser(deps, request);
  return resolveFor(deps, user, declared, declared.resource.kind === 'memberships' ? undefined : resourceKey(request, declared.resource));
}

async function resolveFor(
  deps: ServerDeps,
  user: UserRow,
  declared: OrganizerScope,
  key: string | undefined,
): Promise<OrganizerContext | undefined> {
  const roles = isProven(user) ? await membershipsOf(deps, user.id) : new Map<number, OrganiserRole>();
  if (roles.size === 0) throw forbidden(scopeMessages.notOrganizer);
  if (declared.resource.kind === 'memberships') {
    const allowed = [...roles].filter(([, role]) => roleAtLeast(role, declared.role)).map(([id]) => id);
    if (allowed.length === 0) throw forbidden(scopeMessages.role);
    return { user, organisationId: allowed[0]!, role: roles.get(allowed[0]!)!, organisationIds: allowed, eventCityId: null };
  }
  // No usable key: the schema refuses the request with its own message.
  if (key === undefined) return undefined;
  const kind = declared.resource.kind === 'download' ? 'event_city' : declared.resource.kind;
  const owners = (await ownersOf(deps, kind, key)).filter((owner) => roles.has(owner.organisationId));
  if (owners.length === 0) throw notFound();
  const best = owners.reduce((a, b) => (rank[roles.get(b.organisationId)!] > rank[roles.get(a.organisationId)!] ? b : a));
  const role = roles.get(best.organisationId)!;
  if (!roleAtLeast(role, declared.role)) throw forbidden(scopeMessages.role);
  return {
    user,
    organisationId: best.organisationId,
    role,
    organisationIds: [...new Set(owners.map((owner) => owner.organisationId))],
    eventCityId: owners.length === 1 ? best.eventCityId : null,
  };
}

/**
 * Installs the guard on the app, before any feature: every route whose path starts with /api/organizer
 * must declare its scope (registering one without it throws, whichever plugin adds it), and each gets the
 * guard as its first preValidation step — the scope is checked before the body is validated, so a forged
 * body for another organisation's resource gets the same 404 as a well-formed one. Other routes run nothing.
 */
export function installOrganizerScope(app: FastifyInstance, deps: ServerDeps): void {
  app.addHook('onRoute', (route) => {
    const declared = route.config?.organizer;
    if (!declared) {
      if (route.url.startsWith('/api/organizer'))
        throw new Error(`${String(route.method)} ${route.url}: an organiser route must declare its scope`);
      return;
    }
    const guard = async (request: FastifyRequest) => {
      const context = await resolve(deps, request, declared);
      if (context) request.organizer = context;
    };
    const existing = route.preValidation ? [route.preValidation].flat() : [];
    route.preValidation = [guard, ...existing] as typeof route.preValidation;
  });
}

/** The scope the guard resolved; a handler runs only after it (the schema refused a request it could not resolve). */
export function organizerOf(request: FastifyRequest): OrganizerContext {
  if (!request.organizer) throw notFound();
  return request.organizer;
}

/** Organisations by id, for answers that name them. */
export async function organisationNames(deps: ServerDeps, ids: number[]) {
  if (ids.length === 0) return new Map<number, { publicId: string; name: string }>();
  const rows = await deps.db
    .select({ id: organisations.id, publicId: organisations.publicId, name: organisations.name })
    .from(organisations)
    .where(and(inArray(organisations.id, ids)));
  return new Map(rows.map((row) => [row.id, row]));
}

/** Every organisation whose tickets an order holds. */
export async function organisationsOfOrder(deps: ServerDeps, orderPublicId: string): Promise<number[]> {
  return (await ownersOf(deps, 'order', orderPublicId)).map((owner) => owner.organisationId);
}
