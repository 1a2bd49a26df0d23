import dayjs from 'dayjs';
import type { Policy } from './api/get-insurances';

/** accounts-sso §2.12: validity in whole days, seconds / 86400. */
export const validityDays = (seconds: number) => Math.round(seconds / 86_400);

/** accounts-sso §2.12: the start date «DD MMMM YYYY». */
export const policyStart = (iso: string) => dayjs(iso).format('DD MMMM YYYY');

/** The insured's full name: surname, name, patronymic. */
export const insuredName = (info: Policy['info']) => [info.last_name, info.first_name, info.second_name].filter(Boolean).join(' ');

/** accounts-sso §2.12: the phone written with its «+». */
export const policyPhone = (phone: string | null | undefined) => (phone ? (phone.startsWith('+') ? phone : `+${phone}`) : '');
