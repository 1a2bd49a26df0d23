import { useEffect, useState } from 'react';
import { useTranslation } from '../../../lib/i18n';
import '../../../locales/cabinet';

/**
 * accounts-sso §4.5, §9: the ticket as a QR code, error correction level L, 200 px. It holds the signed
 * ticket code the server gives the holder (`qr_code`, issue 24), which the staff's scanner checks.
 */
export const QR_OPTIONS = { errorCorrectionLevel: 'L', width: 200, margin: 1 } as const;

/** The QR image; the encoder loads with the first QR shown, not with the page. */
export function TicketQr({ publicId, code }: { publicId: string; code: string }) {
  const { t } = useTranslation();
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    void import('qrcode').then(async (qrcode) => {
      const url = await qrcode.toDataURL(code, QR_OPTIONS);
      if (live) setSrc(url);
    });
    return () => {
      live = false;
    };
  }, [code]);
  return (
    <div className="ticket-qr">
      {src ? (
        <img src={src} width={200} height={200} alt={t('cabinet.tickets.qrAlt', { id: publicId })} />
      ) : (
        <div style={{ width: 200, height: 200 }} />
      )}
    </div>
  );
}
