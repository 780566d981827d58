// The QR code of a two-step setup's otpauth:// URL. The QR library is loaded here, when the code is first drawn, so
// it is in no page's bundle but this step's (the home page's script budget is fixed).
import { useEffect, useState } from 'react';
import { Spinner } from '../../../components/ui/spinner';

export function SetupQrCode({ otpauthUrl }: { otpauthUrl: string }) {
  const [image, setImage] = useState<{ url: string; src: string } | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let active = true;
    import('qrcode')
      .then((qr) => qr.toDataURL(otpauthUrl, { margin: 2, width: 200, errorCorrectionLevel: 'M' }))
      .then((src) => {
        if (active) setImage({ url: otpauthUrl, src });
      })
      .catch(() => {
        if (active) setFailed(true);
      });
    return () => {
      active = false;
    };
  }, [otpauthUrl]);

  if (failed) return <p className="text-sm">The QR code could not be drawn: type the setup key below instead.</p>;
  if (image?.url !== otpauthUrl) return <Spinner size="sm" label="Drawing the QR code" />;
  return (
    <img
      src={image.src}
      width={200}
      height={200}
      className="rounded-box border border-base-300 bg-white"
      alt="QR code to scan with your authenticator app"
    />
  );
}
