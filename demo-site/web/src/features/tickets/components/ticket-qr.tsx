import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import '../../../locales/cabinet';

/** accounts-sso §4.5, §9: the ticket's public id as a QR code, error correction level L, 200 px. */
export const QR_OPTIONS = { errorCorrectionLevel: 'L', width: 200, margin: 1 } as const;

/** The QR image; the encoder loads with the first QR shown, not with the page. */
export function TicketQr({ publicId }: { publicId: string }) {
  const { t } = useTranslation();
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    void import('qrcode').then(async (qrcode) => {
      const url = await qrcode.toDataURL(publicId, QR_OPTIONS);
      if (live) setSrc(url);
    });
    return () => {
      live = false;
    };
  }, [publicId]);
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
