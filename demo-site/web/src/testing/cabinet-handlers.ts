import { HttpResponse, http } from 'msw';
import { ticket } from './cabinet-fixtures';

/** The cabinet's read calls with empty answers, so a cabinet screen renders in any test; tests override them. */
export const cabinetHandlers = [
  http.get('*/api/user/tickets/:section', () => HttpResponse.json({ values: [] })),
  http.get('*/api/user/ticket/:id', ({ params }) => HttpResponse.json({ ...ticket({ public_id: String(params.id) }), participant: {} })),
  http.get('*/api/user/result/:id', () => HttpResponse.json({ message: 'Результат ещё не опубликован' }, { status: 404 })),
  http.get('*/api/user/shop/orders', () => HttpResponse.json({ values: [] })),
  http.get('*/api/user/shop/soldgood/:id', () => HttpResponse.json({ values: [] })),
  http.get('*/api/user/insurances/:which', () => HttpResponse.json({ values: [] })),
  http.get('*/api/user', () =>
    HttpResponse.json({
      user: {
        public_id: 'user-1',
        name: 'Иван',
        last_name: 'Петров',
        second_name: null,
        birth_date: '1990-05-01',
        email: 'demo@geroi.example',
        phone: '79990000001',
        gender: 'none',
        mailing: false,
        extra_contact: null,
        type_relate: null,
        contact_phone: null,
        email_confirmed: true,
        phone_confirmed: true,
        has_password: true,
      },
    }),
  ),
  http.post('*/api/auth/history', () => HttpResponse.json({ values: [] })),
];
