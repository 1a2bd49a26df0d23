import { describe, expect, it } from 'vitest';
import type { SportEvent } from './api/schemas';
import { distanceKm, similarEvents, type TicketTaste, tastesOfChosen } from './similar';

const event = (public_id: string, city: string, type: string, distances: number[]): SportEvent =>
  ({
    public_id,
    title: public_id,
    event_type: { public_id: type, title: type },
    event_city: [{ public_id: `${public_id}-${city}`, city: { id: 1, name_ru: city }, start_time: '2030-01-01T00:00:00Z' }],
    distances,
  }) as SportEvent;

describe('similar events (ticketing-shop §9: four)', () => {
  it('reads the distance a format names', () => {
    expect(distanceKm('10 км')).toBe(10);
    expect(distanceKm('21,1 км')).toBe(21.1);
    expect(distanceKm('Эстафета 4×5 км')).toBe(5);
    expect(distanceKm('Трибуна болельщиков')).toBeNull();
  });

  it('puts the events sharing a city, type or distance with the tickets first, never the ones already held', () => {
    const events = [
      event('ski-omsk', 'Омск', 'Лыжи', [30]),
      event('swim-sochi', 'Сочи', 'Заплыв', [1]),
      event('held', 'Москва', 'Забег', [10]),
      event('bike-moscow', 'Москва', 'Велогонка', [50]),
      event('trail-ural', 'Екатеринбург', 'Трейл', [10]),
      event('run-kazan', 'Казань', 'Забег', [10]),
      event('run-moscow', 'Москва', 'Забег', [5, 10]),
    ];
    const tickets: TicketTaste[] = [{ eventId: 'held', city: 'Москва', type: 'Забег', distanceKm: 10 }];
    expect(similarEvents(events, tickets).map((item) => item.public_id)).toEqual([
      'run-moscow', // city, type and distance
      'run-kazan', // type and distance
      'bike-moscow', // city (the soonest of the one-pointers)
      'trail-ural', // distance
    ]);
  });

  it('without tickets: the four soonest', () => {
    const events = ['a', 'b', 'c', 'd', 'e'].map((id) => event(id, 'Москва', 'Забег', []));
    expect(similarEvents(events, []).map((item) => item.public_id)).toEqual(['a', 'b', 'c', 'd']);
  });
});

describe('the taste of the basket’s tickets (tastesOfChosen)', () => {
  it('reads the city and type from the events list and the distance from the format; an unknown event gives its distance only', () => {
    const events = [event('run-moscow', 'Москва', 'Забег', [10])];
    expect(
      tastesOfChosen(events, [
        { eventId: 'run-moscow', eventCityId: 'run-moscow-Москва', formatTitle: '21,1 км' },
        { eventId: 'gone', eventCityId: 'x', formatTitle: '5 км' },
      ]),
    ).toEqual([
      { eventId: 'run-moscow', city: 'Москва', type: 'Забег', distanceKm: 21.1 },
      { eventId: 'gone', city: '', type: '', distanceKm: 5 },
    ]);
    // An unknown city or type matches nothing.
    const blank = [event('no-city', '', '', [])];
    expect(
      similarEvents(
        [...blank, event('x', 'Омск', 'Лыжи', [5])],
        tastesOfChosen(events, [{ eventId: 'gone', eventCityId: 'x', formatTitle: '5 км' }]),
      ).map((item) => item.public_id),
    ).toEqual(['x', 'no-city']);
  });
});
