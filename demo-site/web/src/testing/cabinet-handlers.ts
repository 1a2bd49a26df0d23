import { HttpResponse, http } from 'msw';
import { cabinetUser, ticket } from './cabinet-fixtures';

/** The cabinet's read calls with empty answers, so a cabinet screen renders in any test; tests override them. */
export const cabinetHandlers = [
  http.get('*/api/user/links', () => HttpResponse.json({ values: [] })),
  http.get('*/api/user/tickets/:section', () => HttpResponse.json({ values: [] })),
  http.post('*/api/user/real/email', () => HttpResponse.json({ message: 'ok' })),
  http.get('*/api/user/ticket/:id', ({ params }) => HttpResponse.json({ ...ticket({ public_id: String(params.id) }), participant: {} })),
  http.get('*/api/user/result/:id', () => HttpResponse.json({ message: 'Результат ещё не опубликован' }, { status: 404 })),
  http.get('*/api/user/shop/orders', () => HttpResponse.json({ values: [] })),
  http.get('*/api/user/shop/soldgood/:id', () => HttpResponse.json({ values: [] })),
  http.get('*/api/user/insurances/:which', () => HttpResponse.json({ values: [] })),
  http.get('*/api/user', () => HttpResponse.json({ user: cabinetUser })),
  http.post('*/api/auth/history', () => HttpResponse.json({ values: [] })),
];
