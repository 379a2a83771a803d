/**
 * The new-message chime, synthesised with Web Audio: no file, no network, and no media-src exception needed in the
 * page's content security policy. Two short sine tones with a soft attack and decay.
 */
const TONES = [
  { frequency: 880, start: 0, duration: 0.12 },
  { frequency: 1318.5, start: 0.13, duration: 0.18 },
];
const PEAK_GAIN = 0.6;

let context: AudioContext | null = null;

function audioContext(): AudioContext | null {
  if (typeof window === 'undefined' || !('AudioContext' in window)) return null;
  context ??= new AudioContext();
  return context;
}

/** Browsers start audio only after a user gesture: resume the context on the first one. */
export function unlockAudioOnGesture(): () => void {
  const unlock = () => {
    void audioContext()?.resume();
  };
  window.addEventListener('pointerdown', unlock, { once: true });
  window.addEventListener('keydown', unlock, { once: true });
  return () => {
    window.removeEventListener('pointerdown', unlock);
    window.removeEventListener('keydown', unlock);
  };
}

/** Plays the chime at `volume` (0..1); silent at 0 or when audio is unavailable. */
export function playNotificationSound(volume: number): void {
  const ctx = audioContext();
  const level = Math.max(0, Math.min(1, Number.isFinite(volume) ? volume : 1));
  if (!ctx || level === 0) return;
  if (ctx.state === 'suspended') void ctx.resume();
  const now = ctx.currentTime;
  for (const tone of TONES) {
    const oscillator = ctx.createOscillator();
    const gain = ctx.createGain();
    oscillator.type = 'sine';
    oscillator.frequency.value = tone.frequency;
    const begin = now + tone.start;
    gain.gain.setValueAtTime(0.0001, begin);
    gain.gain.exponentialRampToValueAtTime(PEAK_GAIN * level, begin + 0.015);
    gain.gain.exponentialRampToValueAtTime(0.0001, begin + tone.duration);
    oscillator.connect(gain).connect(ctx.destination);
    oscillator.start(begin);
    oscillator.stop(begin + tone.duration + 0.02);
  }
}
