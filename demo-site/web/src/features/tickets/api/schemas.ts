import * as z from 'zod/mini';

/** A ticket card (accounts-sso §3), as GET /api/user/tickets/{my,transfered,old} and /ticket/{id} answer it. */
export const ticketSchema = z.object({
  public_id: z.string(),
  original_user_public_id: z.nullish(z.string()),
  /** active, processing (a refund is awaited) or returned. */
  status: z.string(),
  ticketNumber: z.nullish(z.number()),
  /** The order the ticket was bought in: present for the buyer only (they may cancel the purchase). */
  order_public_id: z.nullish(z.string()),
  transfer_pending: z.optional(z.boolean()),
  returnable: z.optional(z.boolean()),
  past: z.optional(z.boolean()),
  /** The signed ticket code the QR shows (issue 24): the holder's, null for anyone else. */
  qr_code: z.nullish(z.string()),
  /** `name_en` comes in English answers (the site asks in its language: lib/content-language.ts). */
  city: z.object({ name_ru: z.string(), name_en: z.nullish(z.string()) }),
  event_city: z.optional(z.object({ public_id: z.string() })),
  event: z.object({
    public_id: z.optional(z.string()),
    title: z.optional(z.string()),
    event_type: z.object({ logo: z.nullish(z.string()), title: z.string() }),
    banners: z.nullish(z.object({ landing_page: z.nullish(z.object({ mobile_picture: z.nullish(z.string()) })) })),
  }),
  event_format: z.object({
    public_id: z.string(),
    title: z.string(),
    start_time: z.string(),
    timezone: z.nullish(z.string()),
    insurance_available: z.nullish(z.boolean()),
    qr: z.nullish(z.boolean()),
    /** A virtual format: the holder sends their time from the ticket page. */
    online: z.nullish(z.boolean()),
    address: z.nullish(z.string()),
  }),
  team: z.nullish(z.object({ number: z.nullish(z.number()) })),
  info: z.object({
    email: z.nullish(z.string()),
    first_name: z.nullish(z.string()),
    last_name: z.nullish(z.string()),
    number: z.nullish(z.number()),
    inside_number: z.nullish(z.union([z.string(), z.number()])),
    sector: z.nullish(z.union([z.string(), z.number()])),
    row: z.nullish(z.union([z.string(), z.number()])),
    place: z.nullish(z.union([z.string(), z.number()])),
    insurance: z.nullish(z.boolean()),
    registered: z.nullish(z.boolean()),
    offline_registered: z.nullish(z.boolean()),
  }),
});
export type Ticket = z.infer<typeof ticketSchema>;

export const ticketListResponse = z.object({ values: z.array(ticketSchema) });

/** GET /api/user/ticket/{id}: the card, and the participant's data for the holder's registration form. */
export const ticketDetailsSchema = z.object({
  ...ticketSchema.shape,
  participant: z.nullish(z.record(z.string(), z.unknown())),
});
export type TicketDetails = z.infer<typeof ticketDetailsSchema>;

/** GET /api/user/result/{id}: the finisher line of the ticket in its format's results table. */
export const ticketResultSchema = z.object({
  start_number: z.nullish(z.union([z.number(), z.string()])),
  distance: z.nullish(z.union([z.number(), z.string()])),
  status: z.nullish(z.string()),
  net_time: z.nullish(z.string()),
  official_time: z.nullish(z.string()),
  place_overall: z.nullish(z.number()),
});
export type TicketResult = z.infer<typeof ticketResultSchema>;
