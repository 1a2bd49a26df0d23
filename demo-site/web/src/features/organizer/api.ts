import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { request } from '../../lib/api-client';
import { getToken } from '../../lib/auth';

/** The back office's calls (issue 31): /api/organizer/*. Shapes as the server answers them. */

export type Role = 'owner' | 'manager' | 'viewer';

export interface OrganizerEventCity {
  public_id: string;
  event_public_id: string;
  title: string;
  city: string;
  city_en: string | null;
  start_time: string;
  address: string;
  registration_opens_at: string | null;
  registration_closes_at: string | null;
  organisation: { public_id: string; name: string; role: Role };
  tickets_count: number;
  sold: number;
}

export interface OrganizerFormat {
  public_id: string;
  name: string;
  name_en: string | null;
  description: string;
  price: number;
  tickets_count: number;
  stock: { kind: string; capacity: number; taken: number }[];
  sold: number;
  max_count: number;
  is_team: boolean;
  buy_limit: number | null;
  hidden: boolean;
  age_min: number | null;
  age_max: number | null;
  insurance_available: boolean;
  preregistration: boolean;
  start_time: string | null;
  additional_fields: AdditionalField[];
  closed: boolean;
  invitation_link: string | null;
}

/** A question the registration form asks a format's participants (ticketing-shop: additional_fields). */
export interface AdditionalField {
  name: string;
  label: string;
  required: boolean;
}

export interface EventStats {
  generated_at: string;
  timezone: string;
  formats: {
    public_id: string;
    name: string;
    price: number;
    closed: boolean;
    hidden: boolean;
    tickets_count: number;
    sold: number;
    held: number;
    left: number;
    checked_in: number;
  }[];
  totals: { tickets_count: number; sold: number; left: number; checked_in: number };
  revenue: { gross: number; discounts: number; refunds: number; net: number; orders: number };
  sales_by_day: { day: string; tickets: number }[];
  sales_last_24h: { hour: string; tickets: number }[];
  promocodes: { code: string; max_uses: number; used: number; discount: number }[];
}

export interface Promocode {
  public_id: string;
  code: string;
  discount_percent: number | null;
  discount_amount: number | null;
  max_uses: number;
  max_uses_per_person: number | null;
  used: number;
  starts_at: string;
  ends_at: string;
  format_public_ids: string[] | null;
  batch: string | null;
  orders: number;
  discount_total: number;
}

export interface OrderSummary {
  public_id: string;
  email: string;
  status: string;
  amount: number;
  created_at: string;
  paid_at: string | null;
  tickets: number;
  participants: string | null;
}

export interface Participant {
  last_name: string | null;
  first_name: string | null;
  second_name: string | null;
  birth_date: string | null;
  gender: string | null;
  phone: string | null;
  email: string | null;
}

export interface OrderDetail {
  public_id: string;
  status: string;
  email: string;
  buyer: { email: string | null; phone: string | null; name: string | null } | null;
  amount: number;
  delivery_cost: number;
  refunded_amount: number;
  payment: { id: string; created_at: string; paid_at: string | null; closed_at: string | null };
  /** Every refund asked, oldest first: the whole order's (no line) and the lines'. */
  refunds: {
    public_id: string;
    line_public_id: string | null;
    amount: number;
    status: 'pending' | 'succeeded' | 'failed';
    failure_reason: string | null;
  }[];
  lines: {
    public_id: string;
    kind: string;
    title: string;
    count: number;
    unit_price: number;
    discount: number;
    total: number;
    /** The line's latest refund, if one was asked (pending until the payment service settles it; failed: refused by it). */
    refund: { public_id: string; status: 'pending' | 'succeeded' | 'failed'; amount: number; failure_reason: string | null } | null;
  }[];
  tickets: { public_id: string; number: number; status: string; participant: Participant }[];
  history: {
    at: string;
    action: string;
    who: string | null;
    before: Record<string, unknown> | null;
    after: Record<string, unknown> | null;
  }[];
}

export interface StaffMember {
  email: string | null;
  name: string | null;
  granted_at: string;
  scans: number;
  last_scan_at: string | null;
}

export interface AuditEntry {
  id: number;
  action: string;
  target_type: string;
  target_public_id: string | null;
  event_city_public_id: string | null;
  who: string | null;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  created_at: string;
}

export interface Member {
  email: string | null;
  phone: string | null;
  name: string | null;
  role: Role;
  since: string;
}

