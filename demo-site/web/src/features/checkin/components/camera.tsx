import { useEffect, useRef, useState } from 'react';

interface Detector {
  detect(source: HTMLVideoElement): Promise<{ rawValue: string }[]>;
}

/** BarcodeDetector where the browser has one for QR codes, else jsQR (loaded on first need) over a canvas. */
async function makeDecoder(): Promise<(video: HTMLVideoElement, canvas: HTMLCanvasElement) => Promise<string | null>> {
  const Native = (
    globalThis as { BarcodeDetector?: { new (options: { formats: string[] }): Detector; getSupportedFormats(): Promise<string[]> } }
  ).BarcodeDetector;
  if (Native && (await Native.getSupportedFormats().catch(() => [] as string[])).includes('qr_code')) {
    const detector = new Native({ formats: ['qr_code'] });
    return async (video) => (await detector.detect(video))[0]?.rawValue ?? null;
  }
  const { default: jsQR } = await import('jsqr');
  return async (video, canvas) => {
    const width = video.videoWidth;
    const height = video.videoHeight;
    if (!width || !height) return null;
    canvas.width = width;
    canvas.height = height;
    const context = canvas.getContext('2d', { willReadFrequently: true });
    if (!context) return null;
    context.drawImage(video, 0, 0, width, height);
    const image = context.getImageData(0, 0, width, height);
    return jsQR(image.data, width, height, { inversionAttempts: 'dontInvert' })?.data ?? null;
  };
}

/** How often a frame is decoded: often enough to feel instant, rarely enough to spare a phone's battery. */
const FRAME_EVERY_MS = 120;

/**
 * The rear camera with a QR decoder. `paused` stops decoding (an answer is on screen). A code is handed
 * to `onCode` once: while it stays in view it is not read again (the participant is still holding up
 * the phone) — unless `rearm` changes («Проверить ещё раз»).
 */
export function Camera({ paused, rearm, onCode }: { paused: boolean; rearm: number; onCode: (text: string) => void }) {
  const video = useRef<HTMLVideoElement>(null);
  const canvas = useRef<HTMLCanvasElement>(null);
  const pausedRef = useRef(paused);
  const onCodeRef = useRef(onCode);
  const [failed, setFailed] = useState(false);
  const lastRead = useRef<string | null>(null);
  pausedRef.current = paused;
  onCodeRef.current = onCode;
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new `rearm` is the signal itself
  useEffect(() => {
    lastRead.current = null;
  }, [rearm]);

  useEffect(() => {
    let stream: MediaStream | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let live = true;
    void (async () => {
      try {
        stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: 'environment' }, audio: false });
      } catch {
        if (live) setFailed(true);
        return;
      }
      if (!live || !video.current) {
        for (const track of stream.getTracks()) track.stop();
        return;
      }
      video.current.srcObject = stream;
      await video.current.play().catch(() => undefined);
      const decode = await makeDecoder();
      const tick = async () => {
        if (!live) return;
        if (!pausedRef.current && video.current && canvas.current) {
          const text = await decode(video.current, canvas.current).catch(() => null);
          if (text === null) lastRead.current = null;
          else if (text !== lastRead.current && live && !pausedRef.current) {
            lastRead.current = text;
            pausedRef.current = true;
            onCodeRef.current(text);
          }
        }
        timer = setTimeout(tick, FRAME_EVERY_MS);
      };
      void tick();
    })();
    return () => {
      live = false;
      clearTimeout(timer);
      if (stream) for (const track of stream.getTracks()) track.stop();
    };
  }, []);

  if (failed) return <p className="checkin-camera__failed">Камера недоступна: найдите билет по номеру или фамилии</p>;
  return (
    <div className="checkin-camera">
      <video ref={video} muted playsInline aria-label="Камера" />
      <canvas ref={canvas} hidden />
    </div>
  );
}
