import { and, asc, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { bookedNumbers, orderItems, orders, promocodes, spacePlaces, verificationCodes } from '../../db/schema/index';
import { orderStatistics } from '../../db/table-statistics';
import type { ServerDeps } from '../../deps';
import type { RequestMeta } from '../../http/request';
import { newToken, sha256 } from '../../lib/crypto';
import { badRequest, found, HttpError, tooManyRequests } from '../../lib/errors';
import type { ContentLanguage } from '../../lib/language';
import { toRubles } from '../../lib/money';
import { accountForGuestOrder, openAccountIfFree } from '../accounts/service';
import { deliveryPrice, ticketDeliveryMessages, ticketDeliveryPrice } from '../delivery/service';
import { sendConfirmation } from '../email-auth/service';
import { checkRegisterAnswers } from '../obrnadzor/service';
import { promocodeMessages } from '../promocodes/service';
import type { Authenticated, SignedIn } from '../sessions/service';
import type { UserRow } from '../users/service';
import { consumeOffer, findOffer, WAITLIST_KIND, waitlistMessages } from '../waitlist/service';
import { catalogueFrom, loadCatalogue, type PaymentCatalogue, presentPromocode } from './catalogue';
import { redeemCertificate } from './certificate-codes';
import { type CheckoutReads, readCheckout } from './checkout-reads';
import { checkInsurance } from './insurance-rules';
import { registerTakenLetter } from './letters';
import { ITEMS_PER_STATEMENT, type OrderItemInsert, type OrderRow, plainOrderWrites, writeOrder } from './order-writes';
import { confirmOrder, expireOrders } from './orders';
import { type PricedLine, type PricedOrder, PricingError, priceOrder, pricingMessages } from './pricing';
import { buildReceipt, type Receipt } from './receipt';
import { chargeLines, receiptTitles } from './receipt-lines';
import type { PaymentBody } from './schema';
import { takeStock } from './stock';
import { stockGate } from './stock-gate';
import { checkCheckoutPhone, checkoutFormatsFrom, checkParticipantFiles, checkTicketLines, holdFor } from './ticket-rules';

export interface PaymentResult {
  order_id: string;
  redirect_url: string;
  /** The provider's form to post, for providers that want one; the sandbox takes a plain redirect. */
  form: null;
  amount: number;
  token?: string;
  user?: SignedIn['user'];
}

export const paymentMessages = {
  providerAway: 'Платёжный сервис сейчас недоступен. Попробуйте оплатить позже',
} as const;

/** The order's page after the provider: the basket's thanks route reads the order from here. */
export const returnUrl = (publicUrl: string, orderPublicId: string) => `${publicUrl}/basket/thanks?order=${orderPublicId}`;

const price = (
  catalogue: PaymentCatalogue,
  body: PaymentBody,
  buyer: UserRow | null,
  now: Date,
  heldFormats?: ReadonlySet<string>,
): PricedOrder => {
  try {
    return priceOrder(
      catalogue,
      body,
      {
        vipDiscount:
          buyer?.roles.includes('vip') && buyer.discount !== null
            ? { discount: buyer.discount, form: buyer.discountForm ?? 'percent' }
            : null,
        heldFormats,
      },
      now,
      promocodeMessages,
    );
  } catch (error) {
    if (error instanceof PricingError) throw badRequest(error.message);
    throw error;
  }
};

/**
 * GET /api/event_format/check/{formatId}: whether `count` tickets of a kind can be bought now — the
 * payment's own rules (count, per-order maximum, buy_limit, tickets left, event not started).
 */
export async function checkAvailability(deps: Pick<ServerDeps, 'db' | 'clock'>, formatId: string, count: number, kind: string) {
  const body: PaymentBody = {
    email: 'availability@check.local',
    tickets: [{ format_public_id: formatId, ticket_count: count, kind }],
    shop: [],
    insurances: [],
    certificates: [],
    register: false,
  };
  const catalogue = await loadCatalogue(deps.db, body);
  const format = found(catalogue.formats.get(formatId));
  price(catalogue, body, null, deps.clock.now());
  return { available: true, tickets_left: format.left[kind] ?? 0, format_public_id: formatId };
}

/** Participant infos for a ticket line: one object per ticket (an object alone serves the first). */
const infosOf = (info: PaymentBody['tickets'][number]['info']): Record<string, unknown>[] =>
  Array.isArray(info) ? info : info ? [info] : [];

type InsuranceCheck = ReturnType<typeof checkInsurance>;

function itemRow(
  line: PricedLine,
  body: PaymentBody,
  insuranceChecks: (InsuranceCheck | null)[],
  orderId: number,
  deliveries: TicketDeliveries,
): OrderItemInsert {
  const base = {
    orderId,
    kind: line.kind,
    count: line.count,
    unitPrice: line.unitPrice,
    discount: line.discount,
    total: line.total,
    promocodeId: line.promocodeId,
    promocodeCount: line.promocodeCount,
  };
  switch (line.kind) {
    case 'ticket': {
      const request = body.tickets[line.index]!;
      return {
        ...base,
        formatId: line.formatId,
        stockKind: line.stockKind,
        teamId: line.teamId,
        insuranceCost: line.insuranceCost,
        payload: {
          infos: infosOf(request.info),
          insurance: request.insurance ?? false,
          teams: line.teams,
          team_name: request.team_name ?? null,
          club: request.club?.public_id ?? null,
          license: request.license ?? null,
          cluster: request.cluster ?? null,
          select_field: request.select_field?.name ?? null,
          abid: request.abid ?? null,
          vip: line.vip,
          start_number: request.start_number ?? null,
          place_public_id: request.place_public_id ?? null,
          delivery: deliveries.get(line.index) ?? null,
        },
      };
    }
    case 'shop': {
      const request = body.shop[line.index]!;
      return { ...base, productId: line.productId, proportionId: line.proportionId, payload: { text: request.text ?? null } };
    }
    case 'insurance': {
      const request = body.insurances[line.index]!;
      const checked = insuranceChecks[line.index]!;
      return {
        ...base,
        insuranceId: line.insuranceId,
        payload: {
          start_date: checked.startDate.toISOString(),
          first_name: request.first_name,
          last_name: request.last_name,
          second_name: request.second_name ?? null,
          gender: request.gender,
          phone: checked.phone,
          birth_date: checked.birthDate,
        },
      };
    }
    case 'certificate': {
      const recipient = body.certificates[line.index]?.recipient;
      return {
        ...base,
        certificateId: line.certificateId,
        payload: {
          recipient: recipient
            ? { name: recipient.name ?? null, email: recipient.email || null, message: recipient.message ?? null }
            : null,
        },
      };
    }
  }
}

/** What delivery costs: the goods' (`delivery.public_id`) and the tickets' start packs (each line's `delivery_public_id`). */
async function deliveryCost(db: Database, body: PaymentBody, priced: PricedOrder): Promise<{ cost: number; tickets: TicketDeliveries }> {
  const requireAddress = () => {
    for (const field of ['first_name', 'last_name', 'address', 'phone'] as const) {
      if (!body.delivery?.[field]?.trim()) throw badRequest(ticketDeliveryMessages.fill);
    }
  };
  const ticketLines = priced.lines.flatMap((line) => {
    const methodPublicId = line.kind === 'ticket' ? body.tickets[line.index]?.delivery_public_id : null;
    return line.kind === 'ticket' && methodPublicId
      ? [{ index: line.index, formatId: line.formatId, count: line.count, methodPublicId }]
      : [];
  });
  const forTickets = await ticketDeliveryPrice(db, ticketLines, body.delivery?.location_id ?? null);
  if (forTickets.needsAddress) requireAddress();
  const tickets: TicketDeliveries = new Map(
    [...forTickets.methods].map(([index, method]) => [
      index,
      {
        public_id: method.publicId,
        name: method.name,
        pickup: method.pickup,
        ...(method.pickup || !body.delivery
          ? {}
          : {
              location_id: body.delivery.location_id,
              address: body.delivery.address?.trim() ?? null,
              first_name: body.delivery.first_name?.trim() ?? null,
              last_name: body.delivery.last_name?.trim() ?? null,
              phone: body.delivery.phone?.trim() ?? null,
            }),
      },
    ]),
  );
  if (!body.delivery) return { cost: forTickets.cost, tickets };
  // The payment's delivery with no goods: the tickets' address, or nothing to deliver.
  if (body.shop.length === 0) {
    if (ticketLines.length === 0) throw badRequest('Доставка возможна только для товаров');
    return { cost: forTickets.cost, tickets };
  }
  const quote = await deliveryPrice(db, {
    city: { id: body.delivery.location_id },
    goods: body.shop.map((line) => ({ public_id: line.product.public_id, count: line.count })),
    delivery_public_id: body.delivery.public_id,
  });
  if (!quote.delivery.pickup) requireAddress();
  return { cost: Math.round(quote.delivery.cost * 100) + forTickets.cost, tickets };
}

/** The start-pack delivery each ticket line chose (by line index), stored on its tickets. */
type TicketDeliveries = Map<number, Record<string, unknown>>;

/**
 * POST /api/payment: prices the basket from the database, takes the stock and opens a pending order in
 * one transaction, then asks the provider for a payment. A guest may have an account created
 * (`register`): only then are a token and the user returned.
 */
export async function createPayment(
  deps: ServerDeps,
  body: PaymentBody,
  auth: Authenticated | null,
  meta: RequestMeta,
): Promise<PaymentResult> {
  const { db, clock } = deps;
  const now = clock.now();
  await sweepNow(deps);

  // Plain ticket lines pass the stock gate first: a sold-out crowd is turned away without the database.
  const wants = new Map<string, number>();
  // A waiting-list offer's basket buys the place its offer holds (already taken): not the gate's to count.
  for (const line of body.waitlist_code ? [] : body.tickets) {
    if (!line.format_public_id || line.team_public_id || line.team_count) continue;
    const key = `${line.format_public_id}:${line.kind ?? 'athlete'}`;
    wants.set(key, (wants.get(key) ?? 0) + (line.ticket_count ?? 1));
  }
  const gate = stockGate(db);
  // A format the database said is sold out a moment ago: turned away at once, without waiting for a turn.
  if (wants.size && gate.knownShort(wants)) throw badRequest(pricingMessages.unavailable);
  // At the last places, another process may have sold them while this one checked the basket.
  const stillAvailable = async () => {
    if (wants.size && gate.knownShort(wants)) throw badRequest(pricingMessages.unavailable);
    if (wants.size && !(await gate.stillAvailable(wants))) throw badRequest(pricingMessages.unavailable);
  };
  // What the database said about short stock, remembered by this process for a second (stock-gate.ts):
  // a buyer who came through the gate a moment before the format sold out is turned away before the reads.
  const shortStock: ShortStock = {
    refuseKnown: () => {
      if (wants.size && gate.knownShort(wants)) throw badRequest(pricingMessages.unavailable);
    },
    saw: (formatPublicId, kind, below) => gate.sawShort(`${formatPublicId}:${kind}`, below),
  };
  // The database work waits for its turn here, first come first served. The places are reserved when the
  // turn comes, not on arrival: buyers queued behind others are neither refused for places those others
  // only hold for a moment (a purchase that fails gives them back), nor do their refusals, answered in a
  // storm while the places ahead are still being sold, take the machine from those sales. When the turn
  // comes, what the others learnt meanwhile is asked first (a sold-out format: refused from memory).
  const endTurn = await gate.turn();
  let reservation: Awaited<ReturnType<typeof gate.reserve>> = null;
  try {
    reservation = wants.size ? await gate.reserve(wants) : null;
    if (wants.size && !reservation) throw badRequest(pricingMessages.unavailable);
    const result = await purchase(deps, body, auth, meta, now, stillAvailable, shortStock);
    reservation?.commit();
    return result;
  } catch (error) {
    reservation?.();
    throw error;
  } finally {
    endTurn();
  }
}

/** The stock gate's memory of short stock, as a purchase uses it. */
interface ShortStock {
  /** Throws the stock's 400 when a recent observation says the basket's places are not there. */
  refuseKnown(): void;
  /** Fewer than `below` places of the format's kind were left, by the database's own answer. */
  saw(formatPublicId: string, kind: string, below: number): void;
}

/** The public id of the catalogue's format with database id `formatId` (null when the basket has none). */
function formatKeyOf(catalogue: PaymentCatalogue, formatId: number | null | undefined): string | null {
  if (formatId == null) return null;
  for (const format of catalogue.formats.values()) if (format.id === formatId) return format.publicId;
  return null;
}

/**
 * The checkout, top to bottom: read what it needs, check the basket's rules, price it, write the order
 * (taking the stock), ask the provider for the payment, and answer. Each step is a function below.
 */
async function purchase(
  deps: ServerDeps,
  request: PaymentBody,
  auth: Authenticated | null,
  meta: RequestMeta,
  now: Date,
  beforeTransaction: () => Promise<void>,
  shortStock: ShortStock,
): Promise<PaymentResult> {
  shortStock.refuseKnown();
  const reads = await readStep(deps, request, auth, meta, now);
  const checked = await checkStep(deps, request, auth, reads, now, shortStock);
  const priced = await priceStep(deps, checked, auth, meta, now);
  const provider = providerStep(deps, checked, reads, priced.delivery);
  const created = await writeStep(deps, checked, priced, provider, auth, meta, now, beforeTransaction, shortStock);
  // A rush grows `orders` faster than autovacuum analyses it: its statistics are refreshed from here.
  orderStatistics(deps.db).wrote(1);
  return answerStep(deps, created, auth, !auth && request.register ? request.email : null);
}

/** Read: every read the checkout needs, in one statement (checkout-reads.ts). */
function readStep(
  deps: ServerDeps,
  request: PaymentBody,
  auth: Authenticated | null,
  meta: RequestMeta,
  now: Date,
): Promise<CheckoutReads> {
  // The hold caps' sums, the e-mail's account, the formats with their stock and rules, buy_limit's
  // tickets bought, the catalogue rows the basket names.
  return readCheckout(deps.db, request, { email: request.email, ip: meta.ip, now, userId: auth?.user.id ?? null });
}

/** What the checks leave for pricing and writing: the basket as checked, its catalogue, who buys. */
interface CheckedBasket {
  body: PaymentBody;
  catalogue: PaymentCatalogue;
  checkout: ReturnType<typeof checkoutFormatsFrom>;
  /** The formats the buyer already holds tickets of: the vip ticket list of ticketing-shop §6. */
  heldFormats: Set<string>;
  /** The account the order goes to (the session's, or a guest e-mail's proven account). */
  existing: UserRow | null;
  guest: ReturnType<typeof accountForGuestOrder> | null;
  held: CheckoutReads['held'];
  insuranceChecks: (InsuranceCheck | null)[];
  /** The waiting-list offer whose held place the basket buys (issue 35). */
  waitlistOffer: { entryId: number; formatId: number } | null;
}

/** Check: the checkout's own rules — participants, kinds, buy_limit, the phone, files, the register's answers, insurance forms. */
async function checkStep(
  deps: ServerDeps,
  request: PaymentBody,
  auth: Authenticated | null,
  reads: CheckoutReads,
  now: Date,
  shortStock: ShortStock,
): Promise<CheckedBasket> {
  const { db } = deps;
  // Without a session the order goes to the e-mail's account only when its e-mail is proven
  // (features/accounts): an account a guest checkout made for a stranger's address gets nothing more.
  const guest = auth ? null : accountForGuestOrder(reads.holder);
  // The checkout's own rules (ticket-rules.ts): participants, kinds, buy_limit per person, the phone.
  const checkout = checkoutFormatsFrom(reads, request.tickets);
  const bought = reads.bought;
  const checked = checkTicketLines(request.tickets, checkout, bought, now);
  const heldFormats = new Set([...checkout.values()].filter((format) => (bought.get(format.id) ?? 0) > 0).map((format) => format.publicId));
  checkCheckoutPhone(request.delivery);
  const body: PaymentBody = { ...request, tickets: checked.tickets };
  // Validation and pricing outside the transaction: a refusal costs no locks.
  await Promise.all([
    // Files are the signed-in buyer's own uploads, never someone's whose e-mail was typed.
    checkParticipantFiles(db, auth?.user.id ?? null, checked.uploads),
    checkRegisterAnswers(db, checked.registerAnswers),
  ]);
  const catalogue = catalogueFrom(reads);
  const waitlistOffer = body.waitlist_code ? await offeredPlace(db, body, catalogue, now) : null;
  // The checkout's read of the stock is authoritative for this moment: a kind with fewer places left
  // than this basket wants is remembered short (pricing refuses the basket just below).
  const wantedByKind = new Map<string, number>();
  for (const line of body.tickets) {
    if (!line.format_public_id || line.team_public_id || line.team_count) continue;
    const key = `${line.format_public_id}:${line.kind ?? 'athlete'}`;
    wantedByKind.set(key, (wantedByKind.get(key) ?? 0) + (line.ticket_count ?? 1));
  }
  for (const [key, count] of wantedByKind) {
    const [publicId, kind] = key.split(':') as [string, string];
    const left = catalogue.formats.get(publicId)?.left[kind];
    if (left !== undefined && left < count) shortStock.saw(publicId, kind, left + 1);
  }
  // The insurance form's rules (start date, age on it, phone), checked once; an unknown offer is the pricing's refusal.
  const insuranceChecks = body.insurances.map((line) => {
    const offer = catalogue.insurances.get(line.public_id);
    return offer
      ? checkInsurance(line, offer, now, line.format_public_id ? catalogue.formatStarts.get(line.format_public_id) : undefined)
      : null;
  });
  return {
    body,
    catalogue,
    checkout,
    heldFormats,
    existing: auth?.user ?? guest?.owner ?? null,
    guest,
    held: reads.held,
    insuranceChecks,
    waitlistOffer,
  };
}

/**
 * The place a waiting-list offer holds (issue 35), for the basket its link opened: the offer must be
 * open and the basket must buy one ticket of its format. That place is counted as taken already, so
 * it is added back to what the pricing may sell this basket.
 */
async function offeredPlace(db: Database, body: PaymentBody, catalogue: PaymentCatalogue, now: Date) {
  const offer = await findOffer(db, body.waitlist_code!, now);
  if (!offer) throw badRequest(waitlistMessages.offerGone);
  const lines = body.tickets.filter((line) => line.format_public_id === offer.format.publicId && !line.team_public_id);
  const count = lines.reduce((sum, line) => sum + (line.ticket_count ?? 1), 0);
  if (count !== 1 || lines.some((line) => (line.kind ?? WAITLIST_KIND) !== WAITLIST_KIND)) throw badRequest(waitlistMessages.offerOne);
  const format = catalogue.formats.get(offer.format.publicId);
  if (format) format.left[WAITLIST_KIND] = (format.left[WAITLIST_KIND] ?? 0) + 1;
  return { entryId: offer.entry.id, formatId: offer.format.id };
}

/** The price as the reads set it (before any promocode row is locked), and delivery. */
interface PricedBasket {
  prePriced: PricedOrder;
  delivery: number;
  ticketDeliveries: TicketDeliveries;
  /** Promocode rows to lock before the final price (sorted: one lock order for every process). */
  promoIds: number[];
  /** The amount when nothing is left to lock or spend (no promocode, no certificate): known now. */
  knownAmount: number | null;
}

/** Price: the basket from the database's figures, the caps on open holds, delivery. */
async function priceStep(
  deps: ServerDeps,
  checked: CheckedBasket,
  auth: Authenticated | null,
  meta: RequestMeta,
  now: Date,
): Promise<PricedBasket> {
  const prePriced = price(checked.catalogue, checked.body, auth?.user ?? null, now, checked.heldFormats);
  checkHoldCaps(deps, checked.held, prePriced, meta.ip);
  const { cost: delivery, tickets: ticketDeliveries } = await deliveryCost(deps.db, checked.body, prePriced);
  const promoIds = [...checked.catalogue.promocodes.values()].map((promo) => promo.id).sort((a, b) => a - b);
  const knownAmount = promoIds.length === 0 && !checked.body.certificate_code ? prePriced.total + delivery : null;
  return { prePriced, delivery, ticketDeliveries, promoIds, knownAmount };
}

/** The order's ids and its payment at the provider, asked once the amount is known. */
interface ProviderAsk {
  publicId: string;
  paymentId: string;
  ask(priced: PricedOrder, amount: number): Promise<AskedPayment>;
}

/**
 * Ask the provider: the payment for an amount, with its 54-ФЗ receipt (nothing for a free order). A
 * provider that fails after its own tries again is the buyer's clear 503; nothing has been written.
 */
function providerStep(deps: ServerDeps, checked: CheckedBasket, reads: CheckoutReads, delivery: number): ProviderAsk {
  const { config } = deps;
  const publicId = newOrderId();
  const paymentId = newPaymentId();
  const titles = receiptTitles(reads);
  return {
    publicId,
    paymentId,
    ask: async (priced, amount) => {
      if (amount === 0) return { paymentUrl: null, providerPaymentId: null, receipt: null };
      const receipt = buildReceipt({
        email: checked.body.email,
        lines: chargeLines(priced, delivery, titles),
        payable: amount,
        vatCode: config.payment.vatCode ?? 1,
      });
      const created = await deps.payments
        .create({
          paymentId,
          orderPublicId: publicId,
          amount,
          description: `Заказ ${publicId}`,
          returnUrl: returnUrl(config.publicUrl, publicId),
          receipt,
        })
        .catch((error: unknown) => {
          // Tried again under the same key already (provider.ts): the buyer is told, nothing is written.
          throw error instanceof HttpError ? error : Object.assign(new HttpError(503, paymentMessages.providerAway), { cause: error });
        });
      return { paymentUrl: created.redirectUrl, providerPaymentId: created.providerPaymentId, receipt };
    },
  };
}

/**
 * Write: the order and its lines, the stock taken. The provider's payment link goes into the order's
 * own row, written with it (no write after the commit that could fail and leave a pending order
 * without its link): when the amount is known before the locks, the provider is asked first (no
 * connection held meanwhile); otherwise inside the transaction, once the locked figures set it.
 */
async function writeStep(
  deps: ServerDeps,
  checked: CheckedBasket,
  priced: PricedBasket,
  provider: ProviderAsk,
  auth: Authenticated | null,
  meta: RequestMeta,
  now: Date,
  beforeTransaction: () => Promise<void>,
  shortStock: ShortStock,
): Promise<{ order: OrderRow; newAccount: UserRow | null }> {
  const { db, config } = deps;
  const { body, catalogue, insuranceChecks, existing } = checked;
  const { prePriced, delivery, promoIds, knownAmount } = priced;
  const asked = knownAmount === null ? null : await provider.ask(prePriced, knownAmount);

  await beforeTransaction();
  const orderValues = (fields: {
    amount: number;
    userId: number | null;
    needsToken: boolean;
    certificate: { id: number; amount: number } | null;
    payment: AskedPayment;
  }) =>
    ({
      publicId: provider.publicId,
      userId: fields.userId,
      email: body.email,
      status: 'pending',
      shopStatus: body.shop.length ? 'processing' : null,
      amount: fields.amount,
      deliveryCost: delivery,
      delivery: body.delivery ?? null,
      paymentId: provider.paymentId,
      paymentUrl: fields.payment.paymentUrl,
      providerPaymentId: fields.payment.providerPaymentId,
      receipt: fields.payment.receipt,
      // A signed-in buyer's order, or one that made an account, is read with that account's token.
      needsToken: fields.needsToken,
      ip: meta.ip ?? null,
      // The buyer's language, for the order's letters (Russian unless the request asked for English).
      language: meta.language ?? 'ru',
      createdAt: now,
      expiresAt: new Date(now.getTime() + holdFor(config.payment.holdMs, body.tickets, checked.checkout)),
      certificateId: fields.certificate?.id ?? null,
      certificateAmount: fields.certificate?.amount ?? 0,
    }) satisfies typeof orders.$inferInsert;

  // A plain basket — tickets of one format and kind, nothing to lock first (no promocode, certificate,
  // new account, chosen number or seat, team) — is written in one statement, without a transaction:
  // the stock's conditional update, the order and its lines (writeOrder). The format's row lock, the hot
  // one in a rush, is then held for that statement alone, not across round trips to the commit.
  const plainRows = prePriced.lines.map((line) => itemRow(line, body, insuranceChecks, 0, priced.ticketDeliveries));
  const plainClaim = checked.waitlistOffer ? null : plainStockClaim(body, plainRows, !auth && body.register);
  if (plainClaim && knownAmount !== null && asked) {
    // Written with the other plain orders of its format that arrive meanwhile (order-writes.ts).
    const order = await plainOrderWrites(db)
      .write(
        orderValues({ amount: knownAmount, userId: existing?.id ?? null, needsToken: auth !== null, certificate: null, payment: asked }),
        plainRows,
        plainClaim,
      )
      .catch((error: unknown) => {
        // The conditional update took nothing: fewer than the claim's count were left.
        const publicId = formatKeyOf(catalogue, plainClaim.formatId);
        if (publicId && isStockRefusal(error)) shortStock.saw(publicId, plainClaim.kind, plainClaim.count);
        throw error;
      });
    return { order, newAccount: null };
  }
  return db.transaction(async (tx) => {
    // Promocode rows locked first, then priced with what they have left at this moment.
    if (promoIds.length) {
      const locked = await tx.select().from(promocodes).where(inArray(promocodes.id, promoIds)).orderBy(asc(promocodes.id)).for('update');
      const perPerson = await usesByPerson(
        tx,
        locked.filter((row) => row.maxUsesPerPerson !== null).map((row) => row.id),
        body.email,
        existing?.id ?? null,
      );
      for (const row of locked) {
        const info = presentPromocode(row);
        if (row.maxUsesPerPerson !== null) info.personLeft = Math.max(0, row.maxUsesPerPerson - (perPerson.get(row.id) ?? 0));
        catalogue.promocodes.set(row.code, info);
      }
    }
    // The stock figures read above may be a moment old: the conditional updates below decide.
    const final = price(catalogue, body, auth?.user ?? null, now, checked.heldFormats);

    let buyer = existing;
    let newAccount: UserRow | null = null;
    if (!auth && body.register) {
      // An account for an address nobody holds, unproven until its letter is opened (answerStep). The
      // same statement for a used address, which it leaves as it is (issue 33, finding 6).
      newAccount = await openAccountIfFree(tx, now, { email: body.email });
      if (newAccount) buyer = newAccount;
    }
    // A gift certificate pays what it has left, up to the order's cost without certificates (they are not paid with one).
    const payable = final.total + delivery - final.lines.reduce((sum, line) => sum + (line.kind === 'certificate' ? line.total : 0), 0);
    const redeemed = body.certificate_code ? await redeemCertificate(tx, body.certificate_code, payable) : null;
    const amount = final.total + delivery - (redeemed?.amount ?? 0);
    const payment = knownAmount === amount && asked ? asked : await provider.ask(final, amount);
    // The order and its lines in one statement (the lines name the new order's id through the CTE).
    const rows = final.lines.map((line) => itemRow(line, body, insuranceChecks, 0, priced.ticketDeliveries));
    const order = await writeOrder(
      tx,
      orderValues({
        amount,
        userId: buyer?.id ?? null,
        needsToken: auth !== null,
        certificate: redeemed,
        payment,
      }),
      rows,
      null,
    );
    // The chosen start numbers and seats: the buyer's own running holds, moved to this order.
    await takeChoices(tx, body, catalogue, auth?.user.id ?? null, order, now);
    // The stock last: its row locks (the format's counter, the hot row when a crowd buys one format)
    // are held from here to the commit only, not across the inserts as well.
    const claims = rows.map((row) => ({
      kind: row.kind,
      formatId: row.formatId ?? null,
      stockKind: row.stockKind ?? null,
      teamId: row.teamId ?? null,
      proportionId: row.proportionId ?? null,
      promocodeId: row.promocodeId ?? null,
      promocodeCount: row.promocodeCount ?? 0,
      count: row.count,
    }));
    // The ticket a waiting-list offer holds is taken already (when it was offered): not taken again.
    const offered = checked.waitlistOffer;
    const held = offered
      ? claims.find(
          (claim) =>
            claim.kind === 'ticket' &&
            claim.formatId === offered.formatId &&
            claim.teamId === null &&
            (claim.stockKind ?? WAITLIST_KIND) === WAITLIST_KIND,
        )
      : undefined;
    if (held) held.count -= 1;
    await takeStock(tx, claims, (formatId, kind, count) => {
      const publicId = formatKeyOf(catalogue, formatId);
      if (publicId) shortStock.saw(publicId, kind, count);
    });
    // The offer closes for this order, while still open (the stock rows first: the waiting list's lock order).
    if (offered && !(await consumeOffer(tx, offered.entryId, order.id, now))) throw badRequest(waitlistMessages.offerGone);
    return { order, newAccount };
  });
}

/**
 * The uses a person already made of codes limited per person (issue 31): the discounted units of their
 * open and paid orders — placed for their e-mail, or by their account. Read under the codes' row locks
 * (the caller's transaction), so two baskets of one person at once cannot both take the last use.
 */
async function usesByPerson(tx: Database, promocodeIds: number[], email: string, userId: number | null): Promise<Map<number, number>> {
  if (promocodeIds.length === 0) return new Map();
  const person = userId === null ? sql`${orders.email} = ${email}` : sql`(${orders.email} = ${email} or ${orders.userId} = ${userId})`;
  const rows = await tx
    .select({ id: orderItems.promocodeId, used: sql<number>`coalesce(sum(${orderItems.promocodeCount}), 0)::integer` })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(and(inArray(orderItems.promocodeId, promocodeIds), inArray(orders.status, ['pending', 'paid']), person))
    .groupBy(orderItems.promocodeId);
  return new Map(rows.map((row) => [row.id!, Number(row.used)]));
}

/**
 * Answer: a free order is confirmed at once. «register» answers a free and a used address alike (issue
 * 33, finding 6): no token — a new account's way in is its confirmation letter, which asks before it
 * signs anyone in — and a letter either way, to the owner of a used address saying it has an account.
 */
async function answerStep(
  deps: ServerDeps,
  created: { order: OrderRow; newAccount: UserRow | null },
  auth: Authenticated | null,
  /** The address a guest asked an account for (`register`), null otherwise. */
  registering: string | null,
): Promise<PaymentResult> {
  const { order, newAccount } = created;
  let redirectUrl: string;
  if (order.amount === 0) {
    await confirmOrder(deps, order.id, null);
    redirectUrl = returnUrl(deps.config.publicUrl, order.publicId);
  } else redirectUrl = order.paymentUrl!;
  const result: PaymentResult = { order_id: order.publicId, redirect_url: redirectUrl, form: null, amount: toRubles(order.amount) };
  if (newAccount && !auth) await sendConfirmation(deps, newAccount, order.language);
  else if (registering) await sendAccountExists(deps, registering, order.language);
  return result;
}

/** The one stock counter a plain basket takes (see `writeOrder`), or null when the basket needs the transaction. */
function plainStockClaim(
  body: PaymentBody,
  rows: OrderItemInsert[],
  opensAccount: boolean,
): { formatId: number; kind: string; count: number } | null {
  if (opensAccount || body.certificate_code || rows.length === 0 || rows.length > ITEMS_PER_STATEMENT) return null;
  if (body.tickets.some((line) => line.start_number != null || line.place_public_id || line.team_public_id)) return null;
  const first = rows[0]!;
  const claim = { formatId: first.formatId ?? -1, kind: first.stockKind ?? 'athlete', count: 0 };
  for (const row of rows) {
    if (row.kind !== 'ticket' || row.formatId == null || row.teamId != null || row.promocodeId != null) return null;
    if (claim.formatId !== row.formatId || claim.kind !== (row.stockKind ?? 'athlete')) return null;
    claim.count += row.count;
  }
  return claim;
}

/** The stock's own refusal (a conditional update that took nothing). */
const isStockRefusal = (error: unknown): boolean =>
  error instanceof HttpError && error.statusCode === 400 && error.message === pricingMessages.unavailable;

export const choiceMessages = {
  signIn: 'Войдите, чтобы выбрать стартовый номер или место',
  numberNotHeld: 'Стартовый номер не закреплён за вами: выберите его снова',
  placeNotHeld: 'Место не закреплено за вами: выберите его снова',
} as const;

/**
 * Moves the buyer's running holds of the start numbers and seats the lines name to the order (held
 * now until the order's expiry): only the signed-in buyer's own hold, not yet in an order, not run
 * out. A number or seat someone else holds, or one never held, is refused — nothing is written from
 * what the buyer typed. Conditional updates under the rows' locks: one order gets a hold, once.
 */
async function takeChoices(
  tx: Database,
  body: PaymentBody,
  catalogue: PaymentCatalogue,
  userId: number | null,
  order: { id: number; expiresAt: Date },
  now: Date,
): Promise<void> {
  for (const line of body.tickets) {
    if (line.start_number == null && !line.place_public_id) continue;
    if (userId === null) throw badRequest(choiceMessages.signIn);
    const format = catalogue.formats.get(line.format_public_id ?? '');
    if (!format) throw badRequest(pricingMessages.unavailable);
    if (line.start_number != null) {
      const taken = await tx
        .update(bookedNumbers)
        .set({ orderId: order.id, expiresAt: order.expiresAt })
        .where(
          and(
            eq(bookedNumbers.formatId, format.id),
            eq(bookedNumbers.number, line.start_number),
            eq(bookedNumbers.userId, userId),
            isNull(bookedNumbers.orderId),
            gt(bookedNumbers.expiresAt, now),
          ),
        )
        .returning({ number: bookedNumbers.number });
      if (taken.length === 0) throw badRequest(choiceMessages.numberNotHeld);
    }
    if (line.place_public_id) {
      const taken = await tx
        .update(spacePlaces)
        .set({ orderId: order.id, heldUntil: order.expiresAt })
        .where(
          and(
            eq(spacePlaces.formatId, format.id),
            eq(spacePlaces.publicId, line.place_public_id),
            eq(spacePlaces.heldBy, userId),
            eq(spacePlaces.booked, false),
            isNull(spacePlaces.orderId),
            gt(spacePlaces.heldUntil, now),
          ),
        )
        .returning({ id: spacePlaces.id });
      if (taken.length === 0) throw badRequest(choiceMessages.placeNotHeld);
    }
  }
}

/**
 * The letter to a used address a guest asked an account for at checkout: it has one; how to get in.
 * Nothing of the account changes; the order itself goes where any guest order for the address goes.
 */
async function sendAccountExists(deps: ServerDeps, email: string, language: ContentLanguage): Promise<void> {
  const link = `${deps.config.publicUrl}/login`;
  // The same statements as the new account's letter (a code closed and one written, the letter): the time
  // taken does not tell a used address from a free one. The code is nobody's (no account) and used up.
  await deps.db
    .update(verificationCodes)
    .set({ consumedAt: deps.clock.now() })
    .where(
      and(
        eq(verificationCodes.purpose, 'email_confirm'),
        eq(verificationCodes.target, email),
        isNull(verificationCodes.userId),
        isNull(verificationCodes.consumedAt),
      ),
    );
  const now = deps.clock.now();
  await deps.db.insert(verificationCodes).values({
    purpose: 'email_confirm',
    target: email,
    userId: null,
    codeHash: sha256(newToken()),
    payload: null,
    createdAt: now,
    expiresAt: now,
    consumedAt: now,
  });
  await deps.email.send({
    to: email,
    ...registerTakenLetter(language, link),
    meta: { kind: 'register_taken', link },
  });
}

export const holdMessages = {
  tooManyHolds: 'Слишком много неоплаченных заказов. Оплатите их или дождитесь окончания брони',
} as const;

/**
 * Open holds are capped per e-mail and per address in tickets and goods, not orders: a hold takes stock
 * for `payment.holdMs` with no sign-in, and counting orders let one order of 100 lines hold 1,000 places.
 * Both sums are read with the checkout's other reads (checkout-reads.ts).
 */
interface HeldUnits {
  byEmail: number;
  byAddress: number;
}

/** Refuses (429) an order whose tickets and goods would take the e-mail's or the address's holds over the cap. */
function checkHoldCaps(deps: ServerDeps, held: HeldUnits, order: PricedOrder, ip: string | undefined): void {
  const adding = order.lines.reduce((sum, line) => sum + (line.kind === 'ticket' || line.kind === 'shop' ? line.count : 0), 0);
  if (held.byEmail + adding > deps.config.holdCaps.perEmail) throw tooManyRequests(holdMessages.tooManyHolds);
  if (ip && held.byAddress + adding > deps.config.holdCaps.perAddress) throw tooManyRequests(holdMessages.tooManyHolds);
}

/** What the provider gave for an order's payment (nothing for a free order). */
interface AskedPayment {
  paymentUrl: string | null;
  providerPaymentId: string | null;
  receipt: Receipt | null;
}

const newOrderId = (): string => crypto.randomUUID().replaceAll('-', '').slice(0, 24);
const newPaymentId = (): string => `pay_${crypto.randomUUID().replaceAll('-', '')}`;

const lastSweep = new WeakMap<Database, number>();

/** Expired holds are released before selling, at most once a second (the sweeper also runs on a timer). */
async function sweepNow(deps: ServerDeps): Promise<void> {
  const at = performance.now();
  if (at - (lastSweep.get(deps.db) ?? Number.NEGATIVE_INFINITY) < 1000) return;
  lastSweep.set(deps.db, at);
  await expireOrders(deps);
}