const path = (value: string) => encodeURIComponent(value);
const keys = {
  events: ['organizer', 'events'] as const,
  formats: (id: string) => ['organizer', 'formats', id] as const,
  stats: (id: string) => ['organizer', 'stats', id] as const,
  promocodes: (id: string) => ['organizer', 'promocodes', id] as const,
  staff: (id: string) => ['organizer', 'staff', id] as const,
  orders: (q: string, eventCity?: string) => ['organizer', 'orders', q, eventCity ?? ''] as const,
  order: (id: string) => ['organizer', 'order', id] as const,
  audit: (eventCity?: string) => ['organizer', 'audit', eventCity ?? ''] as const,
  members: (id: string) => ['organizer', 'members', id] as const,
  messages: (id: string) => ['organizer', 'messages', id] as const,
};

export interface SentMessage {
  public_id: string;
  subject: string;
  essential: boolean;
  created_at: string;
  recipients: number;
  sent: number;
}

/** The messages of an event city; refreshed while letters are still leaving. */
export const useMessages = (eventCity: string) =>
  useQuery({
    queryKey: keys.messages(eventCity),
    queryFn: ({ signal }) =>
      request<{ values: SentMessage[] }>({ url: '/api/organizer/messages', params: { event_city_public_id: eventCity }, signal }),
    refetchInterval: (query) => (query.state.data?.values.some((message) => message.sent < message.recipients) ? 2000 : false),
  });

export const previewMessage = (body: { event_city_public_id: string; format_public_id?: string }) =>
  request<{ recipients: number; unsubscribed: number }>({ url: '/api/organizer/messages/preview', method: 'POST', data: body });

export const useSendMessage = () =>
  useOrganizerWrite(
    (body: {
      event_city_public_id: string;
      format_public_id?: string;
      subject: string;
      text: string;
      essential: boolean;
      idempotency_key: string;
    }) => request<{ public_id: string; recipients: number; sent: number }>({ url: '/api/organizer/messages', method: 'POST', data: body }),
  );

export const useOrganizerEvents = () =>
  useQuery({
    queryKey: keys.events,
    queryFn: ({ signal }) =>
      request<{ values: OrganizerEventCity[]; organisations: OrganizerEventCity['organisation'][] }>({
        url: '/api/organizer/events',
        signal,
      }),
  });

export const useFormats = (eventCity: string) =>
  useQuery({
    queryKey: keys.formats(eventCity),
    queryFn: ({ signal }) =>
      request<{ values: OrganizerFormat[] }>({ url: `/api/organizer/event_city/${path(eventCity)}/formats`, signal }),
  });

/** The dashboard: refreshed every 15 s while it is on screen (race day's check-in moves without a reload). */
export const useStats = (eventCity: string) =>
  useQuery({
    queryKey: keys.stats(eventCity),
    queryFn: ({ signal }) => request<EventStats>({ url: `/api/organizer/event_city/${path(eventCity)}/stats`, signal }),
    refetchInterval: 15_000,
  });

export const usePromocodes = (eventCity: string) =>
  useQuery({
    queryKey: keys.promocodes(eventCity),
    queryFn: ({ signal }) =>
      request<{ values: Promocode[] }>({ url: '/api/organizer/promocodes', params: { event_city_public_id: eventCity }, signal }),
  });

export const useStaff = (eventCity: string) =>
  useQuery({
    queryKey: keys.staff(eventCity),
    queryFn: ({ signal }) => request<{ values: StaffMember[] }>({ url: `/api/organizer/event_city/${path(eventCity)}/staff`, signal }),
    refetchInterval: 30_000,
  });

export const useOrders = (q: string, eventCity?: string) =>
  useQuery({
    queryKey: keys.orders(q, eventCity),
    queryFn: ({ signal }) =>
      request<{ values: OrderSummary[] }>({ url: '/api/organizer/orders', params: { q, event_city_public_id: eventCity }, signal }),
  });

export const useOrder = (id: string) =>
  useQuery({
    queryKey: keys.order(id),
    queryFn: ({ signal }) => request<OrderDetail>({ url: `/api/organizer/orders/${path(id)}`, signal }),
  });

export const useAudit = (eventCity?: string) =>
  useQuery({
    queryKey: keys.audit(eventCity),
    queryFn: ({ signal }) =>
      request<{ values: AuditEntry[]; next_before_id: number | null }>({
        url: '/api/organizer/audit',
        params: { event_city_public_id: eventCity, limit: 100 },
        signal,
      }),
  });

export const useMembers = (organisation: string) =>
  useQuery({
    queryKey: keys.members(organisation),
    queryFn: ({ signal }) => request<{ values: Member[] }>({ url: `/api/organizer/organisation/${path(organisation)}/members`, signal }),
  });

/**
 * A write that refreshes everything of the back office afterwards (lists, dashboard, audit). Its refusal is
 * shown beside the form or button that asked (the typed values stay), not in the site's error popup.
 */
function useOrganizerWrite<TVariables, TResult>(write: (variables: TVariables) => Promise<TResult>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: write,
    meta: { globalErrors: false },
    onSuccess: () => client.invalidateQueries({ queryKey: ['organizer'] }),
  });
}

