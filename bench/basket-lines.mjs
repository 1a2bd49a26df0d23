// The three-line guest basket the basket benchmarks measure (bench/lighthouse.mjs, bench/basket-trace.mjs).

/**
 * A guest basket of three lines, as the catalogue adds them (ticketing-shop §3 basket item): an
 * individual and a team ticket of the first upcoming event city selling both, and a sized product.
 */
export async function threeLineBasket(base) {
  const get = async (path) => (await fetch(`${base}${path}`)).json();
  const now = Date.now();
  for (const event of (await get('/api/event/list')).values) {
    for (const city of event.event_city) {
      const formats = (await get(`/api/event_format/event/${city.public_id}`)).values;
      const single = formats.find((format) => !format.is_team);
      const team = formats.find((format) => format.is_team);
      if (!single || !team) continue;
      const ticket = (format, index) => ({
        selector: 'ticket',
        public_id: format.public_id,
        unique_id: `bench-ticket-${index}`,
        format_public_id: format.public_id,
        title: format.title,
        price: format.price,
        count: format.is_team ? format.max_count : 1,
        totalCost: format.price * (format.is_team ? format.max_count : 1),
        promocode: null,
        event: { public_id: event.public_id, title: event.title },
        event_city: { public_id: city.public_id },
        address: city.address ?? '',
        start_time: format.start_time ?? city.start_time,
        kind: 'athlete',
        max_count: format.max_count,
        fixed_count: format.fixed_count !== false,
        team_all: format.team_all === true,
        isTeam: format.is_team === true,
        buy_limit: format.buy_limit ?? null,
        tickets_left: format.tickets_left?.athlete ?? null,
        preregistration: false,
        space: false,
        addTicketToBasketTime: now,
        groupId: `${event.public_id}:${city.public_id}`,
        isErrorTab: true,
      });
      const product = (await get('/api/shop/items/home')).values.find((item) => item.proportions.length > 1);
      const size = product.proportions.find((proportion) => proportion.count > 0);
      const shop = {
        selector: 'shop',
        public_id: product.public_id,
        unique_id: 'bench-shop',
        title: product.title,
        price: product.price,
        count: 1,
        totalCost: product.price,
        promocode: null,
        size: size.name,
        proportion_public_id: size.public_id,
        delivery_public_id: null,
        max_count: size.count,
      };
      const goods = JSON.stringify([ticket(single, 0), ticket(team, 1), shop]);
      return { basketGoods: goods, NoAuthBasketGoods: goods };
    }
  }
  throw new Error('no event city with an individual and a team format');
}
