import { queryOptions, useQuery } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { requestParsed } from '../../../lib/api-client';

const certificateSchema = z.object({
  public_id: z.string(),
  title: z.string(),
  description: z.nullish(z.string()),
  picture: z.nullish(z.string()),
  /** Rubles. */
  price: z.number(),
});
export type CertificateOffer = z.infer<typeof certificateSchema>;

/** GET /api/certificates: the gift certificates on sale (their amounts). */
export const certificatesQuery = () =>
  queryOptions({
    queryKey: ['certificates'],
    queryFn: ({ signal }) => requestParsed(z.object({ values: z.array(certificateSchema) }), { url: '/api/certificates', signal }),
    staleTime: 300_000,
  });

export const useCertificates = () => useQuery(certificatesQuery());

const checkSchema = z.object({ code: z.string(), left: z.number() });
export type CertificateCheck = z.infer<typeof checkSchema>;

/** GET /api/certificate/check/{code}: what a bought certificate has left (rubles), or a 400 with the server's message. */
export const checkCertificate = (code: string) =>
  requestParsed(checkSchema, { url: `/api/certificate/check/${encodeURIComponent(code.trim())}` });
