import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import type { BasketItem } from '../../../features/basket/basket-items';
import { addInsuranceLine } from '../../../features/basket/basket-model';
import { basketActions } from '../../../features/basket/basket-store';
import { ticketLine } from '../../../features/basket/ticket-line';
import { setLanguage } from '../../../lib/i18n';
import * as fixtures from '../../../testing/fixtures';
import { renderApp } from '../../../testing/render';
import { server } from '../../../testing/server';

// Issue 35: the basket keeps the texts a line was added with; an insurance line's own title and the
// events named by the «outdated data» popup follow the site's language, as the server names them.
const english = (request: Request) => request.headers.get('accept-language') === 'en';

const ticketInput = {
  format: { public_id: 'format-10k', title: '10 км', price: 1500 },
  seats: 10,
  ticketsLeft: 50,
  kind: 'athlete',
  event: { public_id: fixtures.springRunBase.public_id, title: fixtures.springRunBase.title },
  eventCity: { public_id: 'ec-moscow', start_time: '2030-05-31T06:00:00Z' },
  promocode: null,
  now: Date.now(),
  uniqueId: 't1',
};

/** The basket's calls, the insurance offers and the event list in the language each call asks in. */
function bilingualBasketApi() {
  server.use(
    http.get('*/api/insurances', ({ request }) =>
      HttpResponse.json({
        values: [
          {
            public_id: 'ins-day',
            title: english(request) ? 'One-day insurance' : 'Страховка на день',
            price: 200,
            default: true,
            isStartDate: 'true',
          },
        ],
      }),
    ),
    http.get('*/api/event/list', ({ request }) =>
      HttpResponse.json({ values: [english(request) ? { ...fixtures.springRun, title: 'Heroes Run: Spring' } : fixtures.springRun] }),
    ),
    http.get('*/api/event_format/:id', () => HttpResponse.json({ public_id: 'format-10k', insurance_available: true, clubs: false })),
    http.get('*/api/delivery/ticket', () => HttpResponse.json({ values: [] })),
  );
}

describe('/basket in the site’s language', () => {
  it('insurance added in Russian is titled in English once the reader switches: its own line and a ticket’s', async () => {
    bilingualBasketApi();
    // A ticket asking for insurance (the basket adds the default offer under it) and an insurance
    // bought alone (a line of its own), both added while the site was Russian.
    const alone = addInsuranceLine([], { public_id: 'ins-day', title: 'Страховка на день', price: 200 }, { newId: () => 'i1' });
    basketActions.reset([{ ...ticketLine(ticketInput), isAddInsurance: true } as BasketItem, ...alone]);
    renderApp('/basket');
    expect(await screen.findByRole('article', { name: 'Страховка на день' }, { timeout: 10_000 })).toBeTruthy();
    const ticket = screen.getByRole('article', { name: '10 км' });
    expect(await within(ticket).findByRole('checkbox', { name: 'Страховка: Страховка на день' })).toBeTruthy();

    await userEvent.setup().click(screen.getByRole('button', { name: 'English' }));
    const insurance = await screen.findByRole('article', { name: 'One-day insurance' });
    expect(within(insurance).getByRole('button', { name: 'Remove “One-day insurance”' })).toBeTruthy();
    expect(screen.queryByRole('article', { name: 'Страховка на день' })).toBeNull();
    expect(await within(ticket).findByRole('checkbox', { name: 'Insurance: One-day insurance' })).toBeTruthy();
  });

  it('the «outdated data» popup names the event in English for an English reader, though the ticket was added in Russian', async () => {
    await setLanguage('en');
    bilingualBasketApi();
    // A seat ticket held longer than the 10 minutes of the hold (ticketing-shop §4): it leaves the basket.
    const held = ticketLine({ ...ticketInput, format: { ...ticketInput.format, space: true }, now: Date.now() - 11 * 60_000 });
    basketActions.reset([held as BasketItem]);
    renderApp('/basket');
    const popup = await screen.findByRole('dialog', { name: 'Outdated data' }, { timeout: 10_000 });
    expect(
      await within(popup).findByText('The purchase data for “Heroes Run: Spring” are outdated, add them to the basket again'),
    ).toBeTruthy();
    expect(within(popup).queryByText(/Забег Героев/)).toBeNull();
  });

  it('in Russian the popup names the event as before', async () => {
    bilingualBasketApi();
    const held = ticketLine({ ...ticketInput, format: { ...ticketInput.format, space: true }, now: Date.now() - 11 * 60_000 });
    basketActions.reset([held as BasketItem]);
    renderApp('/basket');
    const popup = await screen.findByRole('dialog', { name: 'Данные устарели' }, { timeout: 10_000 });
    expect(within(popup).getByText(/«Забег Героев\. Весна»/)).toBeTruthy();
  });
});
