import { useCallback, useEffect, useRef, useState } from 'react';

export type RecorderState = 'idle' | 'recording';

/** Browser-supported container for the recording, in order of preference. */
const MIME_TYPES = ['audio/ogg;codecs=opus', 'audio/webm;codecs=opus', 'audio/webm', 'audio/mp4'];
const AUDIO_BITS_PER_SECOND = 128_000;

export interface AudioRecorder {
  state: RecorderState;
  seconds: number;
  start(): Promise<void>;
  /** Stops and returns the recording (null when cancelled or nothing was captured). */
  stop(): Promise<File | null>;
  cancel(): void;
}

const extensionOf = (mime: string) => (mime.includes('ogg') ? 'ogg' : mime.includes('mp4') ? 'm4a' : 'webm');

/** Microphone recording through MediaRecorder (idle → recording → sent or cancelled). */
export function useAudioRecorder(): AudioRecorder {
  const [state, setState] = useState<RecorderState>('idle');
  const [seconds, setSeconds] = useState(0);
  const recorder = useRef<MediaRecorder | null>(null);
  const chunks = useRef<Blob[]>([]);
  const timer = useRef<ReturnType<typeof setInterval> | undefined>(undefined);

  const release = useCallback(() => {
    clearInterval(timer.current);
    for (const track of recorder.current?.stream.getTracks() ?? []) track.stop();
    recorder.current = null;
    setState('idle');
    setSeconds(0);
  }, []);

  useEffect(() => release, [release]);

  const start = useCallback(async () => {
    const stream = await navigator.mediaDevices.getUserMedia({ audio: true });
    const mimeType = MIME_TYPES.find((type) => MediaRecorder.isTypeSupported(type));
    const media = new MediaRecorder(stream, { ...(mimeType && { mimeType }), audioBitsPerSecond: AUDIO_BITS_PER_SECOND });
    chunks.current = [];
    media.ondataavailable = (event) => event.data.size && chunks.current.push(event.data);
    media.start();
    recorder.current = media;
    setSeconds(0);
    setState('recording');
    timer.current = setInterval(() => setSeconds((value) => value + 1), 1000);
  }, []);

  const stop = useCallback(
    () =>
      new Promise<File | null>((resolve) => {
        const media = recorder.current;
        if (!media || media.state === 'inactive') {
          release();
          resolve(null);
          return;
        }
        media.onstop = () => {
          const type = media.mimeType || 'audio/webm';
          const blob = new Blob(chunks.current, { type });
          release();
          resolve(new File([blob], `audio-record-${Date.now()}.${extensionOf(type)}`, { type }));
        };
        media.stop();
      }),
    [release],
  );

  const cancel = useCallback(() => {
    const media = recorder.current;
    if (media && media.state !== 'inactive') {
      media.onstop = null;
      media.stop();
    }
    chunks.current = [];
    release();
  }, [release]);

  return { state, seconds, start, stop, cancel };
}
