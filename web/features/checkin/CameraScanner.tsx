/**
 * Reads QR codes from the phone's camera: getUserMedia video frames drawn on a canvas and decoded
 * with jsQR (pure JavaScript, bundled: the CSP allows no remote script, and Chromium on Linux has
 * no BarcodeDetector). This module is its own lazy chunk, loaded when the camera is opened.
 */
import { Alert, Text } from '@mantine/core';
import jsQR from 'jsqr';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../i18n/use-translation';

/** Frames are decoded at most this wide: enough for a code held at arm's length, cheap on a phone. */
const DECODE_WIDTH = 640;
const FRAME_INTERVAL_MS = 120;

type TCameraProblem = 'denied' | 'missing' | 'unsupported' | 'failed';

function problemOf(error: unknown): TCameraProblem {
  const name = error instanceof DOMException ? error.name : '';
  if (name === 'NotAllowedError' || name === 'SecurityError') return 'denied';
  if (name === 'NotFoundError' || name === 'OverconstrainedError') return 'missing';
  return 'failed';
}

/** Absent outside a secure context (plain http on a LAN address), whatever the types say. */
function cameraApi(): MediaDevices | undefined {
  return (navigator as Partial<Navigator>).mediaDevices;
}

export function CameraScanner({ onCode }: { onCode: (text: string) => void }) {
  const { t } = useTranslation();
  const videoRef = useRef<HTMLVideoElement>(null);
  const onCodeRef = useRef(onCode);
  const [problem, setProblem] = useState<TCameraProblem | null>(() =>
    cameraApi() ? null : 'unsupported',
  );

  useEffect(() => {
    onCodeRef.current = onCode;
  }, [onCode]);

  useEffect(() => {
    const devices = cameraApi();
    if (!devices) return;
    let stream: MediaStream | null = null;
    let timer: number | undefined;
    let stopped = false;
    const canvas = document.createElement('canvas');
    const context = canvas.getContext('2d', { willReadFrequently: true });

    const decodeFrame = () => {
      const video = videoRef.current;
      if (stopped || !video || !context) return;
      if (video.readyState >= video.HAVE_CURRENT_DATA && video.videoWidth > 0) {
        const scale = Math.min(1, DECODE_WIDTH / video.videoWidth);
        canvas.width = Math.round(video.videoWidth * scale);
        canvas.height = Math.round(video.videoHeight * scale);
        context.drawImage(video, 0, 0, canvas.width, canvas.height);
        const frame = context.getImageData(0, 0, canvas.width, canvas.height);
        const found = jsQR(frame.data, frame.width, frame.height, {
          inversionAttempts: 'dontInvert',
        });
        if (found?.data) onCodeRef.current(found.data);
      }
      timer = window.setTimeout(decodeFrame, FRAME_INTERVAL_MS);
    };

    devices
      .getUserMedia({ video: { facingMode: { ideal: 'environment' } }, audio: false })
      .then(async (media) => {
        if (stopped) {
          media.getTracks().forEach((track) => track.stop());
          return;
        }
        stream = media;
        const video = videoRef.current;
        if (!video) return;
        video.srcObject = media;
        await video.play();
        decodeFrame();
      })
      .catch((error: unknown) => {
        if (!stopped) setProblem(problemOf(error));
      });

    return () => {
      stopped = true;
      window.clearTimeout(timer);
      stream?.getTracks().forEach((track) => track.stop());
    };
  }, []);

  if (problem) {
    return (
      <Alert color="orange" variant="light" title={t('checkin.camera.problemTitle')}>
        {t(`checkin.camera.${problem}`)}
      </Alert>
    );
  }
  return (
    <div>
      <video
        ref={videoRef}
        muted
        playsInline
        aria-label={t('checkin.camera.videoLabel')}
        style={{ width: '100%', maxHeight: '60vh', borderRadius: 8, background: '#000' }}
      />
      <Text size="sm" mt={4}>
        {t('checkin.camera.hint')}
      </Text>
    </div>
  );
}
