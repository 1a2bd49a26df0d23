import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../testing/render';
import { server } from '../../../testing/server';
import type { PostalIndex } from '../api/postal-index';
import { PostalIndexField } from './postal-index-field';

const moscow = {
  index: '101000',
  office_name: 'Почтамт',
  address: 'Мясницкая, 26',
  city: { id: 524901, name_ru: 'Москва' },
  region: { id: 524894, name_ru: 'Москва' },
};

function Harness({ found }: { found: PostalIndex[] }) {
  const [index, setIndex] = useState('');
  return <PostalIndexField value={index} onChange={setIndex} onFound={(office) => found.push(office)} />;
}

describe('the delivery address postal index (GET /api/pochta/{index})', () => {
  it('six digits find the office and fill the city; a wrong one says «Введите корректный Индекс» or «Попробуйте другой индекс»', async () => {
    const asked: string[] = [];
    server.use(
      http.get('*/api/pochta/:index', ({ params }) => {
        asked.push(String(params.index));
        return params.index === '101000'
          ? HttpResponse.json(moscow)
          : HttpResponse.json({ message: 'Попробуйте другой индекс' }, { status: 404 });
      }),
    );
    const found: PostalIndex[] = [];
    const user = userEvent.setup();
    renderWithProviders(<Harness found={found} />);
    const field = await screen.findByRole('textbox', { name: 'Индекс' });

    await user.type(field, '12a3');
    await user.tab();
    expect((await screen.findByRole('alert')).textContent).toBe('Введите корректный Индекс');
    expect(asked).toEqual([]);

    await user.clear(field);
    await user.type(field, '999999');
    expect((await screen.findByRole('alert')).textContent).toBe('Попробуйте другой индекс');

    await user.clear(field);
    await user.type(field, '101000');
    expect((await screen.findByRole('status')).textContent).toBe('Москва, Москва — Почтамт');
    await waitFor(() => expect(found.map((office) => office.city.id)).toEqual([524901]));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(asked).toEqual(['999999', '101000']);
  });
});