export type FormatInput = {
  name?: string;
  price?: number;
  tickets_count?: number;
  description?: string;
  max_count?: number;
  buy_limit?: number | null;
  hidden?: boolean;
  age_min?: number | null;
  age_max?: number | null;
  insurance_available?: boolean;
  preregistration?: boolean;
  additional_fields?: AdditionalField[];
  closed?: boolean;
};

export const useCreateFormat = () =>
  useOrganizerWrite((body: FormatInput & { event_city_public_id: string; name: string; price: number; tickets_count: number }) =>
    request<{ public_id: string }>({ url: '/api/organizer/event_format', method: 'POST', data: body }),
  );
export const useUpdateFormat = () =>
  useOrganizerWrite(({ id, ...body }: FormatInput & { id: string }) =>
    request<OrganizerFormat>({ url: `/api/organizer/event_format/${path(id)}`, method: 'PATCH', data: body }),
  );
export const useDeleteFormat = () =>
  useOrganizerWrite((id: string) => request({ url: `/api/organizer/event_format/${path(id)}`, method: 'DELETE' }));
export const useUpdateEventCity = () =>
  useOrganizerWrite(
    ({
      id,
      ...body
    }: {
      id: string;
      start_time?: string;
      address?: string;
      registration_opens_at?: string | null;
      registration_closes_at?: string | null;
    }) => request({ url: `/api/organizer/event_city/${path(id)}`, method: 'PATCH', data: body }),
  );

export type PromocodeInput = {
  event_city_public_id: string;
  code?: string;
  count?: number;
  prefix?: string;
  discount_percent?: number;
  discount_amount?: number;
  max_uses?: number;
  /** Uses one person (e-mail or account) may make; none: no such limit (issue 31). */
  max_uses_per_person?: number;
  ends_at?: string;
  format_public_ids?: string[];
};
export const useCreatePromocodes = () =>
  useOrganizerWrite((body: PromocodeInput) =>
    request<{ codes: string[]; batch: string | null }>({ url: '/api/organizer/promocodes', method: 'POST', data: body }),
  );

export const useGrantStaff = () =>
  useOrganizerWrite((body: { event_city_public_id: string; email: string }) =>
    request<{ values: StaffMember[] }>({ url: '/api/organizer/staff', method: 'POST', data: body }),
  );
export const useRevokeStaff = () =>
  useOrganizerWrite((body: { event_city_public_id: string; email: string }) =>
    request<{ values: StaffMember[] }>({ url: '/api/organizer/staff', method: 'DELETE', data: body }),
  );

export const useCorrectParticipant = () =>
  useOrganizerWrite(({ id, ...body }: Partial<Participant> & { id: string }) =>
    request({ url: `/api/organizer/ticket/${path(id)}`, method: 'PATCH', data: body }),
  );

export const useAddMember = (organisation: string) =>
  useOrganizerWrite((body: { email: string; role: Role }) =>
    request({ url: `/api/organizer/organisation/${path(organisation)}/members`, method: 'POST', data: body }),
  );
export const useRemoveMember = (organisation: string) =>
  useOrganizerWrite((email: string) =>
    request({ url: `/api/organizer/organisation/${path(organisation)}/members`, method: 'DELETE', data: { email } }),
  );

export type ExportFile = 'participants.csv' | 'participants.xlsx' | 'orders.csv' | 'orders.xlsx';

/** Hands a same-origin URL to the browser as a download (it streams to disk; the page stays). */
function follow(href: string, name?: string) {
  const link = document.createElement('a');
  link.href = href;
  if (name !== undefined) link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
}

/**
 * Downloads an export of an event city: the API takes bearer tokens, which a browser's own download cannot
 * send, so the screen asks for a one-time link (five minutes, one use) and lets the browser follow it.
 */
export async function downloadExport(eventCity: string, file: ExportFile, formatPublicId?: string): Promise<void> {
  const { url } = await request<{ url: string }>({
    url: '/api/organizer/download_link',
    method: 'POST',
    data: { event_city_public_id: eventCity, file, ...(formatPublicId ? { format_public_id: formatPublicId } : {}) },
  });
  follow(url, '');
}

/** A small file (a promocode batch's CSV): fetched with the bearer token and handed over as a download. */
export async function downloadSmall(url: string): Promise<void> {
  const token = getToken();
  const response = await fetch(url, { headers: token ? { Authorization: `Bearer ${token}` } : {} });
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  const name = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? 'export';
  const href = URL.createObjectURL(await response.blob());
  follow(href, name);
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
}

