import { screen, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { eventCityMoscow, springRun, springRunBase } from '../../../testing/fixtures';
import { renderWithProviders } from '../../../testing/render';
import { server } from '../../../testing/server';
import { SimilarEvents } from './similar-events';

const place = (id: string, city: string) => ({ ...eventCityMoscow, public_id: `ec-${id}`, city: { id: 1, name_ru: city } });
const other = (id: string, title: string, city: string, type: string, distances: number[]) => ({
  ...springRunBase,
  public_id: id,
  title,
  event_type: { ...springRunBase.event_type, public_id: `type-${type}`, title: type },
  event_city: [place(id, city)],
  distances,
});

describe('the basket’s similar events (ticketing-shop §2, chosen as the cabinet’s: accounts-sso §2.1)', () => {
  it('by the same city, type or distance as the basket’s tickets — not by type alone — and never an event in the basket', async () => {
    server.use(
      http.get('*/api/event/list', () =>
        HttpResponse.json({
          values: [
            other('swim-sochi', 'Заплыв в Сочи', 'Сочи', 'Заплыв', [1]),
            other('ski-omsk', 'Лыжня Омска', 'Омск', 'Лыжи', [30]),
            { ...springRun, distances: [5, 10] },
            other('bike-moscow', 'Велогонка Москвы', 'Москва', 'Велогонка', [50]),
            other('trail-ural', 'Уральский трейл', 'Екатеринбург', 'Трейл', [10]),
            other('run-kazan', 'Казанский забег', 'Казань', 'Забег', [10]),
          ],
        }),
      ),
    );
    renderWithProviders(<SimilarEvents chosen={[{ eventId: 'spring-run', eventCityId: 'ec-moscow', formatTitle: '10 км' }]} />);
    const region = await screen.findByRole('region', { name: 'Похожие события' }, { timeout: 5000 });
    const titles = within(region)
      .getAllByRole('article')
      .map((card) => card.textContent ?? '');
    const order = ['Казанский забег', 'Велогонка Москвы', 'Уральский трейл', 'Заплыв в Сочи'];
    expect(titles).toHaveLength(4);
    titles.forEach((text, index) => {
      expect(text).toContain(order[index]);
    });
    expect(titles.join(' ')).not.toContain('Забег Героев. Весна');
  });
});
