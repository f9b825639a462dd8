/**
 * The camera and the code reader (ADR 038): the browser's own BarcodeDetector where it
 * reads QR codes (Chrome on Android), elsewhere the `barcode-detector` ponyfill on zxing's
 * wasm, loaded only then and read from our own /assets/, since the CSP allows no CDN.
 */
type Detector = { detect(source: HTMLVideoElement): Promise<Array<{ rawValue: string }>> };

type NativeDetectorClass = {
  new (options: { formats: string[] }): Detector;
  getSupportedFormats(): Promise<string[]>;
};

async function nativeDetector(): Promise<Detector | null> {
  const Native = (globalThis as { BarcodeDetector?: NativeDetectorClass }).BarcodeDetector;
  if (!Native) return null;
  try {
    return (await Native.getSupportedFormats()).includes("qr_code")
      ? new Native({ formats: ["qr_code"] })
      : null;
  } catch {
    return null;
  }
}

async function ponyfillDetector(wasmUrl: string | null): Promise<Detector> {
  const { BarcodeDetector, prepareZXingModule } = await import("barcode-detector/ponyfill");
  if (wasmUrl) {
    prepareZXingModule({
      overrides: {
        locateFile: (path: string, prefix: string) => (path.endsWith(".wasm") ? wasmUrl : prefix + path),
      },
    });
  }
  return new BarcodeDetector({ formats: ["qr_code"] });
}

/** Whether this browser can show a camera at all; typing the reference works everywhere. */
export const canScan = () => typeof navigator.mediaDevices?.getUserMedia === "function";

/** How often a frame is read: often enough to feel at once, rarely enough to spare the battery. */
const FRAME_INTERVAL_MS = 150;

/**
 * Shows the back camera in `video` and reads frames until a code is found (`onCode`) or
 * the returned stop is called. Throws when the camera cannot start (refused, missing).
 */
export async function startScanning(
  video: HTMLVideoElement,
  wasmUrl: string | null,
  onCode: (text: string) => void,
): Promise<() => void> {
  const [stream, detector] = await Promise.all([
    navigator.mediaDevices.getUserMedia({ video: { facingMode: "environment" }, audio: false }),
    nativeDetector().then((found) => found ?? ponyfillDetector(wasmUrl)),
  ]);
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const stop = () => {
    stopped = true;
    clearTimeout(timer);
    for (const track of stream.getTracks()) track.stop();
    video.srcObject = null;
  };
  // React's server rendering leaves out the `muted` attribute; a muted video may play at once.
  video.muted = true;
  video.srcObject = stream;
  await video.play();
  const read = async () => {
    if (stopped) return;
    try {
      const [code] = video.readyState >= 2 ? await detector.detect(video) : [];
      if (code && !stopped) {
        stop();
        onCode(code.rawValue);
        return;
      }
    } catch {
      // A frame that cannot be read (the camera still starting) is skipped; the next one is tried.
    }
    timer = setTimeout(() => void read(), FRAME_INTERVAL_MS);
  };
  void read();
  return stop;
}