export interface GoodsSize {
  public_id?: string;
  name: string;
  stock: number;
  ordered?: number;
}
export interface Goods {
  public_id: string;
  title: string;
  title_en: string | null;
  description: string;
  kind: 'merch' | 'shirt';
  category: string | null;
  price: number;
  old_price: number | null;
  picture: string;
  show_in_basket: boolean;
  sizes: GoodsSize[];
  ordered: number;
}
export interface GoodsCategory {
  name: string;
  title: string;
  title_en: string | null;
}

export const useGoods = (eventPublicId: string) =>
  useQuery({
    queryKey: ['organizer', 'goods', eventPublicId],
    queryFn: ({ signal }) =>
      request<{ values: Goods[]; categories: GoodsCategory[] }>({ url: `/api/organizer/event/${path(eventPublicId)}/products`, signal }),
  });
export type GoodsInput = {
  title: string;
  price: number;
  description?: string;
  show_in_basket?: boolean;
  sizes: GoodsSize[];
};
export const useCreateGoods = () =>
  useOrganizerWrite((body: GoodsInput & { event_public_id: string; kind: 'merch' | 'shirt'; category: string }) =>
    request<{ public_id: string }>({ url: '/api/organizer/products', method: 'POST', data: body }),
  );
export const useUpdateGoods = () =>
  useOrganizerWrite(({ id, ...body }: Partial<GoodsInput> & { id: string }) =>
    request({ url: `/api/organizer/products/${path(id)}`, method: 'PATCH', data: body }),
  );
export const useDeleteGoods = () =>
  useOrganizerWrite((id: string) => request({ url: `/api/organizer/products/${path(id)}`, method: 'DELETE' }));

export const useEventTypes = () =>
  useQuery({
    queryKey: ['organizer', 'event-types'],
    queryFn: ({ signal }) =>
      request<{ values: { public_id: string; title: string; title_en: string | null }[] }>({ url: '/api/organizer/event_types', signal }),
    staleTime: Number.POSITIVE_INFINITY,
  });
export const useCreateEvent = () =>
  useOrganizerWrite(
    (body: {
      organisation_public_id: string;
      title: string;
      description: string;
      event_type_public_id: string;
      city_id: number;
      start_time: string;
      address: string;
      registration_closes_at?: string | null;
    }) => request<{ public_id: string; event_city_public_id: string }>({ url: '/api/organizer/events', method: 'POST', data: body }),
  );

export interface Sale {
  public_id: string;
  title: string;
  active: boolean;
  starts_at: string;
  ends_at: string;
  discount_percent: number | null;
  discount_amount: number | null;
  count: number;
  format_public_ids: string[];
}

export const useSales = (eventCity: string) =>
  useQuery({
    queryKey: ['organizer', 'sales', eventCity],
    queryFn: ({ signal }) =>
      request<{ values: Sale[] }>({ url: '/api/organizer/sales', params: { event_city_public_id: eventCity }, signal }),
  });

export type SaleBody = {
  title: string;
  starts_at: string;
  ends_at: string;
  discount_percent?: number;
  discount_amount?: number;
  count?: number;
  active?: boolean;
};
export const useCreateSale = () =>
  useOrganizerWrite((body: SaleBody & { event_city_public_id: string }) =>
    request({ url: '/api/organizer/sales', method: 'POST', data: body }),
  );
export const useUpdateSale = () =>
  useOrganizerWrite(({ id, ...body }: SaleBody & { id: string }) =>
    request({ url: `/api/organizer/sales/${path(id)}`, method: 'PUT', data: body }),
  );

export const useCities = () =>
  useQuery({
    queryKey: ['organizer', 'cities'],
    queryFn: ({ signal }) =>
      request<{ values: { id: number; name: string; name_en: string | null }[] }>({ url: '/api/organizer/cities', signal }),
    staleTime: Number.POSITIVE_INFINITY,
  });
export const useCreateEventCity = () =>
  useOrganizerWrite((body: { event_public_id: string; city_id: number; start_time: string; address: string }) =>
    request<{ public_id: string }>({ url: '/api/organizer/event_city', method: 'POST', data: body }),
  );

export const useRefundOrder = () =>
  useOrganizerWrite((id: string) =>
    request<{ sum: number; status: string }>({ url: `/api/organizer/orders/${path(id)}/refund`, method: 'POST' }),
  );
/** One line of the order refunded through the payment service (its own refund). */
export const useRefundLine = () =>
  useOrganizerWrite(({ orderId, lineId }: { orderId: string; lineId: string }) =>
    request<{ public_id: string; line_public_id: string; amount: number; status: 'pending' | 'succeeded' }>({
      url: `/api/organizer/orders/${path(orderId)}/refund`,
      method: 'POST',
      data: { line_public_id: lineId },
    }),
  );
export const useResendLetter = () =>
  useOrganizerWrite((id: string) => request<{ to: string }>({ url: `/api/organizer/orders/${path(id)}/resend`, method: 'POST' }));
