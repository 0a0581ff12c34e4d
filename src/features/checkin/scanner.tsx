import { useEffect, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';

/** A decoder of one video frame: the text of a QR code in it, or null. */
type Decode = (video: HTMLVideoElement) => Promise<string | null>;

interface BarcodeDetectorLike {
  detect(source: HTMLVideoElement): Promise<{ rawValue: string }[]>;
}
interface BarcodeDetectorClass {
  new (options: { formats: string[] }): BarcodeDetectorLike;
  getSupportedFormats?: () => Promise<string[]>;
}

/**
 * The browser's BarcodeDetector where it reads QR codes, else jsQR (pure JavaScript, loaded
 * only then) on a frame drawn at most 640 pixels wide.
 */
async function makeDecoder(): Promise<Decode> {
  const Detector = (globalThis as { BarcodeDetector?: BarcodeDetectorClass }).BarcodeDetector;
  if (Detector && (await Detector.getSupportedFormats?.())?.includes('qr_code')) {
    const detector = new Detector({ formats: ['qr_code'] });
    return async (video) => (await detector.detect(video))[0]?.rawValue ?? null;
  }
  const m = await import('jsqr');
  const jsQR = (m as unknown as { default: typeof m.default }).default;
  const canvas = document.createElement('canvas');
  const context = canvas.getContext('2d', { willReadFrequently: true });
  return async (video) => {
    if (!context || !video.videoWidth) return null;
    const scale = Math.min(1, 640 / video.videoWidth);
    canvas.width = Math.round(video.videoWidth * scale);
    canvas.height = Math.round(video.videoHeight * scale);
    context.drawImage(video, 0, 0, canvas.width, canvas.height);
    const frame = context.getImageData(0, 0, canvas.width, canvas.height);
    return (
      jsQR(frame.data, frame.width, frame.height, { inversionAttempts: 'dontInvert' })?.data ?? null
    );
  };
}

/** The same code is taken again only after this long (it stays in front of the camera). */
const REPEAT_MS = 3000;
const FRAME_MS = 150;

/**
 * The camera view of reception: scans continuously, hands each new code to `onCode` (which
 * says at once what happened) and keeps scanning, whatever the code was.
 */
export function Scanner({
  onCode,
  onClose,
  children,
}: {
  onCode: (text: string) => void;
  onClose: () => void;
  children?: React.ReactNode;
}) {
  const video = useRef<HTMLVideoElement>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const handler = useRef(onCode);
  useEffect(() => {
    handler.current = onCode;
  }, [onCode]);

  useEffect(() => {
    let stopped = false;
    let stream: MediaStream | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const last = { text: '', at: 0 };
    void (async () => {
      try {
        stream = await navigator.mediaDevices.getUserMedia({
          video: { facingMode: 'environment' },
          audio: false,
        });
        if (stopped || !video.current) return;
        video.current.srcObject = stream;
        await video.current.play();
        const decode = await makeDecoder();
        const tick = async () => {
          if (stopped) return;
          try {
            const el = video.current;
            const text = el && el.readyState >= 2 ? await decode(el) : null;
            const now = Date.now();
            if (text && (text !== last.text || now - last.at > REPEAT_MS)) {
              handler.current(text);
            }
            if (text) Object.assign(last, { text, at: now });
          } catch {
            // A frame that cannot be read is skipped; the next one is tried.
          }
          timer = setTimeout(() => void tick(), FRAME_MS);
        };
        void tick();
      } catch {
        if (!stopped) {
          setProblem(
            'カメラを使えません。ブラウザの設定でカメラを許可するか、下の一覧から受付してください。',
          );
        }
      }
    })();
    return () => {
      stopped = true;
      clearTimeout(timer);
      stream?.getTracks().forEach((t) => t.stop());
    };
  }, []);

  return (
    <div
      role="dialog"
      aria-modal="true"
      aria-label="カメラで受付"
      className="fixed inset-0 z-50 flex flex-col bg-slate-900 text-white"
    >
      <div className="flex items-center justify-between px-4 py-3">
        <h2 className="text-lg font-bold">カメラで受付</h2>
        <Button variant="secondary" className="min-h-12" onClick={onClose}>
          閉じる
        </Button>
      </div>
      <div className="relative min-h-0 flex-1 bg-black">
        <video
          ref={video}
          muted
          playsInline
          aria-label="カメラの映像"
          className="h-full w-full object-cover"
        />
        <div
          aria-hidden="true"
          className="pointer-events-none absolute top-1/2 left-1/2 aspect-square w-2/3 max-w-80 -translate-x-1/2 -translate-y-1/2 rounded-lg border-4 border-white/80"
        />
      </div>
      {problem ? (
        <p role="alert" className="bg-red-700 px-4 py-3 text-sm">
          {problem}
        </p>
      ) : null}
      {children}
    </div>
  );
}
