import type { Ticket } from '../features/tickets/api/schemas';

/** Cabinet data for component tests, shaped as the server answers it (accounts-sso §3). */
export const ticketBase: Ticket = {
  public_id: 'ticket-1',
  original_user_public_id: 'user-1',
  order_public_id: 'order-1',
  status: 'active',
  ticketNumber: 17,
  transfer_pending: false,
  returnable: false,
  past: false,
  city: { name_ru: 'Москва' },
  event: {
    public_id: 'spring-run',
    title: 'Забег Героев. Весна',
    event_type: { logo: '/images/logo.svg', title: 'Забег Героев' },
    banners: null,
  },
  event_format: {
    public_id: 'format-10k',
    title: '10 км',
    start_time: '2030-06-07T06:00:00.000Z',
    timezone: 'Europe/Moscow',
    insurance_available: true,
    qr: true,
    address: 'Лужники',
  },
  team: null,
  info: {
    email: 'demo@geroi.example',
    first_name: 'Иван',
    last_name: 'Петров',
    number: 17,
    inside_number: null,
    sector: null,
    row: null,
    place: null,
    insurance: false,
    registered: true,
    offline_registered: false,
  },
};

export const ticket = (changes: Partial<Ticket> & { info?: Partial<Ticket['info']> } = {}): Ticket => ({
  ...ticketBase,
  // The holder's signed code (issue 24); anyone else gets null and no QR.
  qr_code: `eyJhbGciOiJFZERTQSJ9.${changes.public_id ?? ticketBase.public_id}.c2ln`,
  ...changes,
  info: { ...ticketBase.info, ...changes.info },
});

/** The signed-in person of the cabinet's tests (`GET /api/user`). */
export const cabinetUser = {
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
};
