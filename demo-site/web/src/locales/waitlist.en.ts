import type { Messages } from './ru';

/** English texts of the waiting list: the same keys as waitlist.ru.ts (the type checks it). */
export const waitlistEn: Messages['waitlist'] = {
  join: 'Tell me if tickets appear',
  emailLabel: 'E-mail for the ticket letter',
  submit: 'Join the waiting list',
  sending: 'Sending…',
  position: 'You are on the waiting list: place {{position}}',
  offered: 'A place is held for you: the payment link is in your e-mail',
  explain: 'If a place frees up, we will e-mail you a link that holds the ticket for you for 24 hours.',
  failed: 'Could not join the waiting list, try later',
  invalidEmail: 'Enter a valid e-mail',
  title: 'Waiting lists',
  empty: 'You are on no waiting list',
  leave: 'Leave the waiting list',
  left: 'You left the waiting list',
  until: 'The place is held until {{date}}',
  offerTitle: 'A place from the waiting list',
  offerLoading: 'Opening the basket with your ticket…',
  offerGone: 'The link has expired or was used: the place went to the next person on the waiting list',
  toCalendar: 'Go to the calendar',
};
